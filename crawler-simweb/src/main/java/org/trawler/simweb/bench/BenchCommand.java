package org.trawler.simweb.bench;

import java.io.IOException;
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
import org.apache.hadoop.mapreduce.TaskCounter;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.warc.WarcExport;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SimWebCommand;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;
import org.trawler.simweb.web.WebShape;

/**
 * {@code bench}: crawls a simweb site served by a separate JVM for a few rounds and reports, per
 * phase and round (each round ends with an index step), wall and CPU time, records per second and
 * peak heap; the fetch rate against the politeness bound; documents per second into Lucene; and the
 * fixed cost of a job and of a round (a round on a one-URL crawldb, with the bench's politeness
 * delay and without). With {@code --db-urls N} it times generate and updatedb on a synthetic
 * crawldb of N URLs instead; with {@code --linkdb-urls N}, invertlinks into a synthetic linkdb of N
 * URLs ({@link LinkDbBenchmark}).
 */
public class BenchCommand extends CrawlTool {
  static final String MAP_INPUT = taskCounter(TaskCounter.MAP_INPUT_RECORDS);
  static final String MAP_OUTPUT = taskCounter(TaskCounter.MAP_OUTPUT_RECORDS);
  static final String REDUCE_OUTPUT = taskCounter(TaskCounter.REDUCE_OUTPUT_RECORDS);

  /** The profile that measures document parsing instead of a crawl. */
  static final String DOCS_PROFILE = "docs";

  /** Rounds of the linkdb benchmark: past the eighth, where the generations are merged. */
  private static final int LINKDB_ROUNDS = 10;

  private final PhaseMeter meter = new PhaseMeter();

  /** Hadoop's own counter in a tool's results(). */
  private static String taskCounter(TaskCounter counter) {
    return JobCounter.resultKey(TaskCounter.class.getName(), counter.name());
  }

  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String synopsis() {
    return "[--profile default|apidocs|docs] [--hosts H] [--pages P] [--outlinks K] [--latency-ms MS] [--page-kb KB] [--delay-s S] [--threads N]"
        + " [--rounds R] [--topN N] [--seed-all] [--json FILE] [--dir DIR]"
        + " | --db-urls N [--db-sites] [--json FILE] [--dir DIR]"
        + " | --linkdb-urls N [--rounds R] [--json FILE] [--dir DIR]"
        + " | --render N [--json FILE] [--dir DIR]"
        + " | --main-content DIR [--json FILE]"
        + " | --vs-wget [--profile P] [--hosts H] [--pages P] [--outlinks K] [--threads N] [--rounds R]"
        + " [--wget PATH] [--crawl-opts OPTS] [--json FILE] [--dir DIR]"
        + " | --soak MINUTES [--rounds R] [--hosts H] [--pages P] [--topN N] [--threads N]"
        + " [--json FILE] [--dir DIR]"
        + " | --broad [--sites S] [--pages P] [--seed N] [--rounds R] [--topN N] [--threads N]"
        + " [--delay-s S] [--max-count N] [--backoff-s S] [--features-off]"
        + " [--topics K --focus TOPIC] [--json FILE] [--dir DIR]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, 0};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(
        valued(
            "profile",
            "NAME",
            "simweb's site shape: default, or apidocs (reference documentation, link-heavy pages;"
                + " its own hosts, pages, outlinks and sizes, no latency or delay, 20 threads);"
                + " or docs: PDF and DOCX parsed per CPU second, the crawl's parser against Tika"
                + " alone (--documents N of each, default 200; --rounds passes, default 5)"));
    o.addOption(valued("documents", "N", "docs profile: documents of each type (default 200)"));
    o.addOption(valued("hosts", "H", "simweb hosts (default 200)"));
    o.addOption(valued("pages", "P", "pages per host (default 50)"));
    o.addOption(valued("outlinks", "K", "links per page (default 10)"));
    o.addOption(valued("latency-ms", "MS", "server delay before every response (default 20)"));
    o.addOption(valued("page-kb", "KB", "page size in kB (default 20)"));
    o.addOption(valued("delay-s", "S", PolitenessKeys.SERVER_DELAY + ", seconds (default 0.5)"));
    o.addOption(valued("threads", "N", "fetcher threads (default 50)"));
    o.addOption(
        valued("server-threads", "N", "simweb server threads (default 4 x threads, at least 64)"));
    o.addOption(valued("rounds", "R", "crawl rounds (default 1)"));
    o.addOption(valued("topN", "N", "at most N URLs per round (default all due)"));
    o.addOption(
        Option.builder()
            .longOpt("seed-all")
            .desc("inject every page of the site, not only home pages")
            .build());
    o.addOption(
        valued(
            "db-urls", "N", "time generate and updatedb on a synthetic crawldb of N URLs instead"));
    o.addOption(
        Option.builder()
            .longOpt("db-sites")
            .desc(
                "with --db-urls: 10 URLs a host; list the sitemap job's sites and run readdb -stats"
                    + " instead")
            .build());
    o.addOption(
        valued(
            "linkdb-urls",
            "N",
            "time invertlinks of R (--rounds, default 10) small segments into a synthetic linkdb"
                + " of N URLs, merging every time and in generations, instead"));
    o.addOption(
        valued(
            "soak",
            "MINUTES",
            "crawl a faulty simweb (2000 hosts: 5% 5xx, 2% resets, 1% slow, 1% redirect loops,"
                + " 0.5% huge pages) for MINUTES (or --rounds) and check that pages/s, heap,"
                + " threads, open files and temp disk stay flat; exit 1 when not"));
    o.addOption(
        valued(
            "parse-filters",
            "N",
            "parse N pages of the profile (default or apidocs) per CPU second without parse"
                + " filters, with the default chain and with each filter alone, instead"));
    o.addOption(
        valued(
            "main-content",
            "DIR",
            "parse the real pages of a corpus in DIR (a directory per page with source.html and"
                + " expected.html or expected.txt) in main-content mode and report word"
                + " precision, recall and F1 against the expected text, and the navigation and"
                + " footer words that leak in, instead"));
    o.addOption(
        valued(
            "render",
            "N",
            "fetch and parse N script pages of a simweb (--js-pct 100) per wall and CPU second"
                + " unrendered, then rendered in headless Chromium with 2 and 4 browsers, with the"
                + " peak RSS of this JVM and its browsers, instead"));
    o.addOption(
        Option.builder()
            .longOpt("vs-wget")
            .desc(
                "crawl a simweb site (default apidocs, 3 hosts) to the end with run (30 threads, no"
                    + " delay, its own JVM) and with one wget -r per host side by side; wall and CPU"
                    + " seconds and peak RSS of each, instead")
            .build());
    o.addOption(valued("wget", "PATH", "--vs-wget: the wget program (default wget on the PATH)"));
    o.addOption(
        valued(
            "crawl-opts",
            "OPTS",
            "--vs-wget: JVM options for the crawl's JVM (its TRAWLER_OPTS), e.g. a flight"
                + " recording"));
    o.addOption(
        Option.builder()
            .longOpt("broad")
            .desc(
                "a broad crawl of simweb --profile web (default "
                    + WebShape.DEFAULT.sites()
                    + " sites, about 400 hosts and "
                    + WebShape.DEFAULT.pages()
                    + " real pages; --sites, --pages, --seed) with a budget: --rounds (default 6)"
                    + " of --topN (default 1000), 50 threads, --delay-s 0.5, --max-count 50;"
                    + " judged from the server's log: fetches, harvest, PageRank mass, fetches by"
                    + " kind, re-asks within --backoff-s (default 60) after a 429, instead")
            .build());
    o.addOption(valued("sites", "S", "--broad: registered domains of the web"));
    o.addOption(valued("seed", "N", "--broad: seed of the web (default 1)"));
    o.addOption(valued("max-count", "N", "--broad: " + GeneratorKeys.MAX_COUNT + " (default 50)"));
    o.addOption(
        valued(
            "backoff-s",
            "S",
            "--broad: a request to a host within S seconds of its 429 or 503 is a re-ask"
                + " (default 60, the backoff a crawler starts with)"));
    o.addOption(
        Option.builder()
            .longOpt("features-off")
            .desc("--broad: crawl again with every broad-crawl feature switched off, side by side")
            .build());
    BroadBench.addOptions(o);
    o.addOption(valued("json", "FILE", "write the figures to FILE (default bench.json)"));
    o.addOption(valued("dir", "DIR", "work directory (default a temporary one, removed after)"));
    return o;
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Path json = Paths.get(cmd.getOptionValue("json", "bench.json")).toAbsolutePath();
    if (cmd.hasOption("main-content")) {
      return mainContent(Paths.get(cmd.getOptionValue("main-content")), json);
    }
    boolean tempDir = !cmd.hasOption("dir");
    Path dir =
        tempDir
            ? Files.createTempDirectory("trawler-bench")
            : Paths.get(cmd.getOptionValue("dir")).toAbsolutePath();
    Files.createDirectories(dir);
    try {
      if (cmd.hasOption("broad")) {
        BroadBench.Settings broad = broadSettings(cmd);
        List<BroadBench.Run> runs =
            new BroadBench(getConf(), out()).run(broad, BroadBench.focus(cmd, broad), dir);
        BroadBench.print(runs, broad.backoffSeconds(), out());
        BroadBench.writeJson(broad, runs, meter.processRssPeakBytes(), json);
        out().println("bench: figures written to " + json);
        return 0;
      }
      if (cmd.hasOption("soak")) {
        SoakReport soak = new SoakRun(getConf(), out()).run(soakSettings(cmd), dir);
        writeReport(soak, json);
        return soak.passed() ? 0 : 1;
      }
      org.apache.hadoop.fs.Path hadoopDir = new org.apache.hadoop.fs.Path(dir.toString());
      Report report;
      if (cmd.getOptionValue("profile", "").equals(DOCS_PROFILE)) {
        List<DocumentBenchmark.Figures> figures =
            new DocumentBenchmark(getConf(), CrawlParser::new, out())
                .run(intOption(cmd, "documents", 200), intOption(cmd, "rounds", 5));
        DocumentBenchmark.writeJson(figures, meter.processRssPeakBytes(), json);
        out().println("bench: figures written to " + json);
        return 0;
      }
      if (cmd.hasOption("parse-filters")) {
        SiteProfile profile = profile(cmd);
        List<FilterBenchmark.Figures> figures =
            new FilterBenchmark(getConf(), out())
                .run(
                    profile, (int) positiveLong(cmd, "parse-filters"), intOption(cmd, "rounds", 5));
        FilterBenchmark.writeJson(
            cmd.getOptionValue("profile", "default"), figures, meter.processRssPeakBytes(), json);
        out().println("bench: figures written to " + json);
        return 0;
      }
      if (cmd.hasOption("vs-wget")) {
        boolean crawled = new WgetComparison(getConf(), out()).run(wgetSettings(cmd), dir, json);
        return crawled ? 0 : 3;
      }
      if (cmd.hasOption("render")) {
        renderBench((int) positiveLong(cmd, "render"), dir, json);
        return 0;
      }
      if (cmd.hasOption("linkdb-urls")) {
        report =
            new LinkDbBenchmark(getConf(), meter, out())
                .run(
                    hadoopDir,
                    positiveLong(cmd, "linkdb-urls"),
                    intOption(cmd, "rounds", LINKDB_ROUNDS));
      } else if (cmd.hasOption("db-urls") && cmd.hasOption("db-sites")) {
        report =
            new SiteListBenchmark(getConf(), meter, out())
                .run(hadoopDir, positiveLong(cmd, "db-urls"));
      } else if (cmd.hasOption("db-urls")) {
        report =
            new CrawlDbBenchmark(getConf(), meter, out())
                .run(hadoopDir, positiveLong(cmd, "db-urls"));
      } else {
        report = cycle(cmd, dir);
      }
      writeReport(report, json);
    } finally {
      if (tempDir) {
        FileUtil.fullyDelete(dir.toFile());
      }
    }
    return 0;
  }

  /** --main-content DIR: the corpus's figures; exit 1 when DIR holds no page. */
  private int mainContent(Path corpus, Path json) throws IOException, UsageException {
    if (!Files.isDirectory(corpus)) {
      throw new UsageException("--main-content: no directory " + corpus);
    }
    List<Path> pages = MainContentBenchmark.pages(corpus);
    if (pages.isEmpty()) {
      out()
          .println(
              "bench: no page in "
                  + corpus
                  + " (a directory per page with source.html and expected.html or expected.txt)");
      return 1;
    }
    List<MainContentBenchmark.Figures> figures =
        new MainContentBenchmark(getConf(), out()).run(pages);
    MainContentBenchmark.writeJson(corpus, figures, meter.processRssPeakBytes(), json);
    out().println("bench: figures written to " + json);
    return 0;
  }

  private void writeReport(Report report, Path json) throws IOException {
    report.peakRss(meter.processRssPeakBytes());
    report.print(out());
    try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
      report.writeJson(new JsonOutput(w));
      w.write('\n');
    }
    out().println("bench: figures written to " + json);
  }

  /**
   * The soak's settings: 2000 hosts of 200 pages, 2000 URLs a round, one per host. A round then
   * takes 20-40 s on two cores (many rounds in half an hour, each fetch long enough to measure),
   * and 90 rounds fetch about 160 000 of the site's 400 000 URLs: the crawl never runs dry.
   */
  private static SoakRun.Settings soakSettings(CommandLine cmd) throws UsageException {
    double minutes = doubleOption(cmd, "soak", 0);
    SoakRun.Settings s =
        new SoakRun.Settings(
            intOption(cmd, "hosts", 2000),
            intOption(cmd, "pages", 200),
            intOption(cmd, "threads", 50),
            longOption(cmd, "topN", 2000),
            minutes,
            intOption(cmd, "rounds", Integer.MAX_VALUE),
            intOption(cmd, "latency-ms", 20),
            doubleOption(cmd, "delay-s", 0.5),
            SoakRun.faultMix());
    if (minutes <= 0
        || s.hosts() < 1
        || s.pages() < 1
        || s.threads() < 1
        || s.topN() < 1
        || s.maxRounds() < 1) {
      throw new UsageException(
          "--soak MINUTES must be above 0; --hosts, --pages, --threads, --topN and --rounds at"
              + " least 1");
    }
    return s;
  }

  /** --broad: the issue's broad-crawl budget and politeness on the default web. */
  private static BroadBench.Settings broadSettings(CommandLine cmd) throws UsageException {
    WebShape shape = SimWebCommand.webShape(cmd);
    BroadBench.Settings s =
        new BroadBench.Settings(
            shape,
            intOption(cmd, "rounds", 6),
            longOption(cmd, "topN", 1000),
            intOption(cmd, "threads", 50),
            doubleOption(cmd, "delay-s", 0.5),
            intOption(cmd, "max-count", 50),
            longOption(cmd, "backoff-s", BroadBench.DEFAULT_BACKOFF_SECONDS),
            cmd.hasOption("features-off"));
    if (s.rounds() < 1
        || s.topN() < 1
        || s.threads() < 1
        || s.delaySeconds() < 0
        || s.backoffSeconds() < 0) {
      throw new UsageException(
          "--rounds, --topN and --threads must be at least 1; --delay-s and --backoff-s not"
              + " negative");
    }
    return s;
  }

  /** --vs-wget: the apidocs profile's pages on 3 hosts, crawled by 30 threads, by default. */
  private static WgetComparison.Settings wgetSettings(CommandLine cmd) throws UsageException {
    SiteProfile profile = cmd.hasOption("profile") ? profile(cmd) : SiteProfile.APIDOCS;
    WgetComparison.Settings s =
        new WgetComparison.Settings(
            profile,
            intOption(cmd, "hosts", 3),
            intOption(cmd, "pages", profile.pages()),
            intOption(cmd, "outlinks", 0),
            intOption(cmd, "threads", 30),
            intOption(cmd, "rounds", 50),
            cmd.getOptionValue("wget", "wget"),
            cmd.getOptionValue("crawl-opts", ""));
    if (s.hosts() < 1 || s.pages() < 1 || s.threads() < 1 || s.maxRounds() < 1) {
      throw new UsageException("--hosts, --pages, --threads and --rounds must be at least 1");
    }
    return s;
  }

  private static SiteProfile profile(CommandLine cmd) throws UsageException {
    try {
      return SiteProfile.named(cmd.getOptionValue("profile", "default"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
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
    SiteProfile profile = profile(cmd);
    // the default profile keeps bench's politeness-bound main target; another one measures work
    boolean site = profile != SiteProfile.DEFAULT;
    BenchReport.Settings s =
        new BenchReport.Settings(
            intOption(cmd, "hosts", site ? profile.hosts() : 200),
            intOption(cmd, "pages", site ? profile.pages() : 50),
            intOption(cmd, "outlinks", site ? profile.outlinks() : 10),
            intOption(cmd, "latency-ms", site ? 0 : 20),
            intOption(cmd, "page-kb", site ? profile.pageKb() : 20),
            doubleOption(cmd, "delay-s", site ? 0 : 0.5),
            intOption(cmd, "threads", site ? 20 : 50),
            intOption(cmd, "rounds", 1),
            longOption(cmd, "topN", -1),
            site || cmd.hasOption("seed-all"),
            profile);
    if (s.hosts() < 1
        || s.pages() < 1
        || s.threads() < 1
        || s.rounds() < 1
        || s.latencyMs() < 0
        || s.delaySeconds() < 0) {
      throw new UsageException(
          "--hosts, --pages, --threads and --rounds must be at least 1; latency and delay not negative");
    }
    int serverThreads = intOption(cmd, "server-threads", SimWebProcess.serverThreads(s.threads()));
    // every request a page: the politeness bound counts requests, and error pages are not work
    List<String> simweb =
        SimWebProcess.cleanSite(
            "--profile",
            profile.cliName(),
            "--hosts",
            "" + s.hosts(),
            "--pages",
            "" + s.pages(),
            "--outlinks",
            "" + s.outlinks(),
            "--latency-ms",
            "" + s.latencyMs(),
            "--page-kb",
            "" + s.pageKb(),
            "--threads",
            "" + serverThreads);
    if (s.seedAll()) {
      simweb.add("--seed-all");
    }
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    out().println("bench: starting simweb in its own JVM: " + String.join(" ", simweb));
    BenchReport report = new BenchReport(s);
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      Configuration conf = crawlConf(s);
      CrawlDir crawl = crawlDir(dir.resolve("crawl"));
      report.add(meter.measure(0, "inject", () -> inject(conf, crawl, seeds.getParent())));
      CrawlRound round =
          new CrawlRound(conf, crawl, new Generator.Settings(Math.max(0, s.topN()), 1, 0, false))
              .indexingInto(new org.apache.hadoop.fs.Path(crawl.root(), "index"));
      for (int n = 1; n <= s.rounds(); n++) {
        List<PhaseMeter.Sample> samples = new ArrayList<>();
        if (round.run(n, measured(n, samples)).isEmpty()) {
          out().println("bench: round " + n + ": nothing due, stopping");
          break;
        }
        samples.forEach(report::add);
        out().println("bench: round " + n + " done");
      }
      report.add(meter.measure(0, "warc", () -> exportWarc(conf, crawl, dir.resolve("warc"))));
      // The fixed cost of a job: the same round on a crawldb of one URL (a warm JVM, as in `run`).
      Path one = dir.resolve("one-seed");
      Files.createDirectories(one);
      Files.writeString(one.resolve("seed.txt"), Files.readAllLines(seeds).get(0) + "\n");
      CrawlDir tiny = crawlDir(dir.resolve("tiny"));
      report.addFixedCost(meter.measure(0, "inject", () -> inject(conf, tiny, one)));
      List<PhaseMeter.Sample> fixed = new ArrayList<>();
      new CrawlRound(conf, tiny, new Generator.Settings(0, 1, 0, false))
          .indexingInto(new org.apache.hadoop.fs.Path(tiny.root(), "index"))
          .run(0, measured(0, fixed));
      fixed.forEach(report::addFixedCost);
      // The round's fixed cost proper: the same round again with no politeness delay to wait out.
      Configuration noDelay = new Configuration(conf);
      noDelay.set(PolitenessKeys.SERVER_DELAY, "0");
      CrawlDir bare = crawlDir(dir.resolve("tiny-no-delay"));
      inject(noDelay, bare, one);
      List<PhaseMeter.Sample> bareRound = new ArrayList<>();
      new CrawlRound(noDelay, bare, new Generator.Settings(0, 1, 0, false))
          .run(0, measured(0, bareRound));
      bareRound.forEach(report::addRoundCost);
      report.serverCpuSeconds(server.cpuSeconds());
    }
    return report;
  }

  /** The render benchmark: simweb's script pages in its own JVM, rendered here. */
  private void renderBench(int pages, Path dir, Path json) throws Exception {
    int hosts = Math.max(1, (pages + 99) / 100);
    List<String> simweb =
        SimWebProcess.cleanSite(
            "--hosts",
            "" + hosts,
            "--pages",
            "" + (pages + hosts - 1) / hosts,
            "--outlinks",
            "10",
            "--page-kb",
            "20",
            "--js-pct",
            "100",
            "--seed-all");
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    out().println("bench: starting simweb in its own JVM: " + String.join(" ", simweb));
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      List<String> urls = new ArrayList<>();
      for (String url : Files.readAllLines(seeds)) {
        if (url.contains("/p/") && urls.size() < pages) {
          urls.add(url.strip());
        }
      }
      Configuration conf = new Configuration(getConf());
      ServedAddresses.allow(conf, SiteModel.addresses(hosts), "trawler bench --render");
      conf.set(PolitenessKeys.SERVER_DELAY, "0");
      List<RenderBenchmark.Figures> figures =
          new RenderBenchmark(conf, out()).run(urls, server.pid());
      RenderBenchmark.writeJson(figures, json);
    }
    out().println("bench: figures written to " + json);
  }

  /** Runs each step of a round inside the meter, keeping its sample. */
  private CrawlRound.StepRunner measured(int round, List<PhaseMeter.Sample> into) {
    return (step, work) -> {
      PhaseMeter.Sample sample = meter.measure(round, step, work);
      into.add(sample);
      return sample.results();
    };
  }

  private static CrawlDir crawlDir(Path dir) {
    return new CrawlDir(new org.apache.hadoop.fs.Path(dir.toString()));
  }

  /** Exports every fetched segment as WARC into {@code out}; returns the export's counters. */
  private static Map<String, Long> exportWarc(Configuration conf, CrawlDir crawl, Path out)
      throws Exception {
    WarcExport export = new WarcExport();
    export.setConf(new Configuration(conf));
    export.export(
        new org.apache.hadoop.fs.Path(out.toString()),
        Segment.withPart(conf, crawl.segments(), Segment.CRAWL_FETCH, "fetched"));
    return export.results();
  }

  /** Injects the seeds under {@code urlDir}; returns inject's counters. */
  private static Map<String, Long> inject(Configuration conf, CrawlDir crawl, Path urlDir)
      throws Exception {
    Injector injector = new Injector();
    injector.setConf(new Configuration(conf));
    injector.inject(crawl.crawlDb(), new org.apache.hadoop.fs.Path(urlDir.toString()), false);
    return injector.results();
  }

  /** What a benchmark hands back: a table for people, bench.json for scripts. */
  interface Report {
    /** The benchmark JVM's peak resident set over the whole run, bytes (-1 if unknown). */
    void peakRss(long bytes);

    void print(PrintStream out);

    void writeJson(JsonOutput json) throws IOException;
  }

  /**
   * Settings for a crawl of loopback: the benchmark's politeness, no robots or parse surprises; the
   * site's own addresses let through the address policy, no other.
   */
  private Configuration crawlConf(BenchReport.Settings s) {
    Configuration conf = new Configuration(getConf());
    ServedAddresses.allow(conf, SiteModel.addresses(s.hosts()), "trawler bench");
    conf.set(PolitenessKeys.SERVER_DELAY, Double.toString(s.delaySeconds()));
    conf.setInt(ProtocolKeys.FETCHER_THREADS, s.threads());
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 1);
    conf.setInt(FetcherKeys.PROGRESS_INTERVAL, 10);
    return conf;
  }
}
