package org.trawler.jobs.dedup;

import java.util.Arrays;
import java.util.Locale;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/** How a db_duplicate copies the page kept ({@link MetadataKeys#DUPLICATE_KIND}). */
public enum DuplicateKind {
  /** The same signature: a mirror, the same bytes under another URL. */
  EXACT,
  /** A fingerprint within dedup.near.distance bits: a print version, a page with other chrome. */
  NEAR;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The kind of a crawldb entry's mark, or null for none (or a mark from before kinds). */
  public static DuplicateKind of(CrawlDatum entry) {
    String label = entry.getMetaString(MetadataKeys.DUPLICATE_KIND);
    for (DuplicateKind k : values()) {
      if (k.label().equals(label)) {
        return k;
      }
    }
    return null;
  }

  /**
   * The kind of {@code entry}'s mark as a copy of {@code kept}: exact when the exact step carried
   * the kept page's signature and it is the entry's, else near.
   */
  static DuplicateKind of(CrawlDatum entry, DedupCandidate kept) {
    byte[] keptSignature = kept.getDatum().getSignature();
    return keptSignature != null && Arrays.equals(keptSignature, entry.getSignature())
        ? EXACT
        : NEAR;
  }
}
