package org.trawler.jobs.fetch;

import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;

/**
 * Takes ready items from the queues and fetches them, robots.txt first, until the queues are done
 * or halted. Owns nothing but its current item.
 */
final class FetcherThread extends Thread {
  private static final Logger LOG = LoggerFactory.getLogger(FetcherThread.class);

  private final FetchQueues queues;
  private final Protocol protocol;
  private final FetchRecorder recorder;
  private final long maxCrawlDelayMillis;
  private final LongSupplier clock;
  private volatile FetchItem current;

  FetcherThread(
      String name,
      FetchQueues queues,
      Protocol protocol,
      FetchRecorder recorder,
      long maxCrawlDelayMillis,
      LongSupplier clock) {
    super(name);
    setDaemon(true); // a fetch stuck beyond the watchdog must not keep the task's JVM alive
    this.queues = queues;
    this.protocol = protocol;
    this.recorder = recorder;
    this.maxCrawlDelayMillis = maxCrawlDelayMillis;
    this.clock = clock;
  }

  @Override
  public void run() {
    try {
      FetchItem item;
      while ((item = queues.take()) != null) {
        current = item;
        try {
          process(item);
        } finally {
          current = null;
        }
      }
    } catch (InterruptedException e) {
      // the task is ending
    }
  }

  /** The item being fetched, or null when waiting. */
  FetchItem current() {
    return current;
  }

  private void process(FetchItem item) {
    String url = item.url.toString();
    ProtocolOutput outcome = queues.verdictFor(item);
    boolean requested = false;
    try {
      if (outcome == null) {
        RobotsRules rules = protocol.robotsFor(url);
        outcome = Politeness.robotsVerdict(rules, url, maxCrawlDelayMillis);
        if (outcome == null) {
          if (rules.getCrawlDelayMillis() > 0) {
            queues.setCrawlDelay(item, rules.getCrawlDelayMillis());
          }
          requested = true;
          outcome = protocol.fetch(url, item.datum.getModifiedTime());
          if (outcome == null) {
            throw new IllegalStateException(protocol.getClass().getName() + " returned no outcome");
          }
        }
      }
    } catch (RuntimeException e) {
      LOG.warn("fetch of {} failed: {}", url, e.toString(), e);
      outcome = ProtocolOutput.retry(0, Reason.EXCEPTION, e.toString(), -1);
    }
    long end = clock.getAsLong();
    queues.finish(
        item,
        end,
        requested,
        Politeness.backoffMillis(outcome, maxCrawlDelayMillis),
        requested && Politeness.isError(outcome));
    LOG.debug("{} {}", url, outcome);
    recorder.record(item.url, item.datum, outcome, end);
  }
}
