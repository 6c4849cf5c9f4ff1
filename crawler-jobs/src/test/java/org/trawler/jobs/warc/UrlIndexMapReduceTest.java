package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.serializer.JavaSerialization;
import org.apache.hadoop.io.serializer.WritableSerialization;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;

/** The URL index's mapper and reducer under MRUnit. */
public class UrlIndexMapReduceTest {
  private static final long TIME = Instant.parse("2026-03-04T05:06:07Z").toEpochMilli();
  private static final String SEGMENT = "/crawl/segments/20260304050607";

  private static String line(String url, int status, long offset) {
    return CdxjLine.format(
        new ArchivedRecord.Index(url, Instant.ofEpochMilli(TIME), "text/html", status, "DIGEST"),
        offset,
        100,
        "t-00000.warc.gz");
  }

  private static MapDriver<Writable, Writable, Text, UrlIndexValue> mapper(String path) {
    MapDriver<Writable, Writable, Text, UrlIndexValue> driver =
        MapDriver.newMapDriver(new UrlIndex.KeyMapper());
    driver.setMapInputPath(new Path(path));
    return driver;
  }

  /**
   * Rows go straight to the Parquet writer in a job; the driver copies them by Java serialization.
   */
  private static ReduceDriver<Text, UrlIndexValue, NullWritable, UrlIndexRow> reducer() {
    ReduceDriver<Text, UrlIndexValue, NullWritable, UrlIndexRow> driver =
        ReduceDriver.newReduceDriver(new UrlIndex.RowReducer());
    driver
        .getConfiguration()
        .setStrings(
            "io.serializations",
            WritableSerialization.class.getName(),
            JavaSerialization.class.getName());
    return driver;
  }

  private static List<String> keys(List<Pair<Text, UrlIndexValue>> out) {
    List<String> keys = new ArrayList<>();
    for (Pair<Text, UrlIndexValue> p : out) {
      keys.add(p.getFirst().toString() + " " + p.getSecond().kind());
    }
    return keys;
  }

  @Test
  public void cdxjLinesAreKeyedBySurtThenUrlAndBadOnesCounted() throws IOException {
    MapDriver<Writable, Writable, Text, UrlIndexValue> driver = mapper("/warc/t-00000.cdxj");
    String good = line("http://a.test/p", 200, 0);
    driver.withInput(new LongWritable(0), new Text(good));
    driver.withInput(new LongWritable(1), new Text("not a line"));
    List<Pair<Text, UrlIndexValue>> out = driver.run();
    assertEquals(List.of("test,a)/p\thttp://a.test/p CDXJ_LINE"), keys(out));
    assertEquals(good, out.get(0).getSecond().text());
    assertEquals(1, UrlIndexCounter.BAD_CDXJ_LINES.valueIn(driver.getCounters()));
  }

  @Test
  public void aTranscriptGoesToEveryUrlItExchangedAndTheFetchToItsOwn() throws IOException {
    MapDriver<Writable, Writable, Text, UrlIndexValue> driver =
        mapper(SEGMENT + "/http_transcript/part-r-00000/data");
    HttpTranscript transcript =
        new HttpTranscript(
            List.of(
                TestCaptures.exchange(
                    "http://a.test/old", TIME, 301, "HTTP/1.1 301\r\n\r\n", new byte[0], false),
                TestCaptures.exchange(
                    "http://a.test/new", TIME, 200, "HTTP/1.1 200\r\n\r\n", new byte[0], true)));
    driver.withInput(new Text("http://a.test/old"), transcript);
    List<Pair<Text, UrlIndexValue>> out = driver.run();
    assertEquals(
        List.of(
            "test,a)/old\thttp://a.test/old SEGMENT_RECORD",
            "test,a)/new\thttp://a.test/new SEGMENT_RECORD"),
        keys(out));
    assertEquals(SEGMENT, out.get(1).getSecond().record().segment());
  }

  @Test
  public void onlyTheCrawldbsDuplicateMarksAreRead() throws IOException {
    MapDriver<Writable, Writable, Text, UrlIndexValue> driver =
        mapper("/crawl/crawldb/current/part-r-00000/data");
    CrawlDatum marked = new CrawlDatum(CrawlStatus.DB_DUPLICATE, 100, 1f);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "http://a.test/kept");
    driver.withInput(new Text("http://a.test/copy"), marked);
    driver.withInput(
        new Text("http://a.test/kept"), new CrawlDatum(CrawlStatus.DB_FETCHED, 100, 1f));
    List<Pair<Text, UrlIndexValue>> out = driver.run();
    assertEquals(List.of("test,a)/copy\thttp://a.test/copy DUPLICATE_OF"), keys(out));
    assertEquals("http://a.test/kept", out.get(0).getSecond().text());
  }

  @Test
  public void theReducerJoinsALineWithItsFetchIntoOneRow() throws IOException {
    ReduceDriver<Text, UrlIndexValue, NullWritable, UrlIndexRow> driver = reducer();
    Capture page = TestCaptures.page("http://a.test/p", TIME, "x", false);
    Capture gone = TestCaptures.notFound("http://a.test/p", TIME + 60_000);
    List<UrlIndexValue> values = new ArrayList<>();
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, page.fetch())));
    values.add(UrlIndexValue.line(line("http://a.test/p", 200, 4321)));
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, page.transcript())));
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, page.parse())));
    // fetched again later (404) in a segment whose WARC was not exported: no line
    values.add(UrlIndexValue.record(new SegmentValue("/crawl/segments/2", gone.fetch())));
    values.add(UrlIndexValue.record(new SegmentValue("/crawl/segments/2", gone.transcript())));
    driver.withInput(UrlIndex.key("test,a)/p", "http://a.test/p"), values);
    List<Pair<NullWritable, UrlIndexRow>> out = driver.run();

    assertEquals(1, out.size());
    UrlIndexRow row = out.get(0).getSecond();
    assertEquals("http://a.test/p", row.url());
    assertEquals("test,a)/p", row.surtKey());
    assertEquals(4321, row.warcRecordOffset());
    assertEquals(100, row.warcRecordLength());
    assertEquals("20260304050607", row.segment());
    assertEquals("ok", row.fetchReason());
    assertNull(row.duplicateOf());
    assertEquals(1, UrlIndexCounter.ROWS.valueIn(driver.getCounters()));
    assertEquals(1, UrlIndexCounter.ROWS_WARC.valueIn(driver.getCounters()));
    assertEquals(0, UrlIndexCounter.ROWS_WITHOUT_FETCH.valueIn(driver.getCounters()));
    assertEquals(1, UrlIndexCounter.EXCHANGES_NOT_IN_WARC.valueIn(driver.getCounters()));
  }

  @Test
  public void aPageFetchedItselfAndReachedByAnotherUrlsRedirectInOneSegmentGetsARowForEach()
      throws IOException {
    ReduceDriver<Text, UrlIndexValue, NullWritable, UrlIndexRow> driver = reducer();
    Capture own = TestCaptures.page("http://a.test/new", TIME, "x", false);
    HttpTranscript viaRedirect =
        new HttpTranscript(
            List.of(
                TestCaptures.exchange(
                    "http://a.test/old",
                    TIME + 5000,
                    301,
                    "HTTP/1.1 301\r\nLocation: /new\r\n\r\n",
                    new byte[0],
                    false),
                TestCaptures.exchange(
                    "http://a.test/new",
                    TIME + 5000,
                    200,
                    "HTTP/1.1 200\r\n\r\n",
                    new byte[0],
                    true)));
    List<UrlIndexValue> values = new ArrayList<>();
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, viaRedirect)));
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, own.fetch())));
    values.add(UrlIndexValue.record(new SegmentValue(SEGMENT, own.transcript())));
    values.add(
        UrlIndexValue.line(
            CdxjLine.format(
                new ArchivedRecord.Index(
                    "http://a.test/new", Instant.ofEpochMilli(TIME + 5000), "text/html", 200, "D"),
                900,
                100,
                "t-00000.warc.gz")));
    values.add(UrlIndexValue.line(line("http://a.test/new", 200, 0)));
    driver.withInput(UrlIndex.key("test,a)/new", "http://a.test/new"), values);
    List<Pair<NullWritable, UrlIndexRow>> out = driver.run();

    assertEquals(2, out.size());
    UrlIndexRow fetchedItself = out.get(0).getSecond();
    UrlIndexRow reachedByRedirect = out.get(1).getSecond();
    assertEquals(0, fetchedItself.warcRecordOffset());
    assertEquals(CrawlStatus.FETCH_SUCCESS.label(), fetchedItself.crawlStatus());
    assertEquals(900, reachedByRedirect.warcRecordOffset());
    assertEquals("20260304050607", reachedByRedirect.segment());
    assertNull("the redirect's fetch is kept under the first URL", reachedByRedirect.crawlStatus());
    assertEquals(0, UrlIndexCounter.ROWS_WITHOUT_FETCH.valueIn(driver.getCounters()));
    assertEquals(0, UrlIndexCounter.EXCHANGES_NOT_IN_WARC.valueIn(driver.getCounters()));
  }

  @Test
  public void aLineNoSegmentFetchedStillIndexesItsRecordAndTheMarkAndOversizedOnesAreSkipped()
      throws IOException {
    ReduceDriver<Text, UrlIndexValue, NullWritable, UrlIndexRow> driver = reducer();
    List<UrlIndexValue> values = new ArrayList<>();
    values.add(UrlIndexValue.line(line("http://a.test/p", 404, 10)));
    values.add(UrlIndexValue.line(line("http://a.test/p", 200, 1L << 32)));
    values.add(UrlIndexValue.duplicateOf("http://a.test/kept"));
    driver.withInput(UrlIndex.key("test,a)/p", "http://a.test/p"), values);
    List<Pair<NullWritable, UrlIndexRow>> out = driver.run();

    assertEquals(1, out.size());
    UrlIndexRow row = out.get(0).getSecond();
    assertEquals(404, row.fetchStatus());
    assertNull(row.segment());
    assertEquals("http://a.test/kept", row.duplicateOf());
    assertEquals(UrlIndexRow.SUBSET_DIAGNOSTICS, row.subset());
    assertEquals(1, UrlIndexCounter.ROWS_WITHOUT_FETCH.valueIn(driver.getCounters()));
    assertEquals(1, UrlIndexCounter.ROWS_CRAWLDIAGNOSTICS.valueIn(driver.getCounters()));
    assertEquals(1, UrlIndexCounter.OFFSET_TOO_LARGE.valueIn(driver.getCounters()));
  }
}
