package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.OptionalLong;
import java.util.Random;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;

public class Soft404Test {
  private static final long DAY = 86_400_000L;

  private static HostDatum probed(HostDatum.Soft404 state, long fingerprint, long time) {
    HostDatum h = new HostDatum();
    h.setSoft404(state, fingerprint, time);
    return h;
  }

  @Test
  public void theProbeIsARandomPathOfTwentyLettersOnThePagesOrigin() {
    String probe = Soft404.probeUrl("https://WWW.a.test:8443/x/y?q=1", new Random(7));
    assertTrue(probe, probe.matches("https://www\\.a\\.test:8443/[a-z]{20}\\.html"));
    assertEquals(probe, Soft404.probeUrl("https://www.a.test:8443/", new Random(7)));
    assertTrue(
        Soft404.probeUrl("http://a.test/", new Random(1))
            .matches("http://a\\.test/[a-z]{20}.html"));
    assertNull(Soft404.probeUrl("not a url", new Random(1)));
  }

  @Test
  public void aHostIsDueWhenNeverProbedOrProbedAnIntervalAgo() {
    assertTrue(Soft404.due(null, 100 * DAY, 30 * DAY));
    assertTrue(Soft404.due(new HostDatum(), 100 * DAY, 30 * DAY));
    assertFalse(Soft404.due(probed(HostDatum.Soft404.PAGE, 1, 80 * DAY), 100 * DAY, 30 * DAY));
    assertFalse(Soft404.due(probed(HostDatum.Soft404.REAL_404, 0, 80 * DAY), 100 * DAY, 30 * DAY));
    assertTrue(Soft404.due(probed(HostDatum.Soft404.REAL_404, 0, 70 * DAY), 100 * DAY, 30 * DAY));
  }

  @Test
  public void theAnswerIsAPageARealNotFoundOrNothingToGoBy() {
    assertEquals(
        HostDatum.Soft404.PAGE, Soft404.judge(CrawlStatus.FETCH_SUCCESS, 200, OptionalLong.of(5)));
    assertEquals(
        HostDatum.Soft404.OTHER,
        Soft404.judge(CrawlStatus.FETCH_SUCCESS, 200, OptionalLong.empty()));
    assertEquals(
        HostDatum.Soft404.REAL_404,
        Soft404.judge(CrawlStatus.FETCH_GONE, 404, OptionalLong.empty()));
    assertEquals(
        HostDatum.Soft404.REAL_404,
        Soft404.judge(CrawlStatus.FETCH_GONE, 410, OptionalLong.empty()));
    assertEquals(
        HostDatum.Soft404.OTHER, Soft404.judge(CrawlStatus.FETCH_GONE, 403, OptionalLong.empty()));
    assertEquals(
        HostDatum.Soft404.OTHER,
        Soft404.judge(CrawlStatus.FETCH_REDIR_TEMP, 302, OptionalLong.empty()));
    assertEquals(
        HostDatum.Soft404.OTHER, Soft404.judge(CrawlStatus.FETCH_RETRY, 503, OptionalLong.empty()));
  }

  @Test
  public void aPageWithinTheNearDistanceOfTheHostsAnswerIsASoft404() {
    HostDatum host = probed(HostDatum.Soft404.PAGE, 0b1111L, 1);
    assertTrue(Soft404.isSoft404(0b1111L, host, 3));
    assertTrue(Soft404.isSoft404(0b1000L, host, 3));
    assertFalse(Soft404.isSoft404(0b0000L, host, 3));
    assertFalse(Soft404.isSoft404(0b1111L, probed(HostDatum.Soft404.REAL_404, 0b1111L, 1), 3));
    assertFalse(Soft404.isSoft404(0b1111L, null, 3));
  }

  private static CrawlDatum signature(long shortPrint) {
    CrawlDatum s = new CrawlDatum(CrawlStatus.SIGNATURE, 0, 0f);
    s.putMeta(MetadataKeys.SHORT_FINGERPRINT, shortPrint);
    return s;
  }

  @Test
  public void markMakesAFetchedPageLikeTheAnswerGoneWithItsReason() {
    HostDatum host = probed(HostDatum.Soft404.PAGE, 0xabcdL, 1);
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_SUCCESS, 0, 0f);
    CrawlDatum entry = new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 0f);
    assertTrue(Soft404.mark(entry, fetch, signature(0xabcdL), host, 3));
    assertEquals(CrawlStatus.DB_GONE, entry.getStatus());
    assertEquals(
        "200 soft_404 the host's answer for a missing page, 000000000000abcd",
        entry.getMetaString(MetadataKeys.PROTOCOL_STATUS));

    CrawlDatum real = new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 0f);
    assertFalse(Soft404.mark(real, fetch, signature(~0xabcdL), host, 3));
    assertEquals(CrawlStatus.DB_FETCHED, real.getStatus());
    // not fetched this round, not parsed, not a success: not judged
    assertFalse(Soft404.mark(real, null, signature(0xabcdL), host, 3));
    assertFalse(Soft404.mark(real, fetch, null, host, 3));
    assertFalse(
        Soft404.mark(
            real,
            new CrawlDatum(CrawlStatus.FETCH_NOTMODIFIED, 0, 0f),
            signature(0xabcdL),
            host,
            3));
    assertFalse(Soft404.mark(real, fetch, signature(0xabcdL), null, 3));
    assertEquals(CrawlStatus.DB_FETCHED, real.getStatus());
  }
}
