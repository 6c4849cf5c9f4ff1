package org.trawler.jobs.update;

/**
 * Configuration keys of updatedb (trawler-default.xml, "Updatedb, schedules and scoring"), with
 * their defaults.
 */
public final class UpdateKeys {
  /** Consecutive transient failures after which a URL becomes db_gone. */
  public static final String RETRY_MAX = "db.fetch.retry.max";

  public static final int DEFAULT_RETRY_MAX = 3;

  /** Add newly found URLs (links, redirect targets) to the crawldb; -noAdditions sets it false. */
  public static final String ADDITIONS_ALLOWED = "db.update.additions.allowed";

  public static final boolean DEFAULT_ADDITIONS_ALLOWED = true;

  /**
   * At most this many crawldb URLs per host: updatedb adds no new URL of a host that has them, so a
   * trap cannot fill the crawldb; -1 = no cap.
   */
  public static final String MAX_URLS_PER_HOST = "db.max.urls.per.host";

  public static final int DEFAULT_MAX_URLS_PER_HOST = -1;

  /**
   * At most this many crawldb URLs per registered domain (all its hosts together): updatedb adds no
   * new URL of a domain that has them; -1 = no cap.
   */
  public static final String MAX_URLS_PER_DOMAIN = "db.max.urls.per.domain";

  public static final int DEFAULT_MAX_URLS_PER_DOMAIN = -1;

  /**
   * Internal, set by the round driver: whether updatedb also tells whether the new crawldb can hold
   * a pair for dedup ({@link org.trawler.jobs.dedup.CandidatePairs}), in {@link
   * UpdateCounter#DEDUP_PAIR_GROUPS}.
   */
  public static final String INTERNAL_DEDUP_PAIRS = "trawler.updatedb.dedup.pairs";

  private UpdateKeys() {}
}
