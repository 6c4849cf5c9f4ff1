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

  private UpdateKeys() {}
}
