package org.trawler.jobs.hostdb;

import java.util.Map;
import java.util.TreeMap;
import org.trawler.core.net.URLParts;

/**
 * Learns whether one host mirrors another: serves that host's pages again at the same paths (a
 * {@code mirror.} host, an old name kept alive, a CDN copy). Its evidence is what dedup marked: the
 * host's fetched pages that are copies of the page at the same path and query on one other host
 * (that page kept). A host with at least {@code minEvidence} such copies of one host, more than
 * half of its fetched pages, is held back as that host's mirror; judged again from the crawldb
 * every round, so a host whose pages turn out to differ (dedup un-marks them, or new pages of its
 * own are fetched) is no longer held back. Half, not all: a mirror's pages whose originals were not
 * fetched yet are kept by dedup, not marked.
 */
public final class MirrorLearning {
  /** What a host mirrors: the host whose copies it serves and how many were seen; NONE: none. */
  public record Mirror(String host, int evidence) {
    public static final Mirror NONE = new Mirror("", 0);
  }

  /** The fetched pages of one host, counted as copies of each other host or as its own. */
  public static final class Tally {
    private final Map<String, Integer> copiesOf = new TreeMap<>();
    private int pages;

    /** One fetched page, a copy of the same path on {@code copyOf} (empty: not such a copy). */
    public void add(String copyOf) {
      pages++;
      if (!copyOf.isEmpty()) {
        copiesOf.merge(copyOf, 1, Integer::sum);
      }
    }
  }

  private final int minEvidence;

  /**
   * @param minEvidence copies of one other host's pages that make a mirror; 0 = never
   */
  public MirrorLearning(int minEvidence) {
    this.minEvidence = minEvidence;
  }

  public boolean isOn() {
    return minEvidence > 0;
  }

  /** The host {@code tally}'s host mirrors, or {@link Mirror#NONE}. */
  public Mirror judge(Tally tally) {
    if (!isOn()) {
      return Mirror.NONE;
    }
    String best = "";
    int most = 0;
    for (Map.Entry<String, Integer> e : tally.copiesOf.entrySet()) {
      if (e.getValue() > most) {
        best = e.getKey();
        most = e.getValue();
      }
    }
    return most >= minEvidence && 2 * most > tally.pages ? new Mirror(best, most) : Mirror.NONE;
  }

  /**
   * The host whose page at the same path and query {@code url} copies, given the URL dedup kept for
   * it ({@code duplicateOf}, maybe null); empty when it is no such copy (no original, the same
   * host, another path).
   */
  public static String copyOf(String url, String duplicateOf) {
    if (duplicateOf == null || duplicateOf.isEmpty()) {
      return "";
    }
    String host = URLParts.host(url);
    String other = URLParts.host(duplicateOf);
    if (host == null || other == null || other.isEmpty() || other.equals(host)) {
      return "";
    }
    return target(url).equals(target(duplicateOf)) ? other : "";
  }

  /** The path and query of {@code url}: what follows its authority. */
  private static String target(String url) {
    URLParts parts = URLParts.of(url);
    return url.substring(parts.pathStart(), parts.queryEnd());
  }
}
