package org.trawler.simweb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one simweb host was asked, for politeness checks: a request count per path of the site, the
 * most concurrent requests seen at once, and the last requests with their start and end times.
 * Memory is bounded by the site size plus a fixed-size ring of recent requests.
 */
public final class HostRequestLog {

  /**
   * One request: its path, the status answered (0 when the client went away or the server stopped
   * first), when it arrived and when its answer was ready to send, as {@link System#nanoTime()}
   * readings.
   */
  public record Request(String path, int status, long startNanos, long endNanos) {
    public long durationMillis() {
      return (endNanos - startNanos) / 1_000_000L;
    }
  }

  /** Path slots: 0 = "/", 1 = "/robots.txt", 2 + n = page n. */
  private static final int HOME_SLOT = 0;

  private static final int ROBOTS_SLOT = 1;
  private static final int FIRST_PAGE_SLOT = 2;

  private final AtomicIntegerArray perPath;
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong otherPaths = new AtomicLong();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final Request[] recent;
  private long recorded;

  HostRequestLog(int pages, int recentCapacity) {
    this.perPath = new AtomicIntegerArray(FIRST_PAGE_SLOT + pages);
    this.recent = new Request[Math.max(1, recentCapacity)];
  }

  /** Called when a request arrives; returns its start time for {@link #finished}. */
  long started() {
    int now = inFlight.incrementAndGet();
    maxInFlight.accumulateAndGet(now, Math::max);
    return System.nanoTime();
  }

  /**
   * Called when the response is ready to send (or the request is abandoned); {@code page} as {@link
   * SiteModel#pageAt}.
   */
  void finished(String path, int page, int status, long startNanos) {
    long end = System.nanoTime();
    inFlight.decrementAndGet();
    total.incrementAndGet();
    int slot = slotOf(page);
    if (slot >= 0) {
      perPath.incrementAndGet(slot);
    } else {
      otherPaths.incrementAndGet();
    }
    Request r = new Request(path, status, startNanos, end);
    synchronized (recent) {
      recent[(int) (recorded % recent.length)] = r;
      recorded++;
    }
  }

  private int slotOf(int page) {
    if (page == SiteModel.HOME_PAGE) {
      return HOME_SLOT;
    }
    if (page == SiteModel.ROBOTS_PAGE) {
      return ROBOTS_SLOT;
    }
    if (page >= 0 && FIRST_PAGE_SLOT + page < perPath.length()) {
      return FIRST_PAGE_SLOT + page;
    }
    return -1;
  }

  /** All requests served by this host. */
  public long total() {
    return total.get();
  }

  /** Requests for a page number, {@link SiteModel#HOME_PAGE} or {@link SiteModel#ROBOTS_PAGE}. */
  public int count(int page) {
    int slot = slotOf(page);
    return slot < 0 ? 0 : perPath.get(slot);
  }

  /** Requests for paths that are not part of the site. */
  public long otherPaths() {
    return otherPaths.get();
  }

  /** The most requests this host was serving at the same moment. */
  public int maxConcurrent() {
    return maxInFlight.get();
  }

  /** The most recent requests (at most the log capacity), oldest first, in order of completion. */
  public List<Request> recent() {
    synchronized (recent) {
      int n = (int) Math.min(recorded, recent.length);
      List<Request> list = new ArrayList<>(n);
      for (long i = recorded - n; i < recorded; i++) {
        list.add(recent[(int) (i % recent.length)]);
      }
      return list;
    }
  }

  /** How many requests were dropped from {@link #recent()} because the log is full. */
  public long droppedFromLog() {
    synchronized (recent) {
      return Math.max(0, recorded - recent.length);
    }
  }

  void clear() {
    for (int i = 0; i < perPath.length(); i++) {
      perPath.set(i, 0);
    }
    total.set(0);
    otherPaths.set(0);
    maxInFlight.set(inFlight.get());
    synchronized (recent) {
      Arrays.fill(recent, null);
      recorded = 0;
    }
  }
}
