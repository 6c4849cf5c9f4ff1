package org.trawler.jobs.rank.host;

import java.util.Collection;
import java.util.List;
import org.trawler.jobs.rank.PageRank;

/**
 * hostrank's per-host decisions, without Hadoop. A host starts with a counter of itself and
 * PageRank 1 ({@link #start}). In iteration t each host's counter is united with the counters of
 * the hosts linking to it (HyperBall, Boldi and Vigna 2013): it then counts the hosts B(t) at most
 * t links away that reach it, and its harmonic centrality grows by (|B(t)| - |B(t-1)|) / t. In the
 * same pass PageRank is one power-iteration step of {@link PageRank}, the step rank takes for
 * pages, with the hosts' ranks scaled to a mean of 1 ({@link PageRank.Scale#MEAN_ONE}).
 */
public final class HostRankStep {
  private HostRankStep() {}

  /** A host's state before the first iteration: the mean rank, 1. */
  public static HostNode start(String host, Collection<String> targets, int precision) {
    HyperLogLog self = HyperLogLog.empty(precision).add(host);
    return HostNode.node(List.copyOf(targets), self.registers(), 0, 1);
  }

  /** What a host sends each host it links to: its counter and its rank over its out-degree. */
  public static HostNode message(HostNode node) {
    return HostNode.message(
        node.registers(), PageRank.share(node.rank(), 1f, node.targets().size()));
  }

  /** A host after an iteration, whether its counter grew, and how much its rank changed. */
  public record Gathered(HostNode node, boolean grew, double rankChange) {}

  /**
   * The host {@code node} after iteration {@code t}, given what the hosts linking to it sent.
   *
   * @param danglingMass the rank of hosts linking nowhere before the iteration
   */
  public static Gathered gather(
      HostNode node, List<HostNode> messages, int t, PageRank pr, double danglingMass) {
    byte[] registers = node.registers().clone();
    HyperLogLog counter = new HyperLogLog(registers);
    double before = counter.estimate();
    boolean grew = false;
    double incoming = 0;
    for (HostNode m : messages) {
      grew |= counter.union(m.registers());
      incoming += m.rank();
    }
    double harmonic = node.harmonic() + (grew ? (counter.estimate() - before) / t : 0);
    double rank = pr.next(incoming, danglingMass);
    return new Gathered(
        HostNode.node(node.targets(), registers, harmonic, rank),
        grew,
        Math.abs(rank - node.rank()));
  }

  /** Whether another iteration is needed after one with these outcomes over {@code hosts}. */
  public static boolean converged(
      long countersGrown, double rankChange, PageRank pr, double epsilon) {
    return countersGrown == 0 && pr.converged(rankChange, epsilon);
  }
}
