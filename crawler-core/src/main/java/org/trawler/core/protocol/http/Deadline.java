package org.trawler.core.protocol.http;

import java.util.concurrent.TimeUnit;

/**
 * The moment a fetch (all its redirect hops and bodies) must be over. Once passed it stays expired,
 * whether a body read noticed it or the timer aborted a blocked request.
 */
final class Deadline {
  private final long endNanos;
  private volatile boolean expired;

  Deadline(long millis) {
    endNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
  }

  long remainingMillis() {
    return TimeUnit.NANOSECONDS.toMillis(endNanos - System.nanoTime());
  }

  /** True once the deadline has passed; marks it expired. */
  boolean hasPassed() {
    if (!expired && System.nanoTime() - endNanos >= 0) {
      expired = true;
    }
    return expired;
  }

  /** Called by the timer that aborts the request. */
  void expire() {
    expired = true;
  }

  boolean isExpired() {
    return expired;
  }
}
