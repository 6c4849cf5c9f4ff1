package org.trawler.jobs.inject;

/** Configuration keys of inject. */
public final class InjectKeys {
  /** Score of a seed whose line sets no nutch.score. */
  public static final String SCORE_INJECTED = "db.score.injected";
  /** Re-fetch interval in seconds of a seed whose line sets none. */
  public static final String FETCH_INTERVAL_DEFAULT = "db.fetch.interval.default";
  /** Replace an existing crawldb entry with the injected one (inject -overwrite). */
  public static final String OVERWRITE = "db.injector.overwrite";
  /** Keep an existing entry's status and times, take the seed's score, interval and metadata (inject -update). */
  public static final String UPDATE = "db.injector.update";
  /** Seed URLs longer than this many characters are counted as malformed. */
  public static final String URL_MAX_LENGTH = "db.injector.url.max.length";

  private InjectKeys() {}
}
