package org.trawler.jobs.inject;

/** Names of inject's Hadoop counters (group {@link #GROUP}); per-problem counters come from {@link SeedLine.Problem}. */
public final class InjectCounters {
  public static final String GROUP = "inject";
  /** Seed lines that passed parsing, normalizing and filtering. */
  public static final String INJECTED = "urls_injected";
  /** URLs the normalizers or filters refused. */
  public static final String REJECTED = "urls_rejected";
  /** Lines that are not a seed: bad URL, bad metadata, binary, too long. */
  public static final String MALFORMED = "urls_malformed";
  /** Seeds repeated for a URL already seeded (the last one wins). */
  public static final String DUPLICATE = "urls_duplicate";
  /** URLs that were not in the crawldb before. */
  public static final String NEW = "urls_new";
  /** Seeds for URLs already in the crawldb (kept, overwritten or updated). */
  public static final String MERGED = "urls_merged";

  private InjectCounters() {}
}
