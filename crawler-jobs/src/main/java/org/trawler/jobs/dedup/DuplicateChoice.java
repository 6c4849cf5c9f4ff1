package org.trawler.jobs.dedup;

import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/** Which pages take part in dedup, which one of a signature's pages stays, and how marks land. */
final class DuplicateChoice {

  private DuplicateChoice() {}

  /**
   * Fetched and not-modified pages with a signature are compared; everything else is left alone.
   */
  static boolean isCandidate(CrawlDatum datum) {
    CrawlStatus s = datum.getStatus();
    return (s == CrawlStatus.DB_FETCHED || s == CrawlStatus.DB_NOTMODIFIED)
        && datum.getSignature() != null;
  }

  /**
   * Negative when page a is the one to keep rather than b: the higher score, then the shorter URL,
   * then the lexicographically smaller URL. A NaN score counts as the lowest.
   */
  static int compare(String urlA, float scoreA, String urlB, float scoreB) {
    int c = Float.compare(orderable(scoreB), orderable(scoreA));
    if (c != 0) {
      return c;
    }
    c = Integer.compare(urlA.length(), urlB.length());
    return c != 0 ? c : urlA.compareTo(urlB);
  }

  static int compare(DedupCandidate a, DedupCandidate b) {
    return compare(a.getUrl(), a.getDatum().getScore(), b.getUrl(), b.getDatum().getScore());
  }

  private static float orderable(float score) {
    return Float.isNaN(score) ? Float.NEGATIVE_INFINITY : score;
  }

  /** The crawldb entry as a duplicate: everything kept but the status. */
  static CrawlDatum markedDuplicate(CrawlDatum entry) {
    CrawlDatum marked = new CrawlDatum(entry);
    marked.setStatus(CrawlStatus.DB_DUPLICATE);
    return marked;
  }

  /**
   * Of a URL's crawldb entry and its duplicate mark (seen in any order), the one to write: the
   * mark.
   */
  static boolean replaces(CrawlDatum next, CrawlDatum chosen) {
    return chosen == null || next.getStatus() == CrawlStatus.DB_DUPLICATE;
  }
}
