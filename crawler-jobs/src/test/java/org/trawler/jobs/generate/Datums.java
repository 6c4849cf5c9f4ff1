package org.trawler.jobs.generate;

import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/** Crawldb datums for the tests. */
final class Datums {
  static final long DAY = 24L * 3600 * 1000;

  private Datums() {}

  /** An unfetched URL due at {@code fetchTime}, with a score and a depth. */
  static CrawlDatum due(long fetchTime, float score, int depth) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 2592000, score);
    d.setFetchTime(fetchTime);
    d.setDepth(depth);
    return d;
  }

  static CrawlDatum withStatus(CrawlStatus status, long fetchTime) {
    CrawlDatum d = due(fetchTime, 1.0f, 0);
    d.setStatus(status);
    return d;
  }
}
