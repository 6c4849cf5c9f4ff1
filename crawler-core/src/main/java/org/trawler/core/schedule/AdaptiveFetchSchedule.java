package org.trawler.core.schedule;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * Learns how often a page changes: the interval shrinks by {@code dec_rate} when the page changed
 * and grows by {@code inc_rate} when it did not, within {@code [min_interval, max_interval]}. With
 * {@code sync_delta}, an unchanged page's interval is at least the time since its last change, and
 * its next fetch moves earlier by {@code sync_delta_rate} of that time (at most of one interval),
 * towards when the next change is expected.
 */
public class AdaptiveFetchSchedule extends AbstractFetchSchedule {
  private double incRate;
  private double decRate;
  private int minInterval;
  private int adaptiveMaxInterval;
  private boolean syncDelta;
  private double syncDeltaRate;

  @Override
  public void configure(Configuration conf) {
    super.configure(conf);
    incRate =
        Settings.getDouble(
            conf, ScheduleKeys.ADAPTIVE_INC_RATE, ScheduleKeys.DEFAULT_ADAPTIVE_INC_RATE);
    decRate =
        Settings.getDouble(
            conf, ScheduleKeys.ADAPTIVE_DEC_RATE, ScheduleKeys.DEFAULT_ADAPTIVE_DEC_RATE);
    minInterval =
        Math.max(
            1,
            Settings.getInt(
                conf,
                ScheduleKeys.ADAPTIVE_MIN_INTERVAL,
                ScheduleKeys.DEFAULT_ADAPTIVE_MIN_INTERVAL));
    int max =
        Settings.getInt(
            conf, ScheduleKeys.ADAPTIVE_MAX_INTERVAL, ScheduleKeys.DEFAULT_ADAPTIVE_MAX_INTERVAL);
    adaptiveMaxInterval = Math.max(minInterval, max < 0 ? maxInterval : Math.min(max, maxInterval));
    syncDelta =
        conf.getBoolean(ScheduleKeys.ADAPTIVE_SYNC_DELTA, ScheduleKeys.DEFAULT_ADAPTIVE_SYNC_DELTA);
    double rate =
        Settings.getDouble(
            conf,
            ScheduleKeys.ADAPTIVE_SYNC_DELTA_RATE,
            ScheduleKeys.DEFAULT_ADAPTIVE_SYNC_DELTA_RATE);
    syncDeltaRate = Math.max(0.0, Math.min(1.0, rate));
  }

  @Override
  protected NextFetch afterFetch(
      int interval, long fetchTime, long modifiedTime, PageChange change) {
    double next = interval;
    long shift = 0;
    if (change == PageChange.CHANGED) {
      next *= 1.0 - decRate;
    } else if (change == PageChange.UNCHANGED) {
      next *= 1.0 + incRate;
      if (syncDelta && modifiedTime > 0 && modifiedTime < fetchTime) {
        double sinceChange = (fetchTime - modifiedTime) / 1000.0;
        next = Math.max(next, sinceChange);
        // Bounded by one interval so the next fetch always stays after this one.
        shift = Math.round(Math.min(sinceChange, bounded(next)) * syncDeltaRate * 1000.0);
      }
    }
    int bounded = bounded(next);
    return new NextFetch(fetchTime + seconds(bounded) - shift, bounded);
  }

  private int bounded(double interval) {
    return (int) Math.max(minInterval, Math.min(adaptiveMaxInterval, Math.round(interval)));
  }
}
