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
  private final float delayFactor;
  private final long maxDelay;
  private long crawlDelay = -1;

  /** The host's own delay after it refused requests (its {@link Pace}), ms; 0 = none. */
  private long paceMillis;

  private long nextFetchTime;
  private int errors;

  /** Busy answers (429/503 without Retry-After) in a row: the next backoff's level. */
  private int backoffLevel;

  /** The response time of the last request, ms; -1 = not measured. */
  private long lastResponseMillis = -1;

  /** Once set, every item of the queue ends with this outcome, unfetched. */
  private ProtocolOutput verdict;

  public HostTurn(long serverDelay) {
    this(serverDelay, 0, -1);
  }

  /**
   * @param delayFactor fetcher.server.delay.factor: the delay grows to this many times the last
   *     response time; 0 = off
   * @param maxDelay the most that factor may make the delay, ms; -1 = no cap
   */
  public HostTurn(long serverDelay, float delayFactor, long maxDelay) {
    this.serverDelay = serverDelay;
    this.delayFactor = delayFactor;
    this.maxDelay = maxDelay;
  }

  /**
   * A request ended at {@code now}: the next may start after the delay, or after {@code
   * backoffMillis} when the server asked to back off for longer; returns when.
   */
  public long requestEnded(long now, long backoffMillis) {
    nextFetchTime = Math.max(nextFetchTime, now + Math.max(delay(), backoffMillis));
    return nextFetchTime;
  }

  /**
   * A request that took {@code responseMillis} (-1: not measured) ended at {@code now}: as {@link
   * #requestEnded(long, long)}, the delay following the response time when a factor is set.
   */
  public long requestEnded(long now, long backoffMillis, long responseMillis) {
    if (responseMillis >= 0) {
      lastResponseMillis = responseMillis;
    }
    return requestEnded(now, backoffMillis);
  }

  /**
   * The server answered 429 or 503 without Retry-After at {@code now}: the host is left alone for
   * the backoff within a task ({@link Backoff#withinTaskMillis}, from the delay it was asked at,
   * doubling with each such answer in a row). A backoff longer than {@code maxWaitMillis} (if not
   * negative) is not waited for: every other item of the queue ends unfetched as fetch_retry,
   * reason host_backoff, and no thread waits for the host. Returns the backoff, ms.
   */
  public long rateLimited(long now, Backoff backoff, long maxWaitMillis, String queueId) {
    long wait = backoff.withinTaskMillis(backoffLevel, queueId, delay());
    backoffLevel++;
    waitFor(now, now + wait, maxWaitMillis, queueId + " answered 429/503, backed off ");
    return wait;
  }

  /**
   * The host is backed off until {@code until} (ms epoch) by an earlier round's refusal, as the
   * hostdb keeps it: no request starts before then. A wait longer than {@code maxWaitMillis} (if
   * not negative) is not waited for, as in {@link #rateLimited}.
   */
  public void backedOffUntil(long now, long until, long maxWaitMillis, String queueId) {
    waitFor(now, until, maxWaitMillis, queueId + " backed off since an earlier round for ");
  }

  /**
   * An earlier task's last request left the host in its delay until {@code until} (ms epoch, handed
   * over by {@link QuietHandOver}): no request starts before then; a longer wait than {@code
   * maxWaitMillis} (a server's backoff) is not waited for, as in {@link #rateLimited}.
   */
  public void quietUntil(long now, long until, long maxWaitMillis, String queueId) {
    waitFor(now, until, maxWaitMillis, queueId + " asked by an earlier task, backed off for ");
  }

  /** No request before {@code until}; a verdict ending every item when the wait is too long. */
  private void waitFor(long now, long until, long maxWaitMillis, String why) {
    nextFetchTime = Math.max(nextFetchTime, until);
    long wait = until - now;
    if (maxWaitMillis >= 0 && wait > maxWaitMillis && verdict == null) {
      verdict = ProtocolOutput.retry(0, Reason.HOST_BACKOFF, why + wait / 1000 + " s", -1);
    }
  }

  /** An answer that was not busy: the backoff starts again from its first level. */
  public void answered() {
    backoffLevel = 0;
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

  /**
   * The host is to be asked at most every {@code millis} (its {@link Pace}): the delay becomes at
   * least that; a slower pace already set stays.
   */
  public void slowTo(long millis) {
    paceMillis = Math.max(paceMillis, millis);
  }

  /** robots.txt asked for this Crawl-delay, ms: it replaces the server delay when larger. */
  public void setCrawlDelay(long millis) {
    crawlDelay = millis;
  }

  /**
   * The pause after a request: the server delay, the Crawl-delay or the host's pace, whichever is
   * longest, or the delay factor times the last response time (at most {@code maxDelay}) when
   * longer: a slow server gets fewer requests.
   */
  public long delay() {
    long delay = Math.max(Math.max(serverDelay, crawlDelay), paceMillis);
    if (delayFactor > 0 && lastResponseMillis > 0) {
      long following = (long) (delayFactor * lastResponseMillis);
      delay = Math.max(delay, maxDelay >= 0 ? Math.min(maxDelay, following) : following);
    }
    return delay;
  }

  /** The earliest time a request may start, ms epoch. */
  public long nextFetchTime() {
    return nextFetchTime;
  }

  public ProtocolOutput verdict() {
    return verdict;
  }

  /** Delay passed, no errors counted, not dropped: forgetting it loses nothing. */
  public boolean isClean(long now) {
    return now >= nextFetchTime && errors == 0 && verdict == null;
  }

  /** Sleeps until the next request may start; the caller holds this turn. */
  public void await() throws InterruptedException {
    long wait = nextFetchTime - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
  }
}
