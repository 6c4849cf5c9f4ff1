package org.trawler.jobs.fetch;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseText;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;

public class FetchRecorderTest {
  private static final Text URL = new Text("http://a.test/page");

  private static ProtocolOutput page() {
    return ProtocolOutput.success(
        200,
        new Content(
            URL.toString(),
            URL.toString(),
            "<html>hi</html>".getBytes(StandardCharsets.UTF_8),
            "text/html",
            false));
  }

  @Test
  public void aSuccessWritesTheFetchDatumAndTheContentWithCrawlMetadata() {
    ListOutput out = new ListOutput();
    CrawlDatum generated = Segments.generated();
    generated.setSignature(new byte[] {1, 2, 3});
    new FetchRecorder(out, true, null).record(URL, generated, page(), 1_000_000L);

    CrawlDatum datum = out.datums().get(URL.toString());
    assertEquals(CrawlStatus.FETCH_SUCCESS, datum.getStatus());
    assertEquals(1_000_000L, datum.getFetchTime());
    assertEquals("200 ok", datum.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    assertEquals(2.5f, datum.getScore(), 0);
    assertEquals(1, datum.getDepth());
    assertArrayEquals(
        "signature untouched: parse computes it", new byte[] {1, 2, 3}, datum.getSignature());
    assertEquals(CrawlStatus.DB_UNFETCHED, generated.getStatus());

    Content content = out.contents().get(URL.toString());
    assertEquals("2.5", content.getMeta().get(Content.META_SCORE));
    assertEquals("1", content.getMeta().get(Content.META_DEPTH));
    assertEquals("1000000", content.getMeta().get(Content.META_FETCH_TIME));
  }

  @Test
  public void theFetchDatumCarriesTheNewEtagOrDropsAnOldOne() {
    CrawlDatum generated = Segments.generated();
    generated.putMeta(MetadataKeys.ETAG, "\"old\"");
    ProtocolOutput tagged = page();
    tagged.getContent().getHeaders().put("ETag", "\"new\"");
    assertEquals(
        "\"new\"",
        FetchRecorder.fetchDatum(generated, tagged, 1L, FetchRecorder.NO_RESPONSE_TIME)
            .getMetaString(MetadataKeys.ETAG));
    assertNull(
        FetchRecorder.fetchDatum(generated, page(), 1L, FetchRecorder.NO_RESPONSE_TIME)
            .getMetaString(MetadataKeys.ETAG));
    assertEquals(
        "a 304 keeps the tag it matched",
        "\"old\"",
        FetchRecorder.fetchDatum(
                generated, ProtocolOutput.notModified(), 1L, FetchRecorder.NO_RESPONSE_TIME)
            .getMetaString(MetadataKeys.ETAG));
  }

  @Test
  public void theFetchDatumCarriesThisFetchsResponseTimeOnly() {
    CrawlDatum generated = Segments.generated();
    generated.putMeta(MetadataKeys.RESPONSE_TIME, 999); // an older round's, if it came along
    assertEquals(
        42,
        FetchRecorder.fetchDatum(generated, page(), 1L, 42)
            .getMetaInt(MetadataKeys.RESPONSE_TIME, -1));
    assertNull(
        FetchRecorder.fetchDatum(generated, page(), 1L, FetchRecorder.NO_RESPONSE_TIME)
            .getMetaString(MetadataKeys.RESPONSE_TIME));
  }

  @Test
  public void aRedirectKeepsItsTargetAndDropsAnOlderOne() {
    ListOutput out = new ListOutput();
    CrawlDatum generated = Segments.generated();
    generated.putMeta(MetadataKeys.REDIRECT_TARGET, "http://old.test/");
    FetchRecorder recorder = new FetchRecorder(out, true, null);
    recorder.record(
        new Text("http://a.test/moved"),
        generated,
        ProtocolOutput.redirect(true, 301, "http://a.test/new"),
        5);
    recorder.record(
        new Text("http://a.test/gone"),
        generated,
        ProtocolOutput.gone(404, Reason.HTTP, "Not Found"),
        5);

    CrawlDatum moved = out.datums().get("http://a.test/moved");
    assertEquals(CrawlStatus.FETCH_REDIR_PERM, moved.getStatus());
    assertEquals("http://a.test/new", moved.getMetaString(MetadataKeys.REDIRECT_TARGET));
    CrawlDatum gone = out.datums().get("http://a.test/gone");
    assertEquals("404 http_404 Not Found", gone.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    assertNull(gone.getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertTrue("no content for failures", out.contents().isEmpty());
  }

  @Test
  public void countersGoPerStatusAndPerReason() {
    ListOutput out = new ListOutput();
    FetchRecorder recorder = new FetchRecorder(out, true, null);
    recorder.record(URL, Segments.generated(), page(), 1);
    recorder.record(URL, Segments.generated(), ProtocolOutput.retry(0, Reason.TIMEOUT, "", -1), 1);
    recorder.record(URL, Segments.generated(), ProtocolOutput.retry(503, Reason.HTTP, "", -1), 1);
    assertEquals(1, out.counter(FetchCounter.GROUP, "fetch_success"));
    assertEquals(2, out.counter(FetchCounter.GROUP, "fetch_retry"));
    assertEquals(1, out.counter(FetchCounter.REASONS_GROUP, "timeout"));
    assertEquals(1, out.counter(FetchCounter.GROUP, "pages"));
    assertEquals(15, out.counter(FetchCounter.GROUP, "bytes"));
    assertEquals(3, recorder.done());
    assertEquals(2, recorder.errors());
    assertEquals(15, recorder.bytes());
  }

  @Test
  public void unusualReasonsShareOneCounterPastSixty() {
    ListOutput out = new ListOutput();
    FetchRecorder recorder = new FetchRecorder(out, true, null);
    for (int code = 900; code < 970; code++) {
      recorder.record(URL, Segments.generated(), ProtocolOutput.gone(code, Reason.HTTP, ""), 1);
    }
    assertEquals(1, out.counter(FetchCounter.REASONS_GROUP, "http_959"));
    assertEquals(10, out.counter(FetchCounter.REASONS_GROUP, "other"));
    assertEquals(70, out.counter(FetchCounter.GROUP, "fetch_gone"));
  }

  @Test
  public void withoutStoreContentOnlyTheDatumIsWritten() {
    ListOutput out = new ListOutput();
    new FetchRecorder(out, false, null).record(URL, Segments.generated(), page(), 1);
    assertEquals(1, out.records.size());
    assertEquals(1, out.datums().size());
  }

  @Test
  public void theParseHookSeesEachSuccessOnceAndItsRecordsGoOut() {
    ListOutput out = new ListOutput();
    List<String> parsed = new ArrayList<>();
    FetchParseHook hook =
        (url, datum, content, sink) -> {
          parsed.add(
              url
                  + " "
                  + datum.statusLabel()
                  + " depth="
                  + content.getMeta().get(Content.META_DEPTH));
          sink.write(url, new ParseText("hi"));
        };
    FetchRecorder recorder = new FetchRecorder(out, true, hook);
    recorder.record(URL, Segments.generated(), page(), 1);
    recorder.record(URL, Segments.generated(), ProtocolOutput.gone(404, Reason.HTTP, ""), 1);
    assertEquals(List.of(URL + " fetch_success depth=1"), parsed);
    assertTrue(out.records.stream().anyMatch(e -> e.getValue() instanceof ParseText));
  }

  @Test
  public void aFailingParserIsCountedNotFatal() {
    ListOutput out = new ListOutput();
    FetchParseHook hook =
        (url, datum, content, sink) -> {
          throw new IllegalArgumentException("bad html");
        };
    FetchRecorder recorder = new FetchRecorder(out, true, hook);
    recorder.record(URL, Segments.generated(), page(), 1);
    assertEquals(1, out.counter(FetchCounter.GROUP, "parse_failed"));
    assertEquals(1, out.datums().size());
    assertNull(recorder.failure());
  }

  @Test
  public void aClosedRecorderDropsLateWrites() {
    ListOutput out = new ListOutput();
    FetchRecorder recorder = new FetchRecorder(out, true, null);
    recorder.close();
    recorder.record(URL, Segments.generated(), page(), 1);
    assertTrue(out.records.isEmpty());
  }

  @Test
  public void aWriteFailureIsKeptForTheTask() {
    SegmentOutput broken =
        new SegmentOutput() {
          @Override
          public void write(Text key, org.apache.hadoop.io.Writable record)
              throws java.io.IOException {
            throw new java.io.IOException("disk full");
          }

          @Override
          public void count(String group, String name, long amount) {}
        };
    FetchRecorder recorder = new FetchRecorder(broken, true, null);
    recorder.record(URL, Segments.generated(), page(), 1);
    assertEquals("disk full", recorder.failure().getMessage());
  }
}
