package org.trawler.console.report;

import static org.junit.Assert.assertEquals;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;

public class FigureJobTest {
  private static final String URL = "http://a.example/x";

  private static CrawlDatum fetch(CrawlStatus status, String pst, int ms) {
    CrawlDatum d = new CrawlDatum();
    d.setStatus(status);
    d.putMeta(MetadataKeys.PROTOCOL_STATUS, pst);
    if (ms >= 0) {
      d.putMeta(MetadataKeys.RESPONSE_TIME, ms);
    }
    return d;
  }

  @Test
  public void crawlDbUrlCountsItsStatusDepthAndHost() throws Exception {
    CrawlDatum d = new CrawlDatum();
    d.setStatus(CrawlStatus.DB_FETCHED);
    d.putMeta(MetadataKeys.DEPTH, 2);
    new MapDriver<Text, CrawlDatum, Text, LongWritable>(new FigureJob.CrawlDbMapper())
        .withInput(new Text(URL), d)
        .withOutput(new Text("crawldb_status\tdb_fetched"), new LongWritable(1))
        .withOutput(new Text("depth\t2"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_urls"), new LongWritable(1))
        .runTest();
  }

  @Test
  public void aDuplicateCountsItsKindAndAGoneUrlItsReason() throws Exception {
    CrawlDatum duplicate = new CrawlDatum();
    duplicate.setStatus(CrawlStatus.DB_DUPLICATE);
    duplicate.putMeta(MetadataKeys.DUPLICATE_OF, "http://a.example/");
    duplicate.putMeta(MetadataKeys.DUPLICATE_KIND, "near");
    CrawlDatum soft404 = new CrawlDatum();
    soft404.setStatus(CrawlStatus.DB_GONE);
    soft404.putMeta(MetadataKeys.PROTOCOL_STATUS, "200 soft_404 the host's answer");
    new MapDriver<Text, CrawlDatum, Text, LongWritable>(new FigureJob.CrawlDbMapper())
        .withInput(new Text(URL), duplicate)
        .withInput(new Text(URL), soft404)
        .withOutput(new Text("crawldb_status\tdb_duplicate"), new LongWritable(1))
        .withOutput(new Text("depth\t0"), new LongWritable(1))
        .withOutput(new Text("duplicate_kind\tnear"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_urls"), new LongWritable(1))
        .withOutput(new Text("crawldb_status\tdb_gone"), new LongWritable(1))
        .withOutput(new Text("depth\t0"), new LongWritable(1))
        .withOutput(new Text("gone_reason\tsoft_404"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_urls"), new LongWritable(1))
        .runTest();
  }

  @Test
  public void robotsDeniedFetchCountsAsAnErrorOfItsHost() throws Exception {
    new MapDriver<Text, CrawlDatum, Text, LongWritable>(new FigureJob.FetchMapper())
        .withInput(
            new Text(URL), fetch(CrawlStatus.FETCH_GONE, "403 robots_denied denied by rule", 1234))
        .withOutput(new Text("fetch_status\tfetch_gone"), new LongWritable(1))
        .withOutput(new Text("http_status\t403"), new LongWritable(1))
        .withOutput(new Text("reason\trobots_denied"), new LongWritable(1))
        .withOutput(new Text("response_ms\t1200"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_errors"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_robots_denied"), new LongWritable(1))
        .withOutput(new Text("host\ta.example\thost_response_ms"), new LongWritable(1234))
        .withOutput(new Text("host\ta.example\thost_timed"), new LongWritable(1))
        .runTest();
  }

  @Test
  public void notAFetchStatusCountsNothing() throws Exception {
    CrawlDatum linked = new CrawlDatum();
    linked.setStatus(CrawlStatus.LINKED);
    new MapDriver<Text, CrawlDatum, Text, LongWritable>(new FigureJob.FetchMapper())
        .withInput(new Text(URL), linked)
        .runTest();
  }

  @Test
  public void contentCountsItsMediaTypeAndSize() throws Exception {
    Content c = new Content(URL, URL, new byte[4321], "Text/HTML; charset=UTF-8", false);
    new MapDriver<Text, Content, Text, LongWritable>(new FigureJob.ContentMapper())
        .withInput(new Text(URL), c)
        .withOutput(new Text("content_type\ttext/html"), new LongWritable(1))
        .withOutput(new Text("bytes\t4300"), new LongWritable(1))
        .runTest();
  }

  @Test
  public void aParsedSegmentsContentCountsItsSizeAndItsParseTheDetectedType() throws Exception {
    Content feed = new Content(URL, URL, new byte[4321], "text/xml", false);
    new MapDriver<Text, Content, Text, LongWritable>(new FigureJob.ContentSizeMapper())
        .withInput(new Text(URL), feed)
        .withOutput(new Text("bytes\t4300"), new LongWritable(1))
        .runTest();
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "news");
    parse.getMeta().put(ParseData.META_TYPE, "application/rss+xml");
    ParseData unknown = new ParseData(ParseData.FAILED, "parser crashed", "");
    new MapDriver<Text, ParseData, Text, LongWritable>(new FigureJob.ParseDataMapper())
        .withInput(new Text(URL), parse)
        .withInput(new Text(URL), unknown)
        .withOutput(new Text("content_type\tapplication/rss+xml"), new LongWritable(1))
        .withOutput(new Text("content_type\tunknown"), new LongWritable(1))
        .runTest();
  }

  @Test
  public void reducerSumsAKeysAmounts() throws Exception {
    new ReduceDriver<Text, LongWritable, Text, LongWritable>(new FigureJob.SumReducer())
        .withInput(new Text("reason\tok"), List.of(new LongWritable(2), new LongWritable(5)))
        .withOutput(new Text("reason\tok"), new LongWritable(7))
        .runTest();
  }

  @Test
  public void bucketsKeepTwoSignificantDigits() {
    assertEquals(0, Figure.bucket(-3));
    assertEquals(99, Figure.bucket(99));
    assertEquals(120, Figure.bucket(129));
    assertEquals(98000, Figure.bucket(98765));
  }

  @Test
  public void totalsKeepTheHostsAndPercentiles() {
    FigureTotals t = new FigureTotals(1);
    List<Pair<String, Long>> rows =
        List.of(
            new Pair<>("host\ta\thost_errors", 3L),
            new Pair<>("host\ta\thost_urls", 5L),
            new Pair<>("host\tb\thost_response_ms", 900L),
            new Pair<>("host\tb\thost_timed", 3L),
            new Pair<>("host\tb\thost_urls", 9L),
            new Pair<>("response_ms\t10", 50L),
            new Pair<>("response_ms\t20", 40L),
            new Pair<>("response_ms\t900", 10L));
    rows.forEach(p -> t.add(p.getFirst(), p.getSecond()));
    t.done();
    assertEquals(2, t.hosts());
    assertEquals(
        List.of(
            new FigureTotals.HostRow("b", 9, 0, 0, 0, 300),
            new FigureTotals.HostRow("a", 5, 0, 3, 0, -1)),
        t.hostRows());
    Map<String, Long> ms = t.histogram(Figure.RESPONSE_MS);
    assertEquals(10, FigureTotals.percentile(ms, 0.5));
    assertEquals(20, FigureTotals.percentile(ms, 0.9));
    assertEquals(900, FigureTotals.percentile(ms, 0.99));
  }
}
