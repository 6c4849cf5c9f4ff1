package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.time.Instant;
import org.junit.Test;

public class CdxjLineTest {
  @Test
  public void aLineIsTheSurtKeyTheTimestampAndTheJsonPywbReads() {
    String line =
        CdxjLine.format(
            new ArchivedRecord.Index(
                "http://www.Example.com/a?b=1",
                Instant.parse("2026-01-02T03:04:05Z"),
                "text/html",
                200,
                "ABC"),
            334,
            1046,
            "t-20260102030405-00000-00000.warc.gz");
    assertEquals(
        "com,example)/a?b=1 20260102030405 {\"url\":\"http://www.Example.com/a?b=1\","
            + "\"mime\":\"text/html\",\"status\":\"200\",\"digest\":\"ABC\",\"length\":\"1046\","
            + "\"offset\":\"334\",\"filename\":\"t-20260102030405-00000-00000.warc.gz\"}",
        line);
  }

  @Test
  public void loopbackAddressesKeepTheirOrderReversedAndPort() {
    assertEquals("2,0,0,127:8080)/p/1.html", CdxjLine.surt("http://127.0.0.2:8080/p/1.html"));
  }

  @Test
  public void aLineReadsBackAsTheRecordsPlaceInItsFile() {
    Instant date = Instant.parse("2026-01-02T03:04:05Z");
    String line =
        CdxjLine.format(
            new ArchivedRecord.Index("http://a.test/x?y", date, "text/html", 301, "-"),
            5,
            99,
            "f.warc.gz");
    assertEquals(
        new CdxjLine.Entry(
            "test,a)/x?y", date, "http://a.test/x?y", "text/html", 301, "-", 5, 99, "f.warc.gz"),
        CdxjLine.parse(line));
  }

  @Test
  public void otherLinesAreRefusedWithTheReason() {
    assertEquals(
        "not <key> <timestamp> {json}",
        assertThrows(IllegalArgumentException.class, () -> CdxjLine.parse("a b")).getMessage());
    assertEquals(
        "no \"offset\"",
        assertThrows(
                IllegalArgumentException.class,
                () ->
                    CdxjLine.parse(
                        "k 20260102030405 {\"url\":\"u\",\"status\":\"200\",\"length\":\"1\","
                            + "\"filename\":\"f\"}"))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> CdxjLine.parse("k 2026 {\"url\":\"u\"}"));
    assertThrows(IllegalArgumentException.class, () -> CdxjLine.parse("k 20260102030405 {\"u"));
  }
}
