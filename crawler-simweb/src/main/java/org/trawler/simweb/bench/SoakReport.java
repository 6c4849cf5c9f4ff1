package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import org.trawler.core.io.JsonOutput;

/**
 * The figures of a soak benchmark: one row per round, and the verdict: every figure flat (see
 * {@link Flatness}) and no round failed. The crawldb's size and the round's wall time grow with the
 * crawl by design and are shown, not judged.
 */
final class SoakReport implements BenchCommand.Report {

  /** What was measured after one round. */
  record Row(
      int round,
      double minutes,
      double roundSeconds,
      long pages,
      double fetchSeconds,
      double pagesPerSecond,
      long heapAfterGcBytes,
      int threads,
      long openFiles,
      long hadoopTmpBytes,
      long javaTmpBytes,
      long tmpEntries,
      long crawlDbUrls,
      long crawlDbBytes,
      long retries) {

    long tempBytes() {
      return hadoopTmpBytes + javaTmpBytes;
    }

    static void printHeader(PrintStream out) {
      out.printf(
          "%5s %6s %7s %6s %7s %7s %8s %7s %6s %9s %8s %9s %8s %7s%n",
          "round",
          "min",
          "round s",
          "pages",
          "fetch s",
          "pages/s",
          "heap MB",
          "threads",
          "fds",
          "tmp kB",
          "tmp ents",
          "crawldb",
          "db MB",
          "retry");
    }

    void print(PrintStream out) {
      out.printf(
          "%5d %6.1f %7.1f %6d %7.1f %7.1f %8.1f %7d %6d %9.0f %8d %9d %8.1f %7d%n",
          round,
          minutes,
          roundSeconds,
          pages,
          fetchSeconds,
          pagesPerSecond,
          heapAfterGcBytes / 1048576.0,
          threads,
          openFiles,
          tempBytes() / 1024.0,
          tmpEntries,
          crawlDbUrls,
          crawlDbBytes / 1048576.0,
          retries);
    }
  }

  /** The judged figures, by name. */
  private static final List<Judged> JUDGED =
      List.of(
          new Judged("pages/s", Row::pagesPerSecond),
          new Judged("heap after GC", r -> r.heapAfterGcBytes()),
          new Judged("threads", r -> r.threads()),
          new Judged("open files", r -> r.openFiles()),
          new Judged("temp disk", r -> r.tempBytes()),
          new Judged("temp entries", r -> r.tmpEntries()));

  private record Judged(String name, ToDoubleFunction<Row> figure) {}

  private final SoakRun.Settings settings;
  private final double loadBefore;
  private long peakRssBytes = -1;
  private final List<Row> rows = new ArrayList<>();
  private double loadAfter = -1;
  private double serverCpuSeconds = -1;
  private String failure;
  private int driedUpAt;

  SoakReport(SoakRun.Settings settings, double loadBefore) {
    this.settings = settings;
    this.loadBefore = loadBefore;
  }

  void add(Row row) {
    rows.add(row);
  }

  void failed(int round, String why) {
    failure = "round " + round + ": " + why;
  }

  void ranDry(int round) {
    driedUpAt = round;
  }

  void loadAverageAfter(double load) {
    loadAfter = load;
  }

  void serverCpuSeconds(double seconds) {
    serverCpuSeconds = seconds;
  }

  /** Each judged figure's verdict; empty when there are too few rounds to judge. */
  List<Flatness.Verdict> verdicts() {
    List<Flatness.Verdict> list = new ArrayList<>();
    for (Judged j : JUDGED) {
      Flatness.Verdict v =
          Flatness.judge(j.name(), rows.stream().mapToDouble(j.figure()).toArray());
      if (v != null) {
        list.add(v);
      }
    }
    return list;
  }

  /** Passed: no round failed, enough rounds to judge, and every figure flat. */
  boolean passed() {
    List<Flatness.Verdict> verdicts = verdicts();
    return failure == null
        && !verdicts.isEmpty()
        && verdicts.stream().allMatch(Flatness.Verdict::flat);
  }

  /** One line: why the soak passed or failed. */
  String verdictLine() {
    if (failure != null) {
      return "FAIL: " + failure;
    }
    List<Flatness.Verdict> verdicts = verdicts();
    if (verdicts.isEmpty()) {
      return String.format(
          "FAIL: %d rounds, a verdict needs %d%s",
          rows.size(),
          Flatness.MIN_ROUNDS,
          driedUpAt > 0 ? " (nothing was due in round " + driedUpAt + ")" : "");
    }
    StringBuilder sb = new StringBuilder(passed() ? "PASS:" : "FAIL:");
    for (Flatness.Verdict v : verdicts) {
      sb.append(
          String.format(
              " %s %s (%.4g -> %.4g, x%.3f);",
              v.figure(), v.flat() ? "flat" : "NOT flat", v.reference(), v.last(), v.ratio()));
    }
    return sb.toString();
  }

  @Override
  public void peakRss(long bytes) {
    peakRssBytes = bytes;
  }

  @Override
  public void print(PrintStream out) {
    out.printf(
        "%nsoak: %d hosts x %d pages, topN %d, %d fetcher threads, delay %.2f s, latency %d ms;"
            + " faults: %s%n",
        settings.hosts(),
        settings.pages(),
        settings.topN(),
        settings.threads(),
        settings.delaySeconds(),
        settings.latencyMs(),
        String.join(" ", settings.faults()));
    Row.printHeader(out);
    rows.forEach(r -> r.print(out));
    out.printf(
        "load average %.2f before, %.2f after; simweb server JVM %.1f CPU s%n",
        loadBefore, loadAfter, serverCpuSeconds);
    BenchReport.printPeakRss(out, peakRssBytes);
    out.println(
        "flat = median of the last "
            + Flatness.LAST_ROUNDS
            + " rounds within "
            + Math.round(Flatness.TOLERANCE * 100)
            + " % of the median of rounds "
            + Flatness.REFERENCE_FIRST
            + "-"
            + Flatness.REFERENCE_LAST
            + " (crawldb size and round time grow with the crawl: not judged)");
    out.println("soak: " + verdictLine());
  }

  @Override
  public void writeJson(JsonOutput j) throws IOException {
    j.beginObject();
    j.name("soak")
        .beginObject()
        .name("hosts")
        .value(settings.hosts())
        .name("pages")
        .value(settings.pages())
        .name("topN")
        .value(settings.topN())
        .name("threads")
        .value(settings.threads())
        .name("delaySeconds")
        .value(settings.delaySeconds())
        .name("latencyMs")
        .value(settings.latencyMs())
        .name("minutes")
        .value(settings.minutes())
        .name("maxRounds")
        .value(settings.maxRounds())
        .name("faults")
        .value(String.join(" ", settings.faults()))
        .endObject();
    BenchReport.machine(j);
    j.name("loadAverageBefore").value(loadBefore);
    j.name("loadAverageAfter").value(loadAfter);
    j.name("serverCpuSeconds").value(serverCpuSeconds);
    j.name("peakRssMB").value(BenchReport.peakRssMB(peakRssBytes));
    j.name("rounds").beginArray();
    for (Row r : rows) {
      j.beginObject()
          .name("round")
          .value(r.round())
          .name("minutes")
          .value(r.minutes())
          .name("roundSeconds")
          .value(r.roundSeconds())
          .name("pages")
          .value(r.pages())
          .name("fetchSeconds")
          .value(r.fetchSeconds())
          .name("pagesPerSecond")
          .value(r.pagesPerSecond())
          .name("heapAfterGcBytes")
          .value(r.heapAfterGcBytes())
          .name("threads")
          .value(r.threads())
          .name("openFiles")
          .value(r.openFiles())
          .name("hadoopTmpBytes")
          .value(r.hadoopTmpBytes())
          .name("javaTmpBytes")
          .value(r.javaTmpBytes())
          .name("tmpEntries")
          .value(r.tmpEntries())
          .name("crawlDbUrls")
          .value(r.crawlDbUrls())
          .name("crawlDbBytes")
          .value(r.crawlDbBytes())
          .name("retries")
          .value(r.retries())
          .endObject();
    }
    j.endArray();
    j.name("verdicts").beginArray();
    for (Flatness.Verdict v : verdicts()) {
      j.beginObject()
          .name("figure")
          .value(v.figure())
          .name("reference")
          .value(v.reference())
          .name("last")
          .value(v.last())
          .name("flat")
          .value(v.flat())
          .endObject();
    }
    j.endArray();
    j.name("failure").value(failure);
    j.name("passed").value(passed());
    j.endObject();
  }
}
