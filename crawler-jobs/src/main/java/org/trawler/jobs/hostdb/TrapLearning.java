package org.trawler.jobs.hostdb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.parse.SimHash;

/**
 * Learns the trap templates of one host: calendars, repeating paths and facet grids, whose endless
 * URLs share one {@link UrlTemplate} and serve pages that differ only in a date or a label. From
 * the host's fetched pages with a fingerprint, the pages of one template are compared pairwise:
 * when the median distance of their fingerprints is within {@code distance} bits (and there are at
 * least {@code minEvidence} pages) the template is a trap; when it is beyond, it is real pages
 * ({@code /p/{n}.html}, about 32 bits apart) and is never a trap, or no longer one. The median, not
 * every pair: a facet grid's pages differ in their labels (sizes, colours, brands) by a few bits
 * each, more for pages far apart in the grid, yet stay much nearer than two real pages. A new trap
 * starts with {@code startBudget} URLs per round for generate; every later round halves it, down to
 * 0, so a trap's pages are fetched a little and then not at all, while a template that turns out
 * real gets its budget back (it is dropped).
 */
public final class TrapLearning {
  /** Pages of one template compared pairwise, at most: enough to see real pages differ. */
  static final int MAX_TEMPLATE_PAGES = 32;

  private final int distance;
  private final int minEvidence;
  private final int startBudget;

  /**
   * @param distance the most differing fingerprint bits of a trap's pages, median over pairs
   * @param minEvidence near-duplicate pages of one template that make it a trap; 0 = never
   * @param startBudget URLs of a newly learned trap generate still takes in the next round
   */
  public TrapLearning(int distance, int minEvidence, int startBudget) {
    this.distance = distance;
    this.minEvidence = minEvidence;
    this.startBudget = startBudget;
  }

  public boolean isOn() {
    return minEvidence > 0;
  }

  /**
   * The host's trap templates after this round, given its fetched {@code pages} and the templates
   * learned before ({@code previous}, with their budgets), sorted by template.
   */
  public Map<String, HostDatum.Trap> learn(
      List<ParamLearning.Page> pages, Map<String, HostDatum.Trap> previous) {
    Map<String, HostDatum.Trap> traps = new TreeMap<>();
    previous.forEach(
        (t, trap) -> traps.put(t, new HostDatum.Trap(trap.evidence(), trap.budget() / 2)));
    if (!isOn()) {
      return traps;
    }
    Map<String, List<Long>> byTemplate = new HashMap<>();
    for (ParamLearning.Page page : pages) {
      byTemplate
          .computeIfAbsent(UrlTemplate.of(page.url()), t -> new ArrayList<>())
          .add(page.fingerprint());
    }
    for (Map.Entry<String, List<Long>> t : byTemplate.entrySet()) {
      List<Long> fingerprints = t.getValue();
      if (fingerprints.size() < 2) {
        continue;
      }
      if (medianDistance(fingerprints) > distance) {
        traps.remove(t.getKey());
      } else if (fingerprints.size() >= minEvidence) {
        HostDatum.Trap before = traps.get(t.getKey());
        traps.put(
            t.getKey(),
            new HostDatum.Trap(
                fingerprints.size(), before == null ? startBudget : before.budget()));
      }
    }
    return traps;
  }

  /**
   * The median distance over the pairs of (the first MAX_TEMPLATE_PAGES of) {@code fingerprints}.
   */
  static int medianDistance(List<Long> fingerprints) {
    int n = Math.min(fingerprints.size(), MAX_TEMPLATE_PAGES);
    int[] distances = new int[n * (n - 1) / 2];
    int k = 0;
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        distances[k++] = SimHash.distance(fingerprints.get(i), fingerprints.get(j));
      }
    }
    java.util.Arrays.sort(distances);
    return distances[distances.length / 2];
  }
}
