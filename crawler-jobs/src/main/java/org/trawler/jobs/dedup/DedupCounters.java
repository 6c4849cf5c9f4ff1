package org.trawler.jobs.dedup;

/** Names of dedup's Hadoop counters (group {@link #GROUP}). */
public final class DedupCounters {
  public static final String GROUP = "dedup";
  /** Fetched or not-modified pages with a signature: the ones compared. */
  public static final String CANDIDATES = "documents_with_signature";
  /** Pages newly marked db_duplicate. */
  public static final String MARKED = "documents_marked_duplicate";

  private DedupCounters() {}
}
