package org.trawler.jobs.fetch;

import java.util.ArrayDeque;
import java.util.Deque;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;

/**
 * The items of one host (or domain, or IP) and its politeness state: how many requests are in
 * flight, and when the next may start. Not thread-safe: {@link FetchQueues} guards it, and
 * HostFetcher, which makes one request of a queue at a time, holds the queue's monitor.
 */
public final class FetchQueue {
  private final Deque<FetchItem> items = new ArrayDeque<>();
  private final int maxInFlight;
  private final long serverDelay;
  private long crawlDelay = -1;
  private int inFlight;
  private long nextFetchTime;
  private int errors;

  /** Once set, every item of the queue ends with this outcome, unfetched. */
  private ProtocolOutput verdict;

  /**
   * FetchQueues' schedule: whether this queue is in it, when it may start its next request, its
   * turn.
   */
  boolean scheduled;

  long scheduledAt;
  long scheduleOrder;

  public FetchQueue(int maxInFlight, long serverDelay) {
    this.maxInFlight = maxInFlight;
    this.serverDelay = serverDelay;
  }

  void add(FetchItem item) {
    items.add(item);
  }

  /** Puts an item taken from this queue back at its head: it goes next. */
  void putBack(FetchItem item) {
    items.addFirst(item);
  }

  /** The next item if the queue may start a request at {@code now}, else null. */
  FetchItem pollReady(long now) {
    if (!isReady(now)) {
      return null;
    }
    inFlight++;
    return items.poll();
  }

  boolean isReady(long now) {
    if (items.isEmpty()) {
      return false;
    }
    return verdict != null || (inFlight < maxInFlight && now >= nextFetchTime);
  }

  /**
   * An item taken from this queue ended at {@code now}. Only a request that reached the server
   * delays the next one: by the delay, or longer when the server asked to back off.
   */
  void finish(long now, boolean requested, long backoffMillis) {
    inFlight--;
    if (requested) {
      nextFetchTime = Math.max(nextFetchTime, now + Math.max(delay(), backoffMillis));
    }
  }

  /**
   * A request ended at {@code now} while its item keeps the queue's slot for one more (a redirect
   * hop): the next may start after the delay; returns when.
   */
  long requestEnded(long now) {
    return requestEnded(now, 0);
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

  long delay() {
    return Math.max(serverDelay, crawlDelay);
  }

  /** The earliest time a request may start, ms epoch. */
  public long nextFetchTime() {
    return nextFetchTime;
  }

  public ProtocolOutput verdict() {
    return verdict;
  }

  /** Nothing queued or in flight, delay passed, no errors counted: forgetting it loses nothing. */
  boolean isIdle(long now) {
    return items.isEmpty() && inFlight == 0 && now >= nextFetchTime && errors == 0;
  }

  boolean hasRoom() {
    return verdict != null || inFlight < maxInFlight;
  }

  int size() {
    return items.size();
  }

  int inFlight() {
    return inFlight;
  }

  /** Drops the queued items; returns how many. */
  int clear() {
    int n = items.size();
    items.clear();
    return n;
  }
}
