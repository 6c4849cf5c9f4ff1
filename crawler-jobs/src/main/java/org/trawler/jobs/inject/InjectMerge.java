package org.trawler.jobs.inject;

import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** What the crawldb holds for a URL after inject: the decision of the merge reducer. */
public final class InjectMerge {

  /** How a seed treats an existing crawldb entry. */
  public enum Mode {
    /** The existing entry is kept untouched (default). */
    KEEP,
    /** The injected entry replaces the existing one (db.injector.overwrite). */
    OVERWRITE,
    /** Old status and times, injected score, interval and metadata (db.injector.update). */
    UPDATE;

    /** Overwrite wins when both are set: it is the stronger request. */
    public static Mode of(boolean overwrite, boolean update) {
      return overwrite ? OVERWRITE : update ? UPDATE : KEEP;
    }
  }

  private InjectMerge() {}

  /**
   * The crawldb entry for a URL given its existing entry and its seed (either may be null, not
   * both). The arguments are not changed.
   */
  public static CrawlDatum merge(CrawlDatum old, CrawlDatum injected, Mode mode) {
    if (injected == null) {
      return new CrawlDatum(old);
    }
    if (old == null || mode == Mode.OVERWRITE) {
      CrawlDatum fresh = new CrawlDatum(injected);
      fresh.setStatus(CrawlStatus.DB_UNFETCHED);
      return fresh;
    }
    CrawlDatum merged = new CrawlDatum(old);
    if (mode == Mode.UPDATE) {
      merged.setScore(injected.getScore());
      merged.setFetchInterval(injected.getFetchInterval());
      // The interval now comes from this seed: an old pin it does not repeat no longer holds.
      merged.getMetadata().remove(MetadataKeys.FIXED_INTERVAL);
      merged.getMetadata().putAll(new CrawlDatum(injected).getMetadata());
    }
    return merged;
  }
}
