package org.trawler.jobs.dedup;

/** Configuration keys of dedup (trawler-default.xml, "Deduplication"), with defaults. */
public final class DedupKeys {
  /**
   * The most bits in which two pages' fingerprints may differ for the later-ranked one to be marked
   * a near duplicate of the other; -1 turns the near step off (exact signatures only).
   */
  public static final String NEAR_DISTANCE = "dedup.near.distance";

  public static final int DEFAULT_NEAR_DISTANCE = 3;

  /**
   * The most pages of one bucket (pages sharing one band of their fingerprint) the near step
   * compares pairwise; a larger bucket keeps its best-ranked pages and is counted as cut.
   */
  public static final String NEAR_BUCKET_MAX = "dedup.near.bucket.max";

  public static final int DEFAULT_NEAR_BUCKET_MAX = 1000;

  private DedupKeys() {}
}
