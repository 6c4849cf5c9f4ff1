package org.trawler.jobs.rank;

/**
 * One PageRank step for one node of a graph of {@code nodes} nodes, the variant of Page, Brin et
 * al. (1998) as Langville and Meyer state it, for pages (rank) and hosts (hostrank) alike: a node
 * passes {@code damping} of its rank along its links in proportion to their weights; a dangling
 * node (no link out, e.g. known but not fetched) passes its rank to every node alike; every node
 * gets the teleport share (1 - damping) of the mean rank. The {@link Scale} says whether the ranks
 * sum to 1 (pages) or average 1 (hosts); the steps are the same.
 */
public record PageRank(double damping, long nodes, Scale scale) {

  /** What the ranks add up to. */
  public enum Scale {
    /** Ranks sum to 1, a probability (rank's jobs; the crawldb keeps {@link #scaled}). */
    SUM_ONE,
    /** Ranks average 1 (hostrank, which stores them as they are). */
    MEAN_ONE
  }

  /** Ranks summing to 1 over {@code nodes} nodes. */
  public static PageRank sumOne(double damping, long nodes) {
    return new PageRank(damping, nodes, Scale.SUM_ONE);
  }

  /** Ranks averaging 1 over {@code nodes} nodes. */
  public static PageRank meanOne(double damping, long nodes) {
    return new PageRank(damping, nodes, Scale.MEAN_ONE);
  }

  /** Every node's rank before the first iteration: the mean rank. */
  public double initial() {
    return scale == Scale.SUM_ONE ? 1.0 / nodes : 1;
  }

  /**
   * A node's new rank from the {@code inflow} its inlinks sent and the {@code danglingMass} all
   * dangling nodes held.
   */
  public double next(double inflow, double danglingMass) {
    double teleport = scale == Scale.SUM_ONE ? (1 - damping) / nodes : 1 - damping;
    return teleport + damping * (inflow + danglingMass / nodes);
  }

  /** What a node of rank {@code rank} sends along a link of {@code weight} of {@code total}. */
  public static double share(double rank, float weight, double total) {
    return rank * weight / total;
  }

  /**
   * Whether an iteration whose ranks changed by {@code change} in all (L1) has converged: the
   * change as a share of the total rank is below {@code epsilon}. Not before the first iteration
   * (NaN).
   */
  public boolean converged(double change, double epsilon) {
    if (scale == Scale.SUM_ONE) {
      return change < epsilon;
    }
    return nodes == 0 || change / nodes < epsilon;
  }

  /** The rank in units of the mean rank, as the crawldb and the hostdb keep it. */
  public float scaled(double rank) {
    return (float) (scale == Scale.SUM_ONE ? rank * nodes : rank);
  }
}
