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
import org.trawler.jobs.Main;
import org.trawler.simweb.SiteModel;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench --vs-wget} on a tiny apidocs site: run in its own JVM for one round (the seeds), and
 * wget -r to the end when this machine has wget; without it, the one line that says so.
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
              "1",
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
    assertEquals(SITE.seeds().size(), trawler.get("pages").asLong()); // one round: the home pages
    assertTrue(trawler.toString(), trawler.get("cpuSeconds").asDouble() > 0);
    // a JVM that ran Hadoop jobs holds tens of megabytes at least
    assertTrue(trawler.toString(), trawler.get("peakRssBytes").asLong() > 30_000_000L);
    assertEquals(1, report.get("trawlerSteps").get("rounds").asInt());
    assertEquals("-XX:TieredStopAtLevel=1", report.get("settings").get("crawlJvmOptions").asText());
    assertTrue(report.get("trawlerSteps").get("fetch").asDouble() > 0);
    assertTrue(report.get("peakRssBytes").asLong() > 0); // the bench JVM's own
  }

  @Test
  public void wgetMirrorsEveryPageOfTheSitesHostsOrTheLineSaysItIsMissing() {
    assertEquals(wgetHere, report.get("wgetFound").asBoolean());
    if (wgetHere) {
      JsonNode wget = report.get("runs").get(1);
      assertEquals("wget -r x " + HOSTS, wget.get("name").asText());
      assertEquals(HOSTS, wget.get("processes").asInt());
      // -r without -H: every page of the hosts, none of another's
      assertEquals(SITE.allUrls().size(), wget.get("pages").asLong());
      assertTrue(wget.toString(), wget.get("peakRssBytes").asLong() > 0);
      assertTrue(output, output.contains("bench: trawler's wall time / wget's: "));
    } else {
      assertEquals(1, report.get("runs").size());
      assertTrue(output, output.contains("bench: wget not found (wget): the comparison with wget"));
    }
    assertFalse(output, output.contains("Exception"));
  }

  @Test
  public void theTableNamesEachSideWithWallCpuAndPeakRss() {
    assertTrue(output, output.contains("wall s     CPU s   peak RSS MB"));
    assertTrue(output, output.contains("trawler run (4 threads)"));
  }
}
