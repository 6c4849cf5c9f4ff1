package org.trawler.jobs.index;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.linkdb.LinkDb;

/**
 * {@code index <index> <crawldb> [-linkdb <linkdb>] (<segment>... | -dir <segments_dir>)
 * [-deleteGone] [-noCommit] [-force]}: one job joins, per URL, the crawldb entry, the segments'
 * fetch datum, content type and length, parse data and parse text, and the linkdb's inlinks ({@link
 * IndexMapper}); {@link IndexReducer} turns each URL the segments fetched into an add, a delete or
 * a skip ({@link IndexDecision}), and {@link IndexOutputFormat} hands them to the writers of
 * indexer.writers. The index directory is versioned like a crawldb: the lucene writer's shards form
 * a new version, installed under the index's lock only when the job succeeded.
 */
public class IndexJob extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(IndexJob.class);

  /** The segment parts the job reads; content only for its type and length. */
  private static final List<String> SEGMENT_PARTS =
      List.of(Segment.CRAWL_FETCH, Segment.CONTENT, Segment.PARSE_DATA, Segment.PARSE_TEXT);

  /** What an index run did: documents added, deleted and skipped, per reason. */
  public record Result(long added, long deleted, long skipped, Map<String, Long> reasons) {
    public String summary(Path index) {
      StringBuilder sb =
          new StringBuilder(
              String.format(
                  "index %s: %d added, %d deleted, %d skipped", index, added, deleted, skipped));
      if (!reasons.isEmpty()) {
        sb.append(" (");
        String sep = "";
        for (Map.Entry<String, Long> e : reasons.entrySet()) {
          sb.append(sep).append(e.getKey()).append(' ').append(e.getValue());
          sep = ", ";
        }
        sb.append(')');
      }
      return sb.toString();
    }
  }

  @Override
  public String name() {
    return "index";
  }

  @Override
  public String synopsis() {
    return "<index> <crawldb> [-linkdb <linkdb>] (<segment>... | -dir <segments_dir>)"
        + " [-deleteGone] [-noCommit] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            Option.builder("linkdb")
                .hasArg()
                .argName("linkdb")
                .desc("add the anchor texts of the pages' inlinks")
                .build())
        .addOption(
            Option.builder("dir")
                .hasArg()
                .argName("segments_dir")
                .desc("index every parsed segment under this directory")
                .build())
        .addOption(
            "deleteGone",
            false,
            "delete gone, redirected, duplicate and noindex pages (" + IndexerKeys.DELETE + ")")
        .addOption(
            "noCommit", false, "do not commit the writers (" + IndexerKeys.COMMIT + "=false)")
        .addOption("force", false, "break the index lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {2, -1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Configuration conf = getConf();
    if (cmd.hasOption("deleteGone")) {
      conf.setBoolean(IndexerKeys.DELETE, true);
    }
    if (cmd.hasOption("noCommit")) {
      conf.setBoolean(IndexerKeys.COMMIT, false);
    }
    List<String> args = cmd.getArgList();
    List<Path> segments = segmentArgs(cmd, 2, Segment.PARSE_TEXT, "parsed");
    Path linkDb = cmd.hasOption("linkdb") ? new Path(cmd.getOptionValue("linkdb")) : null;
    if (linkDb != null) {
      VersionedDb.currentForReading(conf, linkDb, VersionedDb.Kind.LINKDB); // a typo is no linkdb
    }
    Path index = new Path(args.get(0));
    Result result = index(index, new Path(args.get(1)), linkDb, segments, cmd.hasOption("force"));
    out().println(result.summary(index));
    return 0;
  }

  /**
   * Indexes the pages {@code segments} fetched into {@code index} ({@code linkDb} may be null) and,
   * for the lucene writer, installs the new index version.
   */
  public Result index(Path index, Path crawlDb, Path linkDb, List<Path> segments, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    IndexDecision.fromConf(conf); // a bad setting fails here, before the job
    IndexWriters.check(conf);
    VersionedDb.currentForReading(conf, crawlDb);
    for (Path segment : segments) {
      Segment.requirePart(conf, segment, Segment.CRAWL_FETCH, "run fetch on it first");
      Segment.requirePart(conf, segment, Segment.PARSE_TEXT, "run parse on it first");
    }
    try (DbTransaction tx = DbTransaction.begin(conf, index, "index", force)) {
      Job job = CrawlJob.create(conf, "index " + index);
      CrawlJob.addCrawlDbInput(job, crawlDb);
      for (Path segment : segments) {
        for (String part : SEGMENT_PARTS) {
          if (Segment.hasPart(conf, segment, part)) {
            FileInputFormat.addInputPath(job, new Path(segment, part));
          }
        }
      }
      if (linkDb != null) {
        List<Path> links = LinkDb.parts(conf, linkDb);
        if (links.isEmpty()) {
          LOG.warn("no linkdb at {}: indexing without anchors", linkDb);
        }
        for (Path part : links) {
          FileInputFormat.addInputPath(job, part);
        }
      }
      job.setMapperClass(IndexMapper.class);
      job.setReducerClass(IndexReducer.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(IndexRecord.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(IndexAction.class);
      job.setOutputFormatClass(IndexOutputFormat.class);
      FileOutputFormat.setOutputPath(job, tx.newVersion());
      int shards = shards(conf, index);
      if (shards > 0) {
        // a URL's document must land in the shard that has it: as many reducers as shards
        job.setNumReduceTasks(shards);
      }
      runJob(job);
      tx.commit();
      return result(job.getCounters());
    }
  }

  /** The number of shards of the installed index version; 0 when there is none. */
  static int shards(Configuration conf, Path index) throws IOException {
    FileSystem fs = index.getFileSystem(conf);
    Path installed = VersionedDb.readable(fs, index);
    if (installed == null) {
      return 0;
    }
    FileStatus[] parts = fs.listStatus(installed, p -> p.getName().startsWith("part-"));
    return parts.length;
  }

  private static Result result(Counters c) {
    Map<String, Long> reasons = new TreeMap<>();
    for (Counter counter : c.getGroup(IndexCounter.GROUP)) {
      String name = counter.getName();
      if ((name.startsWith("deleted_") || name.startsWith("skipped_")) && counter.getValue() > 0) {
        reasons.put(name, counter.getValue());
      }
    }
    return new Result(
        IndexCounter.ADDED.valueIn(c),
        IndexCounter.DELETED.valueIn(c),
        IndexCounter.SKIPPED.valueIn(c),
        reasons);
  }

  /**
   * Passes every record on under its URL, tagged with its segment ("" for the crawldb and the
   * linkdb), reduced to what the reducer uses: a page's content to its type and length, its parse
   * data to everything but the outlinks.
   */
  public static class IndexMapper extends Mapper<Text, Writable, Text, IndexRecord> {
    private String segment = "";
    private final IndexRecord record = new IndexRecord();

    @Override
    protected void setup(Context context) {
      InputSplit split = context.getInputSplit();
      if (split instanceof FileSplit fileSplit) {
        segment = segmentOf(fileSplit.getPath());
      }
    }

    @Override
    protected void map(Text url, Writable value, Context context)
        throws IOException, InterruptedException {
      context.write(url, record.set(segment, project(value)));
    }

    /** What of a record the index job needs; the record itself for most kinds. */
    static Writable project(Writable value) {
      if (value instanceof Content content) {
        return summary(content);
      }
      if (value instanceof ParseData parse) {
        return withoutOutlinks(parse);
      }
      return value;
    }

    /** Parse data without its outlinks: the index takes links from the linkdb, not from here. */
    static ParseData withoutOutlinks(ParseData parse) {
      ParseData p = new ParseData(parse.getStatus(), parse.getStatusMessage(), parse.getTitle());
      p.getMeta().putAll(parse.getMeta());
      return p;
    }

    /** The content's type and length without its bytes: the index needs no more of it. */
    static Content summary(Content content) {
      Content s =
          new Content(
              content.getUrl(),
              content.getFinalUrl(),
              new byte[0],
              content.getContentType(),
              content.isTruncated());
      s.getMeta().put(PageRecords.CONTENT_LENGTH, Integer.toString(content.getContent().length));
      return s;
    }

    /** The segment a file of a segment part belongs to; "" for any other (crawldb, linkdb). */
    static String segmentOf(Path file) {
      for (Path p = file; p != null && p.getParent() != null; p = p.getParent()) {
        if (SEGMENT_PARTS.contains(p.getName())) {
          return p.getParent().toString();
        }
      }
      return "";
    }
  }

  /** Gathers a URL's records and writes what {@link IndexDecision} makes of them. */
  public static class IndexReducer extends Reducer<Text, IndexRecord, Text, IndexAction> {
    private IndexDecision decision;
    private int maxInlinks;

    @Override
    protected void setup(Context context) {
      decision = IndexDecision.fromConf(context.getConfiguration());
      maxInlinks = LinkDb.maxInlinks(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<IndexRecord> values, Context context)
        throws IOException, InterruptedException {
      PageRecords page = new PageRecords(maxInlinks);
      for (IndexRecord value : values) {
        if (!page.add(value)) {
          LOG.warn("{}: ignoring an unexpected record {}", url, value);
        }
      }
      IndexDecision.Outcome outcome = decision.decide(url.toString(), page);
      if (outcome == null) {
        return;
      }
      if (outcome.skipped() != null) {
        IndexCounter.SKIPPED.in(context).increment(1);
        outcome.skipped().in(context).increment(1);
        return;
      }
      if (outcome.action().isAdd()) {
        IndexCounter.ADDED.in(context).increment(1);
      } else {
        IndexCounter.DELETED.in(context).increment(1);
        outcome.deleted().in(context).increment(1);
      }
      context.write(url, outcome.action());
    }
  }
}
