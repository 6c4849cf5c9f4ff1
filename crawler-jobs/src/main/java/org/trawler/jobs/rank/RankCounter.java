package org.trawler.jobs.rank;

import org.trawler.jobs.JobCounter;

/** rank's Hadoop counters (group {@value #GROUP}). */
public enum RankCounter implements JobCounter {
  /** crawldb URLs: the pages of the graph. */
  PAGES,
  /** Parsed pages whose newest outlinks were read (the newest segment that parsed each). */
  PAGES_WITH_OUTLINKS,
  /**
   * Fetched HTTP redirects (crawl_fetch): the source's one link, to its target, if it is the
   * source's newest record.
   */
  REDIRECTS,
  /** Parses of URLs the crawldb no longer has: left out of the graph. */
  PARSES_NOT_IN_CRAWLDB,
  /** Links of the graph, each pair of pages once. */
  LINKS,
  /** Outlinks of a page to itself: left out. */
  SELF_LINKS,
  /** Outlinks marked rel=nofollow: left out. */
  NOFOLLOW_LINKS,
  /** Outlinks inside one host left out because rank.link.internal is 0. */
  INTERNAL_LINKS_DROPPED,
  /** Outlinks to URLs the crawldb does not have (filtered or never added): left out. */
  LINKS_TO_UNKNOWN,
  /** Pages with no link out (not fetched yet, or no outlinks): their rank is spread uniformly. */
  DANGLING_PAGES,
  /** An iteration's L1 change of the rank vector, in units of {@link #MASS_UNIT}. */
  L1_CHANGE,
  /** The rank mass of the dangling pages after an iteration, in units of {@link #MASS_UNIT}. */
  DANGLING_MASS,
  /** crawldb URLs written with their rank. */
  URLS_RANKED;

  public static final String GROUP = "rank";

  /** Rank mass (1 in all) is counted in whole units of 10^-15. */
  public static final double MASS_UNIT = 1e-15;

  /** A mass as a counter increment. */
  static long units(double mass) {
    return Math.round(mass / MASS_UNIT);
  }

  @Override
  public String group() {
    return GROUP;
  }
}
