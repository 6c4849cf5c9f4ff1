package org.trawler.jobs.fetch;

import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;

/** One fetch list entry on its way through a queue: the URL, its generate datum, its queue. */
final class FetchItem {
  final Text url;
  final CrawlDatum datum;
  final String queueId;

  /** When a fetcher thread took it, ms epoch; read by the watchdog. */
  private volatile long startTime;

  FetchItem(Text url, CrawlDatum datum, String queueId) {
    this.url = url;
    this.datum = datum;
    this.queueId = queueId;
  }

  long startTime() {
    return startTime;
  }

  void started(long now) {
    startTime = now;
  }

  @Override
  public String toString() {
    return url.toString();
  }
}
