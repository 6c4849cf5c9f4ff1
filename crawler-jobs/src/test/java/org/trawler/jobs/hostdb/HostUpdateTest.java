package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.Pace;

/** The host database's merge rules, a test per rule. */
public class HostUpdateTest {

  static CrawlDatum fetch(CrawlStatus status, String protocolStatus, long time) {
    CrawlDatum d = new CrawlDatum(status, 0, 1f);
    d.setFetchTime(time);
    d.putMeta(MetadataKeys.PROTOCOL_STATUS, protocolStatus);
    return d;
  }

  /** updatehostdb's defaults (no test here sends its learners a page). */
  private static final HostUpdate.Learners DEFAULTS = HostDb.learners(new Configuration(false));

  /** A host's new record from its parts, with the defaults; null when nothing is kept. */
  static HostDatum merge(List<HostPart> parts) {
    HostUpdate.Merged m = HostUpdate.mergeRound("", parts, DEFAULTS);
    return m == null ? null : m.host();
  }

  static HostPart part(HostPart.Kind kind, HostDatum d) {
    return new HostPart(kind, d);
  }

  static HostPart url(CrawlStatus status) {
    return part(HostPart.Kind.URLS, HostUpdate.ofUrl(new CrawlDatum(status, 0, 1f)));
  }

  static HostPart retry(long time) {
    return part(
        HostPart.Kind.FETCHES,
        HostUpdate.ofFetch(fetch(CrawlStatus.FETCH_RETRY, "0 connection_refused", time)));
  }

  @Test
  public void urlCountsAreTheCrawldbsNowNotAddedToThePrevious() {
    HostDatum previous = new HostDatum();
    previous.addUrls(CrawlStatus.DB_UNFETCHED, 7);
    HostDatum h =
        merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, previous),
                url(CrawlStatus.DB_FETCHED),
                url(CrawlStatus.DB_FETCHED),
                url(CrawlStatus.DB_GONE)));
    assertEquals(
        Map.of(CrawlStatus.DB_FETCHED.code(), 2L, CrawlStatus.DB_GONE.code(), 1L),
        h.getUrlsByStatus());
  }

  @Test
  public void aRoundOfOnlyRetriesIsAFailedRoundAndTheyAddUp() {
    HostDatum first = merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    assertEquals(1, first.getFailedRounds());
    assertEquals(1000, first.getLastFailedRoundTime());
    HostDatum second =
        merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, first), url(CrawlStatus.DB_UNFETCHED), retry(2000)));
    assertEquals(2, second.getFailedRounds());
    assertEquals(2000, second.getLastFailedRoundTime());
    assertEquals(2, second.getRetry());
  }

  @Test
  public void oneAnswerInARoundResetsTheFailedRounds() {
    HostDatum failing = merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    HostPart gone =
        part(
            HostPart.Kind.FETCHES,
            HostUpdate.ofFetch(fetch(CrawlStatus.FETCH_GONE, "404 http_404", 3000)));
    HostDatum h =
        merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, failing),
                url(CrawlStatus.DB_GONE),
                retry(3000),
                gone));
    assertEquals(0, h.getFailedRounds());
    assertEquals(1, h.getGone());
    assertEquals(3000, h.getLastFetchTime());
  }

  @Test
  public void aRoundWithoutFetchesKeepsTheFailedRounds() {
    HostDatum failing = merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    HostDatum h =
        merge(List.of(part(HostPart.Kind.PREVIOUS, failing), url(CrawlStatus.DB_UNFETCHED)));
    assertEquals(1, h.getFailedRounds());
  }

  @Test
  public void dnsFailuresAreCountedFromTheProtocolStatus() {
    HostDatum d =
        HostUpdate.ofFetch(fetch(CrawlStatus.FETCH_RETRY, "0 dns_failure no such host", 5));
    assertEquals(1, d.getDnsFailures());
    assertEquals(1, d.getRetry());
    assertEquals(
        0, HostUpdate.ofFetch(fetch(CrawlStatus.FETCH_SUCCESS, "200 ok", 5)).getDnsFailures());
  }

  @Test
  public void aDatumThatIsNoFetchStatusIsNotAFetch() {
    assertNull(HostUpdate.ofFetch(new CrawlDatum(CrawlStatus.LINKED, 0, 1f)));
  }

  @Test
  public void robotsSitemapsComeFromTheFileAndSurviveRoundsWithoutAnAnswer() {
    byte[] file =
        ("User-agent: *\nDisallow: /private\nSitemap: http://a.test/sitemap-index.xml.gz\n"
                + "Sitemap: http://a.test/more.txt\n")
            .getBytes(StandardCharsets.UTF_8);
    HostPart robots =
        part(
            HostPart.Kind.ROBOTS,
            HostUpdate.ofRobots(RobotsTxt.file(1, "http://a.test/robots.txt", file, "text/plain")));
    HostDatum h = merge(List.of(url(CrawlStatus.DB_UNFETCHED), robots));
    assertEquals("ok", h.getRobots());
    assertEquals(
        List.of("http://a.test/sitemap-index.xml.gz", "http://a.test/more.txt"), h.getSitemaps());
    HostDatum later = merge(List.of(part(HostPart.Kind.PREVIOUS, h), url(CrawlStatus.DB_FETCHED)));
    assertEquals(h.getSitemaps(), later.getSitemaps());
  }

  @Test
  public void aMissingRobotsTxtNamesNoSitemaps() {
    HostDatum d = HostUpdate.ofRobots(RobotsTxt.missing(1, "http_404"));
    assertEquals("http_404", d.getRobots());
    assertEquals(List.of(), d.getSitemaps());
  }

  @Test
  public void aHostNoLongerInTheCrawldbKeepsItsRecordWithNoUrls() {
    HostDatum previous = new HostDatum();
    previous.addUrls(CrawlStatus.DB_FETCHED, 3);
    HostDatum h = merge(List.of(part(HostPart.Kind.PREVIOUS, previous)));
    assertEquals(0, h.getUrls());
    assertNull(merge(List.of(retry(5))));
  }

  static HostPart timed(CrawlStatus status, int responseMillis, long time) {
    CrawlDatum d = fetch(status, "200 ok", time);
    d.putMeta(MetadataKeys.RESPONSE_TIME, responseMillis);
    return part(HostPart.Kind.FETCHES, HostUpdate.ofFetch(d));
  }

  @Test
  public void theResponseTimeIsTheMeanOfTheRoundsTimedFetches() {
    HostDatum first =
        merge(
            List.of(
                url(CrawlStatus.DB_FETCHED),
                timed(CrawlStatus.FETCH_SUCCESS, 100, 1000),
                timed(CrawlStatus.FETCH_GONE, 301, 1000),
                retry(1000))); // no time: decided without a request
    assertEquals(201, first.getResponseTimeMillis());
    HostDatum second =
        merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, first),
                url(CrawlStatus.DB_FETCHED),
                timed(CrawlStatus.FETCH_SUCCESS, 40, 2000)));
    assertEquals("the last round's, not all rounds'", 40, second.getResponseTimeMillis());
  }

  @Test
  public void aRoundWithoutTimedFetchesKeepsTheLastResponseTime() {
    HostDatum first =
        merge(List.of(url(CrawlStatus.DB_FETCHED), timed(CrawlStatus.FETCH_SUCCESS, 70, 1000)));
    HostDatum second =
        merge(List.of(part(HostPart.Kind.PREVIOUS, first), url(CrawlStatus.DB_FETCHED), retry(9)));
    assertEquals(70, second.getResponseTimeMillis());
    HostDatum never = merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(9)));
    assertEquals(HostDatum.UNKNOWN_RESPONSE_TIME, never.getResponseTimeMillis());
  }

  // ---- backoff after 429/503 ----

  private static final long MINUTE = 60_000;

  /** Start 1 minute, cap 10 minutes. */
  private static final Backoff BACKOFF = new Backoff(MINUTE, 10 * MINUTE);

  private static final HostUpdate.Learners BUSY =
      new HostUpdate.Learners(
          BACKOFF,
          new Pace(500, 30_000, 2),
          DEFAULTS.params(),
          DEFAULTS.traps(),
          DEFAULTS.mirrors(),
          DEFAULTS.maxPages());

  private static HostPart fetchPart(CrawlStatus status, String protocolStatus, long time) {
    return part(HostPart.Kind.FETCHES, HostUpdate.ofFetch(fetch(status, protocolStatus, time)));
  }

  /** A round in which the host answered one 429 at {@code time} and its other URL was held back. */
  private static HostDatum busyRound(HostDatum previous, long time) {
    List<HostPart> parts = new java.util.ArrayList<>();
    if (previous != null) {
      parts.add(part(HostPart.Kind.PREVIOUS, previous));
    }
    parts.add(url(CrawlStatus.DB_UNFETCHED));
    parts.add(fetchPart(CrawlStatus.FETCH_RETRY, "429 http_429", time));
    parts.add(fetchPart(CrawlStatus.FETCH_RETRY, "0 host_backoff busy.test", time));
    return HostUpdate.mergeRound("busy.test", parts, BUSY).host();
  }

  private static HostDatum okRound(HostDatum previous, long time) {
    return HostUpdate.mergeRound(
            "busy.test",
            List.of(
                part(HostPart.Kind.PREVIOUS, previous),
                url(CrawlStatus.DB_FETCHED),
                fetchPart(CrawlStatus.FETCH_SUCCESS, "200 ok", time)),
            BUSY)
        .host();
  }

  @Test
  public void aBusyRoundBacksTheHostOffDoublingWithEachRoundInARowUpToTheCap() {
    HostDatum h = null;
    long time = 1_000_000;
    long[] base = {1, 2, 4, 8, 10, 10};
    for (int round = 0; round < base.length; round++) {
      h = busyRound(h, time);
      assertEquals(round + 1, h.getBackoffLevel());
      long backoff = h.getBackoffUntil() - time;
      long least = base[round] * MINUTE;
      long most = Math.min(10 * MINUTE, least + least / 4);
      assertTrue(
          "round " + (round + 1) + ": " + backoff + " ms", backoff >= least && backoff <= most);
      time = h.getBackoffUntil();
    }
    assertEquals("the 429s and the URLs held back", 12, h.getRateLimited());
    assertEquals("the host answers: not a failed round", 0, h.getFailedRounds());
    assertEquals("only the 429s were requests", 6, h.getRetry());
  }

  @Test
  public void roundsOfAnswersWithoutABusyOneHalveTheBackoffLevel() {
    HostDatum h = null;
    long time = 1_000_000;
    for (int round = 0; round < 3; round++) {
      h = busyRound(h, time);
      time = h.getBackoffUntil();
    }
    long until = h.getBackoffUntil();
    h = okRound(h, time + 1);
    assertEquals(1, h.getBackoffLevel());
    assertEquals("the backoff's end stays as it was", until, h.getBackoffUntil());
    h = okRound(h, time + 2);
    assertEquals(0, h.getBackoffLevel());
    h = busyRound(h, time + 3);
    long backoff = h.getBackoffUntil() - (time + 3);
    assertTrue("from the start again: " + backoff, backoff >= MINUTE && backoff <= 75_000);
  }

  @Test
  public void aBusyRoundSlowsTheHostsPaceAndRoundsWithoutRefusalRelaxItAfterTheBackoffLevel() {
    long time = 1_000_000;
    HostDatum h = busyRound(null, time);
    assertEquals("twice the server delay it was asked at", 1000, h.getPaceMillis());
    h = busyRound(h, h.getBackoffUntil());
    assertEquals(2000, h.getPaceMillis());
    time = h.getBackoffUntil();
    h = okRound(h, time + 1);
    assertEquals("the level relaxes first", 1, h.getBackoffLevel());
    assertEquals(2000, h.getPaceMillis());
    h = okRound(h, time + 2);
    assertEquals(0, h.getBackoffLevel());
    assertEquals(2000, h.getPaceMillis());
    h = okRound(h, time + 3);
    assertEquals("a run of answers at that pace: one step back", 1000, h.getPaceMillis());
    h = okRound(h, time + 4);
    assertEquals("back at the server delay: no pace of its own", 0, h.getPaceMillis());
    assertTrue(h.toString(), !h.toString().contains("pace_ms"));
  }

  /** busy.test's new record after a first round of these parts. */
  private static HostDatum firstRound(HostPart... parts) {
    return HostUpdate.mergeRound("busy.test", List.of(parts), BUSY).host();
  }

  @Test
  public void aHostThatAnsweredAfterItsRefusalsInTheRoundIsNotLeftOutButSlowedOncePerRefusal() {
    HostDatum h =
        firstRound(
            url(CrawlStatus.DB_FETCHED),
            fetchPart(CrawlStatus.FETCH_SUCCESS, "200 ok", 1000),
            fetchPart(CrawlStatus.FETCH_RETRY, "429 http_429", 1500),
            fetchPart(CrawlStatus.FETCH_SUCCESS, "200 ok", 4000),
            fetchPart(CrawlStatus.FETCH_RETRY, "429 http_429", 5000),
            fetchPart(CrawlStatus.FETCH_SUCCESS, "200 ok", 13_000));
    assertEquals("the level rises as after any busy round", 1, h.getBackoffLevel());
    assertEquals("its backoff was waited out in the task: not left out", 0, h.getBackoffUntil());
    assertEquals("0.5 s raised twice, as in the task", 2000, h.getPaceMillis());
    assertEquals(2, h.getRateLimited());

    HostDatum stillRefusing =
        firstRound(
            url(CrawlStatus.DB_UNFETCHED),
            fetchPart(CrawlStatus.FETCH_SUCCESS, "200 ok", 1000),
            fetchPart(CrawlStatus.FETCH_RETRY, "429 http_429", 1500),
            fetchPart(CrawlStatus.FETCH_RETRY, "0 host_backoff busy.test", 1500));
    assertTrue(
        "refused last: left out for the backoff across rounds",
        stillRefusing.getBackoffUntil() >= 1500 + MINUTE);
    assertEquals("one refusal, one raise", 1000, stillRefusing.getPaceMillis());
  }

  @Test
  public void aRoundOfOnlyUnavailableAnswersIsABusyRoundNotAFailedOne() {
    HostDatum h =
        HostUpdate.mergeRound(
                "busy.test",
                List.of(
                    url(CrawlStatus.DB_UNFETCHED),
                    fetchPart(CrawlStatus.FETCH_RETRY, "503 http_503", 5000)),
                BUSY)
            .host();
    assertEquals(0, h.getFailedRounds());
    assertEquals(1, h.getBackoffLevel());
    assertTrue(h.getBackoffUntil() >= 5000 + MINUTE);
  }

  @Test
  public void aHostNeverBusyIsNeverBackedOff() {
    HostDatum h = merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    assertEquals(0, h.getBackoffLevel());
    assertEquals(0, h.getBackoffUntil());
    assertEquals(0, h.getRateLimited());
  }
}
