package org.trawler.simweb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.Segment;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.jobs.warc.WarcExport;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench cycle} (and {@code bench} alone): crawls a simweb site served by a separate JVM for
 * a few rounds and reports, per phase and round (each round ends with an index step), wall and CPU
 * time, records per second and peak heap; the fetch rate against the politeness bound; documents
 * per second into Lucene; and the fixed cost of a job and of a round (a round on a one-URL crawldb,
 * with the bench's politeness delay and without). With {@code -D fetcher.parse=false} (a parse job
 * each round), the parse jobs' CPU per page against the parser alone on the same pages ({@link
 * ParserAlone}), and again for parse jobs of the same segments run after it in the same JVM (warm,
 * as a run's later rounds parse); parsing in the fetch task, there is no parse job to compare and
 * no parseJob.
 */
final class BenchCycle extends BenchMode {
  /**
   * The JIT compiler threads' CPU during the rounds' parse jobs, ms (-1: unknown): the parse job's
   * CPU includes compiling the parse, which the parser alone, measured warm after the jobs, does
   * not.
   */
  private long parseJitMillis;

  @Override
  String subcommand() {
    return "cycle";
  }

  @Override
  String summary() {
    return "the crawl cycle against simweb in its own JVM, per phase and round (the default)";
  }

  @Override
  String modeSynopsis() {
    return "[--profile default|apidocs|docs] [--hosts H] [--pages P] [--outlinks K] [--latency-ms MS]"
        + " [--page-kb KB] [--delay-s S] [--threads N] [--rounds R] [--topN N] [--seed-all]"
        + " [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(
        option(
            "profile",
            "NAME",
            "simweb's site shape: default, apidocs (reference documentation, link-heavy pages) or"
                + " docs (documentation as published); apidocs and docs bring their own hosts,"
                + " pages, outlinks and sizes, no latency or delay, 20 threads"));
    o.addOption(shape("hosts", "200"));
    o.addOption(shape("pages", "50"));
    o.addOption(shape("outlinks", "10"));
    o.addOption(shape("latency-ms", "20"));
    o.addOption(shape("page-kb", "20"));
    o.addOption(shape("delay-s", "0.5"));
    o.addOption(shape("threads", "50"));
    o.addOption(
        option("server-threads", "N", "simweb server threads (default 4 x threads, at least 64)"));
    o.addOption(shape("rounds", "1"));
    o.addOption(shape("topN", "all due"));
    o.addOption(flag("seed-all", "inject every page of the site, not only home pages"));
    return o;
  }

  /** The cycle benchmark: simweb in its own JVM, inject + R rounds here, then a one-URL round. */
  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
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
      // the rounds' own setting: they parse in the fetch task unless fetcher.parse=false is set
      if (!round.parsesInFetch()) {
        List<org.apache.hadoop.fs.Path> parsed =
            Segment.withPart(conf, crawl.segments(), Segment.PARSE_DATA, "parsed");
        report.parserAlone(ParserAlone.measure(conf, parsed), JitTime.seconds(parseJitMillis));
        // The same segments parsed again by parse jobs in this JVM, as the rounds after a run's
        // first parse: compiled by now, so what the job costs around the parser, without the
        // JIT's warm-up of a fresh JVM.
        long jit = JitTime.cpuMillis();
        for (org.apache.hadoop.fs.Path segment : parsed) {
          report.add(meter.measure(0, BenchReport.REPARSE, () -> reparse(conf, segment)));
        }
        report.reparseJitSeconds(JitTime.seconds(JitTime.millisSince(jit)));
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
      // The round's fixed cost proper: the same round again with no politeness delay to wait out,
      // as a user's round runs it (each step only timed): its wall time.
      Configuration noDelay = new Configuration(conf);
      noDelay.set(PolitenessKeys.SERVER_DELAY, "0");
      CrawlDir bare = crawlDir(dir.resolve("tiny-no-delay"));
      inject(noDelay, bare, one);
      List<PhaseMeter.Sample> bareRound = new ArrayList<>();
      System.gc(); // the phases before are not billed to it
      new CrawlRound(noDelay, bare, new Generator.Settings(0, 1, 0, false))
          .run(0, timed(0, bareRound))
          .ifPresent(r -> report.roundWallSeconds(r.wallSeconds()));
      bareRound.forEach(report::addRoundCost);
      report.serverCpuSeconds(server.cpuSeconds());
    }
    writeReport(report, json);
    return 0;
  }

  /** Runs each step of a round inside the meter, keeping its sample. */
  private CrawlRound.StepRunner measured(int round, List<PhaseMeter.Sample> into) {
    return (step, work) -> {
      long jit = JitTime.cpuMillis();
      PhaseMeter.Sample sample = meter.measure(round, step, work);
      if (round > 0 && step.equals(CrawlRound.PARSE)) {
        long spent = JitTime.millisSince(jit);
        parseJitMillis = spent < 0 || parseJitMillis < 0 ? -1 : parseJitMillis + spent;
      }
      into.add(sample);
      return sample.results();
    };
  }

  /** Times each step of a round, keeping its sample. */
  private CrawlRound.StepRunner timed(int round, List<PhaseMeter.Sample> into) {
    return (step, work) -> {
      PhaseMeter.Sample sample = meter.timed(round, step, work);
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

  /** Parses {@code segment} again (its parse output replaced); returns the job's counters. */
  private static Map<String, Long> reparse(Configuration conf, org.apache.hadoop.fs.Path segment)
      throws Exception {
    ParseSegment parse = new ParseSegment();
    parse.setConf(new Configuration(conf));
    parse.parse(segment, true);
    return parse.results();
  }

  /** Injects the seeds under {@code urlDir}; returns inject's counters. */
  private static Map<String, Long> inject(Configuration conf, CrawlDir crawl, Path urlDir)
      throws Exception {
    Injector injector = new Injector();
    injector.setConf(new Configuration(conf));
    injector.inject(crawl.crawlDb(), new org.apache.hadoop.fs.Path(urlDir.toString()), false);
    return injector.results();
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
