package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/**
 * The sitemap job's mapper (against a loopback site: it fetches robots.txt and the sitemaps) and
 * reducer under MRUnit.
 */
public class SitemapMapReduceTest {
  private static final long NOW = 1_700_000_000_000L;

  private static CrawlDatum entry(long lastmod, int interval, float priority) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.LINKED, interval, priority);
    d.setModifiedTime(lastmod);
    return d;
  }

  private ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver() {
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new SitemapJob.MergeReducer());
    driver.getConfiguration().setLong(SitemapJob.TIME, NOW);
    return driver;
  }

  @Test
  public void aNewUrlBecomesUnfetchedDueNowAndIsCounted() throws IOException {
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver = driver();
    driver.withInput(new Text("http://a.test/new"), List.of(entry(0, 86400, 0.7f)));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    CrawlDatum d = out.get(0).getSecond();
    assertEquals(CrawlStatus.DB_UNFETCHED, d.getStatus());
    assertEquals(NOW, d.getFetchTime());
    assertEquals(86400, d.getFetchInterval());
    assertEquals(0.7f, d.getScore(), 1e-6);
    assertEquals(1, SitemapCounter.ADDED.valueIn(driver.getCounters()));
  }

  @Test
  public void aKnownPageWithALaterLastmodIsDueNowAndOthersPassUnchanged() throws IOException {
    CrawlDatum known = new CrawlDatum(CrawlStatus.DB_FETCHED, 2592000, 1f);
    known.setFetchTime(NOW + 1_000_000);
    known.setModifiedTime(NOW - 2_000_000);
    CrawlDatum untouched = new CrawlDatum(known);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver = driver();
    driver.withInput(new Text("http://a.test/known"), List.of(known, entry(NOW - 1000, 0, 0.5f)));
    driver.withInput(new Text("http://a.test/other"), List.of(untouched));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    assertEquals(NOW, out.get(0).getSecond().getFetchTime());
    assertEquals(CrawlStatus.DB_FETCHED, out.get(0).getSecond().getStatus());
    assertEquals(NOW + 1_000_000, out.get(1).getSecond().getFetchTime());
    assertEquals(0, SitemapCounter.ADDED.valueIn(driver.getCounters()));
  }

  @Test
  public void theReadMapperEmitsTheUrlsOfTheSitemapsARobotsTxtNames() throws Exception {
    try (SitemapCrawlTest.Site site = new SitemapCrawlTest.Site("127.0.0.5")) {
      site.serve("/robots.txt", "text/plain", "User-agent: *\nSitemap: " + site.url("/s.txt"))
          .serve("/s.txt", "text/plain", site.url("/one.html") + "\n" + site.url("/two.html"));
      MapDriver<LongWritable, Text, Text, CrawlDatum> driver =
          MapDriver.newMapDriver(new SitemapJob.ReadMapper());
      driver.getConfiguration().setLong(SitemapJob.TIME, NOW);
      driver.getConfiguration().set("fetcher.server.delay", "0");
      driver.withInput(new LongWritable(0), new Text(site.url("") + "\t"));
      Set<String> urls = new TreeSet<>();
      for (Pair<Text, CrawlDatum> p : driver.run()) {
        urls.add(p.getFirst().toString());
        assertEquals(CrawlStatus.LINKED, p.getSecond().getStatus());
      }
      assertEquals(Set.of(site.url("/one.html"), site.url("/two.html")), urls);
      assertEquals(1, SitemapCounter.PARSED.valueIn(driver.getCounters()));
      assertTrue(SitemapCounter.URLS.valueIn(driver.getCounters()) >= 2);
    }
  }
}
