package org.trawler.core.schedule;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** A feed is fetched as often as its items appear, within its bounds, whatever the schedule. */
public class FeedIntervalTest {
  private static final long FETCHED = 1_700_000_000_000L;
  private static final int HOUR = 3600;

  private static FetchSchedule schedule(String name) {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ScheduleKeys.SCHEDULE_CLASS, name);
    return FetchSchedule.create(conf);
  }

  private static CrawlDatum feed(int interval, int itemSeconds) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, interval, 1f);
    d.putMeta(MetadataKeys.FEED, itemSeconds);
    return d;
  }

  private static int next(CrawlDatum d, CrawlStatus status, PageChange change) {
    NextFetch next = schedule("default").next(d, status, FETCHED, 0, change);
    assertEquals(FETCHED + next.interval() * 1000L, next.fetchTime());
    return next.interval();
  }

  @Test
  public void aFeedWithDatedItemsIsFetchedAsOftenAsTheyAppear() {
    int thirtyDays = 30 * 24 * HOUR;
    assertEquals(
        2 * HOUR, next(feed(thirtyDays, 2 * HOUR), CrawlStatus.FETCH_SUCCESS, PageChange.UNKNOWN));
    assertEquals(
        5 * HOUR, next(feed(HOUR, 5 * HOUR), CrawlStatus.FETCH_SUCCESS, PageChange.CHANGED));
    for (String name : new String[] {"default", "adaptive"}) {
      NextFetch n =
          schedule(name)
              .next(
                  feed(thirtyDays, 3 * HOUR),
                  CrawlStatus.FETCH_SUCCESS,
                  FETCHED,
                  0,
                  PageChange.CHANGED);
      assertEquals(name, 3 * HOUR, n.interval());
    }
  }

  @Test
  public void theIntervalStaysWithinTheFeedBounds() {
    assertEquals(
        ScheduleKeys.DEFAULT_FEED_INTERVAL_MIN,
        next(feed(HOUR, 60), CrawlStatus.FETCH_SUCCESS, PageChange.CHANGED));
    assertEquals(
        ScheduleKeys.DEFAULT_FEED_INTERVAL_MAX,
        next(feed(HOUR, 90 * 24 * HOUR), CrawlStatus.FETCH_SUCCESS, PageChange.CHANGED));
  }

  @Test
  public void aFeedWithNothingNewWaitsHalfAsLongAgain() {
    assertEquals(
        3 * HOUR, next(feed(2 * HOUR, 2 * HOUR), CrawlStatus.FETCH_SUCCESS, PageChange.UNCHANGED));
    assertEquals(
        3 * HOUR, next(feed(2 * HOUR, 0), CrawlStatus.FETCH_NOTMODIFIED, PageChange.UNCHANGED));
    // a page's 30 days never carry over: a feed is fetched at least once a day
    assertEquals(
        ScheduleKeys.DEFAULT_FEED_INTERVAL_MAX,
        next(feed(30 * 24 * HOUR, 0), CrawlStatus.FETCH_NOTMODIFIED, PageChange.UNCHANGED));
  }

  @Test
  public void aFeedWithoutDatesStartsAtTheFeedIntervalAndHalvesWhenItChanged() {
    assertEquals(
        ScheduleKeys.DEFAULT_FEED_INTERVAL,
        next(feed(30 * 24 * HOUR, 0), CrawlStatus.FETCH_SUCCESS, PageChange.UNKNOWN));
    assertEquals(2 * HOUR, next(feed(4 * HOUR, 0), CrawlStatus.FETCH_SUCCESS, PageChange.CHANGED));
  }

  @Test
  public void failuresRedirectsAndFixedIntervalsFollowTheRulesOfPages() {
    CrawlDatum f = feed(HOUR, HOUR);
    NextFetch gone =
        schedule("default").next(f, CrawlStatus.FETCH_GONE, FETCHED, 0, PageChange.UNKNOWN);
    assertEquals(FETCHED + ScheduleKeys.DEFAULT_INTERVAL_MAX * 1000L, gone.fetchTime());
    NextFetch moved =
        schedule("default").next(f, CrawlStatus.FETCH_REDIR_PERM, FETCHED, 0, PageChange.UNKNOWN);
    assertEquals(HOUR, moved.interval());
    f.putMeta(MetadataKeys.FIXED_INTERVAL, 7 * HOUR);
    assertEquals(7 * HOUR, next(f, CrawlStatus.FETCH_SUCCESS, PageChange.CHANGED));
  }

  @Test
  public void boundsOutOfOrderAreABadSetting() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setInt(ScheduleKeys.FEED_INTERVAL_MIN, 7200);
    conf.setInt(ScheduleKeys.FEED_INTERVAL_MAX, 3600);
    try {
      FetchSchedule.create(conf);
      throw new AssertionError("bounds out of order were taken");
    } catch (BadSettingException e) {
      assertEquals(
          ScheduleKeys.FEED_INTERVAL_MAX + ": must be at least 7200, not 3600", e.getMessage());
    }
  }
}
