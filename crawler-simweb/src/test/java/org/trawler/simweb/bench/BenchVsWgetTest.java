package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench --vs-wget} on a tiny apidocs site: run in its own JVM and wget -r, both to the end,
 * fetching the same pages (the build installs wget, as it installs Chromium); the bench says so and
 * gives each side's CPU per page.
 */
public class BenchVsWgetTest {
  private static final int HOSTS = 2;
  private static final int PAGES = 4;

  private static final SiteModel SITE =
      SiteModel.builder()
          .profile(SiteProfile.APIDOCS)
          .hosts(HOSTS)
          .pages(PAGES)
          .redirectPct(0)
          .notFoundPct(0)
          .errorPct(0)
          .disallowPct(0)
          .build();

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static boolean wgetHere;
  private static String output;
  private static JsonNode report;

  @BeforeClass
  public static void runBench() throws Exception {
    wgetHere =
        Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(d -> Files.isExecutable(Paths.get(d, "wget")));
    File dir = TMP.newFolder("bench");
    File json = new File(dir, "bench.json");
    Configuration conf = CrawlerConfiguration.create();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    int rc =
        Main.run(
            conf,
            new String[] {
              "bench",
              "--vs-wget",
              "--hosts",
              "" + HOSTS,
              "--pages",
              "" + PAGES,
              "--threads",
              "4",
              "--rounds",
              "10",
              // a short crawl: C1 alone costs it less CPU (the option reaches the crawl's JVM)
              "--crawl-opts",
              "-XX:TieredStopAtLevel=1",
              "--dir",
              dir.getPath(),
              "--json",
              json.getPath()
            },
            out,
            out);
    output = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(output, 0, rc);
    report = new ObjectMapper().readTree(json);
  }

  @Test
  public void trawlersRunFetchesTheSeedsAndReportsItsCpuAndPeakRss() {
    JsonNode trawler = report.get("runs").get(0);
    assertTrue(trawler.toString(), trawler.get("name").asText().startsWith("trawler run"));
    assertEquals(0, trawler.get("exitCode").asInt());
    // to the end: every page of the site, as wget's -r
    assertEquals(SITE.allUrls().size(), trawler.get("pages").asLong());
    assertTrue(trawler.toString(), trawler.get("cpuSeconds").asDouble() > 0);
    // a JVM that ran Hadoop jobs holds tens of megabytes at least
    assertTrue(trawler.toString(), trawler.get("peakRssBytes").asLong() > 30_000_000L);
    assertTrue(report.toString(), report.get("trawlerSteps").get("rounds").asInt() > 1);
    assertEquals("-XX:TieredStopAtLevel=1", report.get("settings").get("crawlJvmOptions").asText());
    assertTrue(report.get("trawlerSteps").get("fetch").asDouble() > 0);
    assertTrue(report.get("peakRssBytes").asLong() > 0); // the bench JVM's own
  }

  @Test
  public void wgetMirrorsEveryPageOfTheSitesHostsAndBothDidTheSameWork() {
    assertTrue("the build installs wget", wgetHere);
    assertTrue(report.get("wgetFound").asBoolean());
    JsonNode wget = report.get("runs").get(1);
    assertEquals("wget -r x " + HOSTS, wget.get("name").asText());
    assertEquals(HOSTS, wget.get("processes").asInt());
    // -r without -H: every page of the hosts, none of another's
    assertEquals(SITE.allUrls().size(), wget.get("pages").asLong());
    assertTrue(wget.toString(), wget.get("peakRssBytes").asLong() > 0);
    assertTrue(report.toString(), report.get("samePages").asBoolean());
    assertTrue(
        output,
        output.contains("bench: both fetched " + SITE.allUrls().size() + " pages: the same work"));
    assertTrue(output, output.contains("bench: CPU per page: trawler "));
    assertTrue(output, output.contains("bench: trawler's wall time / wget's: "));
    assertFalse(output, output.contains("Exception"));
  }

  @Test
  public void theSameWorkNeedsAsManyPagesOnBothSides() {
    WgetComparison.Run a = new WgetComparison.Run("trawler", 1, 2.0, 1.0, 1, 10, 0);
    WgetComparison.Run b = new WgetComparison.Run("wget", 1, 1.0, 0.5, 1, 10, 0);
    assertTrue(WgetComparison.sameWork(a, b));
    assertEquals(0.1, WgetComparison.cpuPerPage(a), 1e-9);
    assertFalse(WgetComparison.sameWork(a, new WgetComparison.Run("wget", 1, 1, 1, 1, 9, 0)));
  }

  @Test
  public void theTableNamesEachSideWithWallCpuAndPeakRss() {
    assertTrue(output, output.contains("wall s     CPU s   peak RSS MB"));
    assertTrue(output, output.contains("trawler run (4 threads)"));
  }
}
