package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.HostKnowledgeReader;

/**
 * {@code generate}: selects the due URLs of a crawldb into a new segment's fetch lists. Prints the
 * segment path; exit 1 when nothing is due.
 *
 * <p>How the selection stays exact and scales:
 *
 * <ol>
 *   <li><b>Select</b> ({@link SelectMapper}, {@link GroupPartitioner}, {@link SelectReducer}). The
 *       map keeps due URLs keyed by {@link Rank} (depth in depth order, score, URL: a total order,
 *       so ties break the same way every time); the partitioner sends each host (or domain) wholly
 *       to one reducer; the shuffle sorts each reducer's input best-first. The reducer applies the
 *       per-host cap in that order (so a host keeps its best), numbers each host's URLs (its slot)
 *       and stops after topN: the global top N lies within the union of the reducers' own top N, so
 *       at most reducers × topN candidates leave this job. Memory: a counter per host.
 *   <li><b>Top-N cut</b> ({@link RankBoundMapper}, {@link RangeReducer}), only when topN is set,
 *       there are several select reducers and together they kept more than topN: a sort of the
 *       candidates with total-order partitioning, then a count. The select reducers sampled their
 *       sorted output (every topN/1000-th rank), so the driver reads no data: from the samples it
 *       takes a rank bound with provably at least topN candidates before it (the map drops the
 *       rest, so about topN records are shuffled, not reducers × topN) and the range boundaries.
 *       Each range reducer writes its range sorted and leaves its record count; from the counts the
 *       driver knows the range k and the position p of the N-th URL, and the next job reads ranges
 *       0..k whole except for range k, of which it takes the first p records (one unsplit map task
 *       per range file). Exact at any scale; with one reducer, no topN, or few enough candidates
 *       there is no cut job at all (a job has a fixed cost of its own).
 *   <li><b>Fetch lists</b> ({@link FetchListMapper}, {@link URLPartitioner}, {@link
 *       FetchListReducer}): numFetchers SequenceFiles under {@code <segment>/crawl_generate},
 *       partitioned so a host is in one file, each sorted by (slot, rank): every host's best URL,
 *       then every host's second best..., so a fetcher starts with many hosts. Each datum is the
 *       crawldb's with _ngt_ = generate time.
 *   <li><b>Mark</b> ({@link MarkReducer}), only with generate.update.crawldb: joins the crawldb
 *       with the fetch lists and installs a new version with _ngt_ on the selected URLs, under the
 *       crawldb lock (taken before select, so the version read is the version replaced). Without it
 *       generate only reads the crawldb and takes no lock.
 * </ol>
 */
public class Generator extends CrawlTool {
  private static final long DAY_MILLIS = 24L * 3600 * 1000;

  @Override
  public String name() {
    return "generate";
  }

  @Override
  public String synopsis() {
    return "<crawldb> <segments_dir> [-topN N] [-numFetchers N] [-adddays D] [-noFilter] [-noNorm] [-force]";
  }

  @Override
  protected Options options() {
    Options options = new Options();
    options.addOption(
        Option.builder("topN").hasArg().argName("N").desc("select at most N URLs in all").build());
    options.addOption(
        Option.builder("numFetchers")
            .hasArg()
            .argName("N")
            .desc(
                "number of fetch lists (fetch tasks); default mapreduce.job.maps, 1 in local mode")
            .build());
    options.addOption(
        Option.builder("adddays")
            .hasArg()
            .argName("D")
            .desc("select URLs due within the next D days too")
            .build());
    options.addOption(
        "noFilter", false, "do not apply the URL filters (" + GeneratorKeys.FILTER + "=false)");
    options.addOption(
        "noNorm", false, "do not normalize URLs (" + GeneratorKeys.NORMALISE + "=false)");
    options.addOption(
        "force", false, "break a held crawldb lock (with " + GeneratorKeys.UPDATE_CRAWLDB + ")");
    return options;
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {2, 2};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    long topN = longOption(cmd, "topN", 0);
    if (cmd.hasOption("topN") && topN < 1) {
      throw new UsageException("-topN must be at least 1, not " + topN);
    }
    int numFetchers = intOption(cmd, "numFetchers", 0);
    if (cmd.hasOption("numFetchers") && numFetchers < 1) {
      throw new UsageException("-numFetchers must be at least 1, not " + numFetchers);
    }
    if (cmd.hasOption("noFilter")) {
      getConf().setBoolean(GeneratorKeys.FILTER, false);
    }
    if (cmd.hasOption("noNorm")) {
      getConf().setBoolean(GeneratorKeys.NORMALISE, false);
    }
    Settings settings =
        new Settings(topN, numFetchers, longOption(cmd, "adddays", 0), cmd.hasOption("force"));
    Result result =
        generate(new Path(cmd.getArgList().get(0)), new Path(cmd.getArgList().get(1)), settings);
    err().println("trawler generate: " + result.summary());
    if (result.segment() == null) {
      return UserException.NOTHING_TO_DO;
    }
    out().println(result.segment());
    return 0;
  }

  /**
   * What to select: at most {@code topN} URLs (0 = all due) into {@code numFetchers} fetch lists (0
   * = the default: one per map slot on a cluster, one in local mode), due within {@code addDays}.
   */
  public record Settings(long topN, int numFetchers, long addDays, boolean force) {
    /** Every due URL, into the default number of fetch lists. */
    public static final Settings DEFAULTS = new Settings(0, 0, 0, false);
  }

  /** The new segment (null when nothing was due) and the counts of the summary line. */
  public record Result(Path segment, long selected, long total, int fetchLists, String skipped) {
    /** "selected 30 of 33 URLs into 1 fetch list; skipped: 3 not due", or "nothing due: ...". */
    public String summary() {
      if (segment == null) {
        return "nothing due: 0 of " + total + " URLs selected" + skipped;
      }
      return "selected "
          + selected
          + " of "
          + total
          + " URLs into "
          + fetchLists
          + " fetch list"
          + (fetchLists == 1 ? "" : "s")
          + skipped;
    }
  }

  /** Selects the due URLs of {@code crawlDb} into a new segment under {@code segmentsDir}. */
  public Result generate(Path crawlDb, Path segmentsDir, Settings settings)
      throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    int numFetchers = settings.numFetchers() > 0 ? settings.numFetchers() : defaultFetchLists(conf);
    checkSettings(conf);
    VersionedDb.currentForReading(conf, crawlDb);
    FileSystem segmentsFs = segmentsDir.getFileSystem(conf);
    if (segmentsFs.exists(segmentsDir) && !segmentsFs.getFileStatus(segmentsDir).isDirectory()) {
      throw new UserException(segmentsDir + " is a file, not a segments directory");
    }

    long now = System.currentTimeMillis();
    conf.setLong(GeneratorKeys.TIME, now);
    conf.setLong(GeneratorKeys.DUE_BEFORE, now + settings.addDays() * DAY_MILLIS);
    conf.setLong(GeneratorKeys.TOP_N, settings.topN());
    Path hostDb = HostDb.installed(conf, hostDb(conf, crawlDb));
    HostKnowledgeReader.handOver(conf, hostDb, List.of()); // the tasks' one read of it
    if (conf.getBoolean(GeneratorKeys.MAX_COUNT_BY_RANK, GeneratorKeys.DEFAULT_MAX_COUNT_BY_RANK)) {
      HostKnowledgeReader.readRank(conf);
    }
    boolean update =
        conf.getBoolean(GeneratorKeys.UPDATE_CRAWLDB, GeneratorKeys.DEFAULT_UPDATE_CRAWLDB);
    Path tmp =
        new Path(
            conf.get(MRConfig.TEMP_DIR, conf.get(CommonConfigurationKeys.HADOOP_TMP_DIR)),
            "generate-" + UUID.randomUUID());
    // Marking the selected URLs writes a new crawldb version: the lock is held from before the
    // selection.
    try (DbTransaction mark =
        update ? DbTransaction.begin(conf, crawlDb, "crawldb", settings.force()) : null) {
      return generate(conf, crawlDb, segmentsDir, settings.topN(), numFetchers, tmp, mark);
    } finally {
      tmp.getFileSystem(conf).delete(tmp, true);
    }
  }

  /**
   * With {@code mark} (generate.update.crawldb), the selected URLs are also marked in a new crawldb
   * version.
   */
  private Result generate(
      Configuration conf,
      Path crawlDb,
      Path segmentsDir,
      long topN,
      int numFetchers,
      Path tmp,
      DbTransaction mark)
      throws IOException, UserException {
    Tally tally = new Tally();
    long oneJobMaxBytes =
        org.trawler.core.conf.Settings.getLong(
            conf, GeneratorKeys.ONE_JOB_MAX_BYTES, GeneratorKeys.DEFAULT_ONE_JOB_MAX_BYTES);
    if (oneJob(numFetchers, crawlDbBytes(conf, crawlDb), oneJobMaxBytes)) {
      return selectIntoOneList(conf, crawlDb, segmentsDir, numFetchers, tally, mark);
    }
    TopNCut.Selection selection = select(conf, crawlDb, tmp, topN, tally);
    if (selection.count == 0) {
      return new Result(null, 0, tally.total, numFetchers, tally.skipped());
    }
    return intoNewSegment(
        conf,
        segmentsDir,
        numFetchers,
        tally,
        mark,
        segment -> writeFetchLists(conf, selection, segment, numFetchers));
  }

  /** Writes the fetch lists into a segment, returning how many URLs they hold. */
  private interface FetchListWriter {
    long write(Path segment) throws IOException, UserException;
  }

  /**
   * A new segment with the fetch lists {@code writer} puts in it, the crawldb marked for them; the
   * segment is removed again when they hold no URL or a step fails.
   */
  private Result intoNewSegment(
      Configuration conf,
      Path segmentsDir,
      int numFetchers,
      Tally tally,
      DbTransaction mark,
      FetchListWriter writer)
      throws IOException, UserException {
    Path segment = Segment.newSegment(conf, segmentsDir);
    boolean done = false;
    try {
      long selected = writer.write(segment);
      if (selected == 0) {
        return new Result(null, 0, tally.total, numFetchers, tally.skipped());
      }
      if (mark != null) {
        markCrawlDb(conf, mark, segment);
      }
      done = true;
      return new Result(segment, selected, tally.total, numFetchers, tally.skipped());
    } finally {
      if (!done) {
        segment.getFileSystem(conf).delete(segment, true);
      }
    }
  }

  /**
   * Whether select and fetch list run as one job: with one fetch list, and a crawldb of at most
   * {@code maxBytes} on disk, whose selected URLs the job's one reducer can hold in memory to put
   * them in fetch-list order itself.
   */
  static boolean oneJob(int numFetchers, long crawlDbBytes, long maxBytes) {
    return numFetchers == 1 && maxBytes > 0 && crawlDbBytes <= maxBytes;
  }

  /** The bytes on disk of the crawldb version generate reads. */
  private static long crawlDbBytes(Configuration conf, Path crawlDb) throws IOException {
    FileSystem fs = crawlDb.getFileSystem(conf);
    Path version = VersionedDb.readable(fs, crawlDb);
    return version == null ? 0 : fs.getContentSummary(version).getLength();
  }

  /** The select job's input and map side, which both ways of generating share. */
  private static Job selectJob(Configuration conf, String name, Path crawlDb) throws IOException {
    Job job = CrawlJob.create(conf, name);
    CrawlJob.addCrawlDbInput(job, crawlDb);
    job.setMapperClass(SelectMapper.class);
    job.setMapOutputKeyClass(Rank.class);
    job.setMapOutputValueClass(CrawlDatum.class);
    return job;
  }

  /**
   * Select and fetch list as one job ({@link #oneJob}): one reducer selects and writes the fetch
   * list itself. The segment is removed again when nothing was due.
   */
  private Result selectIntoOneList(
      Configuration conf,
      Path crawlDb,
      Path segmentsDir,
      int numFetchers,
      Tally tally,
      DbTransaction mark)
      throws IOException, UserException {
    return intoNewSegment(
        conf,
        segmentsDir,
        numFetchers,
        tally,
        mark,
        segment -> {
          Job job = selectJob(conf, "generate select into " + segment, crawlDb);
          job.setReducerClass(OneListReducer.class);
          job.setNumReduceTasks(1);
          TopNCut.sequenceFileOutput(
              job, new Path(segment, Segment.CRAWL_GENERATE), Text.class, CrawlDatum.class);
          runJob(job);
          Counters counters = job.getCounters();
          tally.add(counters);
          tally.total = counters.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue();
          return GenerateCounter.SELECTED.valueIn(counters);
        });
  }

  /**
   * Job 1, and the top-N cut ({@link TopNCut}) when several reducers each kept their own best topN.
   */
  private TopNCut.Selection select(
      Configuration conf, Path crawlDb, Path tmp, long topN, Tally tally)
      throws IOException, UserException {
    Path candidates = new Path(tmp, "candidates");
    Path samples = new Path(tmp, "samples");

    Job job = selectJob(conf, "generate select " + crawlDb, crawlDb);
    int reducers = job.getNumReduceTasks(); // as create() set it: one per core in local mode
    boolean mayCut = topN > 0 && reducers > 1;
    if (mayCut) {
      job.getConfiguration().set(GeneratorKeys.SAMPLE_DIR, samples.toString());
    }
    job.setPartitionerClass(GroupPartitioner.class);
    job.setReducerClass(SelectReducer.class);
    job.setReduceSpeculativeExecution(false); // one attempt per sample file
    TopNCut.sequenceFileOutput(job, candidates, Rank.class, Candidate.class);
    runJob(job);
    Counters counters = job.getCounters();
    tally.add(counters);
    tally.total = counters.findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue();
    long found = counters.findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue();
    if (!mayCut || found <= topN) {
      return new TopNCut.Selection(List.of(candidates), found, null, 0);
    }
    tally.add(SkipReason.TOP_N, found - topN);
    return new TopNCut(conf, tmp, this::runJob).cut(candidates, samples, topN, reducers);
  }

  /** Job 2: the fetch lists; returns how many URLs they hold. */
  private long writeFetchLists(
      Configuration conf, TopNCut.Selection selection, Path segment, int numFetchers)
      throws IOException, UserException {
    Job job = CrawlJob.create(conf, "generate fetch lists " + segment);
    if (selection.cutPart != null) {
      job.getConfiguration().set(GeneratorKeys.CUT_PART, selection.cutPart);
      job.getConfiguration().setLong(GeneratorKeys.CUT_LIMIT, selection.cutLimit);
      job.setInputFormatClass(TopNCut.WholeFileInput.class);
    } else {
      job.setInputFormatClass(SequenceFileInputFormat.class);
    }
    for (Path input : selection.inputs) {
      FileInputFormat.addInputPath(job, input);
    }
    job.setMapperClass(FetchListMapper.class);
    job.setMapOutputKeyClass(FetchSlot.class);
    job.setMapOutputValueClass(CrawlDatum.class);
    job.setPartitionerClass(URLPartitioner.class);
    job.setReducerClass(FetchListReducer.class);
    job.setNumReduceTasks(numFetchers);
    TopNCut.sequenceFileOutput(
        job, new Path(segment, Segment.CRAWL_GENERATE), Text.class, CrawlDatum.class);
    runJob(job);
    return GenerateCounter.SELECTED.valueIn(job.getCounters());
  }

  /**
   * Job 3 (generate.update.crawldb): a new crawldb version with the selected URLs marked, installed
   * atomically.
   */
  private void markCrawlDb(Configuration conf, DbTransaction tx, Path segment)
      throws IOException, UserException {
    Job job = CrawlJob.create(conf, "generate mark " + tx.db());
    CrawlJob.addCrawlDbInput(job, tx.db());
    FileInputFormat.addInputPath(job, new Path(segment, Segment.CRAWL_GENERATE));
    job.setMapperClass(Mapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(CrawlDatum.class);
    job.setReducerClass(MarkReducer.class);
    CrawlJob.setCrawlDbOutput(job, tx.newVersion());
    runJob(job);
    tx.commit();
  }

  /** generate.hostdb, else the hostdb beside the crawldb. */
  private static Path hostDb(Configuration conf, Path crawlDb) {
    String configured = conf.getTrimmed(HostDbKeys.HOSTDB, HostDbKeys.DEFAULT_HOSTDB);
    return configured.isEmpty() ? HostDb.beside(crawlDb) : new Path(configured);
  }

  /**
   * Reads every setting generate's tasks read: a bad one fails here, a BadSettingException, before
   * any job.
   */
  private static void checkSettings(Configuration conf) {
    GenerateOrder.from(conf);
    SelectReducer.countMode(conf);
    URLPartitioner.mode(conf);
    SelectionRules.fromConf(conf);
    SelectionQuota.from(conf, 0);
  }

  /**
   * One fetch list per map slot on a cluster; one in local mode, where one task's threads already
   * fetch every host at once and more lists would only multiply the threads.
   */
  static int defaultFetchLists(Configuration conf) {
    if (CrawlJob.isLocal(conf)) {
      return 1;
    }
    return Math.max(1, conf.getInt(MRJobConfig.NUM_MAPS, 1));
  }

  /** The counts for the summary line. */
  private static final class Tally {
    long total;
    private final Map<SkipReason, Long> skipped = new EnumMap<>(SkipReason.class);

    void add(Counters counters) {
      for (SkipReason reason : SkipReason.values()) {
        add(reason, reason.valueIn(counters));
      }
    }

    void add(SkipReason reason, long count) {
      skipped.merge(reason, count, Long::sum);
    }

    /** "; skipped: 3 not due, 1 host cap", or "" when nothing was skipped. */
    String skipped() {
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<SkipReason, Long> e : skipped.entrySet()) {
        if (e.getValue() > 0) {
          sb.append(sb.length() == 0 ? "; skipped: " : ", ")
              .append(e.getValue())
              .append(' ')
              .append(e.getKey().label());
        }
      }
      return sb.toString();
    }
  }
}
