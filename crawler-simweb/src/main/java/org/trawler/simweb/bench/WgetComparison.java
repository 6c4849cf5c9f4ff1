package org.trawler.simweb.bench;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.NetKeys;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.crawl.RoundLog;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench --vs-wget}: one simweb site (in its own JVM, on loopback, no latency) crawled to the
 * end twice, one after the other: by {@code run} in a JVM of its own, started as a user starts it
 * (bin/crawl, its default heap; no politeness delay, external links ignored), and by one {@code
 * wget -r} per host, side by side, each kept on its host (no -H). For each: wall seconds, CPU
 * seconds (the processes' own, as Linux bills them to this JVM once they end) and peak resident set
 * (VmHWM sampled while they run; wget's summed over its processes).
 */
final class WgetComparison {
  /** What to serve and how to crawl it. */
  record Settings(
      SiteProfile profile,
      int hosts,
      int pages,
      int outlinks,
      int threads,
      int maxRounds,
      String wget,
      String crawlJvmOptions) {}

  /** One side of the comparison. */
  record Run(
      String name,
      int processes,
      double wallSeconds,
      double cpuSeconds,
      long peakRssBytes,
      long pages,
      int exitCode) {}

  private static final long SAMPLE_MILLIS = 50;
  private static final double CLOCK_TICKS_PER_SECOND = 100; // Linux's USER_HZ

  private final Configuration conf;
  private final PrintStream out;

  WgetComparison(Configuration conf, PrintStream out) {
    this.conf = conf;
    this.out = out;
  }

  /** Serves the site, crawls it with both, prints the table and writes {@code json}. */
  boolean run(Settings s, Path dir, Path json) throws Exception {
    List<String> simweb =
        SimWebProcess.cleanSite(
            "--profile",
            s.profile().cliName(),
            "--hosts",
            "" + s.hosts(),
            "--pages",
            "" + s.pages(),
            "--latency-ms",
            "0",
            "--threads",
            "" + SimWebProcess.serverThreads(s.threads()));
    if (s.outlinks() > 0) {
      simweb.addAll(List.of("--outlinks", "" + s.outlinks()));
    }
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    String loadBefore = BenchJson.loadAverage();
    out.println("bench: starting simweb in its own JVM: " + String.join(" ", simweb));
    List<Run> runs = new ArrayList<>();
    Map<String, Object> steps;
    double serverCpu;
    SortedSet<String> trawlerUrls;
    SortedSet<String> wgetUrls = new TreeSet<>();
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      List<String> homes = Files.readAllLines(seeds).stream().map(String::strip).toList();
      Path crawl = dir.resolve("trawler");
      out.printf(
          "bench: trawler: run to the end (at most %d rounds), %d threads; output %s%n",
          s.maxRounds(), s.threads(), dir.resolve("trawler.log"));
      runs.add(crawlWithTrawler(s, seeds.getParent(), crawl, dir.resolve("trawler.log")));
      steps = roundSteps(crawl, runs.get(0).wallSeconds());
      trawlerUrls = FetchedUrls.ofCrawl(conf, crawl);
      Optional<String> wget = executable(s.wget());
      if (wget.isEmpty()) {
        out.println(
            "bench: wget not found (" + s.wget() + "): the comparison with wget is skipped");
      } else {
        out.printf("bench: wget: %d x wget -r, one per host; output %s%n", homes.size(), dir);
        runs.add(mirrorWithWget(wget.get(), homes, dir));
        wgetUrls = FetchedUrls.ofWgetLogs(wgetLogs(dir, homes.size()));
      }
      serverCpu = server.cpuSeconds();
    }
    FetchedUrls.Difference diff = FetchedUrls.compare(trawlerUrls, wgetUrls);
    print(s, runs, steps, loadBefore, trawlerUrls, diff);
    Map<String, Object> fields = new LinkedHashMap<>();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("profile", s.profile().cliName());
    settings.put("hosts", s.hosts());
    settings.put("pagesPerHost", s.pages());
    settings.put("outlinks", s.outlinks() > 0 ? s.outlinks() : s.profile().outlinks());
    settings.put("threads", s.threads());
    settings.put("maxRounds", s.maxRounds());
    settings.put("crawlJvmOptions", s.crawlJvmOptions());
    fields.put("settings", settings);
    fields.put("loadAverageBefore", loadBefore);
    fields.put("trawlerSteps", steps);
    fields.put("serverCpuSeconds", serverCpu);
    fields.put("wgetFound", runs.size() > 1);
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Run r : runs) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", r.name());
      m.put("processes", r.processes());
      m.put("wallSeconds", r.wallSeconds());
      m.put("cpuSeconds", r.cpuSeconds());
      m.put("peakRssBytes", r.peakRssBytes());
      m.put("pages", r.pages());
      if (r.pages() > 0) {
        m.put("cpuSecondsPerPage", cpuPerPage(r));
      }
      m.put("exitCode", r.exitCode());
      rows.add(m);
    }
    if (runs.size() > 1) {
      fields.put("wallRatio", runs.get(0).wallSeconds() / runs.get(1).wallSeconds());
      // the same set of pages, not only as many: what each fetched and the other did not
      fields.put("samePages", diff.sameWork(trawlerUrls));
      fields.put("urlsFetchedByTrawler", trawlerUrls.size());
      fields.put("urlsFetchedByWget", wgetUrls.size());
      fields.put("onlyTrawler", firstFew(diff.onlyTrawler()));
      fields.put("onlyWget", firstFew(diff.onlyWget()));
      fields.put("cpuPerPageRatio", cpuPerPage(runs.get(0)) / cpuPerPage(runs.get(1)));
    }
    BenchJson.write(json, "vs-wget", fields, "runs", rows, ResidentMemory.peakBytes());
    out.println("bench: figures written to " + json);
    return runs.get(0).exitCode() == 0;
  }

  /** How many URLs of a side's own are listed in bench.json and the output, at most. */
  static final int URLS_SHOWN = 10;

  private static List<String> firstFew(SortedSet<String> urls) {
    return urls.stream().limit(URLS_SHOWN).toList();
  }

  /** The -nv logs of the wget processes, one per host, as {@link #mirrorWithWget} names them. */
  private static List<Path> wgetLogs(Path dir, int hosts) {
    List<Path> logs = new ArrayList<>();
    for (int i = 0; i < hosts; i++) {
      logs.add(wgetLog(dir, i));
    }
    return logs;
  }

  private static Path wgetLog(Path dir, int host) {
    return dir.resolve("wget-" + (host + 1) + ".log");
  }

  /** CPU seconds per page fetched (NaN when none was). */
  static double cpuPerPage(Run r) {
    return r.pages() == 0 ? Double.NaN : r.cpuSeconds() / r.pages();
  }

  private Run crawlWithTrawler(Settings s, Path seedDir, Path crawl, Path log) throws Exception {
    List<String> cmd = new ArrayList<>();
    ProcessBuilder pb = new ProcessBuilder(cmd);
    Path launcher = Paths.get(System.getProperty("trawler.home", "/nonexistent"), "bin", "crawl");
    if (Files.isExecutable(launcher)) {
      // as a user starts it: the launcher's heap sizing and JIT settings
      cmd.add(launcher.toString());
      pb.environment().put("TRAWLER_NO_BUILD", "1");
      if (!s.crawlJvmOptions().isEmpty()) {
        pb.environment().put("TRAWLER_OPTS", s.crawlJvmOptions());
      }
    } else {
      cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
      cmd.addAll(Arrays.asList(s.crawlJvmOptions().split("\\s+")));
      cmd.removeIf(String::isEmpty);
      cmd.add("-cp");
      cmd.add(System.getProperty("java.class.path"));
      cmd.add(Main.class.getName());
    }
    cmd.addAll(
        List.of(
            "run",
            seedDir.toString(),
            crawl.toString(),
            "" + s.maxRounds(),
            "--threads",
            "" + s.threads(),
            "-D",
            PolitenessKeys.SERVER_DELAY + "=0",
            "-D",
            NetKeys.IGNORE_EXTERNAL_LINKS + "=true",
            // the site's loopback addresses, which the address policy denies unless allowed
            "-D",
            ServedAddresses.setting(SiteModel.addresses(s.hosts()))));
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    Measured m = measure(List.of(pb));
    long pages = 0;
    for (JsonNode round : rounds(crawl)) {
      pages += round.path("fetched").path("ok").asLong();
    }
    return new Run(
        "trawler run (" + s.threads() + " threads)",
        1,
        m.wallSeconds,
        m.cpuSeconds,
        m.peakRssBytes,
        pages,
        m.exitCodes.get(0));
  }

  private Run mirrorWithWget(String wget, List<String> homes, Path dir) throws Exception {
    Path mirror = dir.resolve("wget");
    List<ProcessBuilder> builders = new ArrayList<>();
    for (int i = 0; i < homes.size(); i++) {
      // no -H: each wget stays on its host; --no-proxy: a proxy from the environment is not asked
      builders.add(
          new ProcessBuilder(
                  wget,
                  "-r",
                  "-l",
                  "inf",
                  "-nv",
                  "--no-proxy",
                  "--tries=1",
                  "--timeout=30",
                  "-P",
                  mirror.toString(),
                  homes.get(i))
              .redirectErrorStream(true)
              .redirectOutput(wgetLog(dir, i).toFile()));
    }
    Measured m = measure(builders);
    long pages;
    try (Stream<Path> files = Files.exists(mirror) ? Files.walk(mirror) : Stream.empty()) {
      pages =
          files
              .filter(Files::isRegularFile)
              .filter(f -> !f.getFileName().toString().equals("robots.txt"))
              .count();
    }
    // wget exits 8 when a server answered an error to any request: the worst exit code is shown
    int exit = m.exitCodes.stream().mapToInt(Integer::intValue).max().orElse(0);
    return new Run(
        "wget -r x " + homes.size(),
        homes.size(),
        m.wallSeconds,
        m.cpuSeconds,
        m.peakRssBytes,
        pages,
        exit);
  }

  /** Wall, CPU and summed peak resident set of processes run side by side. */
  private record Measured(
      double wallSeconds, double cpuSeconds, long peakRssBytes, List<Integer> exitCodes) {}

  private static Measured measure(List<ProcessBuilder> builders) throws Exception {
    double childCpuBefore = reapedChildrenCpuSeconds();
    long start = System.nanoTime();
    List<Process> processes = new ArrayList<>();
    try {
      for (ProcessBuilder pb : builders) {
        processes.add(pb.start());
      }
      long[] peaks = new long[processes.size()];
      double[] cpu = new double[processes.size()];
      boolean alive = true;
      while (alive) {
        alive = false;
        for (int i = 0; i < processes.size(); i++) {
          Process p = processes.get(i);
          if (p.isAlive()) {
            alive = true;
            peaks[i] = Math.max(peaks[i], ResidentMemory.peakBytes(p.pid()));
            cpu[i] =
                Math.max(
                    cpu[i], p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L) / 1e9);
          }
        }
        if (alive) {
          Thread.sleep(SAMPLE_MILLIS);
        }
      }
      double wall = (System.nanoTime() - start) / 1e9;
      List<Integer> codes = new ArrayList<>();
      for (Process p : processes) {
        codes.add(p.waitFor());
      }
      // once reaped, a child's whole CPU time is billed to this JVM: exact where Linux says it
      double reaped = reapedChildrenCpuSeconds() - childCpuBefore;
      double sampled = Arrays.stream(cpu).sum();
      return new Measured(
          wall, Math.max(reaped, sampled), Arrays.stream(peaks).sum(), List.copyOf(codes));
    } finally {
      for (Process p : processes) {
        p.destroyForcibly();
      }
    }
  }

  /** CPU seconds of this JVM's ended and reaped children (cutime + cstime); 0 if unknown. */
  private static double reapedChildrenCpuSeconds() {
    try {
      String stat = Files.readString(Paths.get("/proc/self/stat"), StandardCharsets.US_ASCII);
      // fields after the command name, which is in parentheses and may hold spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / CLOCK_TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** The crawl's rounds.jsonl, empty if it has none. */
  private List<JsonNode> rounds(Path crawl) throws IOException {
    return RoundLog.read(
        conf,
        new org.apache.hadoop.fs.Path(
            new org.apache.hadoop.fs.Path(crawl.toUri()), RoundLog.ROUNDS_FILE));
  }

  /**
   * Where the crawl's wall time went: each step's seconds summed over the rounds, and the rest (the
   * JVM's start, inject, the time between the rounds' steps).
   */
  private Map<String, Object> roundSteps(Path crawl, double wallSeconds) throws IOException {
    Map<String, Object> steps = new LinkedHashMap<>();
    List<JsonNode> rounds = rounds(crawl);
    double inSteps = 0;
    for (String step : BenchReport.ROUND_STEPS) {
      double sum = 0;
      for (JsonNode r : rounds) {
        sum += r.path("seconds").path(step).asDouble();
      }
      if (sum > 0) {
        steps.put(step, sum);
        inSteps += sum;
      }
    }
    steps.put("outsideSteps", wallSeconds - inSteps);
    steps.put("rounds", rounds.size());
    return steps;
  }

  private void print(
      Settings s,
      List<Run> runs,
      Map<String, Object> steps,
      String loadBefore,
      SortedSet<String> trawlerUrls,
      FetchedUrls.Difference diff) {
    out.printf(
        "bench: vs wget: %s site, %d hosts x %d pages on loopback, no politeness delay;"
            + " load average before %s, after %s%n",
        s.profile().cliName(), s.hosts(), s.pages(), loadBefore, BenchJson.loadAverage());
    out.printf(
        "%-26s %9s %9s %13s %8s %5s%n", "", "wall s", "CPU s", "peak RSS MB", "pages", "exit");
    for (Run r : runs) {
      out.printf(
          "%-26s %9.1f %9.1f %13.0f %8d %5d%n",
          r.name(),
          r.wallSeconds(),
          r.cpuSeconds(),
          r.peakRssBytes() / 1e6,
          r.pages(),
          r.exitCode());
    }
    if (runs.size() > 1) {
      Run trawler = runs.get(0);
      Run wget = runs.get(1);
      out.println(
          diff.sameWork(trawlerUrls)
              ? String.format(
                  "bench: both fetched the same %d pages: the same work", trawlerUrls.size())
              : String.format(
                  "bench: NOT the same work: trawler fetched %d pages, wget %d; only trawler: %d"
                      + " %s, only wget: %d %s; the ratios below compare different crawls",
                  trawler.pages(),
                  wget.pages(),
                  diff.onlyTrawler().size(),
                  firstFew(diff.onlyTrawler()),
                  diff.onlyWget().size(),
                  firstFew(diff.onlyWget())));
      out.printf(
          "bench: CPU per page: trawler %.2f ms, wget %.2f ms (%.2f x)%n",
          cpuPerPage(trawler) * 1000,
          cpuPerPage(wget) * 1000,
          cpuPerPage(trawler) / cpuPerPage(wget));
      out.printf(
          "bench: trawler's wall time / wget's: %.2f (issue 43's targets: wall at most 1.0 x,"
              + " CPU per page at most 3 x)%n",
          trawler.wallSeconds() / wget.wallSeconds());
    }
    StringBuilder sb = new StringBuilder("bench: trawler's " + steps.get("rounds") + " rounds:");
    steps.forEach(
        (step, v) -> {
          if (v instanceof Double d) {
            sb.append(String.format(" %s %.1f s,", step, d));
          }
        });
    sb.setLength(sb.length() - 1);
    out.println(sb + " (outsideSteps: the JVM's start, inject, between the rounds' steps)");
  }

  /** The program named {@code name}: itself when it holds a slash, else found on the PATH. */
  private static Optional<String> executable(String name) {
    if (name.contains(File.separator)) {
      return Files.isExecutable(Paths.get(name)) ? Optional.of(name) : Optional.empty();
    }
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path p = Paths.get(d.isEmpty() ? "." : d, name);
      if (Files.isExecutable(p)) {
        return Optional.of(p.toString());
      }
    }
    return Optional.empty();
  }
}
