package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.simweb.SiteModel;

/**
 * {@code bench} end to end at a tiny size, through its command: simweb in its own JVM, inject, two
 * rounds, and the round on a one-URL crawldb; what it measured is checked against the site model.
 */
public class BenchCycleTest {
  private static final int HOSTS = 3;
  private static final int PAGES = 8;
  private static final int ROUNDS = 2;

  /**
   * A round's phases: the fetch task parses (fetcher.parse, on by default in rounds), and no dedup:
   * every page of the site is prose of its own, so updatedb finds no pair to mark (CandidatePairs).
   */
  private static final List<String> ROUND_PHASES =
      List.of(
          CrawlRound.GENERATE,
          CrawlRound.FETCH,
          CrawlRound.UPDATEDB,
          CrawlRound.INVERTLINKS,
          CrawlRound.INDEX);

  /** The one-URL round's phases: no dedup either, one fetched page having no pair to judge. */
  private static final List<String> ONE_URL_PHASES = ROUND_PHASES;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  /**
   * The site bench serves: every page OK (bench sets the other kinds to 0 %), default seed and
   * links.
   */
  private static final SiteModel SITE =
      SiteModel.builder()
          .hosts(HOSTS)
          .pages(PAGES)
          .outlinks(10)
          .redirectPct(0)
          .notFoundPct(0)
          .errorPct(0)
          .disallowPct(0)
          .build();

  private static File dir;
  private static File json;
  private static String output;
  private static JsonNode report;

  @BeforeClass
  public static void runBench() throws Exception {
    dir = TMP.newFolder("bench");
    json = new File(dir, "bench.json");
    BenchRun run =
        BenchRun.of(
            json,
            "bench",
            "--hosts",
            "" + HOSTS,
            "--pages",
            "" + PAGES,
            "--outlinks",
            "10",
            "--latency-ms",
            "0",
            "--delay-s",
            "0",
            "--threads",
            "4",
            "--rounds",
            "" + ROUNDS,
            "--dir",
            dir.getPath());
    output = run.output();
    report = run.report();
  }

  /** The URLs round k fetches: those k − 1 links from the seeds. */
  private static long urlsAtDepth(int depth) {
    return SITE.linkDepths().values().stream().filter(d -> d == depth).count();
  }

  private static List<String> phases(JsonNode samples) {
    List<String> list = new ArrayList<>();
    samples.forEach(s -> list.add(s.get("round").asInt() + " " + s.get("phase").asText()));
    return list;
  }

  private static JsonNode sample(JsonNode samples, int round, String phase) {
    for (JsonNode s : samples) {
      if (s.get("round").asInt() == round && s.get("phase").asText().equals(phase)) {
        return s;
      }
    }
    throw new AssertionError("no " + phase + " of round " + round + " in " + samples);
  }

  @Test
  public void eachRoundIsMeasuredPhaseByPhaseAfterInject() {
    List<String> expected = new ArrayList<>(List.of("0 inject"));
    for (int round = 1; round <= ROUNDS; round++) {
      for (String phase : ROUND_PHASES) {
        expected.add(round + " " + phase);
      }
    }
    expected.add("0 warc"); // the rounds' segments exported once at the end
    assertEquals(expected, phases(report.get("phases")));
    for (JsonNode s : report.get("phases")) {
      assertTrue(s.toString(), s.get("seconds").asDouble() > 0);
    }
  }

  @Test
  public void theWarcExportOfTheSegmentsIsReportedInMegabytesPerSecond() {
    JsonNode warc = report.get("warc");
    assertTrue(warc.toString(), warc.get("payloadBytes").asLong() > 0);
    assertTrue(warc.toString(), warc.get("warcBytes").asLong() > 0);
    assertTrue(warc.toString(), warc.get("payloadMBPerSecond").asDouble() > 0);
    assertTrue(output, output.contains("warc export: "));
  }

  /**
   * The datasets bench on the crawl bench kept: the same pages go through each job, and every kind
   * of file is there, counted per page and against the WARC.
   */
  @Test
  public void theDatasetsOfTheKeptCrawlAreMeasuredPerPage() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    DatasetBenchmark bench = new DatasetBenchmark(conf, new PhaseMeter(), out);
    DatasetBenchmark.Report r =
        bench.run(
            new Path(new File(dir, "crawl").getPath()),
            new Path(TMP.newFolder("datasets").getPath()));
    bench.print(r);
    String printed = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(printed, r.pages() > 0);
    assertEquals(printed, 3, r.jobs().size());
    r.jobs().forEach(j -> assertEquals(printed, r.pages(), j.pages()));
    assertTrue(printed, printed.contains("urlindex: " + r.pages() + " rows"));
    for (String kind : List.of("warc", "wat", "wet", "cdxj", "parquet")) {
      assertTrue(kind + ": " + printed, r.bytesPerPage(kind) > 0);
    }
    assertEquals(printed, 1.0, r.ofWarc("warc"), 0);
    assertTrue(
        "no page was parsed with Markdown: its files hold their warcinfo only",
        r.bytesPerPage("markdown") < r.bytesPerPage("wet"));
  }

  @Test
  public void eachRoundFetchesThePagesTheSiteModelPutsAtItsDepth() {
    for (int round = 1; round <= ROUNDS; round++) {
      assertEquals(
          "fetch list of round " + round,
          urlsAtDepth(round - 1),
          sample(report.get("phases"), round, CrawlRound.FETCH).get("records").asLong());
      assertTrue(output, output.contains("bench: round " + round + " done"));
    }
    JsonNode fetch = report.get("fetch");
    assertEquals("the round with the most pages", ROUNDS, fetch.get("round").asInt());
    assertEquals(urlsAtDepth(ROUNDS - 1), fetch.get("pages").asLong());
    assertTrue(fetch.get("pagesPerSecond").asDouble() > 0);
    // robots.txt and tdmrep.json are asked within pages' turns: only soft-404 probes (off) take one
    assertEquals(fetch.toString(), 0, fetch.get("turnRequests").asLong());
    assertTrue(
        output,
        output.contains("fetch (round " + ROUNDS + "): " + urlsAtDepth(ROUNDS - 1) + " pages in "));
  }

  @Test
  public void theFixedCostIsARoundOnOneUrl() {
    JsonNode fixed = report.get("fixedCost");
    List<String> expected = new ArrayList<>(List.of("0 inject"));
    ONE_URL_PHASES.forEach(phase -> expected.add("0 " + phase));
    assertEquals(expected, phases(fixed.get("phases")));
    assertEquals(1, sample(fixed.get("phases"), 0, CrawlRound.FETCH).get("records").asLong());
    assertTrue(fixed.get("perJobSeconds").asDouble() > 0);
    assertTrue(output, output.contains("fixed cost per job (a round on a one-URL crawldb): "));
    assertTrue(output, output.contains("index (round 1): "));
  }

  @Test
  public void theRoundsFixedCostIsMeasuredWithoutThePolitenessDelay() {
    JsonNode fixed = report.get("fixedCost");
    List<String> expected = new ArrayList<>();
    ONE_URL_PHASES.stream()
        .filter(phase -> !phase.equals(CrawlRound.INDEX))
        .forEach(phase -> expected.add("0 " + phase));
    assertEquals(expected, phases(fixed.get("roundPhases")));
    assertEquals(1, sample(fixed.get("roundPhases"), 0, CrawlRound.FETCH).get("records").asLong());
    double round = fixed.get("roundSeconds").asDouble();
    assertTrue(fixed.toString(), round > 0);
    assertTrue(fixed.toString(), fixed.get("roundSecondsWithDelay").asDouble() > 0);
    assertTrue(
        output,
        output.contains("fixed cost of a round (generate, fetch+parse, updatedb, invertlinks): "));
    assertTrue(output, output.contains("with no politeness delay (generate "));
  }

  @Test
  public void theFiguresGoToTheJsonFileWithTheSettings() {
    JsonNode settings = report.get("settings");
    assertEquals(HOSTS, settings.get("hosts").asInt());
    assertEquals(PAGES, settings.get("pages").asInt());
    assertEquals(ROUNDS, settings.get("rounds").asInt());
    assertEquals("default", settings.get("profile").asText());
    assertTrue(report.get("serverCpuSeconds").isNumber());
  }

  @Test
  public void thePeakResidentSetIsReportedPerPhaseAndForTheRun() {
    if (ResidentMemory.peakBytes() < 0) {
      return; // not Linux: no VmHWM to report
    }
    double peak = report.get("peakRssMB").asDouble();
    assertTrue(report.toString(), peak > 0);
    for (JsonNode s : report.get("phases")) {
      assertTrue(s.toString(), s.get("rssPeakMB").asDouble() > 0);
      assertTrue(s.toString(), s.get("rssPeakMB").asDouble() <= peak);
    }
    assertTrue(output, output.contains("peak RSS of the benchmark's JVM: "));
    assertTrue(output, output.contains("bench: figures written to " + json.getAbsolutePath()));
  }
}
