package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;

import crawlercommons.sitemaps.SiteMapURL;
import java.net.URL;
import java.util.Date;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/** The documented mapping of lastmod, changefreq and priority onto crawldb datums. */
public class SitemapMappingTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final int DAY = 86400;
  private final SitemapMapping mapping = new SitemapMapping(60, 90 * DAY, 30 * DAY);

  private static SiteMapURL entry(Long lastmod, SiteMapURL.ChangeFrequency freq, double priority)
      throws Exception {
    return new SiteMapURL(
        new URL("http://a.test/p"),
        lastmod == null ? null : new Date(lastmod),
        freq,
        priority,
        true);
  }

  @Test
  public void changefreqMapsOntoTheIntervalWithinTheSchedulesBounds() {
    assertEquals(60, mapping.interval(SiteMapURL.ChangeFrequency.ALWAYS));
    assertEquals(3600, mapping.interval(SiteMapURL.ChangeFrequency.HOURLY));
    assertEquals(DAY, mapping.interval(SiteMapURL.ChangeFrequency.DAILY));
    assertEquals(7 * DAY, mapping.interval(SiteMapURL.ChangeFrequency.WEEKLY));
    assertEquals(30 * DAY, mapping.interval(SiteMapURL.ChangeFrequency.MONTHLY));
    assertEquals(90 * DAY, mapping.interval(SiteMapURL.ChangeFrequency.YEARLY)); // capped at max
    assertEquals(90 * DAY, mapping.interval(SiteMapURL.ChangeFrequency.NEVER));
    assertEquals(30 * DAY, mapping.interval(null));
  }

  @Test
  public void aNewUrlIsUnfetchedDueNowWithItsPriorityAsScore() throws Exception {
    CrawlDatum d =
        mapping.merge(
            null, mapping.entry(entry(null, SiteMapURL.ChangeFrequency.DAILY, 0.8), NOW), NOW);
    assertEquals(CrawlStatus.DB_UNFETCHED, d.getStatus());
    assertEquals(NOW, d.getFetchTime());
    assertEquals(DAY, d.getFetchInterval());
    assertEquals(0.8f, d.getScore(), 1e-6);
  }

  @Test
  public void aLaterLastmodMakesAKnownPageDueNow() throws Exception {
    CrawlDatum known = new CrawlDatum(CrawlStatus.DB_FETCHED, 30 * DAY, 1f);
    known.setModifiedTime(NOW - 10 * DAY * 1000L);
    known.setFetchTime(NOW + 20 * DAY * 1000L);
    CrawlDatum d =
        mapping.merge(known, mapping.entry(entry(NOW - DAY * 1000L, null, 0.5), NOW), NOW);
    assertEquals(NOW, d.getFetchTime());
    assertEquals(CrawlStatus.DB_FETCHED, d.getStatus());
    assertEquals(1f, d.getScore(), 0);
  }

  @Test
  public void anOlderOrFutureLastmodLeavesTheDueTime() throws Exception {
    CrawlDatum known = new CrawlDatum(CrawlStatus.DB_FETCHED, 30 * DAY, 1f);
    known.setModifiedTime(NOW - 10 * DAY * 1000L);
    known.setFetchTime(NOW + 20 * DAY * 1000L);
    long due = known.getFetchTime();
    assertEquals(
        due,
        mapping
            .merge(known, mapping.entry(entry(NOW - 11 * DAY * 1000L, null, 0.5), NOW), NOW)
            .getFetchTime());
    assertEquals(
        due,
        mapping
            .merge(known, mapping.entry(entry(NOW + DAY * 1000L, null, 0.5), NOW), NOW)
            .getFetchTime());
    assertEquals(0, SitemapMapping.lastModified(entry(NOW + 1, null, 0.5), NOW));
  }

  @Test
  public void changefreqOfAKnownPageSetsItsInterval() throws Exception {
    CrawlDatum known = new CrawlDatum(CrawlStatus.DB_FETCHED, 30 * DAY, 1f);
    assertEquals(
        3600,
        mapping
            .merge(
                known, mapping.entry(entry(null, SiteMapURL.ChangeFrequency.HOURLY, 0.5), NOW), NOW)
            .getFetchInterval());
  }
}
