package org.trawler.jobs.inject;

/**
 * Configuration keys of inject, with their defaults. A seed without nutch.fetchInterval gets {@link
 * org.trawler.core.schedule.ScheduleKeys#INTERVAL}.
 */
public final class InjectKeys {
  /** Score of a seed whose line sets no nutch.score. */
  public static final String SCORE_INJECTED = "db.score.injected";

  public static final float DEFAULT_SCORE_INJECTED = 1.0f;

  /** Replace an existing crawldb entry with the injected one (inject -overwrite). */
  public static final String OVERWRITE = "db.injector.overwrite";

  public static final boolean DEFAULT_OVERWRITE = false;

  /**
   * Keep an existing entry's status and times, take the seed's score, interval and metadata (inject
   * -update).
   */
  public static final String UPDATE = "db.injector.update";

  public static final boolean DEFAULT_UPDATE = false;

  /** Seed URLs longer than this many characters are counted as malformed. */
  public static final String URL_MAX_LENGTH = "db.injector.url.max.length";

  public static final int DEFAULT_URL_MAX_LENGTH = 4096;

  private InjectKeys() {}
}
