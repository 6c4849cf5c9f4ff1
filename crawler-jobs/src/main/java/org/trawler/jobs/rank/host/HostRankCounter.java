package org.trawler.jobs.rank.host;

import org.trawler.jobs.JobCounter;

/** hostrank's Hadoop counters (group {@value #GROUP}). */
public enum HostRankCounter implements JobCounter {
  /** Links read from the linkdb. */
  LINKS,
  /** Links with no host at either end, left out (logged with the URL). */
  NO_HOST,
  /** Hosts of the host graph (linking or linked). */
  HOSTS,
  /** Host → host edges, distinct, no host to itself. */
  EDGES,
  /** Hosts whose counter grew in an iteration: 0 = harmonic centrality is final. */
  COUNTERS_GROWN,
  /** Sum over hosts of the change of PageRank in an iteration, in millionths. */
  RANK_CHANGE_MICROS,
  /** PageRank held by hosts that link nowhere after an iteration, in millionths. */
  DANGLING_RANK_MICROS,
  /** Counters sent to a host the graph does not have (a bug if ever non-zero), dropped. */
  NO_NODE,
  /** Hosts of the hostdb given their rank. */
  RANKED,
  /** Hosts of the graph not in the hostdb (no crawldb URL), not stored. */
  NOT_IN_HOSTDB;

  public static final String GROUP = "hostrank";

  @Override
  public String group() {
    return GROUP;
  }
}
