package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.HostDatum;

/** generate's and the sitemap job's reading of the hostdb: which hosts are skipped or capped. */
public class HostPolicyTest {
  private static final long NOW = 1_000_000_000L;

  private static HostDatum failed(int rounds, long lastFailed) {
    HostDatum h = new HostDatum();
    h.setFailedRounds(rounds, lastFailed);
    return h;
  }

  private static HostPolicy policy(int maxFailures, long delaySeconds, int failingMax) {
    return new HostPolicy(
        Map.of("dead.test", failed(4, NOW - 10_000), "flaky.test", failed(1, NOW - 10_000)),
        NOW,
        maxFailures,
        delaySeconds,
        failingMax);
  }

  @Test
  public void aHostWithMoreFailedRoundsThanAllowedIsSkippedWithinTheDelay() {
    assertEquals(HostSkip.HOST_FAILING, policy(3, 3600, -1).skipReason("dead.test"));
    assertNull(policy(3, 3600, -1).skipReason("flaky.test"));
    assertNull(policy(3, 3600, -1).skipReason("other.test"));
  }

  @Test
  public void afterTheDelayTheHostIsTriedAgain() {
    assertNull(policy(3, 5, -1).skipReason("dead.test"));
  }

  @Test
  public void negativeMaxFailuresNeverSkips() {
    assertNull(policy(-1, 3600, -1).skipReason("dead.test"));
  }

  @Test
  public void failingHostsGetTheFailingCapOthersNone() {
    assertEquals(2, policy(3, 3600, 2).maxCount("flaky.test"));
    assertEquals(-1, policy(3, 3600, 2).maxCount("other.test"));
  }

  @Test
  public void theSitemapJobSkipsTheHostsGenerateSkipsAndOnlyUntilTheDelayHasPassed() {
    assertEquals(java.util.List.of("dead.test"), policy(3, 3600, -1).skippedHosts());
    assertEquals(java.util.List.of(), policy(3, 5, -1).skippedHosts());
  }

  private static HostPolicy backedOff(long until) {
    HostDatum h = new HostDatum();
    h.setBackoff(2, until);
    return new HostPolicy(Map.of("busy.test", h), NOW, 3, 3600, 2);
  }

  @Test
  public void aBackedOffHostIsSkippedUntilItsBackoffEnds() {
    assertEquals(HostSkip.HOST_BACKOFF, backedOff(NOW + 1).skipReason("busy.test"));
    assertNull(backedOff(NOW).skipReason("busy.test"));
    assertNull(backedOff(NOW + 1).skipReason("other.test"));
    assertEquals(
        "backed off, not failing: no failing cap", -1, backedOff(NOW + 1).maxCount("busy.test"));
  }

  @Test
  public void aSlowedHostGetsNoMoreUrlsThanItsPaceFetchesInTheFetchTime() {
    HostDatum slowed = new HostDatum();
    slowed.setPaceMillis(2000);
    HostKnowledge known = HostKnowledge.of(Map.of("slow.test", slowed), Map.of(), Map.of());
    assertEquals(
        "10 minutes at 2 s",
        300,
        new HostPolicy(known, NOW, 3, 3600, 2, 600_000, 0).maxCount("slow.test"));
    assertEquals(
        "no time limit: no cap", -1, new HostPolicy(known, NOW, 3, 3600, 2).maxCount("slow.test"));
    assertNull(
        "slowed, not skipped", new HostPolicy(known, NOW, 3, 3600, 2).skipReason("slow.test"));
    assertEquals(1, HostPolicy.pacedMaxCount(5000, 1000));
    assertEquals(-1, HostPolicy.pacedMaxCount(0, 1000));
  }

  @Test
  public void generateLetsInAHostWhoseBackoffEndsWithinWhatTheFetchWaitsForAndCapsItsUrls() {
    HostDatum h = new HostDatum();
    h.setBackoff(1, NOW + 20_000);
    h.setPaceMillis(2000);
    HostKnowledge known = HostKnowledge.of(Map.of("busy.test", h), Map.of(), Map.of());
    long grace = HostPolicy.backoffGrace(25_000, 30_000);
    assertEquals("the round's fetch is the shorter", 25_000, grace);
    HostPolicy policy = new HostPolicy(known, NOW, 3, 3600, 2, 25_000, grace);
    assertNull("ends 20 s in, within 25 s", policy.skipReason("busy.test"));
    assertEquals("the 5 s left at a 2 s pace", 2, policy.maxCount("busy.test"));
    h.setBackoff(1, NOW + 26_000);
    assertEquals(
        "ends after the round's fetch",
        HostSkip.HOST_BACKOFF,
        new HostPolicy(known, NOW, 3, 3600, 2, 25_000, grace).skipReason("busy.test"));
  }

  @Test
  public void withoutAKnownFetchLengthOrAQueueThatWaitsABackedOffHostWaitsForTheNextRound() {
    assertEquals(0, HostPolicy.backoffGrace(-1, 30_000));
    assertEquals(0, HostPolicy.backoffGrace(25_000, 0));
    assertEquals("fetcher.max.crawl.delay -1: no cap", 25_000, HostPolicy.backoffGrace(25_000, -1));
    assertEquals(10_000, HostPolicy.backoffGrace(25_000, 10_000));
  }

  private static HostPolicy learned() {
    return new HostPolicy(
        Map.of(),
        Map.of("cal.test", Map.of("/calendar/{n}-{n}/", 2, "/list?color", 0)),
        Map.of("shop.test", java.util.Set.of("vid")),
        NOW,
        3,
        3600,
        -1);
  }

  @Test
  public void aUrlWithAParameterLearnedIrrelevantIsADuplicate() {
    HostPolicy p = learned();
    assertEquals(
        HostSkip.DUPLICATE_PARAM, p.skipReason("http://shop.test/item?id=1&vid=k3", "shop.test"));
    assertNull(p.skipReason("http://shop.test/item?id=1", "shop.test"));
    assertNull(p.skipReason("http://other.test/item?id=1&vid=k3", "other.test"));
  }

  @Test
  public void aTrapTemplateWithNoBudgetLeftIsSkippedAndOneWithBudgetIsNot() {
    HostPolicy p = learned();
    assertEquals(HostSkip.TRAP_PATTERN, p.skipReason("http://cal.test/list?color=red", "cal.test"));
    assertNull(p.skipReason("http://cal.test/calendar/2026-11/", "cal.test"));
    assertEquals(2, p.trapBudget("cal.test", "http://cal.test/calendar/2031-01/"));
    assertEquals(-1, p.trapBudget("cal.test", "http://cal.test/p/1.html"));
    assertEquals(-1, p.trapBudget("other.test", "http://other.test/calendar/2026-11/"));
  }

  @Test
  public void everyUrlOfAMirrorHostIsSkippedAndItsOriginalsAreNot() {
    HostPolicy p =
        new HostPolicy(
            org.trawler.jobs.hostdb.HostKnowledge.of(
                Map.of(),
                Map.of(),
                Map.of(),
                Map.of("mirror.amber.test", "www.amber.test"),
                WwwTwins.NONE),
            NOW,
            3,
            3600,
            -1);
    assertEquals(
        HostSkip.MIRROR_HOST,
        p.skipReason("http://mirror.amber.test/p/1.html", "mirror.amber.test"));
    assertEquals(
        HostSkip.MIRROR_HOST, p.skipReason("http://mirror.amber.test/", "mirror.amber.test"));
    assertNull(p.skipReason("http://www.amber.test/p/1.html", "www.amber.test"));
    assertNull(p.skipReason("mirror.amber.test"));
  }

  @Test
  public void aNameWhoseWwwHostServesItsPagesIsSkippedOnceNamesAreLearnedToRedirect() {
    WwwTwins.Tally t = new WwwTwins.Tally();
    for (String name : new String[] {"amber.test", "river.test", "stone.test", "meadow.test"}) {
      org.trawler.core.datum.HostDatum www = new org.trawler.core.datum.HostDatum();
      www.addUrls(org.trawler.core.datum.CrawlStatus.DB_FETCHED, 5);
      t.add("www." + name, www);
    }
    for (String name : new String[] {"amber.test", "river.test", "stone.test"}) {
      org.trawler.core.datum.HostDatum bare = new org.trawler.core.datum.HostDatum();
      bare.addUrls(org.trawler.core.datum.CrawlStatus.DB_REDIR_PERM, 1);
      t.add(name, bare);
    }
    HostPolicy p =
        new HostPolicy(
            HostKnowledge.of(Map.of(), Map.of(), Map.of(), Map.of(), t.judge(3)), NOW, 3, 3600, -1);
    assertEquals(HostSkip.WWW_TWIN, p.skipReason("http://meadow.test/", "meadow.test"));
    assertEquals(HostSkip.WWW_TWIN, p.skipReason("http://amber.test/p/2.html", "amber.test"));
    assertNull(p.skipReason("http://www.meadow.test/", "www.meadow.test"));
    assertNull(p.skipReason("http://other.test/", "other.test"));
    assertNull(p.skipReason("meadow.test")); // the host itself is not skipped: its URLs are
  }
}
