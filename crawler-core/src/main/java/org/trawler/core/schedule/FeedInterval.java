package org.trawler.core.schedule;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * How often a feed is fetched: as often as its items appear, within {@code
 * db.fetch.interval.feed.min} and {@code .max}. A feed with new items (or fetched for the first
 * time) whose items carry dates gets the mean time between them; one without dates starts at {@code
 * db.fetch.interval.feed} and halves its interval when it changed; a feed with nothing new (same
 * signature, or 304) waits half as long again each time, as news sites go quiet at night and at
 * weekends.
 */
final class FeedInterval {
  /** A feed without new items waits this much longer each time. */
  private static final double BACK_OFF = 1.5;

  /** A feed without dates that changed is fetched this much sooner. */
  private static final double SPEED_UP = 0.5;

  private final int defaultInterval;
  private final int min;
  private final int max;

  FeedInterval(Configuration conf) {
    defaultInterval =
        Settings.getInt(conf, ScheduleKeys.FEED_INTERVAL, ScheduleKeys.DEFAULT_FEED_INTERVAL);
    min =
        Settings.getInt(
            conf,
            ScheduleKeys.FEED_INTERVAL_MIN,
            ScheduleKeys.DEFAULT_FEED_INTERVAL_MIN,
            1,
            Integer.MAX_VALUE);
    max =
        Settings.getInt(
            conf,
            ScheduleKeys.FEED_INTERVAL_MAX,
            ScheduleKeys.DEFAULT_FEED_INTERVAL_MAX,
            min,
            Integer.MAX_VALUE);
  }

  /**
   * The feed's next interval, seconds.
   *
   * @param current its interval so far (0 = none)
   * @param itemSeconds the mean time between its items' dates, 0 when they have none
   * @param change what this fetch found: a changed feed has new items
   */
  int next(int current, int itemSeconds, PageChange change) {
    double next;
    if (change == PageChange.UNCHANGED) {
      next = (current > 0 ? Math.min(current, max) : defaultInterval) * BACK_OFF;
    } else if (itemSeconds > 0) {
      next = itemSeconds;
    } else if (change == PageChange.CHANGED && current > 0) {
      next = Math.min(current, max) * SPEED_UP;
    } else {
      next = defaultInterval;
    }
    return (int) Math.max(min, Math.min(max, Math.round(next)));
  }
}
