package org.trawler.jobs.dedup;

import org.trawler.jobs.JobCounter;

/** The near step of dedup's Hadoop counters (group {@value #GROUP}). */
public enum NearDuplicateCounter implements JobCounter {
  /** Pages compared by fingerprint (fetched pages with one, and earlier near marks). */
  PAGES_WITH_FINGERPRINT,
  /** Of those, pages an earlier run marked near duplicates: their marks are judged again. */
  PAGES_MARKED_BEFORE,
  /** Pairs of pages within dedup.near.distance bits, each pair counted once. */
  NEAR_DUPLICATE_PAIRS,
  /** Buckets with more than dedup.near.bucket.max pages: only their best-ranked were compared. */
  BUCKETS_CUT,
  /** URLs marked db_duplicate with duplicateOf by this run (marked again included). */
  URLS_MARKED,
  /** URLs an earlier run marked that are near no better page now: db_fetched again. */
  URLS_UNMARKED;

  public static final String GROUP = "dedup_near";

  @Override
  public String group() {
    return GROUP;
  }
}
