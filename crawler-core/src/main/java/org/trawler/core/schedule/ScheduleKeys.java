package org.trawler.core.schedule;

/**
 * Configuration keys of fetch schedules (trawler-default.xml, "Updatedb, schedules and scoring"),
 * with defaults.
 */
public final class ScheduleKeys {
  /**
   * Seconds: the interval of a URL that has none (new links, seeds without nutch.fetchInterval).
   */
  public static final String INTERVAL = "db.fetch.interval.default";

  public static final int DEFAULT_INTERVAL = 2592000;

  /** Seconds: the longest interval; gone URLs are due again after it. */
  public static final String INTERVAL_MAX = "db.fetch.interval.max";

  public static final int DEFAULT_INTERVAL_MAX = 7776000;

  /** Seconds before a URL with a transient failure is due again. */
  public static final String RETRY_DELAY = "db.fetch.retry.delay";

  public static final int DEFAULT_RETRY_DELAY = 86400;

  /**
   * {@link #SCHEDULE_DEFAULT_VALUE}, {@link #SCHEDULE_ADAPTIVE_VALUE} or the name of a {@link
   * FetchSchedule} class.
   */
  public static final String SCHEDULE_CLASS = "db.fetch.schedule.class";

  /** The value naming {@link DefaultFetchSchedule}. */
  public static final String SCHEDULE_DEFAULT_VALUE = "default";

  /** The value naming {@link AdaptiveFetchSchedule}. */
  public static final String SCHEDULE_ADAPTIVE_VALUE = "adaptive";

  public static final String DEFAULT_SCHEDULE_CLASS = SCHEDULE_DEFAULT_VALUE;

  /** Adaptive: interval growth when a page did not change. */
  public static final String ADAPTIVE_INC_RATE = "db.fetch.schedule.adaptive.inc_rate";

  public static final double DEFAULT_ADAPTIVE_INC_RATE = 0.4;

  /** Adaptive: interval shrink when a page changed. */
  public static final String ADAPTIVE_DEC_RATE = "db.fetch.schedule.adaptive.dec_rate";

  public static final double DEFAULT_ADAPTIVE_DEC_RATE = 0.2;

  /** Adaptive: shortest interval, seconds. */
  public static final String ADAPTIVE_MIN_INTERVAL = "db.fetch.schedule.adaptive.min_interval";

  public static final int DEFAULT_ADAPTIVE_MIN_INTERVAL = 60;

  /** Adaptive: longest interval, seconds; -1 = {@link #INTERVAL_MAX}. */
  public static final String ADAPTIVE_MAX_INTERVAL = "db.fetch.schedule.adaptive.max_interval";

  public static final int DEFAULT_ADAPTIVE_MAX_INTERVAL = -1;

  /** Adaptive: move the next fetch towards the observed change time. */
  public static final String ADAPTIVE_SYNC_DELTA = "db.fetch.schedule.adaptive.sync_delta";

  public static final boolean DEFAULT_ADAPTIVE_SYNC_DELTA = true;

  /** Adaptive: the fraction of the time since the last change the next fetch moves by. */
  public static final String ADAPTIVE_SYNC_DELTA_RATE =
      "db.fetch.schedule.adaptive.sync_delta_rate";

  public static final double DEFAULT_ADAPTIVE_SYNC_DELTA_RATE = 0.3;

  /** Seconds: the interval of a feed whose items carry no dates, at first. */
  public static final String FEED_INTERVAL = "db.fetch.interval.feed";

  public static final int DEFAULT_FEED_INTERVAL = 21600;

  /** Seconds: the shortest interval of a feed, however often its items appear. */
  public static final String FEED_INTERVAL_MIN = "db.fetch.interval.feed.min";

  public static final int DEFAULT_FEED_INTERVAL_MIN = 900;

  /** Seconds: the longest interval of a feed, however quiet it is. */
  public static final String FEED_INTERVAL_MAX = "db.fetch.interval.feed.max";

  public static final int DEFAULT_FEED_INTERVAL_MAX = 86400;

  private ScheduleKeys() {}
}
