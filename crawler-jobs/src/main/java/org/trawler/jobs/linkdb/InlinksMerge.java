package org.trawler.jobs.linkdb;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;

/**
 * Merges the inlinks of one URL: each (from URL, anchor) once, at most {@code max} of them, the
 * first ones in (from URL, anchor) order, so the result is the same whatever order they came in.
 */
public final class InlinksMerge {
  /** Inlinks keep the linking page in toUrl: order by it, then by anchor. */
  static final Comparator<Outlink> ORDER =
      (a, b) -> {
        int byPage = a.getToUrl().compareTo(b.getToUrl());
        return byPage != 0 ? byPage : a.getAnchor().compareTo(b.getAnchor());
      };

  private InlinksMerge() {}

  /**
   * The merged inlinks; {@code max} &lt; 0 = no cap. Memory stays within 2 × {@code max} inlinks:
   * what is held is cut to the first {@code max} whenever it reaches twice that, since an inlink
   * that is not among the first {@code max} of some of the values is not among those of all.
   */
  public static Inlinks merge(Iterable<Inlinks> values, int max) {
    List<Outlink> held = new ArrayList<>();
    for (Inlinks value : values) {
      for (Outlink o : value.getInlinks()) {
        // A copy: Hadoop reuses the value objects it hands the reducer.
        held.add(new Outlink(o.getToUrl(), o.getAnchor()));
        if (max >= 0 && held.size() >= 2 * Math.max(1, max)) {
          held = firstDistinct(held, max);
        }
      }
    }
    return mergeSorting(held, max);
  }

  /**
   * {@link #merge} of inlinks held in one list, which it sorts: the same result. Values that are
   * each sorted already (every merged record is) make runs the list's sort merges in linear time.
   * Memory is the list's; for a reduce's values, of any number, use {@link #merge}.
   */
  static Inlinks mergeSorting(List<Outlink> inlinks, int max) {
    Inlinks merged = new Inlinks();
    for (Outlink o : firstDistinct(inlinks, max)) {
      merged.add(o.getToUrl(), o.getAnchor());
    }
    return merged;
  }

  /**
   * The first {@code max} distinct inlinks (all when negative), in order; sorts {@code inlinks}.
   */
  private static List<Outlink> firstDistinct(List<Outlink> inlinks, int max) {
    inlinks.sort(ORDER);
    List<Outlink> kept = new ArrayList<>(max < 0 ? inlinks.size() : Math.min(max, inlinks.size()));
    Outlink last = null;
    for (Outlink o : inlinks) {
      if (max >= 0 && kept.size() >= max) {
        break;
      }
      if (last == null || ORDER.compare(o, last) != 0) {
        kept.add(o);
        last = o;
      }
    }
    return kept;
  }
}
