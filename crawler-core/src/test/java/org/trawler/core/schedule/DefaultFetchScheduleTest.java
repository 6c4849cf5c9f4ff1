package org.trawler.core.schedule;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.plugin.Plugin;

public class DefaultFetchScheduleTest {
  private static final long FETCHED = 1_700_000_000_000L;
  private static final long DAY = 86_400_000L;

  private final Configuration conf = CrawlerConfiguration.create();
  private final FetchSchedule schedule = Plugin.configured(new DefaultFetchSchedule(), conf);

  private static CrawlDatum withInterval(int seconds) {
    return new CrawlDatum(CrawlStatus.DB_FETCHED, seconds, 1f);
  }

  @Test
  public void nextFetchIsFetchTimePlusInterval() {
    NextFetch next =
        schedule.next(
            withInterval(3600), CrawlStatus.FETCH_SUCCESS, FETCHED, FETCHED, PageChange.CHANGED);
    assertEquals(FETCHED + 3_600_000L, next.fetchTime());
    assertEquals(3600, next.interval());
  }

  @Test
  public void changedAndUnchangedPagesKeepTheirInterval() {
    for (PageChange change : PageChange.values()) {
      NextFetch next =
          schedule.next(
              withInterval(3600), CrawlStatus.FETCH_SUCCESS, FETCHED, FETCHED - DAY, change);
      assertEquals(change.name(), 3600, next.interval());
    }
    NextFetch notModified =
        schedule.next(
            withInterval(3600), CrawlStatus.FETCH_NOTMODIFIED, FETCHED, 0, PageChange.UNCHANGED);
    assertEquals(FETCHED + 3_600_000L, notModified.fetchTime());
  }

  @Test
  public void urlWithoutIntervalGetsTheDefault() {
    NextFetch next =
        schedule.next(
            withInterval(0), CrawlStatus.FETCH_SUCCESS, FETCHED, FETCHED, PageChange.UNKNOWN);
    assertEquals(2_592_000, next.interval());
    assertEquals(FETCHED + 30 * DAY, next.fetchTime());
  }

  @Test
  public void intervalLongerThanTheMaximumIsCapped() {
    NextFetch next =
        schedule.next(
            withInterval(365 * 86400),
            CrawlStatus.FETCH_SUCCESS,
            FETCHED,
            FETCHED,
            PageChange.UNKNOWN);
    assertEquals(7_776_000, next.interval());
    assertEquals(FETCHED + 90 * DAY, next.fetchTime());
  }

  @Test
  public void goneUrlIsDueAgainAfterTheMaximumInterval() {
    NextFetch next =
        schedule.next(withInterval(3600), CrawlStatus.FETCH_GONE, FETCHED, 0, PageChange.UNKNOWN);
    assertEquals(FETCHED + 90 * DAY, next.fetchTime());
    assertEquals(3600, next.interval());
  }

  @Test
  public void transientFailureIsDueAgainAfterTheRetryDelay() {
    NextFetch next =
        schedule.next(withInterval(3600), CrawlStatus.FETCH_RETRY, FETCHED, 0, PageChange.UNKNOWN);
    assertEquals(FETCHED + DAY, next.fetchTime());
    assertEquals(3600, next.interval());
  }

  @Test
  public void retryDelayAndMaximumComeFromConfiguration() {
    Configuration c = CrawlerConfiguration.create();
    c.setInt(ScheduleKeys.RETRY_DELAY, 600);
    c.setInt(ScheduleKeys.INTERVAL_MAX, 7200);
    FetchSchedule s = Plugin.configured(new DefaultFetchSchedule(), c);
    assertEquals(
        FETCHED + 600_000L,
        s.next(withInterval(3600), CrawlStatus.FETCH_RETRY, FETCHED, 0, PageChange.UNKNOWN)
            .fetchTime());
    assertEquals(
        FETCHED + 7_200_000L,
        s.next(withInterval(3600), CrawlStatus.FETCH_GONE, FETCHED, 0, PageChange.UNKNOWN)
            .fetchTime());
  }

  @Test
  public void fixedIntervalOverridesTheDatumsInterval() {
    CrawlDatum datum = withInterval(3600);
    datum.putMeta(MetadataKeys.FIXED_INTERVAL, 120);
    NextFetch next =
        schedule.next(datum, CrawlStatus.FETCH_SUCCESS, FETCHED, FETCHED, PageChange.CHANGED);
    assertEquals(120, next.interval());
    assertEquals(FETCHED + 120_000L, next.fetchTime());
  }

  @Test(expected = IllegalArgumentException.class)
  public void nonFetchStatusIsABug() {
    schedule.next(withInterval(3600), CrawlStatus.DB_FETCHED, FETCHED, 0, PageChange.UNKNOWN);
  }

  @Test
  public void redirectIsDueAfterItsInterval() {
    NextFetch next =
        schedule.next(
            withInterval(3600), CrawlStatus.FETCH_REDIR_PERM, FETCHED, 0, PageChange.UNKNOWN);
    assertTrue(next.fetchTime() == FETCHED + 3_600_000L && next.interval() == 3600);
  }
}
