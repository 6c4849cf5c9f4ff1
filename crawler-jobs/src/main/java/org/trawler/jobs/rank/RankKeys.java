package org.trawler.jobs.rank;

/**
 * Configuration keys of rank (trawler-default.xml, "Rank") with defaults, and the tool's job
 * parameters. The damping factor is {@link org.trawler.core.scoring.ScoringKeys#DAMPING}, which
 * generate reads too.
 */
public final class RankKeys {
  /** PageRank iterations at most (-iterations overrides it). */
  public static final String MAX_ITERATIONS = "rank.iterations.max";

  public static final int DEFAULT_MAX_ITERATIONS = 30;

  /**
   * Iterations stop once the L1 change of the rank vector (ranks summing to 1) is below this
   * (-epsilon overrides it).
   */
  public static final String EPSILON = "rank.epsilon";

  public static final double DEFAULT_EPSILON = 0.0001;

  /**
   * Weight of a link between pages of the same host, against 1 for a link to another host; 0 drops
   * them.
   */
  public static final String LINK_INTERNAL = "rank.link.internal";

  public static final float DEFAULT_LINK_INTERNAL = 1.0f;

  /** run ranks the crawldb after every this many rounds; 0 = never. */
  public static final String EVERY_ROUNDS = "rank.every.rounds";

  public static final int DEFAULT_EVERY_ROUNDS = 0;

  /** Job parameter: the number of pages in the graph. */
  static final String INTERNAL_NODES = "rank.job.nodes";

  /** Job parameter: the rank mass the dangling pages held after the previous iteration. */
  static final String INTERNAL_DANGLING = "rank.job.dangling";

  private RankKeys() {}
}
