package org.trawler.jobs.inject;

import org.trawler.jobs.JobCounter;

/**
 * inject's Hadoop counters (group {@value #GROUP}); each {@link SeedLine.Problem} is a counter of
 * the group too.
 */
public enum InjectCounter implements JobCounter {
  /** Seed lines that passed parsing, normalizing and filtering. */
  URLS_INJECTED,
  /** URLs the normalizers or filters refused. */
  URLS_REJECTED,
  /** Lines that are not a seed: bad URL, bad metadata, binary, too long. */
  URLS_MALFORMED,
  /** Seeds repeated for a URL already seeded (the last one wins). */
  URLS_DUPLICATE,
  /** URLs that were not in the crawldb before. */
  URLS_NEW,
  /** Seeds for URLs already in the crawldb (kept, overwritten or updated). */
  URLS_MERGED;

  public static final String GROUP = "inject";

  @Override
  public String group() {
    return GROUP;
  }
}
