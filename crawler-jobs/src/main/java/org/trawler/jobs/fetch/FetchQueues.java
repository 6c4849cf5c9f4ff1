package org.trawler.jobs.fetch;

import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.politeness.Backoff;
import org.trawler.jobs.politeness.HostTurn;
import org.trawler.jobs.politeness.Pace;

/**
 * The politeness queues of one fetch task, shared by the feeder (which puts) and the fetcher
 * threads (which take and finish). At most {@code capacity} items are held, queued or in flight:
 * the feeder blocks until there is room.
 *
 * <p>Queues that have items and may start a request are kept in a schedule ordered by the time they
 * may start it, and, at equal times, by when they were scheduled: queues are served in turn, so no
 * host starves another. A take is a look at the schedule's head, not a scan of every queue; one
 * waiting thread (the leader) sleeps until the head's time, the others until they are signalled,
 * and each change wakes at most one of them: waking every thread to scan every queue would make
 * each put and finish cost threads × queues (hundreds × thousands in a large crawl).
 */
final class FetchQueues {
  /** Longest a waiting thread sleeps before looking again, ms. */
  private static final long MAX_WAIT_MILLIS = 1000;

  private final Map<String, FetchQueue> queues = new HashMap<>();

  /** Queues with an item they may start at {@link FetchQueue#scheduledAt}: the earliest first. */
  private final TreeSet<FetchQueue> schedule =
      new TreeSet<>(
          Comparator.comparingLong((FetchQueue q) -> q.scheduledAt)
              .thenComparingLong(q -> q.scheduleOrder));

  /** Queues left empty, by the end of their delay: forgotten then, unless used again meanwhile. */
  private final PriorityQueue<Emptied> emptied =
      new PriorityQueue<>(Comparator.comparingLong(Emptied::at));

  private final int capacity;
  private final int maxInFlightPerQueue;
  private final long delayMillis;
  private final int maxErrorsPerQueue;
  private final Backoff backoff;
  private final float delayFactor;

  /** How a refusal slows a host down within the task; {@link Pace#OFF} for none. */
  private Pace pace = Pace.OFF;

  /** A host's pace learned in earlier rounds (the hostdb's), ms; 0 = none. */
  private ToIntFunction<String> paceOfHost = host -> 0;

  /** When a host's backoff kept in the hostdb ends, ms epoch; 0 = none. */
  private ToLongFunction<String> backoffOfHost = host -> 0;

  /**
   * When a host's delay after an earlier task's last request ends, by queue id, ms epoch; 0 = none.
   */
  private ToLongFunction<String> quietOfQueue = id -> 0;

  /** The longest a queue waits for its host (fetcher.max.crawl.delay), ms; -1 = no limit. */
  private final long maxWaitMillis;

  /** When feeding stops (fetcher.timelimit.mins), ms epoch; -1 = no limit. */
  private long timeLimitEnd = -1;

  private final LongSupplier clock;
  private final ReentrantLock lock = new ReentrantLock();

  /** Signalled when a queue may have become ready: wakes one taker. */
  private final Condition available = lock.newCondition();

  /** Signalled when an item stopped being held: wakes the feeder. */
  private final Condition notFull = lock.newCondition();

  /** Signalled on halt: wakes threads waiting for a redirect hop's turn. */
  private final Condition halting = lock.newCondition();

  private Thread leader;
  private long scheduled;
  private int queued;
  private int inFlight;
  private int peakHeld;
  private int droppedAfterHalt;

  /** When the last host's delay after its last request ends, ms epoch. */
  private long quietAt;

  private boolean feedingDone;
  private boolean halted;

  private record Emptied(long at, String id, FetchQueue queue) {}

  FetchQueues(
      int capacity,
      int maxInFlightPerQueue,
      long delayMillis,
      int maxErrorsPerQueue,
      LongSupplier clock) {
    this(
        capacity,
        maxInFlightPerQueue,
        delayMillis,
        maxErrorsPerQueue,
        Backoff.DEFAULTS,
        0,
        -1,
        clock);
  }

  FetchQueues(
      int capacity,
      int maxInFlightPerQueue,
      long delayMillis,
      int maxErrorsPerQueue,
      Backoff backoff,
      float delayFactor,
      long maxWaitMillis,
      LongSupplier clock) {
    this.capacity = capacity;
    this.maxInFlightPerQueue = maxInFlightPerQueue;
    this.delayMillis = delayMillis;
    this.maxErrorsPerQueue = maxErrorsPerQueue;
    this.backoff = backoff;
    this.delayFactor = delayFactor;
    this.maxWaitMillis = maxWaitMillis;
    this.clock = clock;
  }

  FetchQueues(FetcherSettings settings, LongSupplier clock) {
    this(
        settings.capacity,
        settings.threadsPerQueue,
        settings.delayMillis,
        settings.maxExceptionsPerQueue,
        settings.backoff,
        settings.delayFactor,
        settings.maxCrawlDelayMillis,
        clock);
    this.timeLimitEnd = settings.timeLimitEnd;
  }

  /**
   * Hosts are asked at their own pace: {@code paceOfHost} gives the one learned in earlier rounds
   * (host → ms, 0 = none), {@code pace} slows a host that refuses within this task.
   */
  FetchQueues pacedBy(Pace pace, ToIntFunction<String> paceOfHost) {
    this.pace = pace;
    this.paceOfHost = paceOfHost;
    return this;
  }

  /**
   * Hosts backed off in earlier rounds are not asked before their backoff ends: {@code
   * backoffOfHost} gives the end the hostdb kept (host → ms epoch, 0 = none). Generate lets such a
   * host in only when its backoff ends soon enough for the task to wait it out (without a thread).
   */
  FetchQueues backedOffBy(ToLongFunction<String> backoffOfHost) {
    this.backoffOfHost = backoffOfHost;
    return this;
  }

  /**
   * Hosts an earlier task left in their delay ({@link org.trawler.jobs.politeness.QuietHandOver})
   * are first asked when it ends: {@code quietOfQueue} gives the time (queue id → ms epoch, 0 =
   * none).
   */
  FetchQueues startingAfter(ToLongFunction<String> quietOfQueue) {
    this.quietOfQueue = quietOfQueue;
    return this;
  }

  /** The task stops feeding at {@code end} (ms epoch; -1 = never): no backoff is waited past it. */
  FetchQueues endingAt(long end) {
    timeLimitEnd = end;
    return this;
  }

  /**
   * The longest a backed-off host asked every {@code turnMillis} may be waited for at {@code now}:
   * fetcher.max.crawl.delay, and ending at least a turn before the time limit: a wait with no
   * request after it would only keep the host's URLs from going back to the crawldb.
   */
  private long maxWaitAt(long now, long turnMillis) {
    if (timeLimitEnd < 0) {
      return maxWaitMillis;
    }
    long left = Math.max(0, timeLimitEnd - now - turnMillis);
    return maxWaitMillis < 0 ? left : Math.min(maxWaitMillis, left);
  }

  /**
   * Adds an item, waiting while the queues hold {@code capacity} items; false if halted meanwhile.
   */
  boolean put(FetchItem item) throws InterruptedException {
    lock.lock();
    try {
      while (queued + inFlight >= capacity && !halted) {
        notFull.await(MAX_WAIT_MILLIS, TimeUnit.MILLISECONDS);
      }
      if (halted) {
        return false;
      }
      FetchQueue q = queues.get(item.queueId);
      if (q == null) {
        q = newQueue(item.queueId);
      }
      String host = URLParts.host(item.url.toString());
      int hostPace = paceOfHost.applyAsInt(host);
      if (hostPace > 0) {
        q.slowTo(hostPace); // a queue of several hosts goes at its slowest host's pace
      }
      long backedOffUntil = backoffOfHost.applyAsLong(host);
      if (backedOffUntil > 0) {
        long now = clock.getAsLong();
        if (backedOffUntil > now) {
          q.backedOffUntil(now, backedOffUntil, maxWaitAt(now, q.delay()), item.queueId);
        }
      }
      q.add(item);
      queued++;
      peakHeld = Math.max(peakHeld, queued + inFlight);
      reschedule(q);
      return true;
    } finally {
      lock.unlock();
    }
  }

  /** A queue for {@code id}, its first request after an earlier task's delay for it. */
  private FetchQueue newQueue(String id) {
    FetchQueue q =
        new FetchQueue(maxInFlightPerQueue, new HostTurn(delayMillis, delayFactor, maxWaitMillis));
    queues.put(id, q);
    long quietUntil = quietOfQueue.applyAsLong(id);
    long now = clock.getAsLong();
    if (quietUntil > now) {
      q.quietUntil(now, quietUntil, maxWaitAt(now, q.delay()), id);
    }
    return q;
  }

  /** An item whose queue may start a request at {@code now}, now counted in flight; or null. */
  FetchItem nextReady(long now) {
    lock.lock();
    try {
      forgetEmptied(now);
      while (!schedule.isEmpty() && schedule.first().scheduledAt <= now) {
        FetchQueue q = schedule.pollFirst();
        q.scheduled = false;
        FetchItem item = q.pollReady(now);
        reschedule(q); // to the back of the line, if it may start another
        if (item == null) {
          break; // cannot happen: a queue is scheduled at the time it becomes ready
        }
        queued--;
        inFlight++;
        item.started(now);
        return item;
      }
      return null;
    } finally {
      lock.unlock();
    }
  }

  /** Waits for a ready item; null once halted, or once feeding is done and nothing is queued. */
  FetchItem take() throws InterruptedException {
    lock.lock();
    try {
      while (true) {
        if (halted) {
          return null;
        }
        long now = clock.getAsLong();
        FetchItem item = nextReady(now);
        if (item != null) {
          if (leader == null && !schedule.isEmpty()) {
            available.signal(); // someone must watch the new head
          }
          return item;
        }
        if (feedingDone && queued == 0) {
          available.signal(); // pass the news on: every taker ends
          return null;
        }
        awaitHead(now);
      }
    } finally {
      lock.unlock();
    }
  }

  /** Sleeps until the schedule's head may start (as the leader) or until signalled (the others). */
  private void awaitHead(long now) throws InterruptedException {
    long wait = MAX_WAIT_MILLIS;
    if (!schedule.isEmpty() && leader == null) {
      Thread me = Thread.currentThread();
      leader = me;
      try {
        available.await(
            Math.max(1, Math.min(wait, schedule.first().scheduledAt - now)), TimeUnit.MILLISECONDS);
      } finally {
        if (leader == me) {
          leader = null;
        }
      }
    } else {
      available.await(wait, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Puts the queue into the schedule at the time it may start its next request, or leaves it out
   * while it has nothing queued or no room; wakes a taker if it became the first to be served.
   */
  private void reschedule(FetchQueue q) {
    if (q.scheduled) {
      schedule.remove(q);
      q.scheduled = false;
    }
    if (q.size() == 0 || !q.hasRoom()) {
      return;
    }
    q.scheduledAt =
        q.verdict() != null ? Long.MIN_VALUE : q.nextFetchTime(); // a dropped queue empties at once
    q.scheduleOrder = scheduled++;
    schedule.add(q);
    q.scheduled = true;
    if (schedule.first() == q) {
      leader = null; // the leader sleeps for a later head
      available.signal();
    }
  }

  /**
   * Forgets queues emptied whose delay has passed and that stayed unused (a long list has many
   * hosts).
   */
  private void forgetEmptied(long now) {
    while (!emptied.isEmpty() && emptied.peek().at() <= now) {
      Emptied e = emptied.poll();
      if (e.queue().isIdle(now) && queues.get(e.id()) == e.queue()) {
        queues.remove(e.id());
      }
    }
  }

  /**
   * An item taken by {@link #nextReady} or {@link #take} ended at {@code now}. {@code requested}: a
   * request reached the server; {@code backoffMillis}: how long the server asked us to stay away;
   * {@code error}: a transient failure, counted towards dropping the queue.
   */
  void finish(FetchItem item, long now, boolean requested, long backoffMillis, boolean error) {
    finish(item, now, new Ended(requested, backoffMillis, error, false, -1));
  }

  /**
   * How a request ended, for {@link #finish(FetchItem, long, Ended)}: {@code rateLimited}, the
   * server answered busy without Retry-After (the host backs off); {@code responseMillis}, how long
   * it took (-1: not measured).
   */
  record Ended(
      boolean requested,
      long backoffMillis,
      boolean error,
      boolean rateLimited,
      long responseMillis) {}

  /**
   * An item taken by {@link #nextReady} or {@link #take} ended at {@code now}, as {@code ended}
   * says. A host that refused is backed off within the task (shortly, {@link
   * Backoff#withinTaskMillis}) and slowed to its pace: its queue leaves the schedule until the
   * backoff ends, as after a Retry-After, and no thread waits for it. A host backed off longer than
   * the queues wait for one (fetcher.max.crawl.delay, and ending a turn before the time limit)
   * keeps no task waiting: its items end at once as host_backoff.
   */
  void finish(FetchItem item, long now, Ended ended) {
    lock.lock();
    try {
      FetchQueue q = queues.get(item.queueId);
      inFlight--;
      if (q != null) {
        q.finish(now, ended.requested(), ended.backoffMillis(), ended.responseMillis());
        if (ended.requested()) {
          quietAt = Math.max(quietAt, q.nextFetchTime());
        }
        if (ended.rateLimited()) {
          long raised = pace.raised(q.delay()); // from the delay it was asked at
          q.rateLimited(now, backoff, maxWaitAt(now, Math.max(raised, q.delay())), item.queueId);
          q.slowTo(raised);
          if (q.verdict() == null) {
            quietAt = Math.max(quietAt, q.nextFetchTime()); // waited for in this task
          }
        } else if (ended.requested()) {
          q.answered();
        }
        boolean error = ended.error();
        if (error) {
          q.countError(maxErrorsPerQueue, FetchQueue.dropped(maxErrorsPerQueue, item.queueId));
        }
        reschedule(q);
        if (q.size() == 0 && q.inFlight() == 0) {
          emptied.add(new Emptied(q.nextFetchTime(), item.queueId, q));
        }
      }
      notFull.signal();
      if (feedingDone && queued == 0) {
        available.signal();
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * A request that took the item's turn (the soft-404 probe) ended at {@code now} and the item
   * needs another: it goes back to the head of its queue, whose next request waits the delay like
   * any other. False when the queues were halted meanwhile: the item is dropped, unfetched.
   */
  boolean putBack(FetchItem item, long now) {
    lock.lock();
    try {
      FetchQueue q = queues.get(item.queueId);
      inFlight--;
      q.finish(now, true, 0);
      quietAt = Math.max(quietAt, q.nextFetchTime());
      if (halted) {
        droppedAfterHalt++;
        notFull.signal();
        return false;
      }
      q.putBack(item);
      queued++;
      reschedule(q);
      return true;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Waits while the item keeps its queue's slot until the next request may start: the delay after
   * the request that just ended (a redirect hop to the same queue). False when halted meanwhile.
   */
  boolean awaitNextRequest(FetchItem item) throws InterruptedException {
    lock.lock();
    try {
      long at = queues.get(item.queueId).requestEnded(clock.getAsLong());
      while (!halted) {
        long wait = at - clock.getAsLong();
        if (wait <= 0) {
          item.started(clock.getAsLong()); // the watchdog times the request, not the wait
          return true;
        }
        halting.await(Math.min(wait, MAX_WAIT_MILLIS), TimeUnit.MILLISECONDS);
      }
      return false;
    } finally {
      lock.unlock();
    }
  }

  /** The outcome every item of the item's queue gets unfetched (queue dropped), or null. */
  ProtocolOutput verdictFor(FetchItem item) {
    lock.lock();
    try {
      FetchQueue q = queues.get(item.queueId);
      return q == null ? null : q.verdict();
    } finally {
      lock.unlock();
    }
  }

  /** robots.txt set a Crawl-delay for the item's queue, ms. */
  void setCrawlDelay(FetchItem item, long millis) {
    lock.lock();
    try {
      FetchQueue q = queues.get(item.queueId);
      if (q != null) {
        q.setCrawlDelay(millis);
      }
    } finally {
      lock.unlock();
    }
  }

  /** The feeder has put its last item. */
  void endFeeding() {
    lock.lock();
    try {
      feedingDone = true;
      available.signalAll();
    } finally {
      lock.unlock();
    }
  }

  /** Stops everything: queued items are dropped (and returned as a count), put and take give up. */
  int halt() {
    lock.lock();
    try {
      halted = true;
      int dropped = 0;
      for (FetchQueue q : queues.values()) {
        dropped += q.clear();
        q.scheduled = false;
      }
      schedule.clear();
      queued = 0;
      available.signalAll();
      notFull.signalAll();
      halting.signalAll();
      return dropped;
    } finally {
      lock.unlock();
    }
  }

  /**
   * When every host's delay after its last request has passed, ms epoch: a task ending sooner could
   * let the next round's fetch of the same host start within the delay.
   */
  long quietAt() {
    lock.lock();
    try {
      return quietAt;
    } finally {
      lock.unlock();
    }
  }

  /**
   * The hosts still in their delay at {@code now}: queue id → when it ends, ms epoch, to hand over
   * to the next task instead of waiting them out.
   */
  Map<String, Long> quietTimes(long now) {
    lock.lock();
    try {
      Map<String, Long> quiet = new HashMap<>();
      for (Map.Entry<String, FetchQueue> e : queues.entrySet()) {
        long at = e.getValue().nextFetchTime();
        if (at > now) {
          quiet.put(e.getKey(), at);
        }
      }
      return quiet;
    } finally {
      lock.unlock();
    }
  }

  /** Items put back after the halt, dropped unfetched (beside those {@link #halt} counted). */
  int droppedAfterHalt() {
    lock.lock();
    try {
      return droppedAfterHalt;
    } finally {
      lock.unlock();
    }
  }

  boolean isHalted() {
    lock.lock();
    try {
      return halted;
    } finally {
      lock.unlock();
    }
  }

  /** What the progress line shows: queue counts at {@code now}, held items and their peak. */
  Stats stats(long now) {
    lock.lock();
    try {
      int ready = 0;
      for (FetchQueue q : queues.values()) {
        if (q.isReady(now)) {
          ready++;
        }
      }
      return new Stats(queues.size(), ready, queued, inFlight, peakHeld);
    } finally {
      lock.unlock();
    }
  }

  /** A snapshot of the queues. */
  record Stats(int queues, int readyQueues, int queued, int inFlight, int peakHeld) {}
}
