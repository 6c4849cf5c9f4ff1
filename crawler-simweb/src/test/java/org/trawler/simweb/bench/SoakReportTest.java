package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.Test;
import org.trawler.core.io.JsonOutput;

/** The soak's verdict over its rows: every judged figure flat and no round failed. */
public class SoakReportTest {

  private static SoakReport report(int rounds, long heapGrowthPerRound) {
    SoakReport r =
        new SoakReport(
            new SoakRun.Settings(2000, 200, 50, 2000, 30, 100, 20, 0.5, SoakRun.faultMix()), 1.0);
    for (int n = 1; n <= rounds; n++) {
      r.add(
          new SoakReport.Row(
              n,
              n * 0.5,
              30 + n, // round time grows with the crawldb: not judged
              1800,
              15,
              120,
              20_000_000 + n * heapGrowthPerRound,
              11,
              167,
              281_272,
              0,
              6,
              20_000L * n, // crawldb: not judged
              1_000_000L * n,
              140));
    }
    return r;
  }

  @Test
  public void flatFiguresPassWhateverTheCrawlDbDoes() {
    SoakReport r = report(30, 0);
    assertTrue(r.verdictLine(), r.passed());
    assertEquals(6, r.verdicts().size());
    assertTrue(r.verdictLine().startsWith("PASS:"));
  }

  @Test
  public void aGrowingHeapFailsAndIsNamed() {
    SoakReport r = report(30, 200_000); // 1 % of the heap per round
    assertFalse(r.passed());
    assertTrue(r.verdictLine(), r.verdictLine().contains("heap after GC NOT flat"));
  }

  @Test
  public void aFailedRoundFailsTheSoak() {
    SoakReport r = report(30, 0);
    r.failed(31, "java.io.IOException: disk full");
    assertFalse(r.passed());
    assertEquals("FAIL: round 31: java.io.IOException: disk full", r.verdictLine());
  }

  @Test
  public void tooFewRoundsFail() {
    SoakReport r = report(12, 0);
    assertFalse(r.passed());
    assertTrue(r.verdictLine(), r.verdictLine().contains("12 rounds, a verdict needs 25"));
  }

  @Test
  public void tableAndJsonCarryEveryRound() throws Exception {
    SoakReport r = report(26, 0);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    r.print(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String table = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(table, table.contains("soak: PASS:"));
    StringWriter json = new StringWriter();
    r.writeJson(new JsonOutput(json));
    assertEquals(26, json.toString().split("\"heapAfterGcBytes\"", -1).length - 1);
    assertTrue(json.toString().contains("\"passed\":true"));
  }
}
