package org.trawler.jobs.hostdb;

import org.trawler.jobs.JobCounter;

/** updatehostdb's Hadoop counters (group {@value #GROUP}). */
public enum HostDbCounter implements JobCounter {
  /** crawldb URLs counted. */
  URLS,
  /** Segment fetch datums counted. */
  FETCHES,
  /** robots.txt answers read. */
  ROBOTS,
  /** URLs or robots sites with no host, not counted. */
  NO_HOST,
  /** Hosts written. */
  HOSTS,
  /** Hosts whose round failed (every fetch a retry). */
  FAILED_ROUNDS,
  /** Hosts that answered 429/503 this round (or were held back): backed off, level up. */
  BACKED_OFF,
  /** Soft-404 probe answers of this round's segments read. */
  SOFT404_PROBES,
  /**
   * Fetched crawldb pages with a fingerprint read to learn irrelevant query parameters and trap
   * templates.
   */
  PAGES,
  /** Hosts with query parameters learned irrelevant (normalization drops them there). */
  HOSTS_WITH_IRRELEVANT_PARAMS,
  /** Hosts with trap templates learned (generate gives each a shrinking budget). */
  HOSTS_WITH_TRAPS,
  /** Hosts learned to mirror another host's pages (generate leaves their URLs out). */
  MIRROR_HOSTS,
  /** Hosts with a pace of their own: slowed after 429/503 without Retry-After (pace_ms). */
  HOSTS_SLOWED;

  public static final String GROUP = "hostdb";

  @Override
  public String group() {
    return GROUP;
  }
}
