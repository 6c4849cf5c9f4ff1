package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.fetch.FetchCounter;
import org.trawler.jobs.index.IndexCounter;
import org.trawler.jobs.warc.WarcCounter;
import org.trawler.simweb.SiteProfile;

/** The figures of a cycle benchmark: a table for people, bench.json for scripts. */
final class BenchReport implements BenchCommand.Report {
  private static final String FETCH_PAGES = FetchCounter.PAGES.resultKey();
  private static final String FETCH_BYTES = FetchCounter.BYTES.resultKey();

  /**
   * The requests a fetch makes of a host besides its pages: robots.txt and tdmrep.json, asked in
   * the turn of the first page that needs them, and the soft-404 probe, in a turn of its own.
   */
  private static final List<String> FETCH_OTHER_REQUESTS =
      List.of(
          FetchCounter.ROBOTS_ASKED.resultKey(),
          FetchCounter.TDMREP_ASKED.resultKey(),
          FetchCounter.SOFT404_PROBES.resultKey());

  /** Of those, the ones that take a turn of the host's queue as a page does: the probes. */
  private static final String FETCH_TURN_REQUESTS = FetchCounter.SOFT404_PROBES.resultKey();

  private static final String WARC_BYTES = WarcCounter.BYTES.resultKey();
  private static final String WARC_PAYLOAD_BYTES = WarcCounter.PAYLOAD_BYTES.resultKey();

  /** The phase of the parse jobs run again, warm, on the rounds' segments (issue 43 §1). */
  static final String REPARSE = "parse again";

  /** The steps of a round, in order. */
  static final List<String> ROUND_STEPS =
      List.of(
          CrawlRound.GENERATE,
          CrawlRound.FETCH,
          CrawlRound.PARSE,
          CrawlRound.UPDATEDB,
          CrawlRound.INVERTLINKS,
          CrawlRound.DEDUP);

  /** What the benchmark was asked to do. */
  record Settings(
      int hosts,
      int pages,
      int outlinks,
      int latencyMs,
      int pageKb,
      double delaySeconds,
      int threads,
      int rounds,
      long topN,
      boolean seedAll,
      SiteProfile profile) {

    /**
     * Pages/s the politeness rules allow at most: min(threads / latency, hosts / (delay +
     * latency)), one turn of its host per page (robots.txt and tdmrep.json are asked within a
     * page's turn).
     */
    double bound() {
      double latency = latencyMs / 1000.0;
      double byThreads = latency > 0 ? threads / latency : Double.POSITIVE_INFINITY;
      double byHosts =
          delaySeconds + latency > 0 ? hosts / (delaySeconds + latency) : Double.POSITIVE_INFINITY;
      return Math.min(byThreads, byHosts);
    }
  }

  private final Settings settings;
  private final List<PhaseMeter.Sample> phases = new ArrayList<>();
  private final List<PhaseMeter.Sample> fixedCost = new ArrayList<>();
  private final List<PhaseMeter.Sample> roundCost = new ArrayList<>();

  /** The one-URL round's own wall time, from generate to its last step. */
  private double roundWallSeconds = Double.NaN;

  private double serverCpuSeconds = -1;
  private ParserAlone.Figures parserAlone;
  private double parseJitSeconds;
  private double reparseJitSeconds = -1;
  private long peakRssBytes = -1;

  BenchReport(Settings settings) {
    this.settings = settings;
  }

  void add(PhaseMeter.Sample sample) {
    phases.add(sample);
  }

  void addFixedCost(PhaseMeter.Sample sample) {
    fixedCost.add(sample);
  }

  /** A step of the one-URL round run with no politeness delay (the round's fixed cost). */
  void addRoundCost(PhaseMeter.Sample sample) {
    roundCost.add(sample);
  }

  /** That round's wall time: the round's fixed cost. */
  void roundWallSeconds(double seconds) {
    roundWallSeconds = seconds;
  }

  /** The round's fixed cost: its wall time, else (not given) its steps' seconds added up. */
  private double roundCostSeconds() {
    return Double.isNaN(roundWallSeconds) ? roundSeconds(roundCost) : roundWallSeconds;
  }

  List<PhaseMeter.Sample> phases() {
    return phases;
  }

  List<PhaseMeter.Sample> fixedCost() {
    return fixedCost;
  }

  @Override
  public void peakRss(long bytes) {
    peakRssBytes = bytes;
  }

  void serverCpuSeconds(double seconds) {
    serverCpuSeconds = seconds;
  }

  /**
   * The parser alone on the pages the parse jobs parsed ({@link ParserAlone}), and the JIT compiler
   * threads' CPU seconds during those jobs (-1 when unknown).
   */
  void parserAlone(ParserAlone.Figures figures, double jitSeconds) {
    parserAlone = figures;
    parseJitSeconds = jitSeconds;
  }

  /** The JIT compiler threads' CPU seconds during the warm parse jobs (-1 when unknown). */
  void reparseJitSeconds(double seconds) {
    reparseJitSeconds = seconds;
  }

  /** The parse jobs' pages and CPU seconds over all rounds: {pages, cpuSeconds}. */
  private double[] parseJobs() {
    return pagesAndCpu(CrawlRound.PARSE);
  }

  /** The same pages' parse jobs run again after the parser alone, warm: {pages, cpuSeconds}. */
  private double[] warmParseJobs() {
    return pagesAndCpu(REPARSE);
  }

  /** The pages and CPU seconds of the samples of {@code phase}: {pages, cpuSeconds}. */
  private double[] pagesAndCpu(String phase) {
    double[] pagesAndCpu = new double[2];
    for (PhaseMeter.Sample s : phases) {
      if (s.phase().equals(phase)) {
        pagesAndCpu[0] += records(s);
        pagesAndCpu[1] += s.cpuSeconds();
      }
    }
    return pagesAndCpu;
  }

  /** The parse jobs' CPU per page over the parser's own (issue 43 §1): its thread's CPU. */
  private double parseJobRatio() {
    return ratio(parseJobs(), parserAlone.cpuSeconds());
  }

  /**
   * The same ratio against the process's CPU during the parser's calls: with the collector's work
   * on its garbage, which the jobs' process CPU includes too.
   */
  private double parseJobProcessRatio() {
    return ratio(parseJobs(), parserAlone.processCpuSeconds());
  }

  /** The warm parse jobs' CPU per page over the parser's own (its thread's CPU). */
  private double warmParseJobRatio() {
    return ratio(warmParseJobs(), parserAlone.cpuSeconds());
  }

  /** CPU per page of {@code job} ({pages, cpuSeconds}) over the parser alone's. */
  private double ratio(double[] job, double parserCpuSeconds) {
    return (job[1] / job[0]) / (parserCpuSeconds / parserAlone.pages());
  }

  /** The first sample of a phase, or null. */
  private PhaseMeter.Sample phase(String name) {
    return phases.stream().filter(s -> s.phase().equals(name)).findFirst().orElse(null);
  }

  /** The requests of a fetch besides its pages: robots.txt, tdmrep.json, soft-404 probes. */
  private static long otherRequests(PhaseMeter.Sample fetch) {
    return FETCH_OTHER_REQUESTS.stream().mapToLong(fetch::result).sum();
  }

  /** The fetch of the round with the most pages, or null. */
  private PhaseMeter.Sample mainFetch() {
    PhaseMeter.Sample best = null;
    for (PhaseMeter.Sample s : phases) {
      if (s.phase().equals("fetch")
          && (best == null || s.result(FETCH_PAGES) > best.result(FETCH_PAGES))) {
        best = s;
      }
    }
    return best;
  }

  /**
   * The fetch job's wall time from submission to completion, s (the tool's time if it ran no job).
   */
  static double jobSeconds(PhaseMeter.Sample s) {
    long millis = s.result(CrawlTool.JOB_MILLIS);
    return millis > 0 ? millis / 1000.0 : s.seconds();
  }

  static long records(PhaseMeter.Sample s) {
    return s.result(BenchCommand.MAP_INPUT);
  }

  static long recordsOut(PhaseMeter.Sample s) {
    long reduced = s.result(BenchCommand.REDUCE_OUTPUT);
    return reduced > 0 ? reduced : s.result(BenchCommand.MAP_OUTPUT);
  }

  /**
   * Wall seconds of the steps of {@code samples} that issue 15's per-round target counts: generate,
   * fetch (+ parse), updatedb, invertlinks; not inject, which a round does not run, nor index.
   */
  static double roundSeconds(List<PhaseMeter.Sample> samples) {
    double seconds = 0;
    for (PhaseMeter.Sample s : samples) {
      if (ROUND_STEPS.contains(s.phase())) {
        seconds += s.seconds();
      }
    }
    return seconds;
  }

  /** Wall seconds per job of the one-URL round. */
  double fixedCostPerJob() {
    double seconds = 0;
    long jobs = 0;
    for (PhaseMeter.Sample s : fixedCost) {
      seconds += s.seconds();
      jobs += s.result(CrawlTool.JOBS);
    }
    return jobs == 0 ? 0 : seconds / jobs;
  }

  @Override
  public void print(PrintStream out) {
    out.printf(
        "%nsimweb (%s): %d hosts x %d pages, %d outlinks, %d kB, latency %d ms; fetcher: %d threads, delay %.2f s%s%n",
        settings.profile.cliName(),
        settings.hosts,
        settings.pages,
        settings.outlinks,
        settings.pageKb,
        settings.latencyMs,
        settings.threads,
        settings.delaySeconds,
        settings.seedAll ? "; every page injected" : "");
    printTable(out, phases);
    PhaseMeter.Sample fetch = mainFetch();
    if (fetch != null) {
      long pages = fetch.result(FETCH_PAGES);
      double secs = jobSeconds(fetch);
      out.printf(
          "fetch (round %d): %d pages in %.2f s = %.1f pages/s, %.0f kB/s; ",
          fetch.round(), pages, secs, pages / secs, fetch.result(FETCH_BYTES) / 1024.0 / secs);
      out.println(
          Double.isFinite(settings.bound())
              ? String.format(
                  "politeness bound %.1f pages/s; ratio %.3f (%d requests besides the pages:"
                      + " robots.txt and tdmrep.json within their pages' turns, and %d soft-404"
                      + " probes, each a turn of its host: with the probes %.3f)",
                  settings.bound(),
                  pages / secs / settings.bound(),
                  otherRequests(fetch),
                  fetch.result(FETCH_TURN_REQUESTS),
                  (pages + fetch.result(FETCH_TURN_REQUESTS)) / secs / settings.bound())
              : "no politeness bound (latency and delay are 0)");
    }
    for (PhaseMeter.Sample s : phases) {
      if (s.phase().equals(CrawlRound.INDEX)) {
        long docs = s.result(IndexCounter.ADDED.resultKey());
        double secs = jobSeconds(s);
        out.printf(
            "index (round %d): %d documents in %.2f s = %.0f documents/s, %.0f per CPU second%n",
            s.round(), docs, secs, docs / secs, docs / s.cpuSeconds());
      }
    }
    if (parserAlone != null) {
      double[] job = parseJobs();
      out.printf(
          "parse jobs: %.0f pages, %.1f pages per CPU s; the parser alone on the same pages after"
              + " them (this JVM, one thread): %.1f pages per CPU s; CPU per page %.2f x the"
              + " parser's own%n",
          job[0], job[0] / job[1], parserAlone.pagesPerCpuSecond(), parseJobRatio());
      out.printf(
          "  the parser alone by the process's CPU in its calls (its collections too): %.1f pages"
              + " per CPU s; CPU per page %.2f x that%n",
          parserAlone.pages() / parserAlone.processCpuSeconds(), parseJobProcessRatio());
      out.printf(
          "  the JIT compiler threads' CPU during the parse jobs: %.1f s (the parser alone runs"
              + " warm)%n",
          parseJitSeconds);
      double[] warm = warmParseJobs();
      if (warm[0] > 0) {
        out.printf(
            "  the same pages parsed again by parse jobs in this JVM (warm, as a run's later"
                + " rounds): %.1f pages per CPU s; CPU per page %.2f x the parser's own; the JIT"
                + " compiler threads' CPU meanwhile %.1f s%n",
            warm[0] / warm[1], warmParseJobRatio(), reparseJitSeconds);
      }
    }
    PhaseMeter.Sample warc = phase("warc");
    if (warc != null) {
      double secs = jobSeconds(warc);
      out.printf(
          "warc export: %.1f MB of pages into %.1f MB of WARC in %.2f s = %.1f MB/s of pages%n",
          warc.result(WARC_PAYLOAD_BYTES) / 1e6,
          warc.result(WARC_BYTES) / 1e6,
          secs,
          warc.result(WARC_PAYLOAD_BYTES) / 1e6 / secs);
    }
    out.printf("fixed cost per job (a round on a one-URL crawldb): %.3f s%n", fixedCostPerJob());
    printTable(out, fixedCost);
    printRoundCost(out);
    if (serverCpuSeconds >= 0) {
      out.printf("simweb server JVM: %.1f CPU s (not in the figures above)%n", serverCpuSeconds);
    }
    printPeakRss(out, peakRssBytes);
  }

  /**
   * The round's fixed cost, measured with no politeness delay, and how much more the round above
   * took with the bench's delay: nothing but noise, as a one-URL fetch asks robots.txt and the page
   * in one turn and hands the host's last delay to the next round's fetch.
   */
  private void printRoundCost(PrintStream out) {
    if (roundCost.isEmpty()) {
      return;
    }
    StringBuilder steps = new StringBuilder();
    for (PhaseMeter.Sample s : roundCost) {
      if (ROUND_STEPS.contains(s.phase())) {
        steps.append(steps.length() == 0 ? "" : ", ");
        steps.append(String.format("%s %.2f", s.phase(), s.seconds()));
      }
    }
    double withDelay = roundSeconds(fixedCost);
    out.printf(
        "fixed cost of a round (generate, fetch+parse, updatedb, invertlinks): %.2f s, with no politeness delay (%s)%n",
        roundCostSeconds(), steps);
    // the delayed round's steps ran one at a time: compared step by step, not with the round's wall
    out.printf(
        "the same round with the bench's %.2f s delay: %.2f s, %.2f s more (robots.txt and the page share a turn; the host's last delay goes to the next round's fetch, not waited out)%n",
        settings.delaySeconds, withDelay, Math.max(0, withDelay - roundSeconds(roundCost)));
  }

  /** The line with the benchmark JVM's peak resident set. */
  static void printPeakRss(PrintStream out, long bytes) {
    if (bytes >= 0) {
      out.printf("peak RSS of the benchmark's JVM: %.0f MB%n", bytes / 1048576.0);
    }
  }

  /** The process's peak resident set in MB, null if unknown. */
  static double peakRssMB(long bytes) {
    return bytes >= 0 ? bytes / 1048576.0 : Double.NaN;
  }

  static void printTable(PrintStream out, List<PhaseMeter.Sample> samples) {
    out.printf(
        "%5s %-12s %8s %5s %8s %10s %10s %10s %8s %9s %8s%n",
        "round", "phase", "wall s", "jobs", "s/job", "rec in", "rec out", "rec/s", "cpu s",
        "heap MB", "rss MB");
    for (PhaseMeter.Sample s : samples) {
      long jobs = s.result(CrawlTool.JOBS);
      out.printf(
          "%5d %-12s %8.2f %5d %8.3f %10d %10d %10.0f %8.2f %9.0f %8.0f%n",
          s.round(),
          s.phase(),
          s.seconds(),
          jobs,
          jobs == 0 ? 0 : s.seconds() / jobs,
          records(s),
          recordsOut(s),
          records(s) / s.seconds(),
          s.cpuSeconds(),
          s.heapPeakBytes() / 1048576.0,
          peakRssMB(s.rssPeakBytes()));
    }
  }

  @Override
  public void writeJson(JsonOutput j) throws IOException {
    j.beginObject();
    j.name("settings")
        .beginObject()
        .name("profile")
        .value(settings.profile.cliName())
        .name("hosts")
        .value(settings.hosts)
        .name("pages")
        .value(settings.pages)
        .name("outlinks")
        .value(settings.outlinks)
        .name("latencyMs")
        .value(settings.latencyMs)
        .name("pageKb")
        .value(settings.pageKb)
        .name("delaySeconds")
        .value(settings.delaySeconds)
        .name("threads")
        .value(settings.threads)
        .name("rounds")
        .value(settings.rounds)
        .name("topN")
        .value(settings.topN)
        .name("seedAll")
        .value(settings.seedAll)
        .endObject();
    machine(j);
    PhaseMeter.Sample fetch = mainFetch();
    if (fetch != null) {
      long pages = fetch.result(FETCH_PAGES);
      double secs = jobSeconds(fetch);
      j.name("fetch")
          .beginObject()
          .name("round")
          .value(fetch.round())
          .name("pages")
          .value(pages)
          .name("seconds")
          .value(secs)
          .name("pagesPerSecond")
          .value(pages / secs)
          .name("kBPerSecond")
          .value(fetch.result(FETCH_BYTES) / 1024.0 / secs)
          .name("bound")
          .value(settings.bound()) // null when unbounded, as the ratio
          .name("ratio")
          .value(Double.isFinite(settings.bound()) ? pages / secs / settings.bound() : Double.NaN)
          .name("otherRequests")
          .value(otherRequests(fetch))
          .name("turnRequests")
          .value(fetch.result(FETCH_TURN_REQUESTS))
          .name("turnRatio")
          .value(
              Double.isFinite(settings.bound())
                  ? (pages + fetch.result(FETCH_TURN_REQUESTS)) / secs / settings.bound()
                  : Double.NaN)
          .endObject();
    }
    // only with a parse job to compare (fetcher.parse=false): absent when the fetch task parses
    if (parserAlone != null) {
      double[] job = parseJobs();
      j.name("parseJob")
          .beginObject()
          .name("pages")
          .value((long) job[0])
          .name("cpuSeconds")
          .value(job[1])
          .name("parserAlonePages")
          .value(parserAlone.pages())
          .name("parserAloneCpuSeconds")
          .value(parserAlone.cpuSeconds())
          .name("ratio")
          .value(parseJobRatio())
          .name("parserAloneProcessCpuSeconds")
          .value(parserAlone.processCpuSeconds())
          .name("ratioProcessCpu")
          .value(parseJobProcessRatio())
          .name("jitSeconds")
          .value(parseJitSeconds);
      double[] warm = warmParseJobs();
      if (warm[0] > 0) {
        j.name("warm")
            .beginObject()
            .name("pages")
            .value((long) warm[0])
            .name("cpuSeconds")
            .value(warm[1])
            .name("ratio")
            .value(warmParseJobRatio())
            .name("jitSeconds")
            .value(reparseJitSeconds)
            .endObject();
      }
      j.endObject();
    }
    PhaseMeter.Sample warc = phase("warc");
    if (warc != null) {
      j.name("warc")
          .beginObject()
          .name("payloadBytes")
          .value(warc.result(WARC_PAYLOAD_BYTES))
          .name("warcBytes")
          .value(warc.result(WARC_BYTES))
          .name("seconds")
          .value(jobSeconds(warc))
          .name("payloadMBPerSecond")
          .value(warc.result(WARC_PAYLOAD_BYTES) / 1e6 / jobSeconds(warc))
          .endObject();
    }
    j.name("phases");
    writeSamples(j, phases);
    j.name("fixedCost").beginObject().name("perJobSeconds").value(fixedCostPerJob()).name("phases");
    writeSamples(j, fixedCost);
    j.name("roundSeconds")
        .value(roundCostSeconds())
        .name("roundStepSeconds")
        .value(roundSeconds(roundCost))
        .name("roundSecondsWithDelay")
        .value(roundSeconds(fixedCost))
        .name("roundPhases");
    writeSamples(j, roundCost);
    j.endObject();
    j.name("serverCpuSeconds").value(serverCpuSeconds);
    j.name("peakRssMB").value(peakRssMB(peakRssBytes));
    j.endObject();
  }

  static void machine(JsonOutput j) throws IOException {
    j.name("machine")
        .beginObject()
        .name("cores")
        .value(Runtime.getRuntime().availableProcessors())
        .name("maxHeapMB")
        .value(Runtime.getRuntime().maxMemory() / 1048576)
        .name("java")
        .value(
            System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"))
        .endObject();
  }

  static void writeSamples(JsonOutput j, List<PhaseMeter.Sample> samples) throws IOException {
    j.beginArray();
    for (PhaseMeter.Sample s : samples) {
      long jobs = s.result(CrawlTool.JOBS);
      j.beginObject()
          .name("round")
          .value(s.round())
          .name("phase")
          .value(s.phase())
          .name("seconds")
          .value(s.seconds())
          .name("records")
          .value(records(s))
          .name("recordsPerSecond")
          .value(records(s) / s.seconds())
          .name("recordsOut")
          .value(recordsOut(s))
          .name("jobs")
          .value(jobs)
          .name("jobSeconds")
          .value(s.result(CrawlTool.JOB_MILLIS) / 1000.0)
          .name("cpuSeconds")
          .value(s.cpuSeconds())
          .name("heapPeakMB")
          .value(s.heapPeakBytes() / 1048576.0)
          .name("oldGenPeakMB")
          .value(s.oldGenPeakBytes() / 1048576.0)
          .name("rssPeakMB")
          .value(peakRssMB(s.rssPeakBytes()))
          .endObject();
    }
    j.endArray();
  }
}
