package org.trawler.jobs.rank.host;

/** Configuration keys of hostrank, with their defaults. */
public final class HostRankKeys {
  /**
   * log2 of the registers of each host's HyperLogLog counter: 7 = 128 registers, 9.2 % relative
   * standard error on the number of hosts within a distance.
   */
  public static final String HLL_PRECISION = "hostrank.hll.precision";

  public static final int DEFAULT_HLL_PRECISION = 7;

  /** Most iterations (one MapReduce job each) before hostrank stops even if not converged. */
  public static final String MAX_ITERATIONS = "hostrank.max.iterations";

  public static final int DEFAULT_MAX_ITERATIONS = 40;

  /** PageRank's damping factor: the chance a surfer follows a link rather than jumping. */
  public static final String DAMPING = "hostrank.pagerank.damping";

  public static final double DEFAULT_DAMPING = 0.85;

  /** PageRank has converged when the hosts' mean absolute change in one iteration is below this. */
  public static final String EPSILON = "hostrank.pagerank.epsilon";

  public static final double DEFAULT_EPSILON = 0.001;

  /** The iteration a gather task works on (1, 2, ...): the distance its counters reach. */
  public static final String INTERNAL_ITERATION = "trawler.hostrank.iteration";

  /** The number of hosts of the graph. */
  public static final String INTERNAL_HOSTS = "trawler.hostrank.hosts";

  /** The PageRank the dangling hosts held before the iteration, spread evenly over all hosts. */
  public static final String INTERNAL_DANGLING = "trawler.hostrank.dangling";

  private HostRankKeys() {}
}
