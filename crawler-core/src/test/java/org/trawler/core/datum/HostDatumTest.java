package org.trawler.core.datum;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.junit.Test;

public class HostDatumTest {

  private static HostDatum sample() {
    HostDatum h = new HostDatum();
    h.addUrls(CrawlStatus.DB_FETCHED, 5);
    h.addUrls(CrawlStatus.DB_GONE, 1);
    h.addFetches(5, 1, 2, 1);
    h.setFailedRounds(1, 1234);
    h.setLastFetchTime(5678);
    h.setResponseTimeMillis(250);
    h.setRobots("ok", List.of("http://a.test/sitemap.xml"));
    return h;
  }

  private static HostDatum read(byte[] bytes) throws IOException {
    HostDatum h = new HostDatum();
    h.readFields(new DataInputStream(new ByteArrayInputStream(bytes)));
    return h;
  }

  @Test
  public void aRecordReadsBackAsWritten() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    sample().write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals(sample().toString(), h.toString());
    assertEquals(250, h.getResponseTimeMillis());
    assertEquals(5678, h.getLastFetchTime());
    assertEquals(1234, h.getLastFailedRoundTime());
  }

  @Test
  public void theBackoffReadsBackAsWrittenAndShows() throws IOException {
    HostDatum busy = sample();
    busy.addRateLimited(3);
    busy.setBackoff(2, 987_654);
    busy.setPaceMillis(2000);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    busy.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals(3, h.getRateLimited());
    assertEquals(2, h.getBackoffLevel());
    assertEquals(987_654, h.getBackoffUntil());
    assertEquals(3, new HostDatum(h).getRateLimited());
    assertEquals(2000, new HostDatum(h).getPaceMillis());
    assertTrue(
        h.toString(),
        h.toString().contains("rate_limited=3 backoff_level=2 backoff_until=987654 pace_ms=2000"));
  }

  @Test
  public void theSoft404ProbeReadsBackAsWrittenAndShows() throws IOException {
    HostDatum probed = sample();
    probed.setSoft404(HostDatum.Soft404.PAGE, 0x00ff00ff00ff00ffL, 4321);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    probed.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals(HostDatum.Soft404.PAGE, h.getSoft404());
    assertEquals(0x00ff00ff00ff00ffL, new HostDatum(h).getSoft404Fingerprint());
    assertEquals(4321, h.getSoft404Time());
    assertTrue(
        h.toString(),
        h.toString()
            .contains("soft404=page soft404_fingerprint=00ff00ff00ff00ff soft404_time=4321"));
    h.setSoft404(HostDatum.Soft404.REAL_404, 0x1234, 5000);
    assertEquals(0, h.getSoft404Fingerprint()); // a real 404 has nothing to compare
    assertTrue(h.toString(), h.toString().contains("soft404=real_404 soft404_time=5000"));
  }

  @Test
  public void anOlderRecordReadsAsNeverProbed() throws IOException {
    HostDatum h = read(versionOne(sample()));
    assertEquals(HostDatum.Soft404.UNKNOWN, h.getSoft404());
    assertEquals(0, h.getSoft404Time());
    assertTrue(h.toString(), !h.toString().contains("soft404"));
  }

  @Test
  public void theIrrelevantParametersReadBackAndShow() throws IOException {
    HostDatum learned = sample();
    learned.setIrrelevantParams(Map.of("vid", 7, "utm_source", 3));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    learned.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals(Map.of("utm_source", 3, "vid", 7), h.getIrrelevantParams());
    assertEquals(Map.of("utm_source", 3, "vid", 7), new HostDatum(h).getIrrelevantParams());
    assertTrue(h.toString(), h.toString().endsWith(" irrelevant_params={utm_source=3, vid=7}"));
  }

  @Test
  public void aVersionFourRecordReadsWithoutIrrelevantParameters() throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    sample().write(new DataOutputStream(bytes));
    byte[] v5 = bytes.toByteArray();
    byte[] v4 = java.util.Arrays.copyOf(v5, v5.length - 1); // the empty list's one byte
    v4[0] = 4;
    HostDatum h = read(v4);
    assertEquals(Map.of(), h.getIrrelevantParams());
    assertEquals(sample().toString(), h.toString());
  }

  @Test
  public void theTrapTemplatesReadBackAndShow() throws IOException {
    HostDatum learned = sample();
    learned.setTraps(
        Map.of(
            "/calendar/{n}-{n}/", new HostDatum.Trap(12, 4),
            "/list?color&size", new HostDatum.Trap(5, 0)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    learned.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    Map<String, HostDatum.Trap> expected =
        Map.of(
            "/calendar/{n}-{n}/", new HostDatum.Trap(12, 4),
            "/list?color&size", new HostDatum.Trap(5, 0));
    assertEquals(expected, h.getTraps());
    assertEquals(expected, new HostDatum(h).getTraps());
    assertTrue(
        h.toString(),
        h.toString().endsWith(" traps={/calendar/{n}-{n}/=12/4, /list?color&size=5/0}"));
  }

  @Test
  public void aVersionFiveRecordReadsWithoutTrapTemplates() throws IOException {
    HostDatum learned = sample();
    learned.setIrrelevantParams(Map.of("vid", 7));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    learned.write(new DataOutputStream(bytes));
    byte[] v7 = bytes.toByteArray();
    // the empty trap list's one byte and the rank's two floats
    byte[] v5 = java.util.Arrays.copyOf(v7, v7.length - 1 - 8);
    v5[0] = 5;
    HostDatum h = read(v5);
    assertEquals(Map.of(), h.getTraps());
    assertEquals(Map.of("vid", 7), h.getIrrelevantParams());
    assertEquals(learned.toString(), h.toString());
  }

  @Test
  public void theRankReadsBackAndShows() throws IOException {
    HostDatum ranked = sample();
    ranked.setRank(12.5f, 3.25f);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    ranked.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals(12.5f, h.getHarmonicCentrality(), 0f);
    assertEquals(3.25f, new HostDatum(h).getHostRank(), 0f);
    assertTrue(h.toString(), h.toString().endsWith(" harmonic=12.500 host_rank=3.2500"));
    assertFalse(sample().toString(), sample().toString().contains("harmonic"));
  }

  @Test
  public void aVersionSixRecordReadsAsNeverRanked() throws IOException {
    HostDatum learned = sample();
    learned.setTraps(Map.of("/calendar/{n}-{n}/", new HostDatum.Trap(12, 4)));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    learned.write(new DataOutputStream(bytes));
    byte[] v7 = bytes.toByteArray();
    byte[] v6 = java.util.Arrays.copyOf(v7, v7.length - 8); // the rank's two floats
    v6[0] = 6;
    HostDatum h = read(v6);
    assertEquals(0f, h.getHarmonicCentrality(), 0f);
    assertEquals(0f, h.getHostRank(), 0f);
    assertEquals(learned.toString(), h.toString());
  }

  @Test
  public void theMirroredHostReadsBackAndShowsAndAVersionSevenRecordMirrorsNone()
      throws IOException {
    HostDatum mirror = sample();
    mirror.setMirror("www.amber.test", 5);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    mirror.write(new DataOutputStream(bytes));
    HostDatum h = read(bytes.toByteArray());
    assertEquals("www.amber.test", new HostDatum(h).getMirrorOf());
    assertEquals(5, h.getMirrorEvidence());
    assertTrue(h.toString(), h.toString().endsWith(" mirror_of=www.amber.test mirror_evidence=5"));
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    sample().write(new DataOutputStream(plain));
    byte[] v8 = plain.toByteArray();
    byte[] v7 = java.util.Arrays.copyOf(v8, v8.length - 2); // the empty host and its evidence
    v7[0] = 7;
    assertEquals("", read(v7).getMirrorOf());
    assertEquals(sample().toString(), read(v7).toString());
  }

  @Test
  public void anOlderRecordReadsAsNeverBackedOff() throws IOException {
    HostDatum h = read(versionOne(sample()));
    assertEquals(0, h.getRateLimited());
    assertEquals(0, h.getBackoffLevel());
    assertEquals(0, h.getBackoffUntil());
  }

  @Test
  public void aVersionOneRecordReadsWithAnUnknownResponseTime() throws IOException {
    HostDatum h = read(versionOne(sample()));
    assertEquals(HostDatum.UNKNOWN_RESPONSE_TIME, h.getResponseTimeMillis());
    HostDatum expected = sample();
    expected.setResponseTimeMillis(HostDatum.UNKNOWN_RESPONSE_TIME);
    assertEquals(expected.toString(), h.toString());
  }

  @Test
  public void aNewerVersionIsRefusedNamingIt() throws IOException {
    byte[] bytes = versionOne(sample());
    bytes[0] = 10;
    try {
      read(bytes);
      fail("read a version 10 record");
    } catch (IOException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("HostDatum format version 10"));
    }
  }

  /** {@code h} as the first HostDatum format wrote it: no response time. */
  private static byte[] versionOne(HostDatum h) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    DataOutputStream out = new DataOutputStream(bytes);
    out.writeByte(1);
    WritableUtils.writeVInt(out, h.getUrlsByStatus().size());
    for (var e : h.getUrlsByStatus().entrySet()) {
      out.writeByte(e.getKey());
      WritableUtils.writeVLong(out, e.getValue());
    }
    WritableUtils.writeVLong(out, h.getFetched());
    WritableUtils.writeVLong(out, h.getGone());
    WritableUtils.writeVLong(out, h.getRetry());
    WritableUtils.writeVLong(out, h.getDnsFailures());
    WritableUtils.writeVInt(out, h.getFailedRounds());
    out.writeLong(h.getLastFailedRoundTime());
    out.writeLong(h.getLastFetchTime());
    Text.writeString(out, h.getRobots());
    WritableUtils.writeVInt(out, h.getSitemaps().size());
    for (String s : h.getSitemaps()) {
      Text.writeString(out, s);
    }
    return bytes.toByteArray();
  }
}
