package org.trawler.jobs.crawl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.fetch.FetchCounter;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.GenerateCounter;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.linkdb.LinkDb;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.jobs.update.UpdateCounter;
import org.trawler.jobs.update.UpdateDb;

/**
 * One crawl round in this JVM: generate → fetch → parse → updatedb → invertlinks on a crawl
 * directory. The one round driver: {@code run}, {@code demo} and {@code bench} all go through it.
 * Parse is left out when the fetch parsed already ({@code fetcher.parse}).
 */
public final class CrawlRound {
  public static final String GENERATE = "generate";
  public static final String FETCH = "fetch";
  public static final String PARSE = "parse";
  public static final String UPDATEDB = "updatedb";
  public static final String INVERTLINKS = "invertlinks";

  /** One step's work; returns the counters of the jobs it ran, "group/name" → value. */
  @FunctionalInterface
  public interface Step {
    Map<String, Long> run() throws Exception;
  }

  /** Runs each step of a round: directly, or inside a benchmark's meter. */
  @FunctionalInterface
  public interface StepRunner {
    Map<String, Long> run(String step, Step work) throws Exception;
  }

  /** Runs each step as it is. */
  public static final StepRunner DIRECT = (step, work) -> work.run();

  /** What a round did: its segment, each step's wall time, and the counters of all its jobs. */
  public record Result(
      int round, Path segment, Map<String, Double> seconds, Map<String, Long> counters) {
    public long counter(JobCounter counter) {
      return counters.getOrDefault(counter.resultKey(), 0L);
    }

    /** Counter {@code name} of a family's {@code group}, e.g. a status of updatedb_status. */
    public long counter(String group, String name) {
      return counters.getOrDefault(JobCounter.resultKey(group, name), 0L);
    }

    /** The URLs the round's updatedb left in the crawldb: the sum of its status counters. */
    public long crawlDbSize() {
      long size = 0;
      for (Map.Entry<String, Long> e : counters.entrySet()) {
        if (e.getKey().startsWith(JobCounter.resultKey(UpdateCounter.STATUS_GROUP, ""))) {
          size += e.getValue();
        }
      }
      return size;
    }

    public double totalSeconds() {
      return seconds.values().stream().mapToDouble(Double::doubleValue).sum();
    }

    /**
     * The line {@code run} prints for the round, from its counters (no crawl data is read again).
     */
    public String summary() {
      StringBuilder sb =
          new StringBuilder(
              String.format(
                  "round %d: generated %d; fetched ok %d, redirect %d, gone %d, retry %d, notmodified %d; new %d;"
                      + " crawldb %d (unfetched %d); %.1f s (",
                  round,
                  counter(GenerateCounter.SELECTED),
                  fetched(CrawlStatus.FETCH_SUCCESS),
                  fetched(CrawlStatus.FETCH_REDIR_PERM) + fetched(CrawlStatus.FETCH_REDIR_TEMP),
                  fetched(CrawlStatus.FETCH_GONE),
                  fetched(CrawlStatus.FETCH_RETRY),
                  fetched(CrawlStatus.FETCH_NOTMODIFIED),
                  counter(UpdateCounter.URLS_NEW),
                  crawlDbSize(),
                  counter(UpdateCounter.STATUS_GROUP, CrawlStatus.name(CrawlStatus.DB_UNFETCHED)),
                  totalSeconds()));
      String sep = "";
      for (Map.Entry<String, Double> e : seconds.entrySet()) {
        sb.append(sep).append(String.format("%s %.1f", e.getKey(), e.getValue()));
        sep = ", ";
      }
      return sb.append(")").toString();
    }

    private long fetched(byte status) {
      return counter(FetchCounter.GROUP, CrawlStatus.name(status));
    }
  }

  private final Configuration conf;
  private final CrawlDir crawl;
  private final Generator.Settings generate;

  /**
   * Rounds on {@code crawl} selecting by {@code generate}; fetch threads and the like come from
   * {@code conf}.
   */
  public CrawlRound(Configuration conf, CrawlDir crawl, Generator.Settings generate) {
    this.conf = conf;
    this.crawl = crawl;
    this.generate = generate;
  }

  /** Runs round number {@code round}; empty when nothing was due. */
  public Optional<Result> run(int round, StepRunner runner) throws Exception {
    Map<String, Double> seconds = new LinkedHashMap<>();
    Map<String, Long> counters = new LinkedHashMap<>();
    Generator generator = tool(new Generator());
    Generator.Result[] generated = new Generator.Result[1];
    step(
        GENERATE,
        runner,
        seconds,
        counters,
        generator,
        () -> generated[0] = generator.generate(crawl.crawlDb(), crawl.segments(), generate));
    Path segment = generated[0].segment();
    if (segment == null) {
      return Optional.empty();
    }
    Fetcher fetcher = tool(new Fetcher());
    step(FETCH, runner, seconds, counters, fetcher, () -> fetcher.fetch(segment, false));
    if (!conf.getBoolean(FetcherKeys.PARSE, FetcherKeys.DEFAULT_PARSE)) {
      ParseSegment parser = tool(new ParseSegment());
      step(PARSE, runner, seconds, counters, parser, () -> parser.parse(segment, false));
    }
    UpdateDb updater = tool(new UpdateDb());
    step(
        UPDATEDB,
        runner,
        seconds,
        counters,
        updater,
        () -> updater.update(crawl.crawlDb(), List.of(segment), false));
    LinkDb inverter = tool(new LinkDb());
    step(
        INVERTLINKS,
        runner,
        seconds,
        counters,
        inverter,
        () -> inverter.invert(crawl.linkDb(), List.of(segment), false));
    return Optional.of(new Result(round, segment, seconds, counters));
  }

  /** A step's call on its tool. */
  @FunctionalInterface
  private interface Call {
    void run() throws Exception;
  }

  private static void step(
      String name,
      StepRunner runner,
      Map<String, Double> seconds,
      Map<String, Long> counters,
      CrawlTool tool,
      Call call)
      throws Exception {
    long start = System.nanoTime();
    Map<String, Long> stepCounters =
        runner.run(
            name,
            () -> {
              call.run();
              return tool.results();
            });
    seconds.put(name, (System.nanoTime() - start) / 1e9);
    stepCounters.forEach((k, v) -> counters.merge(k, v, Long::sum));
  }

  private <T extends CrawlTool> T tool(T tool) {
    tool.setConf(new Configuration(conf));
    return tool;
  }
}
