package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;

/** The host database's merge rules, a test per rule. */
public class HostUpdateTest {

  static CrawlDatum fetch(CrawlStatus status, String protocolStatus, long time) {
    CrawlDatum d = new CrawlDatum(status, 0, 1f);
    d.setFetchTime(time);
    d.putMeta(MetadataKeys.PROTOCOL_STATUS, protocolStatus);
    return d;
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
        HostUpdate.merge(
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
    HostDatum first = HostUpdate.merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    assertEquals(1, first.getFailedRounds());
    assertEquals(1000, first.getLastFailedRoundTime());
    HostDatum second =
        HostUpdate.merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, first), url(CrawlStatus.DB_UNFETCHED), retry(2000)));
    assertEquals(2, second.getFailedRounds());
    assertEquals(2000, second.getLastFailedRoundTime());
    assertEquals(2, second.getRetry());
  }

  @Test
  public void oneAnswerInARoundResetsTheFailedRounds() {
    HostDatum failing = HostUpdate.merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    HostPart gone =
        part(
            HostPart.Kind.FETCHES,
            HostUpdate.ofFetch(fetch(CrawlStatus.FETCH_GONE, "404 http_404", 3000)));
    HostDatum h =
        HostUpdate.merge(
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
    HostDatum failing = HostUpdate.merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(1000)));
    HostDatum h =
        HostUpdate.merge(
            List.of(part(HostPart.Kind.PREVIOUS, failing), url(CrawlStatus.DB_UNFETCHED)));
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
    HostDatum h = HostUpdate.merge(List.of(url(CrawlStatus.DB_UNFETCHED), robots));
    assertEquals("ok", h.getRobots());
    assertEquals(
        List.of("http://a.test/sitemap-index.xml.gz", "http://a.test/more.txt"), h.getSitemaps());
    HostDatum later =
        HostUpdate.merge(List.of(part(HostPart.Kind.PREVIOUS, h), url(CrawlStatus.DB_FETCHED)));
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
    HostDatum h = HostUpdate.merge(List.of(part(HostPart.Kind.PREVIOUS, previous)));
    assertEquals(0, h.getUrls());
    assertNull(HostUpdate.merge(List.of(retry(5))));
  }

  static HostPart timed(CrawlStatus status, int responseMillis, long time) {
    CrawlDatum d = fetch(status, "200 ok", time);
    d.putMeta(MetadataKeys.RESPONSE_TIME, responseMillis);
    return part(HostPart.Kind.FETCHES, HostUpdate.ofFetch(d));
  }

  @Test
  public void theResponseTimeIsTheMeanOfTheRoundsTimedFetches() {
    HostDatum first =
        HostUpdate.merge(
            List.of(
                url(CrawlStatus.DB_FETCHED),
                timed(CrawlStatus.FETCH_SUCCESS, 100, 1000),
                timed(CrawlStatus.FETCH_GONE, 301, 1000),
                retry(1000))); // no time: decided without a request
    assertEquals(201, first.getResponseTimeMillis());
    HostDatum second =
        HostUpdate.merge(
            List.of(
                part(HostPart.Kind.PREVIOUS, first),
                url(CrawlStatus.DB_FETCHED),
                timed(CrawlStatus.FETCH_SUCCESS, 40, 2000)));
    assertEquals("the last round's, not all rounds'", 40, second.getResponseTimeMillis());
  }

  @Test
  public void aRoundWithoutTimedFetchesKeepsTheLastResponseTime() {
    HostDatum first =
        HostUpdate.merge(
            List.of(url(CrawlStatus.DB_FETCHED), timed(CrawlStatus.FETCH_SUCCESS, 70, 1000)));
    HostDatum second =
        HostUpdate.merge(
            List.of(part(HostPart.Kind.PREVIOUS, first), url(CrawlStatus.DB_FETCHED), retry(9)));
    assertEquals(70, second.getResponseTimeMillis());
    HostDatum never = HostUpdate.merge(List.of(url(CrawlStatus.DB_UNFETCHED), retry(9)));
    assertEquals(HostDatum.UNKNOWN_RESPONSE_TIME, never.getResponseTimeMillis());
  }
}
