package org.trawler.jobs.update;

/** Configuration keys of updatedb (conf/trawler-default.xml, "Updatedb, schedules and scoring"). */
public final class UpdateKeys {
  /** Consecutive transient failures after which a URL becomes db_gone. */
  public static final String RETRY_MAX = "db.fetch.retry.max";
  public static final int RETRY_MAX_VALUE = 3;
  /** Add newly found URLs (links, redirect targets) to the crawldb; -noAdditions sets it false. */
  public static final String ADDITIONS_ALLOWED = "db.update.additions.allowed";

  private UpdateKeys() {}
}
