package org.trawler.jobs.dedup;

import org.trawler.jobs.JobCounter;

/** The near step of dedup's Hadoop counters (group {@value #GROUP}). */
public enum NearDuplicateCounter implements JobCounter {
  /** Pages compared by fingerprint (fetched pages with one, and earlier marks). */
  PAGES_WITH_FINGERPRINT,
  /** Pairs of pages within dedup.near.distance bits, each pair counted once. */
  NEAR_DUPLICATE_PAIRS,
  /** Buckets with more than dedup.near.bucket.max pages: only their best-ranked were compared. */
  BUCKETS_CUT;

  public static final String GROUP = "dedup_near";

  @Override
  public String group() {
    return GROUP;
  }
}
