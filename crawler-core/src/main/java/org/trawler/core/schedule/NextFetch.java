package org.trawler.core.schedule;

import org.trawler.core.datum.CrawlDatum;

/**
 * When a URL is due next and the interval that led there.
 *
 * @param fetchTime ms epoch
 * @param interval seconds
 */
public record NextFetch(long fetchTime, int interval) {

  /** Sets the datum's fetch time and interval to this schedule. */
  public void applyTo(CrawlDatum datum) {
    datum.setFetchTime(fetchTime);
    datum.setFetchInterval(interval);
  }
}
