package org.trawler.jobs.fetch;

import java.net.MalformedURLException;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.protocol.FetchWatch;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.politeness.Politeness;
import org.trawler.jobs.politeness.QueueIds;
import org.trawler.jobs.politeness.RobotsCache;

/**
 * Takes ready items from the queues and fetches them, robots.txt first, until the queues are done
 * or halted. Every page takes a turn of its host's queue. A host's prerequisites, its robots.txt
 * and (fetcher.tdmrep) its /.well-known/tdmrep.json, when they have to be asked for, are asked in
 * the turn of the page that needs them, right before it and back to back: small, well-known files,
 * as Nutch and StormCrawler ask robots.txt; the delay follows the page. When robots.txt keeps the
 * page from being fetched, its request was the turn. The soft-404 probe takes a turn of its own:
 * the item goes back to the head of its queue to wait the delay. A redirect hop followed inline
 * waits the delay too, and goes only to the same queue and where robots.txt is known to allow it
 * (else the redirect is recorded, for a later round). A page fetch the protocol makes longer than
 * its request (a render, fetcher.render) is within the same turn: the queue is told the request
 * ended once the protocol returns. Owns nothing but its current item.
 */
final class FetcherThread extends Thread {
  private static final Logger LOG = LoggerFactory.getLogger(FetcherThread.class);

  private final FetchQueues queues;
  private final QueueIds queueIds;
  private final RobotsCache robots;
  private final Protocol protocol;
  private final FetchRecorder recorder;
  private final Soft404Prober prober;
  private final long maxCrawlDelayMillis;
  private final LongSupplier clock;
  private volatile FetchItem current;

  /** Milliseconds the current item's fetch waited between redirect hops. */
  private long hopWaitMillis;

  FetcherThread(
      String name,
      FetchQueues queues,
      QueueIds queueIds,
      RobotsCache robots,
      Protocol protocol,
      FetchRecorder recorder,
      Soft404Prober prober,
      long maxCrawlDelayMillis,
      LongSupplier clock) {
    super(name);
    setDaemon(true); // a fetch stuck beyond the watchdog must not keep the task's JVM alive
    this.queues = queues;
    this.queueIds = queueIds;
    this.robots = robots;
    this.protocol = protocol;
    this.recorder = recorder;
    this.prober = prober;
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
    int responseMillis = FetchRecorder.NO_RESPONSE_TIME;
    try {
      if (outcome == null) {
        RobotsCache.Lookup robotsTxt = robots.rulesFor(url);
        RobotsRules rules = robotsTxt.rules();
        requested = robotsTxt.requested();
        outcome = Politeness.robotsVerdict(rules, url, maxCrawlDelayMillis);
        if (outcome == null) {
          if (rules.getCrawlDelayMillis() > 0) {
            queues.setCrawlDelay(item, rules.getCrawlDelayMillis());
          }
          boolean prerequisites = requested; // robots.txt, asked in this turn
          RobotsRules withTdmRep = askTdmRep(item, url);
          if (withTdmRep != null) {
            prerequisites = true;
            rules = withTdmRep;
          }
          if (!prerequisites && probe(item, rules)) {
            return; // the soft-404 probe took this turn: the page waits
          }
          requested = true;
          hopWaitMillis = 0;
          long start = clock.getAsLong();
          item.started(start);
          outcome =
              protocol.fetchPage(
                  url,
                  item.datum.getModifiedTime(),
                  item.datum.getMetaString(MetadataKeys.ETAG),
                  hop -> mayFollow(item, hop),
                  watch(item));
          long took = clock.getAsLong() - start - hopWaitMillis;
          responseMillis = (int) Math.max(0, Math.min(Integer.MAX_VALUE, took));
          if (outcome == null) {
            throw new IllegalStateException(protocol.getClass().getName() + " returned no outcome");
          }
          rules.addSignals(url, outcome); // robots.txt's usage lines, for parse to record
          if (prober != null) {
            prober.fetched(url, outcome);
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
        new FetchQueues.Ended(
            requested,
            Politeness.backoffMillis(outcome, maxCrawlDelayMillis),
            requested && Politeness.isError(outcome),
            requested && Politeness.isRateLimited(outcome),
            responseMillis == FetchRecorder.NO_RESPONSE_TIME ? -1 : responseMillis));
    LOG.debug("{} {}", url, outcome);
    recorder.record(item.url, item.datum, outcome, end, responseMillis);
  }

  /**
   * Asks the item's site for its tdmrep.json when it is due, in the item's turn right before its
   * page; the site's rules, now with the file's, when it did, else null.
   */
  private RobotsRules askTdmRep(FetchItem item, String url) {
    item.started(clock.getAsLong()); // the watchdog times each request of the turn
    return robots.askTdmRep(url) == null ? null : robots.rulesFor(url).rules();
  }

  /**
   * Asks the soft-404 probe of the item's host in this turn when the task has not and the host is
   * due one, and robots.txt allows the path; true when it did (the item goes back to its queue).
   * The probe is no page: its answer goes to its own segment part, never to crawl_fetch.
   */
  private boolean probe(FetchItem item, RobotsRules rules) {
    String probe = prober == null ? null : prober.claim(item.url.toString(), clock.getAsLong());
    if (probe == null || Politeness.robotsVerdict(rules, probe, maxCrawlDelayMillis) != null) {
      return false;
    }
    ProtocolOutput answer;
    try {
      answer = protocol.fetch(probe, 0, null, hop -> false); // a redirect tells nothing
    } catch (RuntimeException e) {
      LOG.warn("soft-404 probe {} failed: {}", probe, e.toString(), e);
      answer = ProtocolOutput.retry(0, Reason.EXCEPTION, e.toString(), -1);
    }
    long end = clock.getAsLong();
    LOG.debug("soft-404 probe {} {}", probe, answer);
    recorder.recordProbe(probe, prober.answer(answer, end));
    queues.putBack(item, end);
    return true;
  }

  /** Tells the watchdog, through the item, what the protocol said of the fetch's stages. */
  private FetchWatch watch(FetchItem item) {
    return new FetchWatch() {
      @Override
      public void waiting() {
        item.waiting();
      }

      @Override
      public void stage(long boundMillis) {
        item.stage(clock.getAsLong(), boundMillis);
      }
    };
  }

  /**
   * Whether the item's fetch may follow a redirect to {@code target} now: only within the item's
   * queue (another host's queue may be in another fetch task: the target waits for its own turn in
   * a later round) and where the site's robots.txt is known to allow it; then once the delay after
   * the previous hop has passed.
   */
  private boolean mayFollow(FetchItem item, String target) {
    try {
      if (!queueIds.queueIdFor(target).equals(item.queueId)) {
        return false;
      }
    } catch (MalformedURLException e) {
      return false;
    }
    RobotsRules rules = robots.knownRulesFor(target);
    if (rules == null || Politeness.robotsVerdict(rules, target, maxCrawlDelayMillis) != null) {
      return false;
    }
    long waitStart = clock.getAsLong();
    try {
      return queues.awaitNextRequest(item);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } finally {
      hopWaitMillis += clock.getAsLong() - waitStart;
    }
  }
}
