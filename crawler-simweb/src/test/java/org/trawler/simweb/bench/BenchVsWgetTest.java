package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench --vs-wget} on a tiny site of its default shape (docs): run in its own JVM and wget
 * -r, both to the end, fetching the same pages (the build installs wget, as it installs Chromium);
 * the bench says so and gives each side's CPU per page.
 */
public class BenchVsWgetTest {
  private static final int HOSTS = 2;
  private static final int PAGES = 4;

  private static final SiteModel SITE =
      SiteModel.builder()
          .profile(SiteProfile.DOCS)
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
    BenchRun run =
        BenchRun.of(
            json,
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
            dir.getPath());
    output = run.output();
    report = run.report();
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
        output.contains(
            "bench: both fetched the same " + SITE.allUrls().size() + " pages: the same work"));
    // the same URLs, over all of trawler's rounds
    assertEquals(
        report.toString(), SITE.allUrls().size(), report.get("urlsFetchedByTrawler").asInt());
    assertEquals(report.toString(), SITE.allUrls().size(), report.get("urlsFetchedByWget").asInt());
    assertEquals(0, report.get("onlyTrawler").size());
    assertEquals(0, report.get("onlyWget").size());
    double trawlerCpu = report.get("runs").get(0).get("cpuSecondsPerPage").asDouble();
    double wgetCpu = report.get("runs").get(1).get("cpuSecondsPerPage").asDouble();
    assertTrue(report.toString(), trawlerCpu > 0 && wgetCpu > 0);
    assertTrue(output, output.contains("bench: CPU per page: trawler "));
    assertTrue(output, output.contains("bench: trawler's wall time / wget's: "));
    assertFalse(output, output.contains("Exception"));
  }

  @Test
  public void theSameWorkIsTheSamePagesNotOnlyAsMany() throws Exception {
    Set<String> trawler = Set.of("http://a/", "http://a/1");
    assertTrue(FetchedUrls.compare(trawler, Set.of("http://a/1", "http://a/")).sameWork(trawler));
    FetchedUrls.Difference other = FetchedUrls.compare(trawler, Set.of("http://a/", "http://a/2"));
    assertFalse(other.sameWork(trawler));
    assertEquals(Set.of("http://a/1"), other.onlyTrawler());
    assertEquals(Set.of("http://a/2"), other.onlyWget());
    assertFalse(FetchedUrls.compare(Set.of(), Set.of()).sameWork(Set.of()));
    assertEquals(
        0.1,
        WgetComparison.cpuPerPage(new WgetComparison.Run("trawler", 1, 2.0, 1.0, 1, 10, 0)),
        1e-9);
    java.nio.file.Path log = TMP.newFile("wget-nv.log").toPath();
    Files.writeString(
        log,
        "2026-11-29 07:35:19 URL:http://127.0.0.2:8080/robots.txt [24/24] -> \"x/robots.txt\" [1]\n"
            + "2026-11-29 07:35:19 URL:http://127.0.0.2:8080/ [1234/1234] -> \"x/index.html\" [1]\n"
            + "http://127.0.0.2:8080/gone:\n2026-11-29 07:35:19 ERROR 404: Not Found.\n"
            + "2026-11-29 07:35:19 URL:http://127.0.0.2:8080/a/b.html [99] -> \"x/a/b.html\" [1]\n");
    assertEquals(
        List.of("http://127.0.0.2:8080/", "http://127.0.0.2:8080/a/b.html"),
        List.copyOf(FetchedUrls.ofWgetLogs(List.of(log))));
  }

  @Test
  public void theTableNamesEachSideWithWallCpuAndPeakRss() {
    assertTrue(output, output.contains("wall s     CPU s   peak RSS MB"));
    assertTrue(output, output.contains("trawler run (4 threads)"));
  }
}
