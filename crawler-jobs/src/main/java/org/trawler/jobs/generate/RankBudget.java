package org.trawler.jobs.generate;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.jobs.hostdb.HostKnowledge;

/**
 * Budgets by rank (generate.max.count.by.rank), as Common Crawl sizes its per-host budgets from
 * harmonic centrality: a host may have at most topN × (floor + (cap − floor) × c / cmax) URLs in a
 * segment, at least 1, where c is its harmonic centrality and cmax the highest of any host. An
 * unranked host gets the floor.
 */
public final class RankBudget {
  /** No budget by rank: every host's count is left to the other caps. */
  public static final RankBudget OFF = new RankBudget(0, 0, 0, HostKnowledge.NONE);

  private final double floor;
  private final double cap;
  private final long topN;
  private final HostKnowledge known;

  /**
   * @param floor the share of topN of the least central host
   * @param cap the share of topN of the most central host
   * @param topN generate's topN; below 1 = no budget by rank
   * @param known the hosts' centrality
   */
  public RankBudget(double floor, double cap, long topN, HostKnowledge known) {
    this.floor = floor;
    this.cap = cap;
    this.topN = topN;
    this.known = known;
  }

  /** The budgets of {@code conf}'s generate.max.count.by.rank.* keys, or {@link #OFF}. */
  public static RankBudget from(Configuration conf, long topN, HostKnowledge known) {
    if (!Settings.getBoolean(
            conf, GeneratorKeys.MAX_COUNT_BY_RANK, GeneratorKeys.DEFAULT_MAX_COUNT_BY_RANK)
        || topN < 1) {
      return OFF;
    }
    return new RankBudget(
        Settings.getDouble(
            conf,
            GeneratorKeys.MAX_COUNT_BY_RANK_FLOOR,
            GeneratorKeys.DEFAULT_MAX_COUNT_BY_RANK_FLOOR),
        Settings.getDouble(
            conf, GeneratorKeys.MAX_COUNT_BY_RANK_CAP, GeneratorKeys.DEFAULT_MAX_COUNT_BY_RANK_CAP),
        topN,
        known);
  }

  /** The most URLs {@code host} may have in the segment; -1 = no budget by rank. */
  public int of(String host) {
    if (topN < 1) {
      return -1;
    }
    return budget(floor, cap, topN, known.centrality(host), known.maxCentrality());
  }

  /** topN × (floor + (cap − floor) × centrality / max), at least 1. */
  static int budget(double floor, double cap, long topN, double centrality, double max) {
    double share = floor + (max > 0 ? (cap - floor) * Math.min(1, centrality / max) : 0);
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round(topN * share)));
  }

  /** The smaller of two caps, either of which may be -1 (none). */
  static int tighter(int a, int b) {
    return a < 0 ? b : b < 0 ? a : Math.min(a, b);
  }
}
