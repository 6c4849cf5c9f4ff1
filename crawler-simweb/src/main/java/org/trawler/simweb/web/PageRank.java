package org.trawler.simweb.web;

import java.util.Arrays;

/**
 * PageRank by power iteration (Brin and Page): a page's rank flows along its links, a share {@code
 * 1 - damping} is spread over all pages, and a page without links spreads its rank over all.
 */
final class PageRank {
  /** Iteration stops when the ranks move less than this in sum. */
  private static final double EPSILON = 1e-12;

  private static final int MAX_ITERATIONS = 200;

  private PageRank() {}

  /** The rank of each node of the graph whose node i links {@code links[i]}; they sum to 1. */
  static double[] of(int[][] links, double damping) {
    int n = links.length;
    double[] rank = new double[n];
    Arrays.fill(rank, 1.0 / n);
    for (int it = 0; it < MAX_ITERATIONS; it++) {
      double[] next = new double[n];
      double dangling = 0;
      for (int i = 0; i < n; i++) {
        if (links[i].length == 0) {
          dangling += rank[i];
        } else {
          double share = rank[i] / links[i].length;
          for (int t : links[i]) {
            next[t] += share;
          }
        }
      }
      double base = (1 - damping) / n + damping * dangling / n;
      double moved = 0;
      for (int i = 0; i < n; i++) {
        next[i] = base + damping * next[i];
        moved += Math.abs(next[i] - rank[i]);
      }
      rank = next;
      if (moved < EPSILON) {
        break;
      }
    }
    return rank;
  }
}
