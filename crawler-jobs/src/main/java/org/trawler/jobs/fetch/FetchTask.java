package org.trawler.jobs.fetch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolContext;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.politeness.QuietHandOver;
import org.trawler.jobs.politeness.RobotsCache;

/**
 * One fetch list fetched: a feeder, N fetcher threads, and this thread watching them — progress
 * lines, the time limit, and a watchdog that ends the task when a fetch is stuck.
 */
final class FetchTask {
  private static final Logger LOG = LoggerFactory.getLogger(FetchTask.class);

  /** How often the watching thread looks, ms. */
  private static final long TICK_MILLIS = 200;

  private final String name;
  private final FetcherSettings settings;
  private final Protocol protocol;
  private final RobotsCache.Store robotsDb;
  private final FetchRecorder recorder;
  private final Soft404Prober prober;
  private final QueueFeeder.FetchList list;
  private final TaskAttemptContext context;
  private final LongSupplier clock;

  /** A host's pace kept in the hostdb, ms; 0 = none. */
  private ToIntFunction<String> paceOfHost = host -> 0;

  /** When a host's backoff kept in the hostdb ends, ms epoch; 0 = none. */
  private ToLongFunction<String> backoffOfHost = host -> 0;

  /** Where the hosts' last delays go to the next task, or null: the task waits them out. */
  private QuietHandOver handOver;

  FetchTask(
      String name,
      FetcherSettings settings,
      Protocol protocol,
      RobotsCache.Store robotsDb,
      FetchRecorder recorder,
      Soft404Prober prober,
      QueueFeeder.FetchList list,
      TaskAttemptContext context,
      LongSupplier clock) {
    this.name = name;
    this.settings = settings;
    this.protocol = protocol;
    this.robotsDb = robotsDb;
    this.recorder = recorder;
    this.prober = prober;
    this.list = list;
    this.context = context;
    this.clock = clock;
  }

  /** Hosts are asked at the pace the hostdb kept for them (host → ms, 0 = the configured delay). */
  FetchTask pacedBy(ToIntFunction<String> paceOfHost) {
    this.paceOfHost = paceOfHost;
    return this;
  }

  /** Hosts backed off in earlier rounds wait for the end the hostdb kept (host → ms epoch). */
  FetchTask backedOffBy(ToLongFunction<String> backoffOfHost) {
    this.backoffOfHost = backoffOfHost;
    return this;
  }

  /**
   * Hosts an earlier task left in their delay start when it ends, and this task hands its own
   * hosts' last delays over instead of waiting them out (null: it waits, as a segment outside a
   * crawl directory has no robots db to keep them beside).
   */
  FetchTask handingOver(QuietHandOver handOver) {
    this.handOver = handOver;
    return this;
  }

  /** Fetches the list; returns once every thread is done, or only stuck ones are left. */
  void run() throws InterruptedException {
    long start = clock.getAsLong();
    Map<String, Long> earlier = handOver == null ? Map.of() : handOver.read(start);
    FetchQueues queues =
        new FetchQueues(settings, clock)
            .pacedBy(settings.pace, paceOfHost)
            .backedOffBy(backoffOfHost)
            .startingAfter(id -> earlier.getOrDefault(id, 0L));
    QueueFeeder feeder = new QueueFeeder(list, queues, settings.queueIds(), recorder, clock);
    RobotsCache robots =
        new RobotsCache(
            protocol, robotsDb, recorder::recordRobots, recorder::recordTdmRep, settings, clock);
    protocol.start(ProtocolContext.of(url -> robots.rulesFor(url).rules(), recorder::count));
    List<FetcherThread> threads = new ArrayList<>();
    for (int i = 0; i < settings.threads; i++) {
      threads.add(
          new FetcherThread(
              "FetcherThread-" + i,
              queues,
              settings.queueIds(),
              robots,
              protocol,
              recorder,
              prober,
              settings.maxCrawlDelayMillis,
              clock));
    }
    LOG.info(
        "{}: {} threads, {} per queue, delay {} ms, at most {} items in memory",
        name,
        settings.threads,
        settings.threadsPerQueue,
        settings.delayMillis,
        settings.capacity);
    feeder.start();
    threads.forEach(Thread::start);

    FetchProgress progress = new FetchProgress(start);
    long nextReport = start + settings.progressIntervalMillis;
    HaltCause halt = null;
    int dropped = 0;
    List<FetcherThread> stuck;
    while (true) {
      FetcherThread waitFor = threads.stream().filter(Thread::isAlive).findFirst().orElse(null);
      if (waitFor != null) {
        waitFor.join(TICK_MILLIS); // returns early once that thread ends
      }
      long now = clock.getAsLong();
      context.progress();
      stuck = stuck(threads, now);
      if (halt == null) {
        halt = haltCause(now, stuck);
        if (halt != null) {
          dropped = queues.halt();
        }
      }
      if (now >= nextReport) {
        report(progress.line(now, snapshot(feeder, queues, threads, now)));
        nextReport = now + settings.progressIntervalMillis;
      }
      if (threads.stream().filter(Thread::isAlive).count() <= stuck.size()) {
        break;
      }
    }
    endQuietly(queues, halt);
    feeder.join(settings.stuckAfterMillis);
    long unfetched = dropped + queues.droppedAfterHalt() + feeder.skipped();
    if (halt != null) {
      recorder.count(halt, unfetched);
    }
    recorder.close();
    stuck.forEach(Thread::interrupt);
    long end = clock.getAsLong();
    report(progress.line(end, snapshot(feeder, queues, threads, end)));
    LOG.info(
        "{}: finished in {} s{}",
        name,
        String.format("%.2f", (end - start) / 1000.0),
        halt == null ? "" : " (" + halt.counterName() + ", " + unfetched + " URLs left unfetched)");
  }

  /**
   * The delay, or Crawl-delay up to fetcher.max.crawl.delay, holds across rounds too: the hosts
   * still in their delay are handed over to the next task, which starts them when it ends; without
   * a hand-over (or when it cannot be written) the task waits them out, so that the next round's
   * fetch, in this task's place, cannot reach a host sooner. A task ended by the watchdog or a
   * failed write does not wait.
   */
  private void endQuietly(FetchQueues queues, HaltCause halt) throws InterruptedException {
    long now = clock.getAsLong();
    Map<String, Long> quiet = queues.quietTimes(now);
    if (handOver != null && handOver.tryWrite(taskFileName(), quiet, now)) {
      if (!quiet.isEmpty()) {
        LOG.info(
            "{}: {} host(s) still in their delay (for up to {} ms): handed to the next fetch in {}",
            name,
            quiet.size(),
            Collections.max(quiet.values()) - now,
            handOver.dir());
      }
      return;
    }
    if (halt != HaltCause.HIT_BY_WATCHDOG && halt != HaltCause.WRITE_FAILED) {
      awaitQuiet(queues);
    }
  }

  /** The hand-over's file of this task: its attempt, unique across jobs. */
  private String taskFileName() {
    return context.getTaskAttemptID().toString();
  }

  /** Ends the task only once every host's delay after its last request has passed. */
  private void awaitQuiet(FetchQueues queues) throws InterruptedException {
    long wait = queues.quietAt() - clock.getAsLong();
    if (wait > 0) {
      LOG.info("{}: waiting {} ms for the hosts' last delays to pass", name, wait);
    }
    while ((wait = queues.quietAt() - clock.getAsLong()) > 0) {
      Thread.sleep(Math.min(wait, TICK_MILLIS));
      context.progress();
    }
  }

  /** Why the task must stop feeding now, or null: the time limit, a stuck fetch, a failed write. */
  private HaltCause haltCause(long now, List<FetcherThread> stuck) {
    if (FetchStop.requestedOf(settings.stopMarker)) {
      LOG.info(
          "{}: stop requested (a signal): no more fetches start, those in flight finish", name);
      return HaltCause.HIT_BY_TIMELIMIT;
    }
    if (settings.timeLimitEnd > 0 && now >= settings.timeLimitEnd) {
      LOG.info("{}: time limit reached: no more fetches start, those in flight finish", name);
      return HaltCause.HIT_BY_TIMELIMIT;
    }
    if (!stuck.isEmpty()) {
      for (FetcherThread t : stuck) {
        FetchItem item = t.current();
        LOG.warn(
            "{}: {} stuck for {} ms on {}",
            name,
            t.getName(),
            item == null ? "?" : now - Math.max(item.startTime(), item.stageStart()),
            item);
      }
      LOG.warn(
          "{}: ending the task: {} fetch(es) stuck longer than {} ms (twice {})",
          name,
          stuck.size(),
          settings.stuckAfterMillis,
          ProtocolKeys.REQUEST_DEADLINE);
      recorder.count(FetchCounter.STUCK, stuck.size());
      return HaltCause.HIT_BY_WATCHDOG;
    }
    if (recorder.failure() != null) {
      return HaltCause.WRITE_FAILED;
    }
    return null;
  }

  /**
   * Threads whose current fetch has run longer than the watchdog allows: twice the request deadline
   * for the fetch, the protocol's own bound for a stage it announced (a page rendering is no hung
   * fetch, nor one waiting for a free browser).
   */
  private List<FetcherThread> stuck(List<FetcherThread> threads, long now) {
    List<FetcherThread> stuck = new ArrayList<>();
    for (FetcherThread t : threads) {
      FetchItem item = t.current();
      if (item != null && t.isAlive() && isStuck(item, now)) {
        stuck.add(t);
      }
    }
    return stuck;
  }

  private boolean isStuck(FetchItem item, long now) {
    long stageStart = item.stageStart();
    if (stageStart == FetchItem.WAITING) {
      return false;
    }
    if (stageStart > 0) {
      return now - stageStart > item.stageBoundMillis();
    }
    return now - item.startTime() > settings.stuckAfterMillis;
  }

  private FetchProgress.Snapshot snapshot(
      QueueFeeder feeder, FetchQueues queues, List<FetcherThread> threads, long now) {
    int active = 0;
    for (FetcherThread t : threads) {
      if (t.current() != null) {
        active++;
      }
    }
    FetchQueues.Stats q = queues.stats(now);
    return new FetchProgress.Snapshot(
        recorder.done(),
        feeder.fed(),
        feeder.isDone(),
        recorder.pages(),
        recorder.bytes(),
        active,
        threads.size(),
        q.readyQueues(),
        q.queues(),
        recorder.errors());
  }

  private void report(String line) {
    LOG.info("{}: {}", name, line);
    context.setStatus(line);
  }
}
