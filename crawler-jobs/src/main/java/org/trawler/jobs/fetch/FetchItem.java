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
   * When a stage of its fetch with its own time bound started (a render), ms epoch; {@link
   * #WAITING}, or 0 when none: the watchdog times that stage by its bound, not the fetch before it.
   */
  private volatile long stageStart;

  /** The bound of the stage that started at {@link #stageStart}, ms. */
  private volatile long stageBoundMillis;

  /** {@link #stageStart()} while the fetch waits for something other fetches hold (a browser). */
  static final long WAITING = -1;

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

  long stageStart() {
    return stageStart;
  }

  long stageBoundMillis() {
    return stageBoundMillis;
  }

  /** The fetch waits for something other fetches hold: no hang, however long. */
  void waiting() {
    stageStart = WAITING;
  }

  /** A stage of the fetch bounded by {@code boundMillis} started at {@code now}. */
  void stage(long now, long boundMillis) {
    stageBoundMillis = boundMillis; // before the start: the watchdog reads the start first
    stageStart = now;
  }

  @Override
  public String toString() {
    return url.toString();
  }
}
