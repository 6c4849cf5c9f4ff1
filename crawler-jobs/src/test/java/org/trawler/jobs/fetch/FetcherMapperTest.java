package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.net.NetKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.parse.ParseCounter;
import org.trawler.jobs.politeness.PolitenessKeys;

/** The fetch mapper (threads and all) on a scripted protocol, through MRUnit. */
public class FetcherMapperTest {

  private static MapDriver<Text, CrawlDatum, Text, SegmentRecord> mapDriver(String... urls) {
    MapDriver<Text, CrawlDatum, Text, SegmentRecord> driver =
        MapDriver.newMapDriver(new FetcherMapper());
    configure(driver.getConfiguration());
    for (String url : urls) {
      driver.withInput(new Text(url), Segments.generated());
    }
    return driver;
  }

  private static void configure(Configuration conf) {
    for (Map.Entry<String, String> e : CrawlerConfiguration.create()) {
      conf.set(e.getKey(), e.getValue());
    }
    conf.set(ProtocolKeys.PROTOCOL_CLASS, ScriptedProtocol.class.getName());
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.setInt(ProtocolKeys.FETCHER_THREADS, 4);
  }

  private static Map<String, CrawlDatum> datums(List<Pair<Text, SegmentRecord>> output) {
    Map<String, CrawlDatum> datums = new HashMap<>();
    for (Pair<Text, SegmentRecord> p : output) {
      if (p.getSecond().get() instanceof CrawlDatum) {
        assertFalse(
            "one datum per URL: " + p.getFirst(), datums.containsKey(p.getFirst().toString()));
        datums.put(p.getFirst().toString(), (CrawlDatum) p.getSecond().get());
      }
    }
    return datums;
  }

  private static List<String> contentUrls(List<Pair<Text, SegmentRecord>> output) {
    List<String> urls = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : output) {
      Writable record = p.getSecond().get();
      if (record instanceof Content) {
        urls.add(p.getFirst().toString());
      }
    }
    return urls;
  }

  private static String pst(CrawlDatum d) {
    return d.getMetaString(MetadataKeys.PROTOCOL_STATUS);
  }

  @Test
  public void everyEntryGetsOneFetchDatumWithItsOutcome() throws Exception {
    MapDriver<Text, CrawlDatum, Text, SegmentRecord> driver =
        mapDriver(
            "http://a.test/",
            "http://a.test/gone",
            "http://a.test/moved",
            "http://b.test/busy",
            "http://denied.test/private",
            "http://denied.test/open",
            "http://slow.test/x",
            "http://down.test/y",
            "http://c.test/boom",
            "not a url");
    List<Pair<Text, SegmentRecord>> output = driver.run();
    Map<String, CrawlDatum> d = datums(output);

    assertEquals(10, d.size());
    assertEquals("200 ok", pst(d.get("http://a.test/")));
    assertEquals(CrawlStatus.FETCH_SUCCESS, d.get("http://a.test/").getStatus());
    assertEquals(CrawlStatus.FETCH_GONE, d.get("http://a.test/gone").getStatus());
    assertEquals("404 http_404 Not Found", pst(d.get("http://a.test/gone")));
    assertEquals(CrawlStatus.FETCH_REDIR_PERM, d.get("http://a.test/moved").getStatus());
    assertEquals(
        "http://a.test/new",
        d.get("http://a.test/moved").getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(CrawlStatus.FETCH_RETRY, d.get("http://b.test/busy").getStatus());
    assertEquals("429 http_429 Too Many Requests", pst(d.get("http://b.test/busy")));
    assertEquals(CrawlStatus.FETCH_GONE, d.get("http://denied.test/private").getStatus());
    assertEquals("0 robots_denied", pst(d.get("http://denied.test/private")));
    assertEquals(CrawlStatus.FETCH_SUCCESS, d.get("http://denied.test/open").getStatus());
    assertEquals(CrawlStatus.FETCH_GONE, d.get("http://slow.test/x").getStatus());
    assertTrue(pst(d.get("http://slow.test/x")).startsWith("0 crawl_delay_too_long"));
    assertEquals(CrawlStatus.FETCH_RETRY, d.get("http://down.test/y").getStatus());
    assertEquals("0 robots_unavailable http_503", pst(d.get("http://down.test/y")));
    assertEquals(CrawlStatus.FETCH_RETRY, d.get("http://c.test/boom").getStatus());
    assertTrue(pst(d.get("http://c.test/boom")).startsWith("0 exception"));
    assertTrue(pst(d.get("not a url")).startsWith("0 malformed_url"));

    List<String> contents = contentUrls(output);
    contents.sort(null);
    assertEquals(List.of("http://a.test/", "http://denied.test/open"), contents);

    Counters counters = driver.getCounters();
    assertEquals(2, counters.findCounter(FetchCounter.GROUP, "fetch_success").getValue());
    assertEquals(4, counters.findCounter(FetchCounter.GROUP, "fetch_gone").getValue());
    assertEquals(3, counters.findCounter(FetchCounter.GROUP, "fetch_retry").getValue());
    assertEquals(1, counters.findCounter(FetchCounter.REASONS_GROUP, "robots_denied").getValue());
    assertEquals(2, counters.findCounter(FetchCounter.GROUP, "pages").getValue());
  }

  @Test
  public void theInTaskParsesLinksLeaveTheTaskCombinedPerUrlAtItsEnd() throws Exception {
    MapDriver<Text, CrawlDatum, Text, SegmentRecord> driver =
        mapDriver("http://a.test/links1", "http://a.test/links2", "http://b.test/links3");
    Configuration conf = driver.getConfiguration();
    conf.setBoolean(FetcherKeys.PARSE, true);
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    List<Pair<Text, SegmentRecord>> output = driver.run();

    List<String> linked = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : output) {
      if (p.getSecond().get() instanceof CrawlDatum d && d.getStatus() == CrawlStatus.LINKED) {
        linked.add(p.getFirst() + " " + d.getMetaLong(MetadataKeys.LINK_COUNT, 1));
      } else {
        assertTrue("every page's records before the links", linked.isEmpty());
      }
    }
    assertEquals(
        List.of(
            "http://a.test/links1-own 1",
            "http://a.test/links2-own 1",
            "http://a.test/shared 2",
            "http://b.test/links3-own 1",
            "http://b.test/shared 1"),
        linked);
    assertEquals(
        5,
        driver
            .getCounters()
            .findCounter(ParseCounter.GROUP, ParseCounter.LINKED_DATUMS_WRITTEN.counterName())
            .getValue());
  }

  @Test
  public void aFetchThatMadeARequestRecordsItsResponseTimeAndNoOtherDoes() throws Exception {
    Map<String, CrawlDatum> d =
        datums(
            mapDriver(
                    "http://a.test/",
                    "http://a.test/gone",
                    "http://denied.test/private",
                    "http://down.test/y",
                    "http://c.test/boom")
                .run());
    for (String requested : List.of("http://a.test/", "http://a.test/gone")) {
      int millis = d.get(requested).getMetaInt(MetadataKeys.RESPONSE_TIME, -1);
      assertTrue(requested + ": " + millis, millis >= 0 && millis < 60_000);
    }
    for (String decided :
        List.of("http://denied.test/private", "http://down.test/y", "http://c.test/boom")) {
      assertNull(decided, d.get(decided).getMetaString(MetadataKeys.RESPONSE_TIME));
    }
  }

  @Test
  public void withoutStoreContentNoContentIsEmitted() throws Exception {
    MapDriver<Text, CrawlDatum, Text, SegmentRecord> driver =
        mapDriver("http://a.test/1", "http://a.test/2");
    driver.getConfiguration().setBoolean(FetcherKeys.STORE_CONTENT, false);
    List<Pair<Text, SegmentRecord>> output = driver.run();
    assertEquals(2, datums(output).size());
    assertTrue(contentUrls(output).isEmpty());
  }

  @Test
  public void aHungFetchEndsTheTaskAfterTheWatchdogAndTheRestIsKept() throws Exception {
    MapDriver<Text, CrawlDatum, Text, SegmentRecord> driver =
        mapDriver("http://hang.test/hang", "http://a.test/1", "http://b.test/2");
    driver.getConfiguration().setLong(ProtocolKeys.REQUEST_DEADLINE, 300); // stuck after 600 ms
    long start = System.currentTimeMillis();
    Map<String, CrawlDatum> d = datums(driver.run());
    assertTrue("ended by the watchdog", System.currentTimeMillis() - start < 30_000);
    assertEquals(
        List.of("http://a.test/1", "http://b.test/2"), d.keySet().stream().sorted().toList());
    assertEquals(1, driver.getCounters().findCounter(FetchCounter.GROUP, "stuck").getValue());
  }

  @Test
  public void theShuffleSortsTheRecordsForTheMapFilesAndTheReduceKeepsThemAll() throws Exception {
    MapReduceDriver<Text, CrawlDatum, Text, SegmentRecord, Text, SegmentRecord> driver =
        MapReduceDriver.newMapReduceDriver(
            new FetcherMapper(), new Reducer<Text, SegmentRecord, Text, SegmentRecord>());
    configure(driver.getConfiguration());
    for (String url :
        new String[] {"http://z.test/", "http://a.test/gone", "http://m.test/", "http://a.test/"}) {
      driver.withInput(new Text(url), Segments.generated());
    }
    List<Pair<Text, SegmentRecord>> output = driver.run();
    List<String> keys = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : output) {
      Object record = p.getSecond().get();
      keys.add(
          p.getFirst().toString()
              + (record instanceof Content
                  ? " content"
                  : record instanceof RobotsTxt ? " robots" : " datum"));
    }
    assertEquals("4 datums, 3 contents, 3 robots.txt answers", 10, keys.size());
    List<String> urls = keys.stream().map(k -> k.split(" ")[0]).toList();
    assertEquals(urls.stream().sorted().toList(), urls);
    assertTrue(
        keys.containsAll(
            List.of(
                "http://a.test/ datum",
                "http://a.test/ content",
                "http://a.test/gone datum",
                "http://m.test/ content",
                "http://z.test/ datum",
                "http://a.test robots")));
  }
}
