package org.trawler.core.protocol.http;

import java.util.concurrent.TimeUnit;

/**
 * The moment a fetch (all its redirect hops and bodies) must be over. Once passed it stays expired,
 * whether a body read noticed it or the timer aborted a blocked request. Also the time limit of
 * reading a fetched file afterwards (a sitemap: its decompression and parse).
 */
public final class Deadline {
  private final long endNanos;
  private volatile boolean expired;

  Deadline(long millis) {
    endNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  /** A deadline {@code millis} from now, or none (a year) when {@code millis} is 0: no limit. */
  public static Deadline inMillis(long millis) {
    return new Deadline(millis > 0 ? millis : TimeUnit.DAYS.toMillis(365));
  }

  long remainingMillis() {
    return TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime());
  }

  /** True once the deadline has passed; marks it expired. */
  public boolean hasPassed() {
    if (!expired && System.nanoTime() - endNanos >= 0) {
      expired = true;
    }
    return expired;
  }

  /** Called by the timer that aborts the request. */
  void expire() {
    expired = true;
  }

  public boolean isExpired() {
    return expired;
  }
}
