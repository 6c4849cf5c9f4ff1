package org.trawler.jobs.politeness;

import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;

/**
 * The politeness state of one queue (a host, domain or IP): when its next request may start, the
 * Crawl-delay robots.txt asked for, the server's back-off, and its transient failures up to the
 * verdict that drops it. The fetcher's queues hold one each; {@link HostFetcher} (sitemap, check)
 * holds one per host. Not thread-safe: the fetcher's queues guard it, HostFetcher holds its monitor
 * during a request and the wait before it.
 */
public final class HostTurn {
  private final long serverDelay;
  private long crawlDelay = -1;
  private long nextFetchTime;
  private int errors;

  /** Once set, every item of the queue ends with this outcome, unfetched. */
  private ProtocolOutput verdict;

  public HostTurn(long serverDelay) {
    this.serverDelay = serverDelay;
  }

  /**
   * A request ended at {@code now}: the next may start after the delay, or after {@code
   * backoffMillis} when the server asked to back off for longer; returns when.
   */
  public long requestEnded(long now, long backoffMillis) {
    nextFetchTime = Math.max(nextFetchTime, now + Math.max(delay(), backoffMillis));
    return nextFetchTime;
  }

  /** The outcome of every item of a queue dropped after {@code max} transient failures. */
  public static ProtocolOutput dropped(int max, String queueId) {
    return ProtocolOutput.retry(
        0, Reason.QUEUE_DROPPED, "after " + max + " failures on " + queueId, -1);
  }

  /**
   * Counts a transient failure; at {@code max} (if positive) the queue is dropped with {@code
   * dropped}.
   */
  public void countError(int max, ProtocolOutput dropped) {
    errors++;
    if (max > 0 && errors >= max && verdict == null) {
      verdict = dropped;
    }
  }

  /** robots.txt asked for this Crawl-delay, ms: it replaces the server delay when larger. */
  public void setCrawlDelay(long millis) {
    crawlDelay = millis;
  }

  public long delay() {
    return Math.max(serverDelay, crawlDelay);
  }

  /** The earliest time a request may start, ms epoch. */
  public long nextFetchTime() {
    return nextFetchTime;
  }

  public ProtocolOutput verdict() {
    return verdict;
  }

  /** Delay passed and no errors counted: forgetting it loses nothing. */
  public boolean isClean(long now) {
    return now >= nextFetchTime && errors == 0;
  }

  /** Sleeps until the next request may start; the caller holds this turn. */
  public void await() throws InterruptedException {
    long wait = nextFetchTime - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }
}
