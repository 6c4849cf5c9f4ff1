package org.trawler.jobs.dedup;

import org.trawler.jobs.JobCounter;

/** dedup's Hadoop counters (group {@value #GROUP}). */
public enum DedupCounter implements JobCounter {
  /** Fetched or not-modified pages with a signature: the ones compared. */
  DOCUMENTS_WITH_SIGNATURE,
  /** Pages newly marked db_duplicate. */
  DOCUMENTS_MARKED_DUPLICATE;

  public static final String GROUP = "dedup";

  @Override
  public String group() {
    return GROUP;
  }
}
