package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/**
 * The sitemap job's reducer under MRUnit. (Its ReadMapper fetches over the network with threads:
 * SitemapCrawlTest runs it against loopback sites.)
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
}
