package org.trawler.jobs.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.trawler.core.UserException;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.Main;
import org.trawler.jobs.UsageException;

/**
 * {@code bench}: crawls a {@link SimWeb} served by a separate JVM for a few rounds and reports,
 * per phase and round, wall and CPU time, records per second and peak heap; the fetch rate against
 * the politeness bound; and the fixed cost of a job (a round on a one-URL crawldb). With
 * {@code --db-urls N} it times generate and updatedb on a synthetic crawldb of N URLs instead.
 */
public class Benchmark extends CrawlTool {
  static final String MAP_INPUT = "org.apache.hadoop.mapreduce.TaskCounter/MAP_INPUT_RECORDS";
  static final String MAP_OUTPUT = "org.apache.hadoop.mapreduce.TaskCounter/MAP_OUTPUT_RECORDS";
  static final String REDUCE_OUTPUT = "org.apache.hadoop.mapreduce.TaskCounter/REDUCE_OUTPUT_RECORDS";

  private final PhaseMeter meter = new PhaseMeter();

  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String synopsis() {
    return "[--hosts H] [--pages P] [--outlinks K] [--latency-ms MS] [--page-kb KB] [--delay-s S] [--threads N]"
        + " [--rounds R] [--topN N] [--seed-all] [--async-probe] [--json FILE] [--dir DIR]"
        + " | --db-urls N [--json FILE] [--dir DIR]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 0};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(SimWebServer.valued("hosts", "H", "simweb hosts (default 200)"));
    o.addOption(SimWebServer.valued("pages", "P", "pages per host (default 50)"));
    o.addOption(SimWebServer.valued("outlinks", "K", "links per page (default 10)"));
    o.addOption(SimWebServer.valued("latency-ms", "MS", "server delay before every response (default 20)"));
    o.addOption(SimWebServer.valued("page-kb", "KB", "page size in kB (default 20)"));
    o.addOption(SimWebServer.valued("delay-s", "S", "fetcher.server.delay, seconds (default 0.5)"));
    o.addOption(SimWebServer.valued("threads", "N", "fetcher threads (default 50)"));
    o.addOption(SimWebServer.valued("server-threads", "N", "simweb server threads (default 4 x threads, at least 64)"));
    o.addOption(SimWebServer.valued("rounds", "R", "crawl rounds (default 1)"));
    o.addOption(SimWebServer.valued("topN", "N", "at most N URLs per round (default all due)"));
    o.addOption(Option.builder().longOpt("seed-all").desc("inject every page of the site, not only home pages")
        .build());
    o.addOption(Option.builder().longOpt("async-probe")
        .desc("instead of the cycle, fetch the site's pages with HttpClient's async client on the fetcher's schedule")
        .build());
    o.addOption(SimWebServer.valued("db-urls", "N", "time generate and updatedb on a synthetic crawldb of N URLs instead"));
    o.addOption(SimWebServer.valued("json", "FILE", "write the figures to FILE (default bench.json)"));
    o.addOption(SimWebServer.valued("dir", "DIR", "work directory (default a temporary one, removed after)"));
    return o;
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Path json = Paths.get(cmd.getOptionValue("json", "bench.json")).toAbsolutePath();
    boolean tempDir = !cmd.hasOption("dir");
    Path dir = tempDir ? Files.createTempDirectory("trawler-bench")
        : Paths.get(cmd.getOptionValue("dir")).toAbsolutePath();
    Files.createDirectories(dir);
    try {
      Report report = cmd.hasOption("db-urls")
          ? new CrawlDbBenchmark(getConf(), meter).run(dir, positiveLong(cmd, "db-urls"))
          : cycle(cmd, dir);
      report.print(System.out);
      try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
        report.writeJson(new JsonWriter(w));
        w.write('\n');
      }
      System.out.println("bench: figures written to " + json);
    } finally {
      if (tempDir) {
        FileUtil.fullyDelete(dir.toFile());
      }
    }
    return 0;
  }

  private static long positiveLong(CommandLine cmd, String opt) throws UsageException {
    long v = longOption(cmd, opt, 0);
    if (v < 1) {
      throw new UsageException("--" + opt + " must be at least 1");
    }
    return v;
  }

  /** The cycle benchmark: simweb in its own JVM, inject + R rounds here, then a one-URL round. */
  private Report cycle(CommandLine cmd, Path dir) throws Exception {
    BenchReport.Settings s = new BenchReport.Settings(intOption(cmd, "hosts", 200), intOption(cmd, "pages", 50),
        intOption(cmd, "outlinks", 10), intOption(cmd, "latency-ms", 20), intOption(cmd, "page-kb", 20),
        doubleOption(cmd, "delay-s", 0.5), intOption(cmd, "threads", 50), intOption(cmd, "rounds", 1),
        longOption(cmd, "topN", -1), cmd.hasOption("seed-all"));
    if (s.hosts() < 1 || s.pages() < 1 || s.threads() < 1 || s.rounds() < 1 || s.latencyMs() < 0 || s.delaySeconds() < 0) {
      throw new UsageException("--hosts, --pages, --threads and --rounds must be at least 1; latency and delay not negative");
    }
    int serverThreads = intOption(cmd, "server-threads", Math.max(64, 4 * s.threads()));
    List<String> simweb = new ArrayList<>(List.of("--hosts", "" + s.hosts(), "--pages", "" + s.pages(),
        "--outlinks", "" + s.outlinks(), "--latency-ms", "" + s.latencyMs(), "--page-kb", "" + s.pageKb(),
        "--port", "0", "--threads", "" + serverThreads,
        // every request a page: the politeness bound counts requests, and error pages are not work
        "--redirect-pct", "0", "--notfound-pct", "0", "--error-pct", "0", "--disallow-pct", "0"));
    if (s.seedAll()) {
      simweb.add("--seed-all");
    }
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    System.out.println("bench: starting simweb in its own JVM: " + String.join(" ", simweb));
    BenchReport report = new BenchReport(s);
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      if (cmd.hasOption("async-probe")) {
        return new AsyncFetchProbe(s).run(Files.readAllLines(seeds));
      }
      Configuration conf = crawlConf(s);
      Path crawl = dir.resolve("crawl");
      report.add(meter.measure(0, "inject", () -> step(conf, "inject", crawl + "/crawldb", seeds.getParent().toString())));
      for (int round = 1; round <= s.rounds(); round++) {
        if (!round(conf, crawl, round, s.topN(), report.phases())) {
          System.out.println("bench: round " + round + ": nothing due, stopping");
          break;
        }
        System.out.println("bench: round " + round + " done");
      }
      // The fixed cost of a job: the same round on a crawldb of one URL (a warm JVM, as in `run`).
      Path one = dir.resolve("one-seed");
      Files.createDirectories(one);
      Files.writeString(one.resolve("seed.txt"), Files.readAllLines(seeds).get(0) + "\n");
      Path tiny = dir.resolve("tiny");
      report.addFixedCost(meter.measure(0, "inject", () -> step(conf, "inject", tiny + "/crawldb", one.toString())));
      round(conf, tiny, 0, -1, report.fixedCost());
      report.serverCpuSeconds(server.cpuSeconds());
    }
    return report;
  }

  /** One generate → fetch → parse → updatedb → invertlinks round; false when nothing was due. */
  private boolean round(Configuration conf, Path crawl, int round, long topN, List<PhaseMeter.Sample> into)
      throws Exception {
    String crawlDb = crawl + "/crawldb";
    Path segments = crawl.resolve("segments");
    List<String> gen = new ArrayList<>(List.of(crawlDb, segments.toString(), "-numFetchers", "1"));
    if (topN > 0) {
      gen.add("-topN");
      gen.add(Long.toString(topN));
    }
    int[] rc = new int[1];
    PhaseMeter.Sample generate = meter.measure(round, "generate", () -> {
      CrawlTool tool = Main.newTool("generate", conf);
      rc[0] = quietly(() -> tool.run(gen.toArray(new String[0])));
      return tool.results();
    });
    if (rc[0] == UserException.NOTHING_TO_DO) {
      return false;
    }
    if (rc[0] != 0) {
      throw new UserException("generate failed in round " + round + " (exit " + rc[0] + ")");
    }
    into.add(generate);
    String segment = newest(segments).toString();
    into.add(meter.measure(round, "fetch", () -> step(conf, "fetch", segment)));
    into.add(meter.measure(round, "parse", () -> step(conf, "parse", segment)));
    into.add(meter.measure(round, "updatedb", () -> step(conf, "updatedb", crawlDb, segment)));
    into.add(meter.measure(round, "invertlinks", () -> step(conf, "invertlinks", crawl + "/linkdb", segment)));
    return true;
  }

  private static Path newest(Path segments) throws IOException {
    try (var list = Files.list(segments)) {
      return list.filter(Files::isDirectory).max(Path::compareTo)
          .orElseThrow(() -> new IOException("generate wrote no segment under " + segments));
    }
  }

  /** Runs a command in this JVM; its results, or a UserException if it failed. */
  static Map<String, Long> step(Configuration conf, String command, String... args) throws Exception {
    CrawlTool tool = Main.newTool(command, conf);
    int rc = quietly(() -> tool.run(args));
    if (rc != 0) {
      throw new UserException(command + " failed (exit " + rc + ")", UserException.FAILED);
    }
    return tool.results();
  }

  /** What a benchmark hands back: a table for people, bench.json for scripts. */
  interface Report {
    void print(PrintStream out);

    void writeJson(JsonWriter json) throws IOException;
  }

  interface Command {
    int run() throws Exception;
  }

  /** Runs a command with its stdout report left out: the benchmark's table says it. */
  static int quietly(Command command) throws Exception {
    PrintStream saved = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    try {
      return command.run();
    } finally {
      System.setOut(saved);
    }
  }

  /** Settings for a crawl of loopback: the benchmark's politeness, no robots or parse surprises. */
  private Configuration crawlConf(BenchReport.Settings s) {
    Configuration conf = new Configuration(getConf());
    conf.set("fetcher.server.delay", Double.toString(s.delaySeconds()));
    conf.setInt("fetcher.threads.fetch", s.threads());
    conf.setInt("fetcher.threads.per.queue", 1);
    conf.setInt("fetcher.progress.interval", 10);
    return conf;
  }
}
