package org.trawler.jobs.dedup;

import org.trawler.jobs.JobCounter;

/** dedup's Hadoop counters (group {@value #GROUP}). */
public enum DedupCounter implements JobCounter {
  /** Fetched or not-modified pages with a signature, and earlier marks: the ones compared. */
  DOCUMENTS_WITH_SIGNATURE,
  /** Of those, pages an earlier run marked (db_duplicate with duplicateOf), judged again. */
  DOCUMENTS_MARKED_BEFORE,
  /** Of those, pages with the same signature as a better-ranked page (marked again included). */
  DOCUMENTS_MARKED_DUPLICATE,
  /**
   * URLs the new crawldb has as db_duplicate with duplicateOf from this run, exact or near copies
   * (marked again included).
   */
  URLS_MARKED,
  /** URLs an earlier run marked that are no copy of a better page now: db_fetched again. */
  URLS_UNMARKED;

  public static final String GROUP = "dedup";

  /** One counter per crawldb status (its label): the URLs the new crawldb has with it. */
  public static final String STATUS_GROUP = "dedup_status";

  @Override
  public String group() {
    return GROUP;
  }
}
