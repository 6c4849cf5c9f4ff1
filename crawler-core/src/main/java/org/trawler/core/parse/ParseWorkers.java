package org.trawler.core.parse;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;

/**
 * Runs every parse, whatever its parser, in a worker thread, timed by that thread's CPU time
 * (parser.timeout) with a wall-clock backstop (parser.timeout.wall) for a parse that blocks. A
 * parse that overruns is abandoned: its thread is interrupted and left to finish alone (PDF and
 * Office parsers and runaway regular expressions ignore interrupts, NUTCH-2316), a daemon so that
 * it cannot keep the task's JVM alive, and counted; the page fails with reason parse_timeout. While
 * parser.abandoned.max abandoned threads are still running, no parse is started: the page fails
 * with reason abandoned_limit, so a site of endless documents holds a bounded number of threads.
 * Without a timeout (0) the parse runs in the calling thread. Thread-safe.
 */
final class ParseWorkers implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ParseWorkers.class);

  private final ParseLimits limits;
  private final int maxAbandoned;
  private final Signature signature;
  private final ExecutorService workers;
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final boolean cpuTimed;
  private final AtomicLong abandoned = new AtomicLong();
  private final AtomicInteger running = new AtomicInteger();
  private final AtomicInteger abandonedRunning = new AtomicInteger();

  /**
   * {@code cpuMillis} 0: no limit, the parse runs in the calling thread; {@code wallMillis} 0: no
   * backstop; {@code maxAbandoned} -1: no cap.
   */
  ParseWorkers(long cpuMillis, long wallMillis, int maxAbandoned, Signature signature) {
    this.limits =
        new ParseLimits(
            TimeUnit.MILLISECONDS.toNanos(cpuMillis), TimeUnit.MILLISECONDS.toNanos(wallMillis));
    this.maxAbandoned = maxAbandoned;
    this.signature = signature;
    this.cpuTimed = cpuTimeMeasurable(threads);
    AtomicInteger count = new AtomicInteger();
    this.workers =
        cpuMillis > 0
            ? Executors.newCachedThreadPool(
                r -> {
                  Thread t = new Thread(r, "parse-" + count.incrementAndGet());
                  t.setDaemon(true);
                  return t;
                })
            : null;
  }

  /** The workers parser.timeout, parser.timeout.wall and parser.abandoned.max describe. */
  static ParseWorkers fromConf(Configuration conf, Signature signature) {
    int maxAbandoned =
        Settings.getInt(
            conf, ParseKeys.ABANDONED_MAX, ParseKeys.DEFAULT_ABANDONED_MAX, -1, Integer.MAX_VALUE);
    return new ParseWorkers(
        TimeUnit.SECONDS.toMillis(
            Settings.getInt(conf, ParseKeys.TIMEOUT, ParseKeys.DEFAULT_TIMEOUT)),
        TimeUnit.SECONDS.toMillis(
            Settings.getInt(conf, ParseKeys.TIMEOUT_WALL, ParseKeys.DEFAULT_TIMEOUT_WALL)),
        maxAbandoned,
        signature);
  }

  /** Whether this JVM measures a thread's CPU time (HotSpot does; then it is switched on). */
  private static boolean cpuTimeMeasurable(ThreadMXBean threads) {
    if (!threads.isThreadCpuTimeSupported()) {
      LOG.warn("no thread CPU time in this JVM: {} is judged on the wall clock", ParseKeys.TIMEOUT);
      return false;
    }
    if (!threads.isThreadCpuTimeEnabled()) {
      threads.setThreadCpuTimeEnabled(true);
    }
    return true;
  }

  /**
   * One parse in a worker: the thread it runs on and that thread's CPU time when it began (pool
   * threads serve parse after parse), and whether it was abandoned. NEW becomes RUNNING when a
   * thread takes it up; RUNNING ends as DONE when the parse returns, or as ABANDONED at its limit,
   * whichever comes first. A parse abandoned while NEW never runs and holds no thread.
   */
  private final class Watch {
    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;
    private static final int ABANDONED = 3;

    private final AtomicInteger state = new AtomicInteger(NEW);
    private volatile long threadId = -1;
    private volatile long startCpu;

    ParseResult run(Parser parser, Content content, String mimeType) {
      if (!state.compareAndSet(NEW, RUNNING)) {
        return null; // abandoned before it began: its caller has its result already
      }
      startCpu = cpuTimed ? threads.getCurrentThreadCpuTime() : 0;
      threadId = Thread.currentThread().getId();
      running.incrementAndGet();
      try {
        return parser.parse(content, mimeType);
      } finally {
        running.decrementAndGet();
        if (!state.compareAndSet(RUNNING, DONE)) {
          abandonedRunning
              .decrementAndGet(); // an abandoned parse ended after all: its slot is free
        }
      }
    }

    /** The CPU time the parse used so far; the wall time when the JVM cannot tell CPU time. */
    long cpuNanos(long wallNanos) {
      if (!cpuTimed) {
        return wallNanos;
      }
      long id = threadId;
      long now = id < 0 ? -1 : threads.getThreadCpuTime(id);
      return now < 0 ? 0 : now - startCpu; // not begun yet, or just ended
    }

    /** Marks the parse abandoned unless it has just ended; true when it was. */
    boolean abandon() {
      if (state.compareAndSet(NEW, ABANDONED)) {
        return true;
      }
      if (state.compareAndSet(RUNNING, ABANDONED)) {
        abandonedRunning.incrementAndGet();
        return true;
      }
      return false;
    }
  }

  /** {@code parser}'s result for {@code content}, or a failure when it throws or overruns. */
  ParseResult parse(Parser parser, Content content, String mimeType) {
    if (workers == null) {
      try {
        return parser.parse(content, mimeType);
      } catch (RuntimeException | StackOverflowError e) {
        return failed(content, ParseReason.PARSER_ERROR, e.toString());
      }
    }
    int stillRunning = abandonedRunning.get();
    if (maxAbandoned >= 0 && stillRunning >= maxAbandoned) {
      return failed(
          content,
          ParseReason.ABANDONED_LIMIT,
          "not parsed: "
              + stillRunning
              + " abandoned parses of this task are still running ("
              + ParseKeys.ABANDONED_MAX
              + " is "
              + maxAbandoned
              + ")");
    }
    Watch watch = new Watch();
    Future<ParseResult> task = workers.submit(() -> watch.run(parser, content, mimeType));
    long start = System.nanoTime();
    try {
      while (true) {
        long wall = System.nanoTime() - start;
        long cpu = watch.cpuNanos(wall);
        ParseLimits.Overrun overrun = limits.overrun(cpu, wall);
        if (overrun != null && watch.abandon()) {
          task.cancel(true);
          abandoned.incrementAndGet();
          LOG.warn(
              "parse of {} abandoned after {} ms of CPU time, {} ms in all",
              content.getUrl(),
              cpu / 1_000_000L,
              wall / 1_000_000L);
          return failed(
              content,
              ParseReason.PARSE_TIMEOUT,
              "parse took "
                  + overrun.describe(limits.nanos(overrun))
                  + "; its thread was abandoned");
        }
        try {
          return task.get(limits.waitNanos(cpu, wall), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
          // look again: the parse's CPU time may still be short of its limit
        }
      }
    } catch (ExecutionException e) {
      return failed(content, ParseReason.PARSER_ERROR, String.valueOf(e.getCause()));
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      return failed(content, ParseReason.PARSER_ERROR, "parse interrupted");
    }
  }

  /** Parses abandoned at their time limit so far. */
  long abandoned() {
    return abandoned.get();
  }

  /** Parse threads running now, abandoned ones that have not finished yet included. */
  int running() {
    return running.get();
  }

  /** Abandoned parses whose threads are still running. */
  int abandonedRunning() {
    return abandonedRunning.get();
  }

  private ParseResult failed(Content content, ParseReason reason, String message) {
    return Parsers.unparsedResult(content, ParseData.FAILED, reason, message, signature);
  }

  @Override
  public void close() {
    if (workers != null) {
      workers.shutdownNow();
    }
  }
}
