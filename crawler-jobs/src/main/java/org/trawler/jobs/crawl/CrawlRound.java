package org.trawler.jobs.crawl;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.dedup.DeduplicationJob;
import org.trawler.jobs.fetch.FetchResult;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.fetch.HaltCause;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.index.IndexJob;
import org.trawler.jobs.index.IndexerKeys;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.linkdb.LinkDb;
import org.trawler.jobs.parse.ParseCounter;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.jobs.rank.RankCommand;
import org.trawler.jobs.rank.RankKeys;
import org.trawler.jobs.rank.host.HostRank;
import org.trawler.jobs.update.UpdateDb;
import org.trawler.jobs.update.UpdateKeys;

/**
 * One crawl round in this JVM: generate → fetch → parse → updatedb → invertlinks → dedup (→ rank
 * every rank.every.rounds, and hostrank with it when generate.max.count.by.rank is on) (→ index) on
 * a crawl directory, in the order of Nutch's crawl script, one step after the other. The one round
 * driver: {@code run}, {@code demo} and {@code bench} all go through it. The fetch task parses the
 * pages as they arrive ({@code fetcher.parse}) unless the user set that key: a round then has one
 * job less, and parsing overlaps the network wait on every core.
 */
public final class CrawlRound {
  public static final String GENERATE = "generate";
  public static final String FETCH = "fetch";
  public static final String PARSE = "parse";
  public static final String UPDATEDB = "updatedb";
  public static final String UPDATEHOSTDB = "updatehostdb";
  public static final String INVERTLINKS = "invertlinks";
  public static final String DEDUP = "dedup";
  public static final String INDEX = "index";
  public static final String RANK = "rank";
  public static final String HOSTRANK = "hostrank";

  /** One step's work; returns the counters of the jobs it ran, "group/name" → value. */
  @FunctionalInterface
  public interface Step {
    Map<String, Long> run() throws Exception;
  }

  /** Runs each step of a round: directly, or inside a benchmark's meter. */
  @FunctionalInterface
  public interface StepRunner {
    Map<String, Long> run(String step, Step work) throws Exception;

    /** Told the round's segment once generate has made it, before it is fetched. */
    default void generated(Path segment) throws IOException {}
  }

  /** Runs each step as it is. */
  public static final StepRunner DIRECT = (step, work) -> work.run();

  /**
   * What a round did: its segment, what generate selected and updatedb made of it, each step's wall
   * time, the counters of all its jobs, what dedup marked (null: it did not run), what the index
   * step did (null: no index) and the round's own wall time (its steps and what runs between them).
   */
  public record Result(
      int round,
      Path segment,
      Generator.Result generated,
      UpdateDb.Result updated,
      Map<String, Double> seconds,
      Map<String, Long> counters,
      DeduplicationJob.Result deduped,
      IndexJob.Result indexed,
      double wallSeconds) {

    /** The round's wall time, from generate to its last step. */
    public double totalSeconds() {
      return wallSeconds;
    }

    /** The line {@code run} prints for the round (no crawl data is read again). */
    public String summary() {
      long[] outcomes = RoundLog.outcomes(counters);
      StringBuilder sb =
          new StringBuilder(
              String.format(
                  "round %d: generated %d; fetched ok %d, redirect %d, gone %d, retry %d, notmodified %d%s;"
                      + " new %d; crawldb %d (unfetched %d);%s%s%s %.1f s (",
                  round,
                  generated.selected(),
                  outcomes[0],
                  outcomes[1],
                  outcomes[2],
                  outcomes[3],
                  outcomes[4],
                  halts(),
                  updated.added(),
                  updated.urls(),
                  updated.perStatus().getOrDefault(CrawlStatus.DB_UNFETCHED.label(), 0L),
                  parseSkips(),
                  duplicates(),
                  indexed == null
                      ? ""
                      : String.format(
                          " indexed %d, deleted %d%s;",
                          indexed.added(), indexed.deleted(), indexSkips()),
                  totalSeconds()));
      String sep = "";
      for (Map.Entry<String, Double> e : seconds.entrySet()) {
        sb.append(sep).append(String.format("%s %.1f", e.getKey(), e.getValue()));
        sep = ", ";
      }
      return sb.append(")").toString();
    }

    /**
     * " duplicates 12;" (" duplicates 12, un-marked 1;" when copies changed): the pages dedup has
     * marked db_duplicate after this round, or "" when it did not run.
     */
    private String duplicates() {
      if (deduped == null) {
        return "";
      }
      return String.format(
          " duplicates %d%s;",
          deduped.urlsMarked(), deduped.unmarked() == 0 ? "" : ", un-marked " + deduped.unmarked());
    }

    /** URLs the fetch reached: those with an outcome (ok, redirect, gone, retry, notmodified). */
    public long fetchedUrls() {
      return Arrays.stream(RoundLog.outcomes(counters)).sum();
    }

    /** URLs the fetch stopped before (time limit, a signal, the watchdog): they stay due. */
    public long haltedUrls() {
      return halted().values().stream().mapToLong(Long::longValue).sum();
    }

    /**
     * The URLs the fetch stopped before and why, "27 URLs not fetched (hit_by_timelimit)" for one
     * cause, "27 URLs not fetched (hit_by_timelimit 20, write_failed 7)" for several; "" when it
     * stopped before none.
     */
    public String notFetched() {
      Map<String, Long> halted = halted();
      if (halted.isEmpty()) {
        return "";
      }
      long urls = halted.values().stream().mapToLong(Long::longValue).sum();
      String causes = halted.size() == 1 ? halted.keySet().iterator().next() : counted(halted);
      return urls + " URLs not fetched (" + causes + ")";
    }

    /** ", hit_by_timelimit 28" for a fetch that stopped early, or "". */
    private String halts() {
      Map<String, Long> halted = halted();
      return halted.isEmpty() ? "" : ", " + counted(halted);
    }

    /** "hit_by_timelimit 20, write_failed 7": each cause with its URLs. */
    private static String counted(Map<String, Long> halted) {
      StringBuilder sb = new StringBuilder();
      halted.forEach(
          (cause, n) ->
              sb.append(sb.length() == 0 ? "" : ", ").append(cause).append(' ').append(n));
      return sb.toString();
    }

    /** The halted URLs per cause (its counter name), the causes with none left out. */
    private Map<String, Long> halted() {
      Map<String, Long> n = new LinkedHashMap<>();
      for (HaltCause cause : HaltCause.values()) {
        long count = counters.getOrDefault(cause.resultKey(), 0L);
        if (count > 0) {
          n.put(cause.counterName(), count);
        }
      }
      return n;
    }

    /**
     * Fetched pages that gave no text, " notparsed 1, parse_failed 0 (reasons...);", or "" when
     * every page parsed: why a fetched page is not indexed.
     */
    private String parseSkips() {
      long notParsed = counter(ParseCounter.GROUP, ParseData.statusName(ParseData.NOT_PARSED));
      long failed = counter(ParseCounter.GROUP, ParseData.statusName(ParseData.FAILED));
      if (notParsed + failed == 0) {
        return "";
      }
      return String.format(
          " %s %d, %s %d%s;",
          ParseData.statusName(ParseData.NOT_PARSED),
          notParsed,
          ParseData.statusName(ParseData.FAILED),
          failed,
          nonzero(ParseCounter.REASONS_GROUP));
    }

    /** ", skipped 1 (skipped_not_parsed 1)", or "" when the index step skipped nothing. */
    private String indexSkips() {
      if (indexed.skipped() == 0) {
        return "";
      }
      List<String> reasons = new ArrayList<>();
      indexed
          .reasons()
          .forEach(
              (name, n) -> {
                if (name.startsWith("skipped_")) {
                  reasons.add(name + " " + n);
                }
              });
      return ", skipped "
          + indexed.skipped()
          + (reasons.isEmpty() ? "" : " (" + String.join(", ", reasons) + ")");
    }

    /** " (name n, ...)" for the nonzero counters of a group, or "". */
    private String nonzero(String group) {
      String prefix = JobCounter.resultKey(group, "");
      List<String> parts = new ArrayList<>();
      for (Map.Entry<String, Long> e : new TreeMap<>(counters).entrySet()) {
        if (e.getKey().startsWith(prefix) && e.getValue() > 0) {
          parts.add(e.getKey().substring(prefix.length()) + " " + e.getValue());
        }
      }
      return parts.isEmpty() ? "" : " (" + String.join(", ", parts) + ")";
    }

    private long counter(String group, String name) {
      return counters.getOrDefault(JobCounter.resultKey(group, name), 0L);
    }
  }

  private final Configuration conf;
  private final CrawlDir crawl;
  private final Generator.Settings generate;

  /** The index each round's pages go into, or null for none. */
  private final Path index;

  /** Whether each round updates the host database after the crawldb. */
  private final boolean hostDb;

  /** Whether each round marks duplicates before the index step (crawl.dedup). */
  private final boolean dedup;

  /**
   * Whether the crawldb held a duplicate mark after this driver's last round: dedup then runs
   * anyway (it judges every mark again), so updatedb is not asked whether a pair can be found.
   */
  private boolean crawlDbHasMarks;

  /** Every this many rounds end with rank (rank.every.rounds); 0 = never. */
  private final int rankEvery;

  /**
   * Whether generate sizes hosts' budgets by their centrality (generate.max.count.by.rank): the
   * rounds then keep the host database and rank the hosts whenever they rank the pages.
   */
  private final boolean budgetsByRank;

  /**
   * Rounds on {@code crawl} selecting by {@code generate}; fetch threads and the like come from
   * {@code conf}.
   */
  public CrawlRound(Configuration conf, CrawlDir crawl, Generator.Settings generate) {
    this(parseInFetch(conf), crawl, generate, null, false);
  }

  /** A copy of {@code conf} whose fetch parses, unless the user set fetcher.parse. */
  private static Configuration parseInFetch(Configuration conf) {
    Configuration c = new Configuration(conf);
    if (!CrawlJob.userSet(conf, FetcherKeys.PARSE)) {
      c.setBoolean(FetcherKeys.PARSE, true);
    }
    return c;
  }

  private CrawlRound(
      Configuration conf, CrawlDir crawl, Generator.Settings generate, Path index, boolean hostDb) {
    this.conf = conf;
    this.crawl = crawl;
    this.generate = generate;
    this.index = index;
    this.hostDb = hostDb;
    this.dedup = conf.getBoolean(CrawlKeys.DEDUP, CrawlKeys.DEFAULT_DEDUP);
    this.rankEvery = Settings.getInt(conf, RankKeys.EVERY_ROUNDS, RankKeys.DEFAULT_EVERY_ROUNDS);
    this.budgetsByRank =
        Settings.getBoolean(
            conf, GeneratorKeys.MAX_COUNT_BY_RANK, GeneratorKeys.DEFAULT_MAX_COUNT_BY_RANK);
  }

  /**
   * The same rounds, each updating the host database after the crawldb, so that generate skips the
   * hosts that keep failing.
   */
  public CrawlRound updatingHostDb() {
    return new CrawlRound(conf, crawl, generate, index, true);
  }

  /**
   * The same rounds, each ending with an index step into {@code index} (with the linkdb's anchors),
   * which deletes the pages that went away unless the user set indexer.delete.
   */
  public CrawlRound indexingInto(Path index) {
    Configuration c = new Configuration(conf);
    if (!CrawlJob.userSet(c, IndexerKeys.DELETE)) {
      c.setBoolean(IndexerKeys.DELETE, true);
    }
    return new CrawlRound(c, crawl, generate, index, hostDb);
  }

  /** Whether the fetch task parses (fetcher.parse): then a round has no parse job. */
  public boolean parsesInFetch() {
    return conf.getBoolean(FetcherKeys.PARSE, FetcherKeys.DEFAULT_PARSE);
  }

  /** Runs round number {@code round}; empty when nothing was due. */
  public Optional<Result> run(int round, StepRunner runner) throws Exception {
    long start = System.nanoTime();
    Steps steps = new Steps(runner);
    Generator.Result generated =
        steps.call(
            GENERATE,
            new Generator(),
            g -> g.generate(crawl.crawlDb(), crawl.segments(), generate));
    Path segment = generated.segment();
    if (segment == null) {
      return Optional.empty();
    }
    runner.generated(segment);
    FetchResult fetched = steps.call(FETCH, new Fetcher(), f -> f.fetch(segment, false));
    if (!parsesInFetch()) {
      steps.run(PARSE, new ParseSegment(), p -> p.parse(segment, false));
    }
    UpdateDb.Result updated =
        steps.call(
            UPDATEDB,
            new UpdateDb(),
            u -> {
              u.getConf().setBoolean(UpdateKeys.INTERNAL_DEDUP_PAIRS, dedup && !crawlDbHasMarks);
              return u.update(crawl.crawlDb(), List.of(segment), false);
            });
    steps.run(INVERTLINKS, new LinkDb(), l -> l.invert(crawl.linkDb(), List.of(segment), false));
    DeduplicationJob.Result deduped =
        dedups(fetched, updated)
            ? steps.call(DEDUP, new DeduplicationJob(), d -> d.dedup(crawl.crawlDb(), false))
            : null;
    // dedup's merge counts the statuses of the crawldb it writes; without it updatedb's stand
    crawlDbHasMarks =
        hasMarks(
            deduped == null || deduped.perStatus().isEmpty()
                ? updated.perStatus()
                : deduped.perStatus());
    // after dedup: a mirror host is learned from this round's copies, not the next round's
    if (updatesHostDb(fetched)) {
      steps.run(
          UPDATEHOSTDB,
          new HostDb(),
          h -> h.update(crawl.hostDb(), crawl.crawlDb(), List.of(segment), null, false));
    }
    if (ranksAfter(round, rankEvery)) {
      steps.run(RANK, new RankCommand(), r -> r.rank(crawl.crawlDb(), crawl.segments(), false));
      if (budgetsByRank) {
        steps.run(HOSTRANK, new HostRank(), h -> h.rank(crawl.linkDb(), crawl.hostDb(), false));
      }
    }
    IndexJob.Result indexed =
        index == null
            ? null
            : steps.call(
                INDEX,
                new IndexJob(),
                i -> i.index(index, crawl.crawlDb(), crawl.linkDb(), List.of(segment), false));
    return Optional.of(
        new Result(
            round,
            segment,
            generated,
            updated,
            steps.seconds,
            steps.counters,
            deduped,
            indexed,
            (System.nanoTime() - start) / 1e9));
  }

  /** Whether round {@code round} (from 1) ends with rank, when every {@code every} rounds do. */
  static boolean ranksAfter(int round, int every) {
    return every > 0 && round % every == 0;
  }

  /**
   * Whether this round marks duplicates: unless crawl.dedup is off, when the fetch brought new
   * content. A round of only retries, gone pages or not-modified answers changes no page's
   * signature or fingerprint, so it pays no dedup jobs; nor does a crawldb without a pair to judge
   * ({@link #hasPairs}, {@link #mayHoldPair}).
   */
  private boolean dedups(FetchResult fetched, UpdateDb.Result updated) {
    return dedup
        && fetched.newPages() > 0
        && hasPairs(updated.perStatus())
        && mayHoldPair(updated.perStatus(), updated.dedupPairGroups());
  }

  /**
   * Whether dedup may mark or un-mark something in a crawldb with these URLs per status, when
   * updatedb found {@code pairGroups} groups of pages holding a pair (-1: not asked, {@link
   * org.trawler.jobs.dedup.CandidatePairs}): with no such group and no earlier mark to judge again,
   * its job would leave the crawldb as it is.
   */
  static boolean mayHoldPair(Map<String, Long> perStatus, long pairGroups) {
    return pairGroups != 0 || hasMarks(perStatus);
  }

  /** Whether a crawldb with these URLs per status holds a duplicate mark. */
  private static boolean hasMarks(Map<String, Long> perStatus) {
    return perStatus.getOrDefault(CrawlStatus.DB_DUPLICATE.label(), 0L) > 0;
  }

  /**
   * Whether dedup may find something in a crawldb with these URLs per status. It compares the
   * fetched and not-modified pages with each other and judges its earlier marks (db_duplicate)
   * again: with fewer than two such pages and no mark there is no pair to mark and no mark to undo,
   * so its jobs would leave the crawldb as it is (a crawl's first round from one seed).
   */
  static boolean hasPairs(Map<String, Long> perStatus) {
    long compared =
        perStatus.getOrDefault(CrawlStatus.DB_FETCHED.label(), 0L)
            + perStatus.getOrDefault(CrawlStatus.DB_NOTMODIFIED.label(), 0L);
    return compared >= 2 || perStatus.getOrDefault(CrawlStatus.DB_DUPLICATE.label(), 0L) > 0;
  }

  /**
   * Whether this round updates the host database: when asked (--hostdb), when there is one
   * (generate reads it: it must not go stale), or when the fetch learnt something about hosts (a
   * host answered 429/503, a soft-404 probe), so that it holds in the next rounds, or when budgets
   * by rank need the hosts ranked. A crawl whose hosts never push back pays no extra job.
   */
  private boolean updatesHostDb(FetchResult fetched) throws IOException {
    return hostDb
        || budgetsByRank
        || HostDb.installed(conf, crawl.hostDb()) != null
        || fetched.learntAboutHosts();
  }

  /** A step's call on its tool, returning the tool's result. */
  @FunctionalInterface
  private interface Call<T extends CrawlTool, R> {
    R on(T tool) throws Exception;
  }

  /** A step's call on its tool that returns nothing. */
  @FunctionalInterface
  private interface VoidCall<T extends CrawlTool> {
    void on(T tool) throws Exception;
  }

  /**
   * The steps of one round, one after the other: each runs through the runner, its time and
   * counters kept.
   */
  private final class Steps {
    private final StepRunner runner;
    private final Map<String, Double> seconds = new LinkedHashMap<>();
    private final Map<String, Long> counters = new LinkedHashMap<>();

    Steps(StepRunner runner) {
      this.runner = runner;
    }

    <T extends CrawlTool> void run(String name, T tool, VoidCall<T> call) throws Exception {
      call(
          name,
          tool,
          t -> {
            call.on(t);
            return null;
          });
    }

    <T extends CrawlTool, R> R call(String name, T tool, Call<T, R> call) throws Exception {
      tool.setConf(new Configuration(conf));
      AtomicReference<R> result = new AtomicReference<>();
      long start = System.nanoTime();
      Map<String, Long> stepCounters =
          runner.run(
              name,
              () -> {
                result.set(call.on(tool));
                return tool.results();
              });
      seconds.put(name, (System.nanoTime() - start) / 1e9);
      stepCounters.forEach((k, v) -> counters.merge(k, v, Long::sum));
      return result.get();
    }
  }
}
