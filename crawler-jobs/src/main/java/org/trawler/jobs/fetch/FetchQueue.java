package org.trawler.jobs.fetch;

import java.util.ArrayDeque;
import java.util.Deque;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.HostTurn;

/**
 * The items of one host (or domain, or IP), how many requests are in flight, and its politeness
 * state ({@link HostTurn}: when the next may start). Not thread-safe: {@link FetchQueues} guards
 * it.
 */
public final class FetchQueue {
  private final Deque<FetchItem> items = new ArrayDeque<>();
  private final int maxInFlight;
  private final HostTurn turn;
  private int inFlight;

  /**
   * FetchQueues' schedule: whether this queue is in it, when it may start its next request, its
   * turn.
   */
  boolean scheduled;

  long scheduledAt;
  long scheduleOrder;

  public FetchQueue(int maxInFlight, long serverDelay) {
    this(maxInFlight, new HostTurn(serverDelay));
  }

  FetchQueue(int maxInFlight, HostTurn turn) {
    this.maxInFlight = maxInFlight;
    this.turn = turn;
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
    return turn.verdict() != null || (inFlight < maxInFlight && now >= turn.nextFetchTime());
  }

  /**
   * An item taken from this queue ended at {@code now}. Only a request that reached the server
   * delays the next one: by the delay, or longer when the server asked to back off.
   */
  void finish(long now, boolean requested, long backoffMillis) {
    finish(now, requested, backoffMillis, -1);
  }

  /** As {@link #finish(long, boolean, long)}, the request having taken {@code responseMillis}. */
  void finish(long now, boolean requested, long backoffMillis, long responseMillis) {
    inFlight--;
    if (requested) {
      turn.requestEnded(now, backoffMillis, responseMillis);
    }
  }

  /** The server answered busy without Retry-After; see {@link HostTurn#rateLimited}. */
  void rateLimited(long now, Backoff backoff, long maxWaitMillis, String queueId) {
    turn.rateLimited(now, backoff, maxWaitMillis, queueId);
  }

  /** See {@link HostTurn#backedOffUntil}. */
  void backedOffUntil(long now, long until, long maxWaitMillis, String queueId) {
    turn.backedOffUntil(now, until, maxWaitMillis, queueId);
  }

  /** See {@link HostTurn#quietUntil}. */
  void quietUntil(long now, long until, long maxWaitMillis, String queueId) {
    turn.quietUntil(now, until, maxWaitMillis, queueId);
  }

  /** See {@link HostTurn#slowTo}. */
  void slowTo(long millis) {
    turn.slowTo(millis);
  }

  /** The server answered, not busy: see {@link HostTurn#answered}. */
  void answered() {
    turn.answered();
  }

  /**
   * A request ended at {@code now} while its item keeps the queue's slot for one more (a redirect
   * hop): the next may start after the delay; returns when.
   */
  long requestEnded(long now) {
    return requestEnded(now, 0);
  }

  /** A request ended at {@code now}; see {@link HostTurn#requestEnded}. */
  public long requestEnded(long now, long backoffMillis) {
    return turn.requestEnded(now, backoffMillis);
  }

  /** The outcome of every item of a queue dropped after {@code max} transient failures. */
  public static ProtocolOutput dropped(int max, String queueId) {
    return HostTurn.dropped(max, queueId);
  }

  /** Counts a transient failure; see {@link HostTurn#countError}. */
  public void countError(int max, ProtocolOutput dropped) {
    turn.countError(max, dropped);
  }

  /** robots.txt asked for this Crawl-delay, ms: it replaces the server delay when larger. */
  public void setCrawlDelay(long millis) {
    turn.setCrawlDelay(millis);
  }

  long delay() {
    return turn.delay();
  }

  /** The earliest time a request may start, ms epoch. */
  public long nextFetchTime() {
    return turn.nextFetchTime();
  }

  public ProtocolOutput verdict() {
    return turn.verdict();
  }

  /** Nothing queued or in flight, delay passed, no errors counted: forgetting it loses nothing. */
  boolean isIdle(long now) {
    return items.isEmpty() && inFlight == 0 && turn.isClean(now);
  }

  boolean hasRoom() {
    return turn.verdict() != null || inFlight < maxInFlight;
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
