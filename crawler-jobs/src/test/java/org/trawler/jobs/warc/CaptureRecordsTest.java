package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.jobs.warc.TestCaptures.bytes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.Test;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcTruncationReason;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.HttpTranscript;

public class CaptureRecordsTest {
  private final Map<String, Long> counts = new TreeMap<>();
  private final CaptureRecords builder =
      new CaptureRecords(new CaptureMemory(100), (g, n, a) -> counts.merge(n, a, Long::sum));

  @Test
  public void aPageIsAResponseItsRequestAndAMetadataRecord() throws IOException {
    List<ArchivedRecord> records =
        builder.build(TestCaptures.page("http://a.test/", 1000, "<p>hi</p>", true));
    assertEquals(3, records.size());
    WarcResponse response = (WarcResponse) records.get(0).record();
    assertEquals("http://a.test/", response.target());
    assertEquals(1000, response.date().toEpochMilli());
    assertEquals("127.0.0.2", response.ipAddress().get().getHostAddress());
    assertEquals(200, response.http().status());
    assertEquals("gzip", response.http().headers().first("X-Crawler-Content-Encoding").get());
    assertFalse(response.http().headers().first("Content-Encoding").isPresent());
    assertEquals("9", response.http().headers().first("Content-Length").get());
    assertEquals("<p>hi</p>", new String(response.http().body().stream().readAllBytes(), "UTF-8"));
    assertEquals(CaptureRecords.sha1(bytes("<p>hi</p>")), response.payloadDigest().get());
    assertEquals(WarcTruncationReason.NOT_TRUNCATED, response.truncated());
    assertEquals("text/html", records.get(0).index().mime());

    WarcRequest request = (WarcRequest) records.get(1).record();
    assertEquals(List.of(response.id()), request.concurrentTo());
    assertEquals("GET", request.http().method());
    WarcMetadata metadata = (WarcMetadata) records.get(2).record();
    assertEquals(List.of(response.id()), metadata.concurrentTo());
    String fields = new String(metadata.body().stream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(fields, fields.contains("fetchStatus: fetch_success"));
    assertTrue(fields, fields.contains("outlink: http://x.test/next"));
    assertEquals(Long.valueOf(1), counts.get("urls_archived"));
  }

  @Test
  public void aRenderedPagesDomIsAConversionRecordReferringToItsResponse() throws IOException {
    Capture capture = TestCaptures.page("http://a.test/app", 1000, "<div id=app></div>", false);
    String dom = "<html><body><div id=\"app\">made by script</div></body></html>";
    capture.content().setRendered(dom.getBytes(StandardCharsets.UTF_8));
    List<ArchivedRecord> records = builder.build(capture);
    assertEquals(4, records.size());
    WarcResponse response = (WarcResponse) records.get(0).record();
    assertEquals(
        "<div id=app></div>",
        new String(response.http().body().stream().readAllBytes(), StandardCharsets.UTF_8));
    org.netpreserve.jwarc.WarcConversion conversion =
        (org.netpreserve.jwarc.WarcConversion) records.get(3).record();
    assertEquals("http://a.test/app", conversion.target());
    assertEquals(java.util.Optional.of(response.id()), conversion.refersTo());
    assertEquals("text/html", conversion.contentType().base().toString());
    assertEquals(
        dom, new String(conversion.body().stream().readAllBytes(), StandardCharsets.UTF_8));
    assertEquals(Long.valueOf(1), counts.get("conversion_records"));
  }

  @Test
  public void theSamePayloadAgainIsARevisitReferringToTheFirstResponse() throws IOException {
    WarcResponse first =
        (WarcResponse)
            builder.build(TestCaptures.page("http://a.test/", 1000, "same", false)).get(0).record();
    List<ArchivedRecord> again =
        builder.build(TestCaptures.page("http://b.test/", 2000, "same", false));
    WarcRevisit revisit = (WarcRevisit) again.get(0).record();
    assertEquals(WarcRevisit.IDENTICAL_PAYLOAD_DIGEST_1_1, revisit.profile());
    assertEquals(first.id(), revisit.refersTo().get());
    assertEquals("http://a.test/", revisit.refersToTargetURI().get().toString());
    assertEquals(first.date(), revisit.refersToDate().get());
    assertEquals(first.payloadDigest(), revisit.payloadDigest());
    assertEquals(CaptureRecords.REVISIT_MIME, again.get(0).index().mime());
    assertEquals(Long.valueOf(1), counts.get("revisit_identical_records"));
  }

  @Test
  public void aNotModifiedAnswerIsARevisitOfTheUrlsLastResponse() throws IOException {
    WarcResponse first =
        (WarcResponse)
            builder.build(TestCaptures.page("http://a.test/", 1000, "v1", false)).get(0).record();
    WarcRevisit revisit =
        (WarcRevisit)
            builder.build(TestCaptures.notModified("http://a.test/", 5000)).get(0).record();
    assertEquals(WarcRevisit.SERVER_NOT_MODIFIED_1_1, revisit.profile());
    assertEquals(first.id(), revisit.refersTo().get());
    assertEquals(304, revisit.http().status());
  }

  @Test
  public void aNotModifiedAnswerWithoutAKnownResponseRefersToNothing() throws IOException {
    WarcRevisit revisit =
        (WarcRevisit)
            builder.build(TestCaptures.notModified("http://a.test/", 5000)).get(0).record();
    assertFalse(revisit.refersTo().isPresent());
  }

  @Test
  public void errorPagesAreArchivedWithTheirBody() throws IOException {
    WarcResponse response =
        (WarcResponse)
            builder.build(TestCaptures.notFound("http://a.test/x", 1000)).get(0).record();
    assertEquals(404, response.http().status());
    assertEquals("no", new String(response.http().body().stream().readAllBytes(), "UTF-8"));
  }

  @Test
  public void nothingIsArchivedWhenNothingWentOverTheWire() throws IOException {
    assertTrue(builder.build(TestCaptures.robotsDenied("http://a.test/private", 1)).isEmpty());
    assertEquals(Long.valueOf(1), counts.get("urls_not_exchanged"));
  }

  @Test
  public void aPageCutAtTheLimitIsTruncatedLengthAndNeverARevisitSource() throws IOException {
    Capture cut = TestCaptures.page("http://a.test/big", 1000, "cut", false);
    Content truncated = new Content(cut.url(), cut.url(), bytes("cut"), "text/html", true);
    Capture capture = new Capture(cut.url(), cut.fetch(), truncated, cut.transcript(), cut.parse());
    WarcResponse response = (WarcResponse) builder.build(capture).get(0).record();
    assertEquals(WarcTruncationReason.LENGTH, response.truncated());
    assertTrue(
        builder.build(TestCaptures.page("http://b.test/", 2000, "cut", false)).get(0).record()
            instanceof WarcResponse);
  }

  @Test
  public void aBodyCutAtTheDeadlineIsTruncatedTime() throws IOException {
    HttpTranscript.Exchange slow =
        new HttpTranscript.Exchange(
            "http://a.test/slow",
            1000,
            "127.0.0.2",
            bytes("GET /slow HTTP/1.1\r\n\r\n"),
            bytes("HTTP/1.1 200 OK\r\n\r\n"),
            200,
            bytes("partial"),
            false,
            HttpTranscript.Truncation.TIME);
    Capture capture =
        new Capture("http://a.test/slow", null, null, new HttpTranscript(List.of(slow)), null);
    WarcResponse response = (WarcResponse) builder.build(capture).get(0).record();
    assertEquals(WarcTruncationReason.TIME, response.truncated());
  }

  @Test
  public void aTwoHundredWhoseContentWasNotStoredIsCountedNotArchived() throws IOException {
    Capture page = TestCaptures.page("http://a.test/", 1000, "x", false);
    Capture noContent = new Capture(page.url(), page.fetch(), null, page.transcript(), null);
    assertTrue(builder.build(noContent).isEmpty());
    assertEquals(Long.valueOf(1), counts.get("content_missing"));
  }
}
