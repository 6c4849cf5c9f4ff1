package org.trawler.jobs.update;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.normalize.LearnedParamsURLNormalizer;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.dedup.CandidatePairs;
import org.trawler.jobs.dedup.DedupKeys;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.hostdb.Soft404Probe;
import org.trawler.jobs.hostdb.WwwTwins;

/**
 * {@code updatedb <crawldb> <segment>...}: merges segments' fetch and parse results into a new
 * crawldb version in one MapReduce job. The map passes the crawldb entries, fetch datums and
 * crawl_parse datums through (plus a link for each redirect target); the reduce runs {@link
 * CrawlDbUpdate} per URL. The new version is installed only after the job succeeded. A named
 * segment without crawl_fetch is an error; {@code -dir} takes the fetched segments under a
 * directory and skips the others with a warning. A segment without crawl_parse contributes its
 * fetch results only. Asked by the round driver ({@link UpdateKeys#INTERNAL_DEDUP_PAIRS}), the same
 * job also tells whether the new crawldb can hold a pair for dedup ({@link CandidatePairs}).
 */
public class UpdateDb extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(UpdateDb.class);

  @Override
  public String name() {
    return "updatedb";
  }

  @Override
  public String synopsis() {
    return "<crawldb> <segment>... [-dir <segments_dir>] [-noAdditions] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            Option.builder("dir")
                .hasArg()
                .argName("segments_dir")
                .desc("also update from every fetched segment under this directory")
                .build())
        .addOption(
            "noAdditions", false, "do not add new URLs (links, redirect targets) to the crawldb")
        .addOption("force", false, "break a held crawldb lock");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, -1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = cmd.getArgList();
    if (cmd.hasOption("noAdditions")) {
      getConf().setBoolean(UpdateKeys.ADDITIONS_ALLOWED, false);
    }
    List<Path> segments =
        segments(getConf(), args.subList(1, args.size()), cmd.getOptionValue("dir"));
    Path crawlDb = new Path(args.get(0));
    out().println(update(crawlDb, segments, cmd.hasOption("force")).summary(crawlDb));
    return 0;
  }

  /**
   * What an update made: the new crawldb's size, the URLs it added, its entries per status name,
   * and the groups of pages in which dedup could find a pair ({@link CandidatePairs}; -1: not
   * asked).
   */
  public record Result(
      int segments, long urls, long added, Map<String, Long> perStatus, long dedupPairGroups) {
    /** An update that was not asked about dedup's pairs. */
    public Result(int segments, long urls, long added, Map<String, Long> perStatus) {
      this(segments, urls, added, perStatus, -1);
    }

    /** One line: how many URLs the crawldb has now, how many are new, and per status. */
    public String summary(Path crawlDb) {
      StringBuilder sb =
          new StringBuilder("updatedb: ")
              .append(crawlDb)
              .append(" updated from ")
              .append(segments)
              .append(segments == 1 ? " segment: " : " segments: ")
              .append(urls)
              .append(" urls, ")
              .append(added)
              .append(" new");
      String sep = " (";
      for (Map.Entry<String, Long> e : perStatus.entrySet()) {
        sb.append(sep).append(e.getKey()).append(' ').append(e.getValue());
        sep = ", ";
      }
      return sb.append(perStatus.isEmpty() ? "" : ")").toString();
    }
  }

  /**
   * Merges the fetch and parse results of {@code segments} into a new version of {@code crawlDb}.
   */
  public Result update(Path crawlDb, List<Path> segments, boolean force)
      throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    checkSettings(conf);
    List<Path> inputs = segmentInputs(conf, segments);

    // learned parameters (twins of duplicate_param URLs); with the probe on, the soft-404 answers
    // kept in the hostdb and those this round's fetch just had
    HostKnowledgeReader.handOver(
        conf,
        HostDb.installed(conf, hostDb(conf, crawlDb)),
        Soft404Probe.on(conf) ? segments : List.of());
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      Job job = createJob(conf, crawlDb, inputs, tx.newVersion());
      runJob(job);
      tx.commit();
      return result(segments.size(), job, checksDedupPairs(conf));
    }
  }

  /** generate.hostdb, else the hostdb beside the crawldb (null: none). */
  private static Path hostDb(Configuration conf, Path crawlDb) {
    String configured = conf.getTrimmed(HostDbKeys.HOSTDB, HostDbKeys.DEFAULT_HOSTDB);
    return configured.isEmpty() ? HostDb.beside(crawlDb) : new Path(configured);
  }

  /**
   * Reads every setting the tasks read, so a bad one fails here (a BadSettingException) before the
   * job.
   */
  private static void checkSettings(Configuration conf) {
    CrawlDbUpdate.from(conf, 0);
    RedirectLinks.fromConf(conf);
    if (checksDedupPairs(conf)) {
      new CandidatePairs(conf);
    }
  }

  /** The named segments, then the fetched ones under {@code dir}; at least one. */
  private static List<Path> segments(Configuration conf, List<String> named, String dir)
      throws IOException, UsageException, UserException {
    List<Path> segments = new ArrayList<>();
    for (String s : named) {
      segments.add(new Path(s));
    }
    if (dir != null) {
      segments.addAll(Segment.withPart(conf, new Path(dir), Segment.CRAWL_FETCH, "fetched"));
    }
    if (segments.isEmpty()) {
      throw new UsageException("name at least one segment, or -dir <segments_dir>");
    }
    return segments;
  }

  /**
   * Each segment's crawl_fetch and (if parsed) crawl_parse; a segment that was not fetched is an
   * error.
   */
  private static List<Path> segmentInputs(Configuration conf, List<Path> segments)
      throws IOException, UserException {
    List<Path> inputs = new ArrayList<>();
    for (Path segment : segments) {
      Segment.requirePart(
          conf, segment, Segment.CRAWL_FETCH, "segment not fetched (run fetch first)");
      inputs.add(new Path(segment, Segment.CRAWL_FETCH));
      if (Segment.hasPart(conf, segment, Segment.CRAWL_PARSE)) {
        inputs.add(new Path(segment, Segment.CRAWL_PARSE));
      } else {
        LOG.warn(
            "segment {} is not parsed (no {}): using its fetch results only, no signatures or links",
            segment,
            Segment.CRAWL_PARSE);
      }
    }
    return inputs;
  }

  private static Job createJob(Configuration conf, Path crawlDb, List<Path> inputs, Path out)
      throws IOException {
    Job job = CrawlJob.create(conf, "updatedb " + crawlDb);
    if (VersionedDb.exists(conf, crawlDb)) {
      CrawlJob.addCrawlDbInput(job, crawlDb);
    } else {
      LOG.info("no crawldb at {} yet: creating it from the segments", crawlDb);
    }
    for (Path input : inputs) {
      FileInputFormat.addInputPath(job, input);
    }
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(UpdateMapper.class);
    job.setReducerClass(UpdateReducer.class);
    HostUrlCap caps = HostUrlCap.from(conf);
    if (caps != null && caps.capsDomains()) {
      job.setPartitionerClass(HostUrlCap.ByDomain.class); // a domain's counts and URLs together
    } else if (caps != null) {
      job.setPartitionerClass(HostUrlCap.ByHost.class); // a host's count and URLs in one reducer
    }
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(CrawlDatum.class);
    CrawlJob.setCrawlDbOutput(job, out);
    return job;
  }

  /** Whether the round driver asked this update about dedup's pairs. */
  static boolean checksDedupPairs(Configuration conf) {
    return conf.getBoolean(UpdateKeys.INTERNAL_DEDUP_PAIRS, false);
  }

  private static Result result(int segments, Job job, boolean pairsChecked) throws IOException {
    Map<String, Long> perStatus = new TreeMap<>();
    long total = 0;
    for (Counter c : job.getCounters().getGroup(UpdateCounter.STATUS_GROUP)) {
      perStatus.put(c.getName(), c.getValue());
      total += c.getValue();
    }
    return new Result(
        segments,
        total,
        UpdateCounter.URLS_NEW.valueIn(job.getCounters()),
        perStatus,
        pairsChecked ? UpdateCounter.DEDUP_PAIR_GROUPS.valueIn(job.getCounters()) : -1);
  }

  /**
   * Passes every record through under its URL. Fetch, signature and parse_meta datums are tagged
   * with their segment; a redirect (an HTTP one, or a meta refresh's {@link
   * org.trawler.jobs.records.RefreshRecord}) also yields a link to its target. Asked about dedup's
   * pairs, it also sends each crawldb entry, fetch datum and signature datum to {@link
   * CandidatePairs}.
   */
  public static class UpdateMapper extends Mapper<Text, CrawlDatum, Text, CrawlDatum> {
    private final CrawlDatum counted = new CrawlDatum(); // a crawldb entry, counted for its host

    private String segment;
    private RedirectLinks redirects;
    private HostUrlCap cap;
    private LearnedParamsURLNormalizer learned;
    private WwwTwins wwwTwins;
    private CandidatePairs pairs;
    private final Text target = new Text();

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      InputSplit split = context.getInputSplit();
      segment = split instanceof FileSplit ? segmentOf(((FileSplit) split).getPath()) : null;
      HostKnowledge known = HostKnowledgeReader.read(conf, System.currentTimeMillis());
      redirects = RedirectLinks.fromConf(conf, known);
      cap = HostUrlCap.from(conf);
      learned = known.learnedParams();
      wwwTwins = known.wwwTwins();
      pairs = checksDedupPairs(conf) ? new CandidatePairs(conf) : null;
    }

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      if (segment == null && !learned.learned().isEmpty()) {
        String twin = learned.normalize(url.toString(), null);
        if (!twin.equals(url.toString())) {
          // generate skips this URL (duplicate_param): its twin must be in the crawldb
          target.set(twin);
          context.write(target, twinLink(datum));
          UpdateCounter.DUPLICATE_PARAM_TWINS.in(context).increment(1);
        }
      }
      if (segment == null && !wwwTwins.isEmpty()) {
        String twin = wwwTwins.twinUrl(url.toString());
        if (twin != null) {
          // generate skips this URL (www_twin): its twin on the www. host must be in the crawldb
          target.set(twin);
          context.write(target, twinLink(datum));
          UpdateCounter.WWW_TWINS.in(context).increment(1);
        }
      }
      CrawlStatus status = datum.getStatus();
      // every record an entry's signature or fingerprint can come from: the entry, the fetch
      // (a copy of the entry at generate time) and the parse's signature datum
      if (pairs != null
          && (segment == null || status.isFetchStatus() || status == CrawlStatus.SIGNATURE)) {
        pairs.send(url.toString(), datum, context::write);
      }
      if (segment != null
          && (status.isFetchStatus()
              || status == CrawlStatus.SIGNATURE
              || status == CrawlStatus.PARSE_META)) {
        URLRecords.tag(datum, segment);
      }
      context.write(url, datum);
      if (cap != null && segment == null) {
        Text countKey = HostUrlCap.countKey(url.toString());
        if (countKey != null) {
          context.write(countKey, counted);
        }
      }
      if (RedirectLinks.hasTarget(datum)) {
        String to = redirects.target(url.toString(), datum);
        if (to == null) {
          UpdateCounter.REDIRECT_TARGETS_REJECTED.in(context).increment(1);
          return;
        }
        target.set(to);
        context.write(target, RedirectLinks.linkFrom(datum));
        UpdateCounter.REDIRECT_TARGETS.in(context).increment(1);
      }
    }

    /**
     * A link to the twin of a crawldb URL that carries a learned irrelevant parameter: no score
     * share (it is sent again every round, and links add their shares), the URL's depth.
     */
    static CrawlDatum twinLink(CrawlDatum datum) {
      CrawlDatum link = new CrawlDatum(CrawlStatus.LINKED, datum.getFetchInterval(), 0f);
      link.setDepth(datum.getDepth());
      return link;
    }

    /**
     * The segment a file of crawl_fetch or crawl_parse belongs to; null for any other file (the
     * crawldb).
     */
    static String segmentOf(Path file) {
      for (Path p = file; p != null && p.getParent() != null; p = p.getParent()) {
        if (p.getName().equals(Segment.CRAWL_FETCH) || p.getName().equals(Segment.CRAWL_PARSE)) {
          return p.getParent().toString();
        }
      }
      return null;
    }
  }

  /** Gathers each URL's records and writes the entry {@link CrawlDbUpdate} makes of them. */
  public static class UpdateReducer extends Reducer<Text, CrawlDatum, Text, CrawlDatum> {
    private CrawlDbUpdate update;
    private HostUrlCap cap;
    private HostKnowledge hosts;
    private int nearDistance;
    private CandidatePairs pairs;

    @Override
    protected void setup(Context context) throws IOException {
      update = CrawlDbUpdate.from(context.getConfiguration(), System.currentTimeMillis());
      cap = HostUrlCap.from(context.getConfiguration());
      hosts = HostKnowledgeReader.read(context.getConfiguration(), System.currentTimeMillis());
      nearDistance =
          Settings.getInt(
              context.getConfiguration(), DedupKeys.NEAR_DISTANCE, DedupKeys.DEFAULT_NEAR_DISTANCE);
      pairs =
          checksDedupPairs(context.getConfiguration())
              ? new CandidatePairs(context.getConfiguration())
              : null;
    }

    @Override
    protected void reduce(Text url, Iterable<CrawlDatum> values, Context context)
        throws IOException, InterruptedException {
      if (cap != null && HostUrlCap.isCountKey(url)) {
        long n = 0;
        for (CrawlDatum ignored : values) {
          n++;
        }
        cap.countExisting(url, n);
        return;
      }
      if (pairs != null && CandidatePairs.isKey(url)) {
        if (pairs.holdsPair(url, values)) {
          UpdateCounter.DEDUP_PAIR_GROUPS.in(context).increment(1);
        }
        return;
      }
      URLRecords records = new URLRecords();
      for (CrawlDatum value : values) {
        if (!records.add(value)) {
          UpdateCounter.RECORDS_UNEXPECTED.in(context).increment(1);
          LOG.warn("{}: ignoring a record with status {}", url, value.statusLabel());
        }
      }
      CrawlDatum result =
          update.merge(records.old(), records.fetch(), records.signature(), records.links());
      if (result == null) {
        UpdateCounter.URLS_NOT_ADDED.in(context).increment(1);
        return;
      }
      if (Soft404.mark(
          result,
          records.fetch(),
          records.signature(),
          hosts.probeOf(URLParts.host(url.toString())),
          nearDistance)) {
        UpdateCounter.SOFT_404.in(context).increment(1);
        LOG.info("{}: gone, soft_404 (its host's answer for a missing page)", url);
      }
      if (records.old() == null) {
        UpdateCounter over = cap == null ? null : cap.overCap(url.toString());
        if (over != null) {
          over.in(context).increment(1);
          return;
        }
        UpdateCounter.URLS_NEW.in(context).increment(1);
      }
      context.getCounter(UpdateCounter.STATUS_GROUP, result.statusLabel()).increment(1);
      context.write(url, result);
    }
  }
}
