package org.trawler.jobs.hadoopinternals;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * The exception that failed a job in local mode. Hadoop's local runner passes it to nobody: it only
 * logs it (a warning whose message is the job's id), so this listens to that log while a job runs.
 */
public final class LocalTaskFailure extends AppenderSkeleton implements AutoCloseable {
  private static final long LOG_WAIT_NANOS = 2_000_000_000L;

  private final Logger runnerLog = Logger.getLogger(LocalJobRunner.class);
  private final Map<String, Throwable> byJob = new ConcurrentHashMap<>();

  private LocalTaskFailure() {
    setThreshold(Level.WARN);
  }

  public static LocalTaskFailure listen() {
    LocalTaskFailure failure = new LocalTaskFailure();
    failure.runnerLog.addAppender(failure);
    return failure;
  }

  @Override
  protected void append(LoggingEvent event) {
    if (event.getThrowableInformation() != null && event.getMessage() != null) {
      byJob.putIfAbsent(
          event.getMessage().toString(), event.getThrowableInformation().getThrowable());
      synchronized (this) {
        notifyAll();
      }
    }
  }

  /**
   * The innermost message of what failed {@code job}, or null if nothing was logged. The runner
   * marks the job failed before it logs why, so this waits for the log a moment.
   */
  public String reason(JobID job) throws InterruptedException {
    if (job == null) {
      return null;
    }
    synchronized (this) {
      long end = System.nanoTime() + LOG_WAIT_NANOS;
      for (long left = LOG_WAIT_NANOS;
          !byJob.containsKey(job.toString()) && left > 0;
          left = end - System.nanoTime()) {
        wait(Math.max(1, left / 1_000_000));
      }
    }
    Throwable t = byJob.get(job.toString());
    String reason = null;
    for (; t != null; t = t.getCause()) {
      if (t instanceof OutOfMemoryError) {
        return outOfHeap();
      }
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        reason = t.getMessage();
      }
    }
    return reason;
  }

  /** The one line for a task or command that ran out of heap: what to set, and the heap it had. */
  public static String outOfHeap() {
    return "ran out of memory (Java heap of "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024)
        + " MB): give the crawl a larger heap with TRAWLER_HEAPSIZE, e.g. TRAWLER_HEAPSIZE=4g";
  }

  @Override
  public boolean requiresLayout() {
    return false;
  }

  @Override
  public void close() {
    runnerLog.removeAppender(this);
  }
}
