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
   * Fetched and not-modified pages with a signature are compared, and so are pages an earlier run
   * marked ({@code duplicateOf}): a mark is judged again by every run; everything else is left
   * alone.
   */
  static boolean isCandidate(CrawlDatum datum) {
    CrawlStatus s = datum.getStatus();
    return (s == CrawlStatus.DB_FETCHED || s == CrawlStatus.DB_NOTMODIFIED || wasMarked(datum))
        && datum.getSignature() != null;
  }

  /** Pages compared by fingerprint: the candidates that have one. */
  static boolean isNearCandidate(CrawlDatum datum) {
    return datum.getMetadata().containsKey(MetadataKeys.FINGERPRINT)
        && (isCandidate(datum) || wasMarked(datum));
  }

  /**
   * A db_duplicate with {@code duplicateOf}: marked by an earlier run (marks without it, from
   * before dedup named the kept page, stay as they are).
   */
  static boolean wasMarked(CrawlDatum datum) {
    return datum.getStatus() == CrawlStatus.DB_DUPLICATE
        && datum.getMetadata().containsKey(MetadataKeys.DUPLICATE_OF);
  }

  /**
   * What the exact step carries of a page: its ranking and its signature, so that a mark can say it
   * is an exact copy of the page kept.
   */
  static CrawlDatum exactRanking(CrawlDatum datum) {
    CrawlDatum r = ranking(datum);
    r.setSignature(datum.getSignature());
    return r;
  }

  /** The fingerprint of a near candidate. */
  static long fingerprint(CrawlDatum datum) {
    return datum.getMetaLong(MetadataKeys.FINGERPRINT, 0);
  }

  /**
   * What dedup carries of a page (its status, score, fingerprint and other canonical) to compare
   * and rank it: not the whole entry, which the shuffle would copy (once per band in the near
   * step).
   */
  static CrawlDatum ranking(CrawlDatum datum) {
    CrawlDatum r = new CrawlDatum(datum.getStatus(), 0, datum.getScore());
    if (datum.getMetadata().containsKey(MetadataKeys.FINGERPRINT)) {
      r.putMeta(MetadataKeys.FINGERPRINT, fingerprint(datum));
    }
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

  /** What the merge of one URL did to its mark. */
  enum Outcome {
    /** Marked (again) a duplicate of a better page. */
    MARKED,
    /** Marked by an earlier run, and no copy of a better page now: a fetched page again. */
    UNMARKED,
    /** Left as it was. */
    NONE
  }

  /** A URL's new crawldb entry and what happened to its mark. */
  record Merged(CrawlDatum entry, Outcome outcome) {}

  /**
   * The entry to write for a URL: {@code entry} is its crawldb entry, {@code kept} the best-ranked
   * of the better pages it is an exact copy of or near (null when none). A copy becomes
   * db_duplicate with {@code duplicateOf} that page; when this run had a near step ({@code
   * nearStep}: with it off, near marks cannot be judged), an entry an earlier run marked that is no
   * copy any more becomes db_fetched again.
   */
  static Merged merge(CrawlDatum entry, DedupCandidate kept, boolean nearStep) {
    if (kept != null) {
      CrawlDatum marked = markedDuplicate(entry);
      marked.putMeta(MetadataKeys.DUPLICATE_OF, kept.getUrl());
      marked.putMeta(MetadataKeys.DUPLICATE_KIND, DuplicateKind.of(entry, kept).label());
      if (wasMarked(entry)) {
        marked.getMetadata().remove(MetadataKeys.DUPLICATE_NEW); // the index deleted it already
      } else {
        marked.putMeta(MetadataKeys.DUPLICATE_NEW, 1);
      }
      return new Merged(marked, Outcome.MARKED);
    }
    if (nearStep && wasMarked(entry)) {
      CrawlDatum unmarked = new CrawlDatum(entry);
      unmarked.setStatus(CrawlStatus.DB_FETCHED);
      unmarked.getMetadata().remove(MetadataKeys.DUPLICATE_OF);
      unmarked.getMetadata().remove(MetadataKeys.DUPLICATE_KIND);
      unmarked.getMetadata().remove(MetadataKeys.DUPLICATE_NEW);
      return new Merged(unmarked, Outcome.UNMARKED);
    }
    return new Merged(entry, Outcome.NONE);
  }
}
