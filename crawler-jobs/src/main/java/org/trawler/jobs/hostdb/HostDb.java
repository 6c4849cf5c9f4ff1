package org.trawler.jobs.hostdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLParts;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.dedup.DedupKeys;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.Pace;
import org.trawler.jobs.politeness.RobotsDb;

/**
 * {@code updatehostdb <hostdb> <crawldb> [<segment>...]}: rebuilds the host database, host → {@link
 * HostDatum}, from the crawldb (URLs per status), the segments' crawl_fetch (this round's fetch
 * outcomes: the segments given count as one round), the robots db (robots.txt answer and sitemaps)
 * and the installed hostdb (counts and failed rounds so far). Mappers turn each input into {@link
 * HostPart}s, {@link HostUpdate#merge} makes a host's record. Installed like a crawldb's version,
 * under the hostdb's lock.
 */
public class HostDb extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(HostDb.class);

  /** The robots db beside a crawldb, where fetch keeps it when fetcher.robots.db is not set. */

  /** The hostdb's directory in a crawl directory: {@code <crawl>/hostdb} (DESIGN §3). */
  public static final String DEFAULT_DIR = "hostdb";

  /** The hostdb beside a crawldb, or null for a crawldb with no parent directory. */
  public static Path beside(Path crawlDb) {
    Path crawl = crawlDb.getParent();
    return crawl == null ? null : new Path(crawl, DEFAULT_DIR);
  }

  /**
   * The hostdb of the crawl {@code segment} is in ({@code <crawl>/segments/<segment>}), or null.
   */
  public static Path besideSegment(Path segment) {
    Path segments = segment.getParent();
    Path crawl = segments == null ? null : segments.getParent();
    return crawl == null ? null : new Path(crawl, DEFAULT_DIR);
  }

  /**
   * Has the tasks of a job with {@code conf} drop the parameters learned irrelevant in {@code
   * hostDb}'s installed version (LearnedParamsURLNormalizer); nothing when it has none.
   */
  public static void useLearnedParams(Configuration conf, Path hostDb) throws IOException {
    Path current = installed(conf, hostDb);
    if (current != null) {
      conf.set(
          NetKeys.LEARNED_HOSTDB, current.getFileSystem(conf).makeQualified(current).toString());
    }
  }

  /** The installed version of {@code hostDb} (maybe null), or null when there is none. */
  public static Path installed(Configuration conf, Path hostDb) throws IOException {
    return hostDb == null ? null : VersionedDb.readable(hostDb.getFileSystem(conf), hostDb);
  }

  /** What an update did. */
  public record Result(long hosts, long urls, long fetches, long robots, long failedRounds) {
    public String summary(Path hostDb) {
      return String.format(
          "updatehostdb: %d hosts in %s (%d URLs, %d fetches, %d robots.txt answers; %d hosts"
              + " failed this round)",
          hosts, hostDb, urls, fetches, robots, failedRounds);
    }
  }

  @Override
  public String name() {
    return "updatehostdb";
  }

  @Override
  public String synopsis() {
    return "<hostdb> <crawldb> [<segment>...] [-robots <robotsdb>] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            valued(
                "robots",
                "robotsdb",
                "the robots.txt store (default: "
                    + RobotsDb.configKey()
                    + ", else robots beside the crawldb)"))
        .addOption("force", false, "break the hostdb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {2, -1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = cmd.getArgList();
    Path hostDb = new Path(args.get(0));
    Path crawlDb = new Path(args.get(1));
    List<Path> segments = new ArrayList<>();
    for (String s : args.subList(2, args.size())) {
      segments.add(new Path(s));
    }
    Path robots = cmd.hasOption("robots") ? new Path(cmd.getOptionValue("robots")) : null;
    Result result = update(hostDb, crawlDb, segments, robots, cmd.hasOption("force"));
    out().println(result.summary(hostDb));
    return 0;
  }

  /** The robots db to read: the one given, fetcher.robots.db, else robots beside the crawldb. */
  public static Path robotsDb(Configuration conf, Path crawlDb, Path given) {
    if (given != null) {
      return given;
    }
    return RobotsDb.inCrawl(conf, crawlDb.getParent());
  }

  /**
   * Writes and installs a new version of {@code hostDb}; {@code segments} (maybe none) are this
   * round's fetches, {@code robots} the robots db or null for the default.
   */
  public Result update(Path hostDb, Path crawlDb, List<Path> segments, Path robots, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    Path crawlDbCurrent = VersionedDb.currentForReading(conf, crawlDb);
    for (Path segment : segments) {
      Segment.requirePart(conf, segment, Segment.CRAWL_FETCH, "fetch it first");
    }
    if (VersionedDb.exists(conf, hostDb)) {
      VersionedDb.currentForReading(conf, hostDb, VersionedDb.Kind.HOSTDB); // not a crawldb
    }
    if (robots != null && !VersionedDb.exists(conf, robots)) {
      throw new UserException("no robots db at " + robots + ": fetch writes it beside segments/");
    }
    Path robotsDb = robotsDb(conf, crawlDb, robots);
    Path robotsCurrent = installed(conf, robotsDb);
    try (DbTransaction tx = DbTransaction.begin(conf, hostDb, "hostdb", force)) {
      Job job = CrawlJob.create(conf, "updatehostdb " + hostDb);
      MultipleInputs.addInputPath(
          job, crawlDbCurrent, SequenceFileInputFormat.class, UrlMapper.class);
      for (Path segment : segments) {
        MultipleInputs.addInputPath(
            job,
            new Path(segment, Segment.CRAWL_FETCH),
            SequenceFileInputFormat.class,
            FetchMapper.class);
      }
      for (Path segment : segments) {
        if (Segment.hasPart(conf, segment, Soft404.SEGMENT_PART)) {
          MultipleInputs.addInputPath(
              job,
              new Path(segment, Soft404.SEGMENT_PART),
              SequenceFileInputFormat.class,
              ProbeMapper.class);
        }
      }
      if (robotsCurrent != null) {
        MultipleInputs.addInputPath(
            job, robotsCurrent, SequenceFileInputFormat.class, RobotsMapper.class);
      }
      if (VersionedDb.exists(conf, hostDb)) {
        MultipleInputs.addInputPath(
            job, VersionedDb.current(hostDb), SequenceFileInputFormat.class, PreviousMapper.class);
      }
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(HostPart.class);
      job.setReducerClass(MergeReducer.class);
      CrawlJob.setMapFileOutput(job, tx.newVersion(), HostDatum.class);
      runJob(job);
      tx.commit();
      Counters c = job.getCounters();
      return new Result(
          HostDbCounter.HOSTS.valueIn(c),
          HostDbCounter.URLS.valueIn(c),
          HostDbCounter.FETCHES.valueIn(c),
          HostDbCounter.ROBOTS.valueIn(c),
          HostDbCounter.FAILED_ROUNDS.valueIn(c));
    }
  }

  /** Writes {@code part} under the host of {@code url}, or counts a URL without one. */
  private static void emit(
      String url,
      HostPart part,
      HostDbCounter counter,
      Mapper<?, ?, Text, HostPart>.Context context)
      throws IOException, InterruptedException {
    String host = URLParts.host(url);
    if (host == null || host.isEmpty()) {
      LOG.warn("no host in {}, not counted", url);
      HostDbCounter.NO_HOST.in(context).increment(1);
      return;
    }
    counter.in(context).increment(1);
    context.write(new Text(host), part);
  }

  /** crawldb (url → CrawlDatum) to (host → one URL of its status). */
  public static class UrlMapper extends Mapper<Text, CrawlDatum, Text, HostPart> {
    private boolean learn;

    @Override
    protected void setup(Context context) {
      learn = learners(context.getConfiguration()).learnFromPages();
    }

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      HostPart part = new HostPart(HostPart.Kind.URLS, HostUpdate.ofUrl(datum));
      emit(url.toString(), part, HostDbCounter.URLS, context);
      HostPart page = learn ? HostUpdate.pageOf(url.toString(), datum) : null;
      if (page != null) {
        emit(url.toString(), page, HostDbCounter.PAGES, context);
      }
    }
  }

  /**
   * The learners of {@code conf}: its fetcher.backoff.*, fetcher.pace.factor, hostdb.params.*,
   * hostdb.traps.*, hostdb.mirrors.* and dedup.near.distance keys.
   */
  static HostUpdate.Learners learners(Configuration conf) {
    return new HostUpdate.Learners(
        Backoff.from(conf),
        Pace.from(conf),
        new ParamLearning(
            Settings.getInt(conf, DedupKeys.NEAR_DISTANCE, DedupKeys.DEFAULT_NEAR_DISTANCE),
            Settings.getInt(
                conf,
                HostDbKeys.PARAMS_LEARN_MIN_EVIDENCE,
                HostDbKeys.DEFAULT_PARAMS_LEARN_MIN_EVIDENCE)),
        new TrapLearning(
            Settings.getInt(
                conf, HostDbKeys.TRAPS_LEARN_DISTANCE, HostDbKeys.DEFAULT_TRAPS_LEARN_DISTANCE),
            Settings.getInt(
                conf,
                HostDbKeys.TRAPS_LEARN_MIN_EVIDENCE,
                HostDbKeys.DEFAULT_TRAPS_LEARN_MIN_EVIDENCE),
            Settings.getInt(conf, HostDbKeys.TRAPS_BUDGET, HostDbKeys.DEFAULT_TRAPS_BUDGET)),
        new MirrorLearning(
            Settings.getInt(
                conf,
                HostDbKeys.MIRRORS_LEARN_MIN_EVIDENCE,
                HostDbKeys.DEFAULT_MIRRORS_LEARN_MIN_EVIDENCE)),
        Settings.getInt(
            conf, HostDbKeys.PARAMS_LEARN_MAX_PAGES, HostDbKeys.DEFAULT_PARAMS_LEARN_MAX_PAGES));
  }

  /** crawl_fetch (url → fetch datum) to (host → one fetch outcome). */
  public static class FetchMapper extends Mapper<Text, CrawlDatum, Text, HostPart> {
    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      HostDatum fetch = HostUpdate.ofFetch(datum);
      if (fetch != null) {
        emit(
            url.toString(),
            new HostPart(HostPart.Kind.FETCHES, fetch),
            HostDbCounter.FETCHES,
            context);
      }
    }
  }

  /** robots db (site → RobotsTxt) to (host → its answer and sitemaps). */
  public static class RobotsMapper extends Mapper<Text, RobotsTxt, Text, HostPart> {
    @Override
    protected void map(Text site, RobotsTxt txt, Context context)
        throws IOException, InterruptedException {
      HostPart part = new HostPart(HostPart.Kind.ROBOTS, HostUpdate.ofRobots(txt));
      emit(site.toString(), part, HostDbCounter.ROBOTS, context);
    }
  }

  /** crawl_soft404 (probe URL → its answer) to (host → the answer). */
  public static class ProbeMapper extends Mapper<Text, HostDatum, Text, HostPart> {
    @Override
    protected void map(Text url, HostDatum answer, Context context)
        throws IOException, InterruptedException {
      emit(
          url.toString(),
          new HostPart(HostPart.Kind.SOFT404, new HostDatum(answer)),
          HostDbCounter.SOFT404_PROBES,
          context);
    }
  }

  /** The installed hostdb, passed on as the previous record. */
  public static class PreviousMapper extends Mapper<Text, HostDatum, Text, HostPart> {
    @Override
    protected void map(Text host, HostDatum datum, Context context)
        throws IOException, InterruptedException {
      context.write(host, new HostPart(HostPart.Kind.PREVIOUS, datum));
    }
  }

  /** A host's parts to its new record. */
  public static class MergeReducer extends Reducer<Text, HostPart, Text, HostDatum> {
    private HostUpdate.Learners learners;

    @Override
    protected void setup(Context context) {
      learners = learners(context.getConfiguration());
    }

    @Override
    protected void reduce(Text host, Iterable<HostPart> parts, Context context)
        throws IOException, InterruptedException {
      HostUpdate.Merged merged = HostUpdate.mergeRound(host.toString(), parts, learners);
      if (merged == null) {
        return;
      }
      if (!merged.host().getIrrelevantParams().isEmpty()) {
        HostDbCounter.HOSTS_WITH_IRRELEVANT_PARAMS.in(context).increment(1);
      }
      if (!merged.host().getTraps().isEmpty()) {
        HostDbCounter.HOSTS_WITH_TRAPS.in(context).increment(1);
      }
      if (!merged.host().getMirrorOf().isEmpty()) {
        HostDbCounter.MIRROR_HOSTS.in(context).increment(1);
      }
      HostDbCounter.HOSTS.in(context).increment(1);
      if (merged.failedRound()) {
        HostDbCounter.FAILED_ROUNDS.in(context).increment(1);
      }
      if (merged.backedOff()) {
        HostDbCounter.BACKED_OFF.in(context).increment(1);
      }
      if (merged.host().getPaceMillis() > 0) {
        HostDbCounter.HOSTS_SLOWED.in(context).increment(1);
      }
      context.write(host, merged.host());
    }
  }
}
