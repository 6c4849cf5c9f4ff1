package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.Test;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcMetadata;
import org.netpreserve.jwarc.WarcRequest;
import org.netpreserve.jwarc.WarcResponse;
import org.trawler.core.parse.CharsetDetector;

public class WatRecordsTest {
  private static final String PAGE =
      "<html lang=\"en\"><head><title>A page</title>\n"
          + "<meta name=\"description\" content=\"About things\">\n"
          + "<meta property=\"og:title\" content=\"Things\">\n"
          + "<meta charset=\"utf-8\">\n"
          + "<link rel=\"stylesheet\" href=\"/s.css\" type=\"text/css\">\n"
          + "<script src=\"/app.js\"></script>\n"
          + "</head><body>\n"
          + "<a href=\"/next\" rel=\"nofollow\" title=\"Next page\">Next <b>page</b></a>\n"
          + "<a name=\"top\">no link</a>\n"
          + "<img src=\"/logo.png\" alt=\"Logo\">\n"
          + "<form action=\"/search\"></form>\n"
          + "<iframe src=\"https://other.test/embed\"></iframe>\n"
          + "</body></html>";

  private final Map<String, Long> counts = new HashMap<>();
  private final WatRecords wat =
      new WatRecords(
          new CharsetDetector(StandardCharsets.ISO_8859_1),
          (g, n, a) -> counts.merge(n, a, Long::sum));

  private static WarcResponse response(String head, String body) throws Exception {
    byte[] block = (head + body).getBytes(StandardCharsets.UTF_8);
    return new WarcResponse.Builder("http://a.test/page")
        .version(MessageVersion.WARC_1_1)
        .recordId(UUID.fromString("00000000-0000-0000-0000-000000000001"))
        .date(Instant.parse("2026-11-28T10:00:00Z"))
        .body(MediaType.HTTP_RESPONSE, block)
        .blockDigest(CaptureRecords.sha1(block))
        .ipAddress(InetAddress.getByName("127.0.0.2"))
        .build();
  }

  @Test
  public void anHtmlPagesEnvelopeNamesAndNestsItsMetadataAsCommonCrawlsWat() throws Exception {
    String head = "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n";
    RecordBytes r = RecordBytes.of(response(head, PAGE));
    String json = wat.envelope(r, "t-1.warc.gz", 1234);
    String blockDigest = WatRecords.digest(r.block());
    String entityDigest = WatRecords.digest(PAGE.getBytes(StandardCharsets.UTF_8));
    assertEquals(
        "{\"Container\":{\"Filename\":\"t-1.warc.gz\",\"Compressed\":true,\"Offset\":\"1234\"},"
            + "\"Envelope\":{\"Format\":\"WARC/1.1\",\"WARC-Header-Length\":\""
            + r.headerLength()
            + "\",\"WARC-Header-Metadata\":{"
            + "\"Content-Length\":\""
            + r.block().length
            + "\",\"Content-Type\":\"application/http;msgtype=response\","
            + "\"WARC-Block-Digest\":\""
            + blockDigest
            + "\",\"WARC-Date\":\"2026-11-28T10:00:00Z\","
            + "\"WARC-IP-Address\":\"127.0.0.2\","
            + "\"WARC-Record-ID\":\"<urn:uuid:00000000-0000-0000-0000-000000000001>\","
            + "\"WARC-Target-URI\":\"http://a.test/page\","
            + "\"WARC-Type\":\"response\"},"
            + "\"Payload-Metadata\":{"
            + "\"Actual-Content-Type\":\"application/http; msgtype=response\","
            + "\"HTTP-Response-Metadata\":{"
            + "\"Response-Message\":{\"Status\":\"200\",\"Version\":\"HTTP/1.1\",\"Reason\":\"OK\"},"
            + "\"Headers-Length\":\""
            + head.length()
            + "\",\"Headers\":{\"Content-Type\":\"text/html; charset=utf-8\"},"
            + "\"Entity-Length\":\""
            + PAGE.length()
            + "\",\"Entity-Digest\":\""
            + entityDigest
            + "\",\"Entity-Trailing-Slop-Length\":\"0\","
            + "\"HTML-Metadata\":{\"Head\":{\"Title\":\"A page\",\"Metas\":["
            + "{\"name\":\"HTML@/lang\",\"content\":\"en\"},"
            + "{\"name\":\"description\",\"content\":\"About things\"},"
            + "{\"content\":\"Things\",\"property\":\"og:title\"}],"
            + "\"Link\":[{\"path\":\"LINK@/href\",\"url\":\"/s.css\",\"rel\":\"stylesheet\","
            + "\"type\":\"text/css\"}],"
            + "\"Scripts\":[{\"path\":\"SCRIPT@/src\",\"url\":\"/app.js\"}]},"
            + "\"Links\":["
            + "{\"path\":\"A@/href\",\"url\":\"/next\",\"title\":\"Next page\",\"rel\":\"nofollow\","
            + "\"text\":\"Next page\"},"
            + "{\"path\":\"IMG@/src\",\"url\":\"/logo.png\",\"alt\":\"Logo\"},"
            + "{\"path\":\"FORM@/action\",\"url\":\"/search\"},"
            + "{\"path\":\"IFRAME@/src\",\"url\":\"https://other.test/embed\"}]}},"
            + "\"Actual-Content-Length\":\""
            + r.block().length
            + "\",\"Trailing-Slop-Length\":\"4\",\"Block-Digest\":\""
            + blockDigest
            + "\"}}}",
        json);
  }

  @Test
  public void anAnchorsTextIsCutAt128Characters() throws Exception {
    String page = "<a href=\"/x\">" + "w ".repeat(100) + "</a>";
    RecordBytes r =
        RecordBytes.of(response("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n", page));
    String json = wat.envelope(r, "f", 0);
    String text = "w ".repeat(64); // trimmed, then cut: as Common Crawl's
    assertEquals(json, true, json.contains("\"text\":\"" + text + "\"}"));
  }

  @Test
  public void aRequestsEnvelopeHasItsRequestLineAndHeaders() throws Exception {
    byte[] head = "GET /p?q=1 HTTP/1.1\r\nHost: a.test\r\nAccept: */*\r\n\r\n".getBytes();
    WarcRequest request =
        new WarcRequest.Builder("http://a.test/p?q=1")
            .version(MessageVersion.WARC_1_1)
            .body(MediaType.HTTP_REQUEST, head)
            .build();
    String json = wat.envelope(RecordBytes.of(request), "f", 0);
    assertEquals(
        json,
        true,
        json.contains(
            "\"Payload-Metadata\":{\"Actual-Content-Type\":\"application/http; msgtype=request\","
                + "\"HTTP-Request-Metadata\":{\"Request-Message\":{\"Method\":\"GET\","
                + "\"Path\":\"/p?q=1\",\"Version\":\"HTTP/1.1\"},\"Headers-Length\":\""
                + head.length
                + "\",\"Headers\":{\"Host\":\"a.test\",\"Accept\":\"*/*\"},"
                + "\"Entity-Length\":\"0\""));
  }

  @Test
  public void aMetadataRecordsFieldsAreListedByNameAndValue() throws Exception {
    Map<String, java.util.List<String>> fields = new java.util.LinkedHashMap<>();
    fields.put("fetchStatus", java.util.List.of("fetch_success"));
    fields.put("outlink", java.util.List.of("http://a.test/1", "http://a.test/2"));
    WarcMetadata metadata =
        new WarcMetadata.Builder()
            .version(MessageVersion.WARC_1_1)
            .targetURI("http://a.test/")
            .fields(fields)
            .build();
    String json = wat.envelope(RecordBytes.of(metadata), "f", 0);
    assertEquals(
        json,
        true,
        json.contains(
            "\"Actual-Content-Type\":\"application/metadata-fields\","
                + "\"WARC-Metadata-Metadata\":{\"Metadata-Records\":["
                + "{\"Name\":\"fetchStatus\",\"Value\":\"fetch_success\"},"
                + "{\"Name\":\"outlink\",\"Value\":\"http://a.test/1\"},"
                + "{\"Name\":\"outlink\",\"Value\":\"http://a.test/2\"}]}"));
  }

  @Test
  public void theWatRecordRefersToTheWarcRecordWithItsTargetAndDate() throws Exception {
    WarcResponse response =
        response("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\n\r\n", "no");
    WarcMetadata record = wat.build(RecordBytes.of(response), "f.warc.gz", 7);
    assertEquals("<" + response.id() + ">", record.headers().first("WARC-Refers-To").get());
    assertEquals(URI.create("http://a.test/page"), record.targetURI());
    assertEquals(response.date(), record.date());
    assertEquals("application/json", record.contentType().toString());
    byte[] body = record.body().stream().readAllBytes();
    assertEquals(CaptureRecords.sha1(body), record.blockDigest().get());
    assertFalse("no HTML-Metadata for a text page", new String(body).contains("HTML-Metadata"));
  }
}
