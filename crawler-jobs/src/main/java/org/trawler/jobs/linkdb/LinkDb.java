package org.trawler.jobs.linkdb;

import java.io.IOException;
import java.net.MalformedURLException;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;

/**
 * {@code invertlinks <linkdb> <segment>... [-dir <segments_dir>]}: builds the linkdb, url → {@link
 * Inlinks} (linking page, anchor), from the segments' parse_data. One job: the segments' outlinks
 * are inverted by {@link InvertMapper} and merged per URL by {@link MergeReducer}. Its output is
 * installed as one more generation of the linkdb ({@link LinkDbParts}), so that the cost of a round
 * follows its new segments, not the size of the linkdb. The {@link GenerationPolicy} may have the
 * job also read the newest generations, which its generation then replaces, or the whole linkdb,
 * installed as the new base (current → old). All installs happen under the linkdb's lock.
 */
public class LinkDb extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(LinkDb.class);

  /**
   * What an inversion did: the segments read, the URLs written (the whole linkdb after a merge into
   * the base, else those of the new generation), the generation installed (null after a merge into
   * the base), how many generations it merged in, and the generations beside the base now.
   */
  public record Result(
      int segments,
      long urls,
      long linksInverted,
      long linksRejected,
      long linksInternal,
      String generation,
      int mergedGenerations,
      int generations) {
    public String summary(Path linkDb) {
      String written =
          generation == null
              ? String.format("%d URLs with inlinks in %s", urls, linkDb)
              : String.format(
                  "%d URLs with inlinks in generation %s of %s%s (%d generation%s beside the base)",
                  urls,
                  generation,
                  linkDb,
                  mergedGenerations == 0
                      ? ""
                      : String.format(", which merged the %d newest", mergedGenerations),
                  generations,
                  generations == 1 ? "" : "s");
      return String.format(
          "invertlinks: %s (%d links inverted from %d segment%s, %d rejected, %d internal ignored)",
          written, linksInverted, segments, segments == 1 ? "" : "s", linksRejected, linksInternal);
    }
  }

  @Override
  public String name() {
    return "invertlinks";
  }

  @Override
  public String synopsis() {
    return "<linkdb> <segment>... [-dir <segments_dir>] [-noNormalize] [-noFilter] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            Option.builder("dir")
                .hasArg()
                .argName("segments_dir")
                .desc("invert every parsed segment under this directory")
                .build())
        .addOption(
            "noNormalize", false, "do not normalize link URLs (" + LinkDbKeys.NORMALIZE + "=false)")
        .addOption("noFilter", false, "do not filter link URLs (" + LinkDbKeys.FILTER + "=false)")
        .addOption("force", false, "break the linkdb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, -1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Configuration conf = getConf();
    if (cmd.hasOption("noNormalize")) {
      conf.setBoolean(LinkDbKeys.NORMALIZE, false);
    }
    if (cmd.hasOption("noFilter")) {
      conf.setBoolean(LinkDbKeys.FILTER, false);
    }
    List<String> args = cmd.getArgList();
    Path linkDb = new Path(args.get(0));
    List<Path> segments = segmentArgs(cmd, 1, Segment.PARSE_DATA, "parsed");
    Result result = invert(linkDb, segments, cmd.hasOption("force"));
    out().println(result.summary(linkDb));
    return 0;
  }

  /**
   * Inverts the links of {@code segments} into {@code linkDb}: installs them as a new generation,
   * or merges them with the whole linkdb into a new base when the {@link GenerationPolicy} says so
   * (always for a new linkdb). Every segment must have parse_data.
   */
  public Result invert(Path linkDb, List<Path> segments, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    LinkInverter.fromConf(conf); // a bad setting fails here, before the job
    maxInlinks(conf);
    GenerationPolicy policy = GenerationPolicy.fromConf(conf);
    for (Path segment : segments) {
      Segment.requirePart(conf, segment, Segment.PARSE_DATA, "run parse on it first");
    }
    try (DbTransaction tx = DbTransaction.begin(conf, linkDb, "linkdb", force)) {
      // Read under the lock: no other writer changes the parts until the install.
      LinkDbParts parts = LinkDbParts.of(conf, linkDb);
      GenerationPolicy.Plan plan =
          parts == null
              ? GenerationPolicy.Plan.INTO_BASE
              : policy.plan(parts.baseBytes(), parts.generationBytes());
      List<LinkDbParts.Generation> merged = parts == null ? List.of() : parts.newest(plan.newest());
      Job job = CrawlJob.create(conf, "invertlinks " + linkDb);
      for (Path segment : segments) {
        MultipleInputs.addInputPath(
            job,
            new Path(segment, Segment.PARSE_DATA),
            SequenceFileInputFormat.class,
            InvertMapper.class);
      }
      // What is merged passes through the identity mapper into the reducer with the new links.
      List<Path> mergedFiles =
          plan.intoBase() && parts != null ? parts.dataFiles() : LinkDbParts.files(merged);
      for (Path file : mergedFiles) {
        MultipleInputs.addInputPath(job, file, SequenceFileInputFormat.class, Mapper.class);
      }
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(Inlinks.class);
      if (combineInlinks(conf) == 0) {
        // One record per link: the combiner merges a URL's records before they are spilled. With
        // the map task's table they are one per URL and table already, and merging them again
        // before the reduce only decodes, sorts and encodes every inlink once more.
        job.setCombinerClass(MergeReducer.class);
      }
      job.setReducerClass(MergeReducer.class);
      CrawlJob.setMapFileOutput(job, tx.newVersion(), Inlinks.class);
      runJob(job);
      String generation = null;
      int generations = 0;
      if (plan.intoBase()) {
        tx.commit();
      } else {
        generation = parts.nextGenerationName();
        tx.commitInto(generation, merged.stream().map(g -> g.dir().getName()).toList());
        generations = parts.generations().size() - merged.size() + 1;
      }
      Counters c = job.getCounters();
      return new Result(
          segments.size(),
          c.findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue(),
          LinkDbCounter.LINKS_INVERTED.valueIn(c),
          LinkDbCounter.LINKS_REJECTED.valueIn(c),
          LinkDbCounter.LINKS_INTERNAL_IGNORED.valueIn(c),
          generation,
          merged.size(),
          generations);
    }
  }

  /**
   * The data files of the linkdb's installed version, base and generations, as a job's inputs;
   * empty when there is none. A job reading them gets a URL's inlinks in several values: merge them
   * with {@link InlinksMerge}.
   */
  public static List<Path> parts(Configuration conf, Path linkDb) throws IOException {
    LinkDbParts parts = LinkDbParts.of(conf, linkDb);
    return parts == null ? List.of() : parts.dataFiles();
  }

  /** Inlinks a map task gathers per target URL before it writes them (0 = one record a link). */
  static int combineInlinks(Configuration conf) {
    return Settings.getInt(conf, LinkDbKeys.COMBINE_INLINKS, LinkDbKeys.DEFAULT_COMBINE_INLINKS);
  }

  /** Inlinks kept per URL (db.max.inlinks); negative = all. */
  public static int maxInlinks(Configuration conf) {
    return Settings.getInt(conf, LinkDbKeys.MAX_INLINKS, LinkDbKeys.DEFAULT_MAX_INLINKS);
  }

  /**
   * parse_data (page URL → ParseData) to (target URL → inlinks): the task's inlinks of a URL
   * gathered in an {@link InlinksTable} of {@value LinkDbKeys#COMBINE_INLINKS} inlinks, or one
   * record per kept outlink when that is 0.
   */
  public static class InvertMapper extends Mapper<Text, ParseData, Text, Inlinks> {
    private LinkInverter inverter;
    private InlinksTable table;
    private final Text target = new Text();

    @Override
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      inverter = LinkInverter.fromConf(conf);
      int combine = combineInlinks(conf);
      table = combine > 0 ? new InlinksTable(combine, maxInlinks(conf)) : null;
    }

    @Override
    protected void map(Text key, ParseData value, Context context)
        throws IOException, InterruptedException {
      String fromUrl;
      try {
        fromUrl = inverter.accept(key.toString());
      } catch (MalformedURLException | RuntimeException e) {
        LOG.warn("skipping the links of malformed page URL {}: {}", key, e.getMessage());
        fromUrl = null;
      }
      if (fromUrl == null) {
        LinkDbCounter.PAGES_REJECTED.in(context).increment(1);
        return;
      }
      LinkInverter.Inversion inversion = inverter.invert(fromUrl, value.getOutlinks());
      for (LinkInverter.InvertedLink link : inversion.links()) {
        if (table == null) {
          Inlinks one = new Inlinks();
          one.add(link.fromUrl(), link.anchor());
          write(link.target(), one, context);
        } else if (table.add(link.target(), link.fromUrl(), link.anchor())) {
          table.writeTo((url, inlinks) -> write(url, inlinks, context));
        }
      }
      LinkDbCounter.LINKS_INVERTED.in(context).increment(inversion.links().size());
      LinkDbCounter.LINKS_REJECTED.in(context).increment(inversion.rejected());
      LinkDbCounter.LINKS_INTERNAL_IGNORED.in(context).increment(inversion.internal());
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      if (table != null) {
        table.writeTo((url, inlinks) -> write(url, inlinks, context));
      }
    }

    private void write(String url, Inlinks inlinks, Context context)
        throws IOException, InterruptedException {
      target.set(url);
      context.write(target, inlinks);
    }
  }

  /**
   * All inlinks of a URL, new and old, to one capped {@link Inlinks}; also the combiner when the
   * map tasks write one record per link.
   */
  public static class MergeReducer extends Reducer<Text, Inlinks, Text, Inlinks> {
    private int maxInlinks;

    @Override
    protected void setup(Context context) {
      maxInlinks = maxInlinks(context.getConfiguration());
    }

    @Override
    protected void reduce(Text key, Iterable<Inlinks> values, Context context)
        throws IOException, InterruptedException {
      Inlinks merged = InlinksMerge.merge(values, maxInlinks);
      if (merged.size() > 0) {
        context.write(key, merged);
      }
    }
  }
}
