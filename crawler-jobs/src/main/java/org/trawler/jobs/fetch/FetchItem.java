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

  /**
   * When its render started, ms epoch; {@link #WAITING_FOR_BROWSER}, or 0 when not rendering. A
   * render has its own time bound: the watchdog times it, not the fetch before it.
   */
  private volatile long renderStart;

  static final long WAITING_FOR_BROWSER = -1;

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

  long renderStart() {
    return renderStart;
  }

  /**
   * The render started at {@code now}, or is waiting for a browser ({@link #WAITING_FOR_BROWSER}).
   */
  void rendering(long now) {
    renderStart = now;
  }

  @Override
  public String toString() {
    return url.toString();
  }
}
