package org.trawler.jobs.linkdb;

import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;

/**
 * Merges the inlinks of one URL: each (from URL, anchor) once, at most {@code max} of them, the
 * first ones in (from URL, anchor) order, so the result is the same whatever order they came in.
 */
public final class InlinksMerge {
  /** Inlinks keep the linking page in toUrl: order by it, then by anchor. */
  static final Comparator<Outlink> ORDER =
      Comparator.comparing(Outlink::getToUrl).thenComparing(Outlink::getAnchor);

  private InlinksMerge() {}

  /** The merged inlinks; {@code max} &lt; 0 = no cap. Memory stays within {@code max} entries. */
  public static Inlinks merge(Iterable<Inlinks> values, int max) {
    TreeSet<Outlink> kept = new TreeSet<>(ORDER);
    for (Inlinks value : values) {
      for (Outlink o : value.getInlinks()) {
        if (max >= 0 && kept.size() >= max && (max == 0 || ORDER.compare(o, kept.last()) >= 0)) {
          continue;
        }
        // A copy: Hadoop reuses the value objects it hands the reducer.
        kept.add(new Outlink(o.getToUrl(), o.getAnchor()));
        if (max >= 0 && kept.size() > max) {
          kept.pollLast();
        }
      }
    }
    Inlinks merged = new Inlinks();
    for (Outlink o : kept) {
      merged.add(o.getToUrl(), o.getAnchor());
    }
    return merged;
  }

  /**
   * {@link #merge} of inlinks held in one list, which it sorts: the same result, without a tree.
   * Memory is the list's; for a reduce's values, of any number, use {@link #merge}.
   */
  static Inlinks mergeSorting(List<Outlink> inlinks, int max) {
    inlinks.sort(ORDER);
    Inlinks merged = new Inlinks();
    Outlink last = null;
    for (Outlink o : inlinks) {
      if (max >= 0 && merged.size() >= max) {
        break;
      }
      if (last == null || ORDER.compare(o, last) != 0) {
        merged.add(o.getToUrl(), o.getAnchor());
        last = o;
      }
    }
    return merged;
  }
}
