package org.trawler.jobs.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.normalize.LearnedParamsURLNormalizer;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseNote;
import org.trawler.jobs.hostdb.HostDbFiles;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.records.RefreshRecord;

public class ParseMapperTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private MapDriver<Text, Content, Text, SegmentRecord> driver;

  @Before
  public void setUp() {
    driver = MapDriver.newMapDriver(new ParseSegment.ParseMapper());
    Pages.withoutUrlPlugins(driver.getConfiguration());
  }

  private long counter(String name) {
    return driver.getCounters().findCounter(ParseCounter.GROUP, name).getValue();
  }

  @Test
  public void pagesBecomeParseDataTextSignatureAndLinkedRecords() throws Exception {
    String home = "http://example.com/";
    driver.withInput(
        new Text(home),
        Pages.html(home, "<title>Home</title><a href='/a'>A</a><a href='/b'>B</a>", 2f, 0));
    driver.withInput(
        new Text("http://example.com/logo.png"),
        new Content(
            "http://example.com/logo.png",
            "http://example.com/logo.png",
            new byte[] {1},
            "image/png",
            false));
    long before = System.currentTimeMillis();
    List<Pair<Text, SegmentRecord>> out = driver.run();

    List<String> summary = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : out) {
      Object v = p.getSecond().get();
      String what =
          v instanceof ParseData
              ? "data:" + ParseData.statusName(((ParseData) v).getStatus())
              : v instanceof ParseText ? "text" : (((CrawlDatum) v).getStatus()).label();
      summary.add(p.getFirst() + " " + what);
    }
    assertEquals(
        List.of( // the linked datums combined per URL, written in URL order at the task's end
            "http://example.com/ data:success",
            "http://example.com/ text",
            "http://example.com/ signature",
            "http://example.com/logo.png data:notparsed",
            "http://example.com/logo.png text",
            "http://example.com/logo.png signature",
            "http://example.com/a linked",
            "http://example.com/b linked"),
        summary);

    CrawlDatum link = (CrawlDatum) out.get(6).getSecond().get();
    assertEquals(1.0f, link.getScore(), 0f);
    assertEquals(1, link.getDepth());
    assertTrue(link.getFetchTime() >= before && link.getFetchTime() <= System.currentTimeMillis());

    assertEquals(1, counter("success"));
    assertEquals(1, counter("notparsed"));
    assertEquals(0, counter("parse_failed"));
    assertEquals(2, counter(ParseCounter.OUTLINKS.counterName()));
  }

  @Test
  public void linksOfTheTasksPagesToOneUrlLeaveTheMapperAsOneDatum() throws Exception {
    driver.withInput(
        new Text("http://example.com/1"),
        Pages.html("http://example.com/1", "<a href='/t'>t</a><a href='/u'>u</a>", 1f, 2));
    driver.withInput(
        new Text("http://example.com/2"),
        Pages.html("http://example.com/2", "<a href='/t'>t</a>", 1f, 0));
    List<Pair<Text, SegmentRecord>> out = driver.run();
    assertEquals(8, out.size()); // 2 x (data, text, signature), then /t and /u once each
    assertEquals("http://example.com/t", out.get(6).getFirst().toString());
    CrawlDatum t = (CrawlDatum) out.get(6).getSecond().get();
    assertEquals(CrawlStatus.LINKED, t.getStatus());
    assertEquals(1.5f, t.getScore(), 0f); // 0.5 of page 1's score, all of page 2's
    assertEquals(1, t.getDepth()); // page 2's links are one deep, page 1's three
    assertEquals(2, t.getMetaLong(MetadataKeys.LINK_COUNT, 0));
    assertEquals("http://example.com/u", out.get(7).getFirst().toString());
    assertEquals(2, counter(ParseCounter.LINKED_DATUMS_WRITTEN.counterName()));
    assertEquals(3, counter(ParseCounter.OUTLINKS.counterName()));
  }

  @Test
  public void failedPageIsCountedAndWrittenAndTheTaskGoesOn() throws Exception {
    driver.getConfiguration().set(NetKeys.NORMALIZER_ORDER, ExplodingNormalizer.class.getName());
    driver.withInput(
        new Text("http://example.com/bad"),
        Pages.html("http://example.com/bad", "<a href='/explode'>x</a>"));
    driver.withInput(
        new Text("http://example.com/good"),
        Pages.html("http://example.com/good", "<a href='/fine'>y</a>"));
    List<Pair<Text, SegmentRecord>> out = driver.run();

    ParseData bad = (ParseData) out.get(0).getSecond().get();
    assertEquals(ParseData.FAILED, bad.getStatus());
    assertTrue(bad.getStatusMessage(), bad.getStatusMessage().contains("normalizer bug"));
    assertEquals(CrawlStatus.SIGNATURE, ((CrawlDatum) out.get(2).getSecond().get()).getStatus());
    assertEquals("http://example.com/good", out.get(3).getFirst().toString());
    assertEquals("http://example.com/fine", out.get(6).getFirst().toString());
    assertEquals(1, counter("parse_failed"));
    assertEquals(1, counter("success"));
  }

  @Test
  public void parseFiltersAddTheirFieldsAndCountWhatTheyFound() throws Exception {
    String url = "http://example.com/news";
    driver.withInput(
        new Text(url),
        Pages.html(
            url,
            "<html lang=de><head><title>Kurz</title><meta property='og:title' content='Kurz'>"
                + "<script type='application/ld+json'>{\"@type\": \"Article\", \"headline\":"
                + " \"Kurz\"}</script><script type='application/ld+json'>{broken</script></head>"
                + "<body>Hallo.</body></html>",
            1f,
            0));
    List<Pair<Text, SegmentRecord>> out = driver.run();
    ParseData data = (ParseData) out.get(0).getSecond().get();
    assertEquals("de", data.getMeta().get(ParseData.META_LANG));
    assertEquals("Kurz", data.getMeta().get("jsonld.Article.headline"));
    assertEquals("Kurz", data.getMeta().get("meta.og:title"));
    assertEquals(
        "lang meta.og:title jsonld.Article.headline", data.getMeta().get(ParseData.META_FIELDS));
    assertEquals(1, filterCounter("lang_from_markup"));
    assertEquals(1, filterCounter("jsonld_malformed"));
    assertEquals(1, counter("success"));
  }

  /** A parse filter that throws on every page, as a buggy third-party one would. */
  public static class ThrowingFilter implements org.trawler.core.parse.ParseFilter {
    @Override
    public void filter(org.trawler.core.parse.ParsedPage page) {
      throw new IllegalStateException("boom");
    }
  }

  @Test
  public void aFilterThatThrowsCostsEachPageACounterNeverTheTask() throws Exception {
    driver
        .getConfiguration()
        .set(
            ParseKeys.FILTER_CLASSES,
            ParseKeys.DEFAULT_FILTER_CLASSES + ",boom:" + ThrowingFilter.class.getName());
    driver.getConfiguration().set(ParseKeys.FILTER_ORDER, "boom,meta");
    for (String url : List.of("http://example.com/a", "http://example.com/b")) {
      driver.withInput(
          new Text(url),
          Pages.html(
              url,
              "<html><head><title>T</title><meta property='og:title' content='T'></head>"
                  + "<body>Text.</body></html>",
              1f,
              0));
    }
    List<Pair<Text, SegmentRecord>> out = driver.run();
    List<ParseData> parsed = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : out) {
      if (p.getSecond().get() instanceof ParseData) {
        parsed.add((ParseData) p.getSecond().get());
      }
    }
    assertEquals(2, parsed.size());
    for (ParseData data : parsed) {
      assertEquals(ParseData.SUCCESS, data.getStatus());
      assertEquals("T", data.getMeta().get("meta.og:title")); // the next filter still ran
    }
    assertEquals(2, filterCounter("boom_failed"));
    assertEquals(2, counter("success"));
  }

  private long filterCounter(String name) {
    return driver.getCounters().findCounter(ParseNote.GROUP, name).getValue();
  }

  @Test
  public void nofollowPageGivesNoLinkedRecords() throws Exception {
    String url = "http://example.com/";
    driver.withInput(
        new Text(url), Pages.html(url, "<meta name=robots content=nofollow><a href='/a'>A</a>"));
    List<Pair<Text, SegmentRecord>> out = driver.run();
    assertEquals(3, out.size());
    assertEquals(0, counter(ParseCounter.OUTLINKS.counterName()));
  }

  @Test
  public void metaRefreshRedirectGivesARefreshRecordAndNoLinks() throws Exception {
    String url = "http://example.com/old";
    driver.withInput(
        new Text(url),
        Pages.html(
            url, "<meta http-equiv=refresh content=\"0; URL='/new'\"><a href='/a'>A</a>", 0.5f, 3));
    List<Pair<Text, SegmentRecord>> out = driver.run();
    assertEquals(4, out.size());
    CrawlDatum refresh = (CrawlDatum) out.get(3).getSecond().get();
    assertEquals(url, out.get(3).getFirst().toString());
    assertEquals("parse_meta", refresh.statusLabel());
    assertTrue(RefreshRecord.is(refresh));
    assertEquals("fetch_redir_temp", refresh.getMetaString(MetadataKeys.REFRESH_STATUS));
    assertEquals("http://example.com/new", refresh.getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(0.5f, refresh.getScore(), 0f);
    assertEquals(3, refresh.getDepth());
    ParseData data = (ParseData) out.get(0).getSecond().get();
    assertEquals("http://example.com/new", data.getMeta().get(ParseData.META_REFRESH));
    assertEquals(1, counter(ParseCounter.REFRESH_REDIRECTS.counterName()));
    assertEquals(0, counter(ParseCounter.OUTLINKS.counterName()));
  }

  @Test
  public void permanentRefreshWhenConfigured() throws Exception {
    driver.getConfiguration().setBoolean(ParseKeys.REFRESH_AS_PERMANENT, true);
    String url = "http://example.com/old";
    driver.withInput(
        new Text(url), Pages.html(url, "<meta http-equiv=refresh content='0;url=/new'>"));
    CrawlDatum refresh = (CrawlDatum) driver.run().get(3).getSecond().get();
    assertEquals("fetch_redir_perm", refresh.getMetaString(MetadataKeys.REFRESH_STATUS));
  }

  @Test
  public void theParsersTakeTheHostdbTheTaskReadOnce() throws Exception {
    HostDatum sid = new HostDatum();
    sid.setIrrelevantParams(Map.of("sid", 3));
    HostDatum other = new HostDatum();
    other.setIrrelevantParams(Map.of("ref", 3));
    Path handedOver =
        HostDbFiles.write(new Path(tmp.getRoot().getPath(), "current"), Map.of("a.test", sid));
    Configuration conf = driver.getConfiguration();
    HostKnowledgeReader.handOver(conf, handedOver, List.of());
    // a parser reading the hostdb itself would read this one and drop ref, keeping sid
    conf.set(
        NetKeys.LEARNED_HOSTDB,
        HostDbFiles.write(new Path(tmp.getRoot().getPath(), "other"), Map.of("a.test", other))
            .toString());
    conf.set(NetKeys.NORMALIZER_ORDER, LearnedParamsURLNormalizer.class.getName());
    String url = "http://a.test/";
    driver.withInput(new Text(url), Pages.html(url, "<a href='/p?sid=1&ref=2'>p</a>"));
    List<String> links = new ArrayList<>();
    for (Pair<Text, SegmentRecord> p : driver.run()) {
      if (p.getSecond().get() instanceof CrawlDatum d && d.getStatus() == CrawlStatus.LINKED) {
        links.add(p.getFirst().toString());
      }
    }
    assertEquals(List.of("http://a.test/p?ref=2"), links);
  }
}
