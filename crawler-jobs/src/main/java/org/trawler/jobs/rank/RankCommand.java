package org.trawler.jobs.rank;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.scoring.SelectionScore;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.rank.RankRecord.Edge;
import org.trawler.jobs.rank.RankRecord.Kind;

/**
 * {@code rank <crawl dir>}: PageRank over the pages the crawl knows, into the crawldb ({@link
 * MetadataKeys#PAGE_RANK}), where generate orders by it with scoring.order pagerank or combined.
 * The graph is built from the parse outlinks of the segments (each page's newest parse), not the
 * linkdb: PageRank needs every link a page has, to divide its rank among them, and the linkdb caps
 * inlinks per page (db.max.inlinks), may drop links inside hosts and is not built by every crawl.
 * Three jobs build the graph (by source page, by target to keep only links to crawldb URLs, by
 * source again into one node per page), then one job per iteration ({@link PageRank}) until the L1
 * change is below the threshold or the iterations run out, then one job writes the ranks into a new
 * crawldb version through the one transaction; the crawldb is locked throughout.
 */
public class RankCommand extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(RankCommand.class);

  /** What a rank run did: the graph, the iterations, and whether they converged. */
  public record Result(
      long pages,
      long links,
      long dangling,
      int iterations,
      double change,
      boolean converged,
      long ranked) {
    public String summary(Path crawlDb) {
      return String.format(
          "rank: %d pages, %d links, %d dangling; %d iterations, last L1 change %.3g (%s);"
              + " %d URLs ranked in %s",
          pages,
          links,
          dangling,
          iterations,
          change,
          converged ? "converged" : "stopped at the maximum",
          ranked,
          crawlDb);
    }
  }

  @Override
  public String name() {
    return "rank";
  }

  @Override
  public String synopsis() {
    return "<crawl dir> [-iterations N] [-epsilon E] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            valued("iterations", "N", "at most N iterations (" + RankKeys.MAX_ITERATIONS + ")"))
        .addOption(
            valued("epsilon", "E", "stop once the L1 change is below E (" + RankKeys.EPSILON + ")"))
        .addOption("force", false, "break the crawldb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Configuration conf = getConf();
    int iterations =
        intOption(
            cmd,
            "iterations",
            Settings.getInt(conf, RankKeys.MAX_ITERATIONS, RankKeys.DEFAULT_MAX_ITERATIONS));
    double epsilon =
        doubleOption(
            cmd, "epsilon", Settings.getDouble(conf, RankKeys.EPSILON, RankKeys.DEFAULT_EPSILON));
    if (iterations < 1) {
      throw new UsageException("-iterations must be at least 1");
    }
    if (!(epsilon > 0)) {
      throw new UsageException("-epsilon must be above 0");
    }
    CrawlDir dir = new CrawlDir(new Path(cmd.getArgList().get(0)));
    Result result =
        rank(dir.crawlDb(), dir.segments(), iterations, epsilon, cmd.hasOption("force"));
    out().println(result.summary(dir.crawlDb()));
    return 0;
  }

  /** {@link #rank(Path, Path, int, double, boolean)} with the iterations and epsilon configured. */
  public Result rank(Path crawlDb, Path segmentsDir, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    return rank(
        crawlDb,
        segmentsDir,
        Settings.getInt(conf, RankKeys.MAX_ITERATIONS, RankKeys.DEFAULT_MAX_ITERATIONS),
        Settings.getDouble(conf, RankKeys.EPSILON, RankKeys.DEFAULT_EPSILON),
        force);
  }

  /** Ranks the pages of {@code crawlDb} from the outlinks of the parsed segments under a dir. */
  public Result rank(
      Path crawlDb, Path segmentsDir, int maxIterations, double epsilon, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    double damping = SelectionScore.damping(conf);
    float internal = internalWeight(conf);
    VersionedDb.currentForReading(conf, crawlDb);
    List<Path> segments = Segment.withPart(conf, segmentsDir, Segment.PARSE_DATA, "parsed");
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      Path sources = tx.scratch("sources");
      Counters c = bySource(crawlDb, segments, sources);
      long pages = RankCounter.PAGES.valueIn(c);
      if (pages == 0) {
        throw new UserException("no pages to rank in " + crawlDb, UserException.NOTHING_TO_DO);
      }
      Path links = tx.scratch("links");
      Counters t = byTarget(sources, links);
      PageRank pr = new PageRank(damping, pages);
      Path ranks = tx.scratch("ranks-0");
      Counters n = nodes(links, ranks, pr);
      long dangling = RankCounter.DANGLING_PAGES.valueIn(n);
      double danglingMass = (double) dangling / pages;
      double change = Double.NaN;
      int iteration = 0;
      while (iteration < maxIterations && !(change < epsilon)) {
        iteration++;
        Path next = tx.scratch("ranks-" + iteration);
        Counters it = iterate(ranks, next, pr, danglingMass, iteration);
        ranks.getFileSystem(conf).delete(ranks, true);
        ranks = next;
        change = RankCounter.L1_CHANGE.valueIn(it) * RankCounter.MASS_UNIT;
        danglingMass = RankCounter.DANGLING_MASS.valueIn(it) * RankCounter.MASS_UNIT;
        LOG.info("rank iteration {}: L1 change {}", iteration, change);
      }
      Counters m = write(crawlDb, ranks, tx.newVersion(), pr);
      tx.commit();
      return new Result(
          pages,
          RankCounter.LINKS.valueIn(t),
          dangling,
          iteration,
          change,
          change < epsilon,
          RankCounter.URLS_RANKED.valueIn(m));
    }
  }

  private static float internalWeight(Configuration conf) {
    float w = Settings.getFloat(conf, RankKeys.LINK_INTERNAL, RankKeys.DEFAULT_LINK_INTERNAL);
    if (!(w >= 0)) {
      throw new BadSettingException(RankKeys.LINK_INTERNAL, "must be 0 or more, not " + w);
    }
    return w;
  }

  /** Job 1: crawldb pages and their newest parse's links, as (target, link from the page). */
  private Counters bySource(Path crawlDb, List<Path> segments, Path out)
      throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "rank " + crawlDb + ": links by page");
    CrawlJob.addCrawlDbInput(job, crawlDb);
    for (Path segment : segments) {
      FileInputFormat.addInputPath(job, new Path(segment, Segment.PARSE_DATA));
    }
    job.setMapperClass(GraphMapper.class);
    job.setReducerClass(SourceReducer.class);
    return runSequenceJob(job, out);
  }

  /** Job 2: the links whose target is a crawldb page, as (source, link to the target). */
  private Counters byTarget(Path in, Path out) throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "rank: links to known pages");
    FileInputFormat.addInputPath(job, in);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(Mapper.class);
    job.setReducerClass(TargetReducer.class);
    return runSequenceJob(job, out);
  }

  /** Job 3: one node per page, with its links out and the initial rank. */
  private Counters nodes(Path in, Path out, PageRank pr) throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "rank: page graph");
    job.getConfiguration().setLong(RankKeys.INTERNAL_NODES, pr.pages());
    FileInputFormat.addInputPath(job, in);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(Mapper.class);
    job.setReducerClass(NodeReducer.class);
    return runSequenceJob(job, out);
  }

  /** One PageRank iteration. */
  private Counters iterate(Path in, Path out, PageRank pr, double danglingMass, int iteration)
      throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "rank: iteration " + iteration);
    job.getConfiguration().setLong(RankKeys.INTERNAL_NODES, pr.pages());
    job.getConfiguration().set(RankKeys.INTERNAL_DANGLING, Double.toString(danglingMass));
    FileInputFormat.addInputPath(job, in);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(ShareMapper.class);
    job.setReducerClass(RankReducer.class);
    return runSequenceJob(job, out);
  }

  /** The last job: the crawldb with each page's rank, into the new version. */
  private Counters write(Path crawlDb, Path ranks, Path out, PageRank pr)
      throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "rank " + crawlDb + ": write ranks");
    job.getConfiguration().setLong(RankKeys.INTERNAL_NODES, pr.pages());
    CrawlJob.addCrawlDbInput(job, crawlDb);
    FileInputFormat.addInputPath(job, ranks);
    job.setMapperClass(JoinMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(RankJoin.class);
    job.setReducerClass(ScoreReducer.class);
    CrawlJob.setCrawlDbOutput(job, out);
    runJob(job);
    return job.getCounters();
  }

  private Counters runSequenceJob(Job job, Path out) throws IOException, UserException {
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(RankRecord.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(RankRecord.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    runJob(job);
    return job.getCounters();
  }

  private static PageRank pageRank(Configuration conf) {
    return new PageRank(SelectionScore.damping(conf), conf.getLong(RankKeys.INTERNAL_NODES, 1));
  }

  /**
   * The segment a parse_data input file belongs to, from its path
   * (segment/parse_data/part-r-00000/data); "" when it is no such path.
   */
  static String segmentOf(Path file) {
    for (Path p = file; p != null && p.getParent() != null; p = p.getParent()) {
      if (p.getName().equals(Segment.PARSE_DATA)) {
        return p.getParent().getName();
      }
    }
    return "";
  }

  /**
   * crawldb (url → datum) to (url → node); a segment's parse_data (url → parse) to (url → the
   * parse's links to rank, with the segment's name).
   */
  public static class GraphMapper extends Mapper<Text, Writable, Text, RankRecord> {
    private static final Logger LOG = LoggerFactory.getLogger(GraphMapper.class);
    private PageGraph graph;
    private String segment;

    @Override
    protected void setup(Context context) {
      graph = new PageGraph(internalWeight(context.getConfiguration()));
      segment =
          context.getInputSplit() instanceof FileSplit split ? segmentOf(split.getPath()) : "";
    }

    @Override
    protected void map(Text url, Writable value, Context context)
        throws IOException, InterruptedException {
      if (value instanceof CrawlDatum) {
        RankCounter.PAGES.in(context).increment(1);
        context.write(url, RankRecord.node());
      } else if (value instanceof ParseData parse) {
        PageGraph.Outgoing out = graph.edges(url.toString(), parse.getOutlinks());
        RankCounter.SELF_LINKS.in(context).increment(out.self());
        RankCounter.NOFOLLOW_LINKS.in(context).increment(out.nofollow());
        RankCounter.INTERNAL_LINKS_DROPPED.in(context).increment(out.internalDropped());
        context.write(url, RankRecord.page(segment, out.edges()));
      } else {
        LOG.warn("rank: skipping {}, neither a crawldb entry nor a parse", url);
      }
    }
  }

  /**
   * A URL's crawldb entry and parses: when the crawldb has it, writes it as a node and the links of
   * its newest parse (segment names sort by time) under their targets.
   */
  public static class SourceReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private final Text target = new Text();

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      boolean known = false;
      String segment = null;
      List<Edge> edges = List.of();
      for (RankRecord r : values) {
        if (r.kind() == Kind.NODE) {
          known = true;
        } else if (r.kind() == Kind.PAGE && (segment == null || r.name().compareTo(segment) > 0)) {
          segment = r.name();
          edges = new ArrayList<>(r.edges());
        }
      }
      if (!known) {
        RankCounter.PARSES_NOT_IN_CRAWLDB.in(context).increment(1);
        return;
      }
      context.write(url, RankRecord.node());
      if (segment != null) {
        RankCounter.PAGES_WITH_OUTLINKS.in(context).increment(1);
      }
      for (Edge e : edges) {
        target.set(e.url());
        context.write(target, RankRecord.link(url.toString(), e.weight()));
      }
    }
  }

  /**
   * A URL and the links to it: when it is a crawldb page, writes it as a node and each link under
   * its source; links to other URLs are left out.
   */
  public static class TargetReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private final Text source = new Text();

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      boolean known = false;
      List<RankRecord> links = new ArrayList<>();
      for (RankRecord r : values) {
        if (r.kind() == Kind.NODE) {
          known = true;
        } else if (r.kind() == Kind.LINK) {
          links.add(RankRecord.link(r.name(), (float) r.value()));
        }
      }
      if (!known) {
        RankCounter.LINKS_TO_UNKNOWN.in(context).increment(links.size());
        return;
      }
      context.write(url, RankRecord.node());
      RankCounter.LINKS.in(context).increment(links.size());
      for (RankRecord link : links) {
        source.set(link.name());
        context.write(source, RankRecord.link(url.toString(), (float) link.value()));
      }
    }
  }

  /** A page and its links out: one node with the initial rank. */
  public static class NodeReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private PageRank pr;

    @Override
    protected void setup(Context context) {
      pr = pageRank(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      List<Edge> edges = new ArrayList<>();
      for (RankRecord r : values) {
        if (r.kind() == Kind.LINK) {
          edges.add(new Edge(r.name(), (float) r.value()));
        }
      }
      if (edges.isEmpty()) {
        RankCounter.DANGLING_PAGES.in(context).increment(1);
      }
      context.write(url, RankRecord.node(pr.initial(), edges));
    }
  }

  /** A node to itself, and its rank's share to each page it links. */
  public static class ShareMapper extends Mapper<Text, RankRecord, Text, RankRecord> {
    private final Text target = new Text();

    @Override
    protected void map(Text url, RankRecord node, Context context)
        throws IOException, InterruptedException {
      context.write(url, node);
      double total = node.totalWeight();
      for (Edge e : node.edges()) {
        target.set(e.url());
        context.write(target, RankRecord.share(PageRank.share(node.value(), e.weight(), total)));
      }
    }
  }

  /** A node and the shares it received: the node with its new rank; counts the change. */
  public static class RankReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private PageRank pr;
    private double danglingMass;

    @Override
    protected void setup(Context context) {
      pr = pageRank(context.getConfiguration());
      danglingMass = context.getConfiguration().getDouble(RankKeys.INTERNAL_DANGLING, 0);
    }

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      RankRecord node = null;
      double inflow = 0;
      for (RankRecord r : values) {
        if (r.kind() == Kind.SHARE) {
          inflow += r.value();
        } else {
          node = RankRecord.node(r.value(), r.edges());
        }
      }
      if (node == null) {
        return; // every link's target is a node: only a share of a broken input lands here
      }
      double rank = pr.next(inflow, danglingMass);
      RankCounter.L1_CHANGE.in(context).increment(RankCounter.units(Math.abs(rank - node.value())));
      if (node.edges().isEmpty()) {
        RankCounter.DANGLING_MASS.in(context).increment(RankCounter.units(rank));
      }
      context.write(url, RankRecord.node(rank, node.edges()));
    }
  }

  /** crawldb entries and ranks, side by side under their URL. */
  public static class JoinMapper extends Mapper<Text, Writable, Text, RankJoin> {
    @Override
    protected void map(Text url, Writable value, Context context)
        throws IOException, InterruptedException {
      context.write(url, new RankJoin(value));
    }
  }

  /** A crawldb entry and its rank: the entry with the rank in units of the average page's. */
  public static class ScoreReducer extends Reducer<Text, RankJoin, Text, CrawlDatum> {
    private PageRank pr;

    @Override
    protected void setup(Context context) {
      pr = pageRank(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<RankJoin> values, Context context)
        throws IOException, InterruptedException {
      CrawlDatum datum = null;
      double rank = Double.NaN;
      for (RankJoin v : values) {
        if (v.get() instanceof CrawlDatum d) {
          datum = new CrawlDatum(d);
        } else if (v.get() instanceof RankRecord r) {
          rank = r.value();
        }
      }
      if (datum == null) {
        return;
      }
      if (!Double.isNaN(rank)) {
        datum.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(pr.scaled(rank)));
        RankCounter.URLS_RANKED.in(context).increment(1);
      }
      context.write(url, datum);
    }
  }
}
