package org.trawler.core.schedule;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class AdaptiveFetchScheduleTest {
  private static final long FETCHED = 1_700_000_000_000L;
  private static final long DAY = 86_400_000L;

  private static FetchSchedule schedule(boolean syncDelta) {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ScheduleKeys.SCHEDULE_CLASS, "adaptive");
    conf.setBoolean(ScheduleKeys.ADAPTIVE_SYNC_DELTA, syncDelta);
    return FetchSchedule.create(conf);
  }

  private static CrawlDatum withInterval(int seconds) {
    return new CrawlDatum(CrawlStatus.DB_FETCHED, seconds, 1f);
  }

  @Test
  public void changedPageIsFetchedMoreOften() {
    NextFetch next =
        schedule(false)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_SUCCESS,
                FETCHED,
                FETCHED,
                PageChange.CHANGED);
    assertEquals(8_000, next.interval());
    assertEquals(FETCHED + 8_000_000L, next.fetchTime());
  }

  @Test
  public void unchangedPageIsFetchedLessOften() {
    NextFetch next =
        schedule(false)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_SUCCESS,
                FETCHED,
                FETCHED - DAY,
                PageChange.UNCHANGED);
    assertEquals(14_000, next.interval());
    assertEquals(FETCHED + 14_000_000L, next.fetchTime());
  }

  @Test
  public void notModifiedPageIsFetchedLessOften() {
    NextFetch next =
        schedule(false)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_NOTMODIFIED,
                FETCHED,
                0,
                PageChange.UNCHANGED);
    assertEquals(14_000, next.interval());
  }

  @Test
  public void unknownChangeKeepsTheInterval() {
    NextFetch next =
        schedule(true)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_REDIR_TEMP,
                FETCHED,
                FETCHED - DAY,
                PageChange.UNKNOWN);
    assertEquals(10_000, next.interval());
    assertEquals(FETCHED + 10_000_000L, next.fetchTime());
  }

  @Test
  public void intervalNeverFallsBelowTheMinimum() {
    FetchSchedule s = schedule(false);
    CrawlDatum datum = withInterval(70);
    for (int i = 0; i < 5; i++) {
      s.next(datum, CrawlStatus.FETCH_SUCCESS, FETCHED, FETCHED, PageChange.CHANGED).applyTo(datum);
    }
    assertEquals(60, datum.getFetchInterval());
  }

  @Test
  public void intervalNeverExceedsTheMaximum() {
    NextFetch next =
        schedule(false)
            .next(
                withInterval(7_000_000),
                CrawlStatus.FETCH_NOTMODIFIED,
                FETCHED,
                0,
                PageChange.UNCHANGED);
    assertEquals(7_776_000, next.interval());
  }

  @Test
  public void adaptiveMaximumBelowTheGlobalOneBoundsTheInterval() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ScheduleKeys.SCHEDULE_CLASS, "adaptive");
    conf.setInt(ScheduleKeys.ADAPTIVE_MAX_INTERVAL, 12_000);
    NextFetch next =
        FetchSchedule.create(conf)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_NOTMODIFIED,
                FETCHED,
                0,
                PageChange.UNCHANGED);
    assertEquals(12_000, next.interval());
  }

  @Test
  public void syncDeltaMovesTheNextFetchTowardsTheLastChange() {
    long changed = FETCHED - 5_000_000L; // 5000 s before the fetch
    NextFetch next =
        schedule(true)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_SUCCESS,
                FETCHED,
                changed,
                PageChange.UNCHANGED);
    assertEquals(14_000, next.interval());
    assertEquals(FETCHED + 14_000_000L - 1_500_000L, next.fetchTime());
  }

  @Test
  public void pageUnchangedForLongerThanItsIntervalWaitsAtLeastThatLong() {
    long changed = FETCHED - 20_000_000L; // 20000 s, more than 1.4 × 10000 s
    NextFetch next =
        schedule(true)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_SUCCESS,
                FETCHED,
                changed,
                PageChange.UNCHANGED);
    assertEquals(20_000, next.interval());
    assertEquals(FETCHED + 20_000_000L - 6_000_000L, next.fetchTime());
  }

  @Test
  public void pageUnchangedForYearsIsStillNotDueAtOnce() {
    long changed = FETCHED - 3 * 365 * DAY;
    NextFetch next =
        schedule(true)
            .next(
                withInterval(10_000),
                CrawlStatus.FETCH_SUCCESS,
                FETCHED,
                changed,
                PageChange.UNCHANGED);
    assertEquals(7_776_000, next.interval());
    assertTrue(
        "due " + (next.fetchTime() - FETCHED) + " ms after the fetch",
        next.fetchTime() >= FETCHED + (long) (0.7 * 7_776_000_000L));
  }

  @Test
  public void fixedIntervalIsNeverAdapted() {
    FetchSchedule s = schedule(true);
    CrawlDatum datum = withInterval(3600);
    datum.putMeta(MetadataKeys.FIXED_INTERVAL, 3600);
    for (int i = 0; i < 3; i++) {
      NextFetch next =
          s.next(
              datum, CrawlStatus.FETCH_NOTMODIFIED, FETCHED, FETCHED - DAY, PageChange.UNCHANGED);
      assertEquals(3600, next.interval());
      assertEquals(FETCHED + 3_600_000L, next.fetchTime());
      next.applyTo(datum);
    }
  }

  @Test
  public void goneAndRetryFollowTheSharedRules() {
    FetchSchedule s = schedule(true);
    assertEquals(
        FETCHED + 90 * DAY,
        s.next(withInterval(10_000), CrawlStatus.FETCH_GONE, FETCHED, 0, PageChange.UNKNOWN)
            .fetchTime());
    assertEquals(
        FETCHED + DAY,
        s.next(withInterval(10_000), CrawlStatus.FETCH_RETRY, FETCHED, 0, PageChange.UNKNOWN)
            .fetchTime());
  }
}
