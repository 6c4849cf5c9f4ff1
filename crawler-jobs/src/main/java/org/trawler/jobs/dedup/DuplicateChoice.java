package org.trawler.jobs.dedup;

import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/**
 * Which pages take part in dedup, which one of a set of copies stays, and how marks land: one
 * ranking for exact and near duplicates, so that both steps keep the same page of a set.
 */
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
   * Pages compared by fingerprint: the exact step's candidates with a fingerprint, and pages an
   * earlier run marked near duplicates ({@code duplicateOf}), whose mark is judged again.
   */
  static boolean isNearCandidate(CrawlDatum datum) {
    if (!datum.getMetadata().containsKey(MetadataKeys.FINGERPRINT)) {
      return false;
    }
    return isCandidate(datum) || wasMarkedNear(datum);
  }

  /** A db_duplicate with {@code duplicateOf}: marked by the near step of an earlier run. */
  static boolean wasMarkedNear(CrawlDatum datum) {
    return datum.getStatus() == CrawlStatus.DB_DUPLICATE
        && datum.getMetadata().containsKey(MetadataKeys.DUPLICATE_OF);
  }

  /** The fingerprint of a near candidate. */
  static long fingerprint(CrawlDatum datum) {
    return datum.getMetaLong(MetadataKeys.FINGERPRINT, 0);
  }

  /**
   * What the near step carries of a page (its status, score, fingerprint and other canonical), for
   * ranking it: not the whole entry, which every band would copy.
   */
  static CrawlDatum ranking(CrawlDatum datum) {
    CrawlDatum r = new CrawlDatum(datum.getStatus(), 0, datum.getScore());
    r.putMeta(MetadataKeys.FINGERPRINT, fingerprint(datum));
    String canonical = datum.getMetaString(MetadataKeys.CANONICAL);
    if (canonical != null) {
      r.putMeta(MetadataKeys.CANONICAL, canonical);
    }
    return r;
  }

  /**
   * Negative when page a is the one to keep rather than b: a page that names another URL its
   * canonical (rel=canonical) says it is a copy, so it comes after one that does not; then {@link
   * #compare(String, float, String, float)}.
   */
  static int compare(DedupCandidate a, DedupCandidate b) {
    int c =
        Boolean.compare(
            a.getDatum().getMetadata().containsKey(MetadataKeys.CANONICAL),
            b.getDatum().getMetadata().containsKey(MetadataKeys.CANONICAL));
    return c != 0
        ? c
        : compare(a.getUrl(), a.getDatum().getScore(), b.getUrl(), b.getDatum().getScore());
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

  /** What the merge of one URL did to its near-duplicate mark. */
  enum NearOutcome {
    /** Marked (again) a duplicate of a page near it. */
    MARKED,
    /** Marked near by an earlier run, and near no better page now: a fetched page again. */
    UNMARKED,
    /** Nothing to do with near duplicates. */
    NONE
  }

  /** A URL's new crawldb entry and what happened to its near mark. */
  record Merged(CrawlDatum entry, NearOutcome near) {}

  /**
   * The entry to write for a URL: {@code entry} is its crawldb entry or this run's exact mark of
   * it, {@code kept} the best-ranked page near it that ranks before it (null when none). Near a
   * better page it becomes db_duplicate with {@code duplicateOf} that page; when this run had a
   * near step ({@code nearStep}), an entry an earlier run marked near that has no better page near
   * it any more becomes db_fetched again.
   */
  static Merged merge(CrawlDatum entry, DedupCandidate kept, boolean nearStep) {
    if (kept != null) {
      CrawlDatum marked = markedDuplicate(entry);
      marked.putMeta(MetadataKeys.DUPLICATE_OF, kept.getUrl());
      return new Merged(marked, NearOutcome.MARKED);
    }
    if (nearStep && wasMarkedNear(entry)) {
      CrawlDatum unmarked = new CrawlDatum(entry);
      unmarked.setStatus(CrawlStatus.DB_FETCHED);
      unmarked.getMetadata().remove(MetadataKeys.DUPLICATE_OF);
      return new Merged(unmarked, NearOutcome.UNMARKED);
    }
    return new Merged(entry, NearOutcome.NONE);
  }
}
