package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/**
 * {@code bench cycle -D fetcher.parse=false} at a tiny size: a parse job each round, the parser
 * alone on the same pages, and the same segments parsed again by warm parse jobs (issue 43 §1).
 */
public class BenchCycleParseJobTest {
  private static final int HOSTS = 2;
  private static final int PAGES = 6;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static String output;
  private static JsonNode report;

  @BeforeClass
  public static void runBench() throws Exception {
    File dir = TMP.newFolder("bench");
    File json = TMP.newFile("bench.json");
    BenchRun run =
        BenchRun.of(
            json,
            "bench",
            "cycle",
            "--hosts",
            "" + HOSTS,
            "--pages",
            "" + PAGES,
            "--seed-all",
            "--latency-ms",
            "0",
            "--delay-s",
            "0",
            "--threads",
            "4",
            "--rounds",
            "1",
            "-D",
            "fetcher.parse=false",
            "--dir",
            dir.getPath());
    output = run.output();
    report = run.report();
  }

  @Test
  public void theParseJobIsComparedWithTheParserAloneOnTheSamePages() {
    JsonNode parse = report.get("parseJob");
    // every page injected, all fetched in the one round (and each host's root)
    long pages = parse.get("pages").asLong();
    assertTrue(parse.toString(), pages >= HOSTS * PAGES);
    assertEquals(parse.toString(), pages, parse.get("parserAlonePages").asLong());
    assertTrue(parse.toString(), parse.get("ratio").asDouble() > 0);
    assertTrue(output, output.contains("CPU per page"));
  }

  @Test
  public void theSameSegmentsAreParsedAgainWarmAndComparedToo() {
    JsonNode parse = report.get("parseJob");
    JsonNode warm = parse.get("warm");
    assertEquals(parse.toString(), parse.get("pages").asLong(), warm.get("pages").asLong());
    assertTrue(warm.toString(), warm.get("cpuSeconds").asDouble() > 0);
    assertTrue(warm.toString(), warm.get("ratio").asDouble() > 0);
    boolean again = false;
    for (JsonNode s : report.get("phases")) {
      again |= s.get("phase").asText().equals(BenchReport.REPARSE);
    }
    assertTrue(report.get("phases").toString(), again);
    assertTrue(output, output.contains("parsed again by parse jobs in this JVM (warm"));
  }
}
