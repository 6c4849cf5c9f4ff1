package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.rank.RankCommand;

/**
 * {@code bench rank N}: writes a power-law link graph of about N links (a crawldb of N / {@value
 * #LINKS_PER_PAGE_ALL} pages, as {@code bench db} writes one, and one parsed segment whose pages
 * link {@value #LINKS_PER_PAGE} pages each, every {@value #UNFETCHED_EVERY}th page unfetched), then
 * runs {@code rank} twice on it: to convergence, then one iteration. The difference is the cost of
 * the iterations after the first; the rest (building the graph, writing the crawldb) is the fixed
 * cost of a run. The run to convergence goes first, so the JVM's warm-up is billed to the
 * iterations, not taken off them.
 */
final class RankBenchmark {
  /** Links of a parsed page. */
  static final int LINKS_PER_PAGE = 10;

  /** Every this many pages one is known but not fetched: dangling, as a crawl's frontier is. */
  static final int UNFETCHED_EVERY = 5;

  /** Links per page of the graph, counting the unfetched ones. */
  static final int LINKS_PER_PAGE_ALL = LINKS_PER_PAGE * (UNFETCHED_EVERY - 1) / UNFETCHED_EVERY;

  /**
   * A link's target is page {@code pages × u^3} for u uniform in [0, 1): page k's share of inlinks
   * falls as k^(-2/3), the heavy head of a web graph's in-degrees.
   */
  private static final int SKEW = 3;

  /** The rank that runs until convergence stops here if it has not converged. */
  static final int MAX_ITERATIONS = 200;

  static final String ONE_ITERATION = "rank-1-iteration";
  static final String CONVERGED = "rank-converged";

  private final Configuration conf;
  private final PhaseMeter meter;
  private final PrintStream out;

  RankBenchmark(Configuration conf, PhaseMeter meter, PrintStream out) {
    this.conf = new Configuration(conf);
    this.meter = meter;
    this.out = out;
  }

  /** Runs the benchmark on a graph of about {@code links} links, iterating to {@code epsilon}. */
  Report run(Path dir, long links, double epsilon) throws Exception {
    long pages = Math.max(UNFETCHED_EVERY, links / LINKS_PER_PAGE_ALL);
    Path crawlDb = new Path(dir, "crawldb");
    Path segments = new Path(dir, "segments");
    Report report = new Report(links, pages, epsilon);
    out.printf(
        "bench: writing a crawldb of %d pages and a segment of %d links (%d per parsed page)%n",
        pages, links, LINKS_PER_PAGE);
    report.samples.add(
        meter.measure(
            0,
            "synthesize",
            () -> {
              new CrawlDbBenchmark(conf, meter, out)
                  .writeCrawlDb(
                      VersionedDb.current(crawlDb),
                      pages,
                      CrawlDbBenchmark.parts(pages, 1),
                      System.currentTimeMillis());
              writeSegment(new Path(segments, "20000101000000"), pages);
              return Map.of(BenchCommand.MAP_INPUT, pages);
            }));
    report.samples.add(rank(CONVERGED, crawlDb, segments, MAX_ITERATIONS, epsilon, report));
    report.samples.add(rank(ONE_ITERATION, crawlDb, segments, 1, epsilon, report));
    return report;
  }

  private PhaseMeter.Sample rank(
      String phase, Path crawlDb, Path segments, int iterations, double epsilon, Report report)
      throws Exception {
    return meter.measure(
        1,
        phase,
        () -> {
          RankCommand rank = new RankCommand();
          rank.setConf(new Configuration(conf));
          RankCommand.Result result = rank.rank(crawlDb, segments, iterations, epsilon, false);
          out.println("bench: " + phase + ": " + result.summary(crawlDb));
          report.results.add(result);
          return rank.results();
        });
  }

  /** Every parsed page's {@value #LINKS_PER_PAGE} links, drawn from a seeded power law. */
  private void writeSegment(Path segment, long pages) throws IOException {
    Random random = new Random(pages);
    Text key = new Text();
    try (MapFile.Writer w =
        CrawlDbBenchmark.mapFile(
            conf, new Path(segment, Segment.PARSE_DATA + "/part-r-00000"), ParseData.class)) {
      for (long i = 0; i < pages; i++) {
        if (i % UNFETCHED_EVERY == UNFETCHED_EVERY - 1) {
          continue;
        }
        ParseData data = new ParseData(ParseData.SUCCESS, "", "page " + i);
        for (int k = 0; k < LINKS_PER_PAGE; k++) {
          long target = (long) (pages * Math.pow(random.nextDouble(), SKEW));
          data.getOutlinks().add(new Outlink(CrawlDbBenchmark.url(target), "link " + k));
        }
        key.set(CrawlDbBenchmark.url(i));
        w.append(key, data);
      }
    }
  }

  /** Figures of the rank benchmark. */
  static final class Report implements BenchCommand.Report {
    private final long links;
    private final long pages;
    private final double epsilon;
    private final List<PhaseMeter.Sample> samples = new ArrayList<>();

    /** The two rank runs' results: to convergence, then one iteration. */
    final List<RankCommand.Result> results = new ArrayList<>();

    private long peakRssBytes = -1;

    Report(long links, long pages, double epsilon) {
      this.links = links;
      this.pages = pages;
      this.epsilon = epsilon;
    }

    @Override
    public void peakRss(long bytes) {
      peakRssBytes = bytes;
    }

    /** The run to convergence. */
    RankCommand.Result converged() {
      return results.get(0);
    }

    /** The run of one iteration. */
    RankCommand.Result oneIteration() {
      return results.get(1);
    }

    /** Wall seconds of one iteration after the first: the two runs' difference per iteration. */
    double secondsPerIteration() {
      return perIteration(PhaseMeter.Sample::seconds);
    }

    double cpuSecondsPerIteration() {
      return perIteration(PhaseMeter.Sample::cpuSeconds);
    }

    private double perIteration(java.util.function.ToDoubleFunction<PhaseMeter.Sample> f) {
      int more = converged().iterations() - 1;
      return more < 1
          ? 0
          : (f.applyAsDouble(sample(CONVERGED)) - f.applyAsDouble(sample(ONE_ITERATION))) / more;
    }

    /** A run's cost besides its iterations: the graph's jobs and the crawldb's write. */
    double fixedSeconds() {
      return sample(ONE_ITERATION).seconds() - secondsPerIteration();
    }

    double fixedCpuSeconds() {
      return sample(ONE_ITERATION).cpuSeconds() - cpuSecondsPerIteration();
    }

    /** {@code seconds} per million links of the graph. */
    double perMillionLinks(double seconds) {
      long graphLinks = converged().links();
      return graphLinks == 0 ? 0 : seconds * 1e6 / graphLinks;
    }

    private PhaseMeter.Sample sample(String phase) {
      return samples.stream().filter(s -> s.phase().equals(phase)).findFirst().orElseThrow();
    }

    @Override
    public void print(PrintStream out) {
      RankCommand.Result r = converged();
      out.printf(
          "%nrank: %d pages, %d links, %d dangling; %s after %d iterations (epsilon %g, last L1"
              + " change %.3g)%n",
          r.pages(),
          r.links(),
          r.dangling(),
          r.converged() ? "converged" : "not converged",
          r.iterations(),
          epsilon,
          r.change());
      BenchReport.printTable(out, samples);
      out.printf(
          "per iteration: %.2f s wall, %.2f cpu s; per million links: %.2f s wall, %.2f cpu s%n",
          secondsPerIteration(),
          cpuSecondsPerIteration(),
          perMillionLinks(secondsPerIteration()),
          perMillionLinks(cpuSecondsPerIteration()));
      out.printf(
          "fixed cost of a run (graph and crawldb write): %.2f s wall, %.2f cpu s%n",
          fixedSeconds(), fixedCpuSeconds());
      BenchReport.printPeakRss(out, peakRssBytes);
    }

    @Override
    public void writeJson(JsonOutput j) throws IOException {
      RankCommand.Result r = converged();
      j.beginObject()
          .name("linksAsked")
          .value(links)
          .name("pages")
          .value(pages)
          .name("links")
          .value(r.links())
          .name("danglingPages")
          .value(r.dangling())
          .name("epsilon")
          .value(epsilon)
          .name("iterations")
          .value(r.iterations())
          .name("converged")
          .value(r.converged())
          .name("secondsPerIteration")
          .value(secondsPerIteration())
          .name("cpuSecondsPerIteration")
          .value(cpuSecondsPerIteration())
          .name("secondsPerIterationPerMillionLinks")
          .value(perMillionLinks(secondsPerIteration()))
          .name("cpuSecondsPerIterationPerMillionLinks")
          .value(perMillionLinks(cpuSecondsPerIteration()))
          .name("fixedSeconds")
          .value(fixedSeconds())
          .name("fixedCpuSeconds")
          .value(fixedCpuSeconds());
      BenchReport.machine(j);
      j.name("phases");
      BenchReport.writeSamples(j, samples);
      j.name("peakRssMB").value(BenchReport.peakRssMB(peakRssBytes));
      j.endObject();
    }
  }
}
