package org.trawler.jobs.fetch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.fetch.render.RenderSettings;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.parse.SegmentParser;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.politeness.RobotsDb;

/**
 * {@code fetch <segment> [-threads N] [-force]}: fetches the segment's fetch lists politely, one
 * map task per list, into crawl_fetch and content. The job is map-only: each task sorts its own
 * output while it fetches ({@link FetcherOutputFormat}), so no shuffle or reduce follows the last
 * fetch.
 */
public class Fetcher extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(Fetcher.class);

  /** Fetch lists fetched at once in local mode (one JVM); the rest wait their turn. */
  private static final int MAX_LOCAL_PARALLEL_LISTS = 4;

  /** The segment parts a fetch writes (the parse ones with fetcher.parse). */
  private static final String[] PARTS = {
    Segment.CRAWL_FETCH,
    Segment.CONTENT,
    RobotsDb.SEGMENT_PART,
    Segment.CRAWL_PARSE,
    Segment.PARSE_DATA,
    Segment.PARSE_TEXT,
    Segment.HTTP_TRANSCRIPT,
    Segment.WARC,
    Soft404.SEGMENT_PART
  };

  @Override
  public String name() {
    return "fetch";
  }

  @Override
  public String synopsis() {
    return "<segment> [-threads N] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            Option.builder("threads")
                .hasArg()
                .argName("N")
                .desc(
                    "fetcher threads per fetch list (default " + ProtocolKeys.FETCHER_THREADS + ")")
                .build())
        .addOption(
            Option.builder("force")
                .desc(
                    "fetch again a segment that was fetched: its crawl_fetch and content are replaced")
                .build());
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    if (cmd.hasOption("threads")) {
      int threads = intOption(cmd, "threads", ProtocolKeys.DEFAULT_FETCHER_THREADS);
      if (threads < 1) {
        throw new UsageException("-threads must be at least 1");
      }
      getConf().setInt(ProtocolKeys.FETCHER_THREADS, threads);
    }
    try (FetchStop stop = FetchStop.onSignals(getConf(), err(), "the segment written")) {
      fetch(new Path(cmd.getArgList().get(0)), cmd.hasOption("force"));
      if (stop.requested()) {
        out()
            .printf(
                "fetch: stopped by a signal; the segment holds what was fetched, %d URLs not"
                    + " fetched (%s) stay due: parse and updatedb it as usual%n",
                results().getOrDefault(HaltCause.HIT_BY_TIMELIMIT.resultKey(), 0L),
                HaltCause.HIT_BY_TIMELIMIT.counterName());
        return INTERRUPTED;
      }
    }
    return 0;
  }

  /**
   * The host database of {@code segment}'s crawl: generate.hostdb, else {@code <crawl>/hostdb} when
   * the segment is in {@code <crawl>/segments/}; null otherwise.
   */
  private static Path hostDb(Configuration conf, Path segment) {
    String configured = conf.getTrimmed(HostDbKeys.HOSTDB, HostDbKeys.DEFAULT_HOSTDB);
    if (!configured.isEmpty()) {
      return new Path(configured);
    }
    Path segments = segment.getParent();
    return segments != null && segments.getName().equals(SEGMENTS_DIR)
        ? new Path(segments.getParent(), HostDb.DEFAULT_DIR)
        : null;
  }

  /** Where a crawl directory keeps its segments. */
  private static final String SEGMENTS_DIR = "segments";

  /** The exit code of a fetch or run stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells say). */
  public static final int INTERRUPTED = 130;

  /**
   * Fetches the fetch lists of {@code segment}; with {@code force} again, if it was fetched.
   * Returns what the fetch brought and learnt about hosts.
   */
  public FetchResult fetch(Path segment, boolean force) throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    FetcherSettings settings =
        FetcherSettings.from(conf, 0); // a bad setting fails here, before any job
    FetcherSettings.checkProtocol(conf);
    RenderSettings.from(conf); // fetcher.render without a browser fails here, not per page
    if (conf.getBoolean(FetcherKeys.PARSE, FetcherKeys.DEFAULT_PARSE)) {
      SegmentParser.checkSettings(conf);
    }
    Soft404Prober.checkSettings(conf);
    Segment.requirePart(conf, segment, Segment.CRAWL_GENERATE, "generate writes it");
    int lists = countFetchLists(conf, new Path(segment, Segment.CRAWL_GENERATE));
    if (lists == 0) {
      throw new UserException(new Path(segment, Segment.CRAWL_GENERATE) + " holds no fetch lists");
    }
    clearFetched(conf, segment, force);
    Segment.removeScratch(conf, segment);

    long start = System.currentTimeMillis();
    long timeLimitEnd = FetcherSettings.timeLimitEnd(conf, start);
    if (timeLimitEnd > 0) {
      conf.setLong(
          FetcherKeys.INTERNAL_TIMELIMIT_END, timeLimitEnd); // every task stops at the same time
    }
    Path robotsDb = RobotsDb.locate(conf, segment);
    if (robotsDb != null) {
      robotsDb = robotsDb.getFileSystem(conf).makeQualified(robotsDb);
      conf.set(PolitenessKeys.ROBOTS_DB, robotsDb.toString()); // what every task looks sites up in
    }
    // which hosts were probed lately, the parameters learned irrelevant (outlinks parsed here):
    // every task reads it once
    HostKnowledgeReader.handOver(conf, HostDb.installed(conf, hostDb(conf, segment)), List.of());
    LOG.info(
        "fetching {}: {} fetch list(s), {} threads each; robots.txt kept in {}",
        segment,
        lists,
        settings.threads,
        robotsDb == null ? "memory only (the segment is not in a crawl's segments/)" : robotsDb);

    // outlinks parsed here: the same hostdb the tasks were handed
    HostDb.useLearnedParams(conf, hostDb(conf, segment));
    Job job = CrawlJob.create(conf, "fetch " + segment);
    Configuration jobConf = job.getConfiguration();
    jobConf.setBoolean(
        MRJobConfig.MAP_SPECULATIVE, false); // a second attempt would fetch every URL again
    jobConf.setBoolean(
        FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false); // the segment stays clean
    // the lists are fetched side by side in their own containers, never one after another in the
    // application master, even where the cluster runs small jobs as uber jobs
    jobConf.setBoolean(MRJobConfig.JOB_UBERTASK_ENABLE, false);
    if (!CrawlJob.userSet(conf, LocalJobRunner.LOCAL_MAX_MAPS)) {
      // local mode: lists are fetched side by side, each task holding its own sort buffer
      LocalJobRunner.setLocalMaxRunningMaps(job, Math.min(lists, MAX_LOCAL_PARALLEL_LISTS));
    }
    job.setInputFormatClass(FetchListInputFormat.class);
    FileInputFormat.addInputPath(job, new Path(segment, Segment.CRAWL_GENERATE));
    job.setMapperClass(FetcherMapper.class);
    // the task sorts its own output (SortingSegmentWriter); off, a reduce per list sorts it
    job.setNumReduceTasks(FetcherOutputFormat.sortsInTask(jobConf) ? 0 : lists);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(SegmentRecord.class);
    job.setOutputFormatClass(FetcherOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(SegmentRecord.class);
    Path work = Segment.newWorkDir(segment, "fetch");
    FileOutputFormat.setOutputPath(job, work);
    FileOutputFormat.setCompressOutput(job, true); // block-compressed MapFiles
    try {
      runJob(job);
      Segment.installParts(conf, work, segment, PARTS);
    } finally {
      work.getFileSystem(conf).delete(work, true);
    }
    // a tdmrep.json asked of a site whose robots.txt came from the robots db is a new copy too
    if (robotsDb != null
        && FetchCounter.ROBOTS_ASKED.valueIn(job.getCounters())
                + FetchCounter.TDMREP_ASKED.valueIn(job.getCounters())
            > 0) {
      RobotsDb.keep(conf, robotsDb, segment, force);
    }

    LOG.info(
        "fetched {} in {} s: {}",
        segment,
        (System.currentTimeMillis() - start) / 1000,
        summary(job.getCounters().getGroup(FetchCounter.GROUP)));
    return FetchResult.of(job.getCounters());
  }

  /** The fetch list files: the data files in crawl_generate, not Hadoop's _ and . side files. */
  private static int countFetchLists(Configuration conf, Path dir) throws IOException {
    FileSystem fs = dir.getFileSystem(conf);
    int n = 0;
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (st.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
        n++;
      }
    }
    return n;
  }

  /**
   * Refuses a fetched segment, or with -force removes what its fetch wrote, and the parse parts
   * made from that content, so the segment never mixes two fetches.
   */
  private static void clearFetched(Configuration conf, Path segment, boolean force)
      throws IOException, UserException {
    if (!Segment.hasPart(conf, segment, Segment.CRAWL_FETCH)) {
      return;
    }
    if (!force) {
      throw new UserException(
          segment
              + " was fetched already (it has "
              + Segment.CRAWL_FETCH
              + "); use -force to fetch it again");
    }
    FileSystem fs = segment.getFileSystem(conf);
    List<String> removed = new ArrayList<>();
    for (String part : PARTS) {
      if (fs.delete(new Path(segment, part), true)) {
        removed.add(part);
      }
    }
    LOG.info("-force: removed {} of {}", String.join(", ", removed), segment);
  }

  /** "12 fetch_success, 3 fetch_gone, ...": the status counters of the job. */
  private static String summary(CounterGroup group) {
    StringBuilder sb = new StringBuilder();
    for (Counter c : group) {
      if (sb.length() > 0) {
        sb.append(", ");
      }
      sb.append(c.getValue()).append(' ').append(c.getName());
    }
    return sb.length() == 0 ? "nothing fetched" : sb.toString();
  }
}
