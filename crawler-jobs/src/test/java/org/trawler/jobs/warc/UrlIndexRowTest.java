package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.URLParts;

public class UrlIndexRowTest {
  private static final long TIME = Instant.parse("2026-03-04T05:06:07.890Z").toEpochMilli();

  private static CdxjLine.Entry line(
      String url, long time, String mime, int status, String digest) {
    return CdxjLine.parse(
        CdxjLine.format(
            new ArchivedRecord.Index(url, Instant.ofEpochMilli(time), mime, status, digest),
            1234,
            567,
            "t-00000.warc.gz"));
  }

  private static List<UrlIndexRow.Fetch> bySegment(String segment, Capture capture) {
    return List.of(new UrlIndexRow.Fetch(segment, capture));
  }

  @Test
  public void urlColumnsAreCommonCrawls() {
    UrlIndexRow row =
        UrlIndexRow.of(
            line("https://News.Example.co.uk:8443/a/b.html?q=1&r=2", TIME, "text/html", 200, "D"),
            null,
            null);
    assertEquals("uk,co,example,news:8443)/a/b.html?q=1&r=2", row.surtKey());
    assertEquals("news.example.co.uk", row.hostName());
    assertEquals("uk", row.hostTld());
    assertEquals("example.co.uk", row.hostRegisteredDomain());
    assertEquals("example.co.uk", row.hostPrivateDomain());
    assertEquals("https", row.protocol());
    assertEquals(Integer.valueOf(8443), row.port());
    assertEquals("/a/b.html", row.path());
    assertEquals("q=1&r=2", row.query());
  }

  @Test
  public void thePrivateSuffixSectionMakesItsOwnDomainsOnlyInThePrivateColumn() {
    UrlIndexRow row =
        UrlIndexRow.of(line("http://me.blogspot.com/", TIME, "text/html", 200, "D"), null, null);
    assertEquals("blogspot.com", row.hostRegisteredDomain());
    assertEquals("me.blogspot.com", row.hostPrivateDomain());
    assertNull("no port written", row.port());
    assertEquals("/", row.path());
    assertNull(row.query());
  }

  @Test
  public void addressesAndUnknownSuffixesHaveNoTldOrDomain() {
    UrlIndexRow ip =
        UrlIndexRow.of(line("http://127.0.0.2:8181/p", TIME, "text/html", 200, "D"), null, null);
    assertEquals("127.0.0.2", ip.hostName());
    assertNull(ip.hostTld());
    assertNull(ip.hostRegisteredDomain());
    assertNull(ip.hostPrivateDomain());
    assertEquals(Integer.valueOf(8181), ip.port());
    assertNull(UrlIndexRow.domain("intranet", true));
    assertEquals("intranet", UrlIndexRow.tld("intranet"));
    assertNull(UrlIndexRow.tld("[::1]"));
    assertNull(UrlIndexRow.port(URLParts.of("http://a.test:/")));
  }

  @Test
  public void languagesBecomeIso6393CodesSeparatedByCommasMainFirst() {
    assertEquals("spa,eng", UrlIndexRow.languages("es\nen"));
    assertEquals("fra", UrlIndexRow.languages("fr"));
    assertNull(UrlIndexRow.languages(""));
    assertNull(UrlIndexRow.languages(null));
  }

  @Test
  public void aPageRowCarriesItsFetchParseAndSegment() {
    Capture page = TestCaptures.page("http://a.test/", TIME, "<p>x", false);
    page.parse().getMeta().put(ParseData.META_TYPE, "text/html");
    page.parse().getMeta().put("charset", "UTF-8");
    page.parse().getMeta().put(ParseData.META_LANGUAGES, "es\nen");
    CdxjLine.Entry line = line("http://a.test/", TIME, "text/html", 200, "ABC");
    UrlIndexRow.Match match =
        UrlIndexRow.match(line, bySegment("/c/segments/20260304050607", page), Set.of());
    UrlIndexRow row = UrlIndexRow.of(line, match, "http://a.test/kept");

    assertEquals(TIME, row.fetchTime());
    assertEquals(200, row.fetchStatus());
    assertNull(row.fetchRedirect());
    assertEquals("ABC", row.contentDigest());
    assertEquals("text/html", row.contentMimeType());
    assertEquals("text/html", row.contentMimeDetected());
    assertEquals("UTF-8", row.contentCharset());
    assertEquals("spa,eng", row.contentLanguages());
    assertNull(row.contentTruncated());
    assertEquals("t-00000.warc.gz", row.warcFilename());
    assertEquals(1234, row.warcRecordOffset());
    assertEquals(567, row.warcRecordLength());
    assertEquals("20260304050607", row.segment());
    assertEquals("ok", row.fetchReason());
    assertEquals(CrawlStatus.FETCH_SUCCESS.label(), row.crawlStatus());
    assertEquals("http://a.test/kept", row.duplicateOf());
    assertEquals(UrlIndexRow.SUBSET_WARC, row.subset());
  }

  @Test
  public void aRedirectHopFollowedInlineHasItsTargetAndNoParseColumns() {
    String hop =
        "HTTP/1.1 301 Moved Permanently\r\nLocation: /new?x=1\r\nContent-Type: text/html\r\n\r\n";
    HttpTranscript.Exchange first =
        TestCaptures.exchange("http://a.test/old", TIME, 301, hop, new byte[0], false);
    HttpTranscript.Exchange second =
        TestCaptures.exchange(
            "http://a.test/new?x=1",
            TIME + 5,
            200,
            "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n",
            new byte[0],
            true);
    CrawlDatum fetch = new CrawlDatum(CrawlStatus.FETCH_SUCCESS, 100, 1f);
    fetch.putMeta(MetadataKeys.PROTOCOL_STATUS, "200 ok");
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "t");
    parse.getMeta().put("charset", "UTF-8");
    Capture capture =
        new Capture(
            "http://a.test/old", fetch, null, new HttpTranscript(List.of(first, second)), parse);
    List<UrlIndexRow.Fetch> captures = bySegment("s1", capture);

    CdxjLine.Entry hopLine = line("http://a.test/old", TIME, "text/html", 301, "D");
    UrlIndexRow.Match hopMatch = UrlIndexRow.match(hopLine, captures, Set.of());
    assertSame(first, hopMatch.exchange());
    UrlIndexRow hopRow = UrlIndexRow.of(hopLine, hopMatch, null);
    assertEquals("http://a.test/new?x=1", hopRow.fetchRedirect());
    assertNull("the page parse read is the last hop's", hopRow.contentCharset());
    assertEquals(UrlIndexRow.SUBSET_DIAGNOSTICS, hopRow.subset());

    CdxjLine.Entry pageLine = line("http://a.test/new?x=1", TIME + 5, "text/html", 200, "D");
    UrlIndexRow pageRow =
        UrlIndexRow.of(pageLine, UrlIndexRow.match(pageLine, captures, Set.of()), null);
    assertEquals("UTF-8", pageRow.contentCharset());
    assertEquals("s1", pageRow.segment());
  }

  @Test
  public void aLineMatchesOnlyAnExchangeOfTheSameUrlStatusAndSecond() {
    Capture page = TestCaptures.page("http://a.test/", TIME, "x", false);
    List<UrlIndexRow.Fetch> captures = bySegment("s1", page);
    assertTrue(
        UrlIndexRow.match(line("http://a.test/", TIME, "text/html", 200, "D"), captures, Set.of())
            != null);
    assertNull(
        UrlIndexRow.match(
            line("http://a.test/", TIME + 1000, "text/html", 200, "D"), captures, Set.of()));
    assertNull(
        UrlIndexRow.match(line("http://a.test/", TIME, "text/html", 404, "D"), captures, Set.of()));
    assertNull(
        "an exchange another line took",
        UrlIndexRow.match(
            line("http://a.test/", TIME, "text/html", 200, "D"),
            captures,
            Set.of(page.transcript().exchanges().get(0))));
    assertNull(
        UrlIndexRow.match(
            line("http://a.test/x", TIME, "text/html", 200, "D"), captures, Set.of()));
  }

  @Test
  public void aNotModifiedRevisitHasNoDigestAndIsADiagnostic() {
    Capture revisit = TestCaptures.notModified("http://a.test/", TIME);
    CdxjLine.Entry line = line("http://a.test/", TIME, CaptureRecords.REVISIT_MIME, 304, "-");
    UrlIndexRow row =
        UrlIndexRow.of(line, UrlIndexRow.match(line, bySegment("s", revisit), Set.of()), null);
    assertNull(row.contentDigest());
    assertEquals("warc/revisit", row.contentMimeType());
    assertEquals(UrlIndexRow.SUBSET_DIAGNOSTICS, row.subset());
    assertEquals(CrawlStatus.FETCH_NOTMODIFIED.label(), row.crawlStatus());
  }

  @Test
  public void aTruncatedBodyIsNamedByItsReason() {
    HttpTranscript.Exchange cut =
        new HttpTranscript.Exchange(
            "http://a.test/big",
            TIME,
            null,
            TestCaptures.bytes("GET /big HTTP/1.1\r\n\r\n"),
            TestCaptures.bytes("HTTP/1.1 200 OK\r\n\r\n"),
            200,
            new byte[0],
            true,
            HttpTranscript.Truncation.LENGTH);
    Capture capture =
        new Capture("http://a.test/big", null, null, new HttpTranscript(List.of(cut)), null);
    CdxjLine.Entry line = line("http://a.test/big", TIME, "unk", 200, "D");
    UrlIndexRow row =
        UrlIndexRow.of(line, UrlIndexRow.match(line, bySegment("s", capture), Set.of()), null);
    assertEquals("length", row.contentTruncated());
    assertNull("no fetch datum", row.fetchReason());
  }

  @Test
  public void offsetsBeyond32BitsDoNotFit() {
    CdxjLine.Entry small = line("http://a.test/", TIME, "text/html", 200, "D");
    assertTrue(UrlIndexRow.fits(small));
    CdxjLine.Entry far =
        new CdxjLine.Entry(
            small.surt(), small.date(), small.url(), small.mime(), 200, "D", 1L << 31, 10, "f");
    assertFalse(UrlIndexRow.fits(far));
  }

  @Test
  public void theOwnersSignalsBecomeColumnsNamedWithUnderscores() {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "T");
    parse.getMeta().put("usage.ai-train", "no");
    parse.getMeta().put("usage.ai-train.from", "header");
    parse.getMeta().put("robots.noarchive", "yes");
    assertEquals(
        Map.of("usage_ai_train", "no", "robots_noarchive", "yes"), UrlIndexRow.ownerSignals(parse));
    assertEquals(Map.of(), UrlIndexRow.ownerSignals(null));
  }
}
