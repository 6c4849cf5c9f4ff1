package org.trawler.jobs.fetch;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

import org.trawler.core.protocol.ProtocolOutput;

/**
 * The politeness queues of one fetch task, shared by the feeder (which puts) and the fetcher
 * threads (which take and finish). At most {@code capacity} items are held, queued or in flight:
 * the feeder blocks until there is room. Queues are served in turn, so no host starves another.
 */
final class FetchQueues {
  /** Longest a waiting thread sleeps before looking again, ms. */
  private static final long MAX_WAIT_MILLIS = 1000;

  private final Map<String, FetchQueue> queues = new LinkedHashMap<>();
  private final int capacity;
  private final int maxInFlightPerQueue;
  private final long delayMillis;
  private final int maxErrorsPerQueue;
  private final LongSupplier clock;

  private int queued;
  private int inFlight;
  private int peakHeld;
  private boolean feedingDone;
  private boolean halted;

  FetchQueues(int capacity, int maxInFlightPerQueue, long delayMillis, int maxErrorsPerQueue, LongSupplier clock) {
    this.capacity = capacity;
    this.maxInFlightPerQueue = maxInFlightPerQueue;
    this.delayMillis = delayMillis;
    this.maxErrorsPerQueue = maxErrorsPerQueue;
    this.clock = clock;
  }

  FetchQueues(FetcherSettings settings, LongSupplier clock) {
    this(settings.capacity, settings.threadsPerQueue, settings.delayMillis, settings.maxExceptionsPerQueue, clock);
  }

  /** Adds an item, waiting while the queues hold {@code capacity} items; false if halted meanwhile. */
  synchronized boolean put(FetchItem item) throws InterruptedException {
    while (queued + inFlight >= capacity && !halted) {
      wait(MAX_WAIT_MILLIS);
    }
    if (halted) {
      return false;
    }
    queues.computeIfAbsent(item.queueId, id -> new FetchQueue(maxInFlightPerQueue, delayMillis)).add(item);
    queued++;
    peakHeld = Math.max(peakHeld, queued + inFlight);
    notifyAll();
    return true;
  }

  /** An item whose queue may start a request at {@code now}, now counted in flight; or null. */
  synchronized FetchItem nextReady(long now) {
    Iterator<Map.Entry<String, FetchQueue>> it = queues.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, FetchQueue> e = it.next();
      FetchQueue q = e.getValue();
      FetchItem item = q.pollReady(now);
      if (item != null) {
        it.remove();
        queues.put(e.getKey(), q); // to the back of the line
        queued--;
        inFlight++;
        item.started(now);
        return item;
      }
      if (q.isIdle(now)) {
        it.remove();
      }
    }
    return null;
  }

  /** Waits for a ready item; null once halted, or once feeding is done and nothing is queued. */
  synchronized FetchItem take() throws InterruptedException {
    while (true) {
      if (halted) {
        return null;
      }
      long now = clock.getAsLong();
      FetchItem item = nextReady(now);
      if (item != null) {
        return item;
      }
      if (feedingDone && queued == 0) {
        return null;
      }
      wait(waitMillis(now));
    }
  }

  /** How long until a queue with room may become ready, bounded; notifications cut it short. */
  private long waitMillis(long now) {
    long wait = MAX_WAIT_MILLIS;
    for (FetchQueue q : queues.values()) {
      if (q.size() > 0 && q.hasRoom()) {
        wait = Math.min(wait, q.nextFetchTime() - now);
      }
    }
    return Math.max(1, wait);
  }

  /**
   * An item taken by {@link #nextReady} or {@link #take} ended at {@code now}. {@code requested}: a
   * request reached the server; {@code backoffMillis}: how long the server asked us to stay away;
   * {@code error}: a transient failure, counted towards dropping the queue.
   */
  synchronized void finish(FetchItem item, long now, boolean requested, long backoffMillis, boolean error) {
    FetchQueue q = queues.get(item.queueId);
    inFlight--;
    if (q != null) {
      q.finish(now, requested, backoffMillis);
      if (error) {
        q.countError(maxErrorsPerQueue, ProtocolOutput.retry(0, "queue_dropped",
            "after " + maxErrorsPerQueue + " failures on " + item.queueId, -1));
      }
    }
    notifyAll();
  }

  /** The outcome every item of the item's queue gets unfetched (queue dropped), or null. */
  synchronized ProtocolOutput verdictFor(FetchItem item) {
    FetchQueue q = queues.get(item.queueId);
    return q == null ? null : q.verdict();
  }

  /** robots.txt set a Crawl-delay for the item's queue, ms. */
  synchronized void setCrawlDelay(FetchItem item, long millis) {
    FetchQueue q = queues.get(item.queueId);
    if (q != null) {
      q.setCrawlDelay(millis);
    }
  }

  /** The feeder has put its last item. */
  synchronized void endFeeding() {
    feedingDone = true;
    notifyAll();
  }

  /** Stops everything: queued items are dropped (and returned as a count), put and take give up. */
  synchronized int halt() {
    halted = true;
    int dropped = 0;
    for (FetchQueue q : queues.values()) {
      dropped += q.clear();
    }
    queued = 0;
    notifyAll();
    return dropped;
  }

  synchronized boolean isHalted() {
    return halted;
  }

  /** What the progress line shows: queue counts at {@code now}, held items and their peak. */
  synchronized Stats stats(long now) {
    int ready = 0;
    for (FetchQueue q : queues.values()) {
      if (q.isReady(now)) {
        ready++;
      }
    }
    return new Stats(queues.size(), ready, queued, inFlight, peakHeld);
  }

  /** A snapshot of the queues. */
  record Stats(int queues, int readyQueues, int queued, int inFlight, int peakHeld) {}
}
