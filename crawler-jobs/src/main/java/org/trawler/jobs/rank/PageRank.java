package org.trawler.jobs.rank;

/**
 * One PageRank step for one page of a graph of {@code pages} pages, the variant of Page, Brin et
 * al. (1998) as Langville and Meyer state it: ranks sum to 1; a page passes {@code damping} of its
 * rank along its links in proportion to their weights; a dangling page (no link out, e.g. known but
 * not fetched) passes its rank to every page alike; every page gets the teleport share (1 -
 * damping) / pages.
 */
record PageRank(double damping, long pages) {

  /** Every page's rank before the first iteration. */
  double initial() {
    return 1.0 / pages;
  }

  /**
   * A page's new rank from the {@code inflow} its inlinks sent and the {@code danglingMass} all
   * dangling pages held.
   */
  double next(double inflow, double danglingMass) {
    return (1 - damping) / pages + damping * (inflow + danglingMass / pages);
  }

  /** What a page of rank {@code rank} sends along a link of {@code weight} of {@code total}. */
  static double share(double rank, float weight, double total) {
    return rank * weight / total;
  }

  /** The rank as the crawldb keeps it: in units of the average page's rank. */
  float scaled(double rank) {
    return (float) (rank * pages);
  }
}
