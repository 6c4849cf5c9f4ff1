package org.trawler.jobs.hostdb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.trawler.core.datum.HostDatum;

/**
 * Learns the trap templates of one host: calendars, repeating paths and facet grids, whose endless
 * URLs share one {@link UrlTemplate} and serve pages that differ only in a date or a label. From
 * the host's fetched pages with a fingerprint, the pages of one template are compared: when all of
 * them (at least {@code minEvidence}) are near-duplicates (fingerprints within the dedup distance)
 * the template is a trap; when two of them differ, it is real pages ({@code /p/{n}.html}) and is
 * never a trap, or no longer one. A new trap starts with {@code startBudget} URLs per round for
 * generate; every later round halves it, down to 0, so a trap's pages are fetched a little and then
 * not at all, while a template that turns out real gets its budget back (it is dropped).
 */
public final class TrapLearning {
  /** Pages of one template compared pairwise, at most: enough to see real pages differ. */
  static final int MAX_TEMPLATE_PAGES = 32;

  private final int distance;
  private final int minEvidence;
  private final int startBudget;

  /**
   * @param distance most differing fingerprint bits of near-duplicates (dedup.near.distance)
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
      if (!ParamLearning.nearDuplicates(fingerprints, MAX_TEMPLATE_PAGES, distance)) {
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
}
