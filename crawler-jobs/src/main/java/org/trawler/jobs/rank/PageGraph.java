package org.trawler.jobs.rank;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.trawler.core.datum.Outlink;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.URLResolver;
import org.trawler.jobs.rank.RankRecord.Edge;

/**
 * Which outlinks of a page are links of the page graph, and their weights: each target once, no
 * link to the page itself, none marked rel=nofollow, links inside the host weighted by
 * rank.link.internal (0 drops them), other links 1. A fetched redirect is its source's one link, to
 * its target, of weight 1 whatever the hosts: the source hands its whole rank on, as the link graph
 * treats a redirect.
 */
final class PageGraph {
  /** A page's edges, and how many outlinks were left out and why. */
  record Outgoing(List<Edge> edges, int self, int nofollow, int internalDropped) {}

  private final float internalWeight;

  PageGraph(float internalWeight) {
    this.internalWeight = internalWeight;
  }

  Outgoing edges(String from, List<Outlink> outlinks) {
    String host = URLParts.host(from);
    Map<String, Float> weights = new LinkedHashMap<>();
    int self = 0;
    int nofollow = 0;
    int internalDropped = 0;
    for (Outlink o : outlinks) {
      String to = o.getToUrl();
      if (to.equals(from)) {
        self++;
      } else if ("true".equals(o.getMeta().get(Outlink.META_NOFOLLOW))) {
        nofollow++;
      } else if (!weights.containsKey(to)) {
        float weight = Objects.equals(host, URLParts.host(to)) ? internalWeight : 1f;
        if (weight > 0) {
          weights.put(to, weight);
        } else {
          internalDropped++;
        }
      }
    }
    List<Edge> edges = new ArrayList<>(weights.size());
    weights.forEach((url, weight) -> edges.add(new Edge(url, weight)));
    return new Outgoing(edges, self, nofollow, internalDropped);
  }

  /**
   * The edges of a page {@code from} that redirects to {@code target} (as fetched, maybe relative):
   * one edge to the resolved target; none when the target is not a crawlable URL or the page itself
   * (counted as a self link).
   */
  Outgoing redirect(String from, String target) {
    String to = URLResolver.crawlable(URLResolver.resolve(from, target));
    if (to == null) {
      return new Outgoing(List.of(), 0, 0, 0);
    }
    if (to.equals(from)) {
      return new Outgoing(List.of(), 1, 0, 0);
    }
    return new Outgoing(List.of(new Edge(to, 1f)), 0, 0, 0);
  }
}
