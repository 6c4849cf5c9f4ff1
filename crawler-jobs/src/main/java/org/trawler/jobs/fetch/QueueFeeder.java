package org.trawler.jobs.fetch;

import java.io.IOException;
import java.net.MalformedURLException;
import java.util.function.LongSupplier;
import org.apache.hadoop.io.Text;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.jobs.politeness.QueueIds;

/**
 * Reads the fetch list into the queues, blocking while they are full, so memory holds a bounded
 * number of items whatever the list's size. Once the queues are halted it reads on only to count
 * what was left unfetched.
 */
final class QueueFeeder extends Thread {
  private static final Logger LOG = LoggerFactory.getLogger(QueueFeeder.class);

  /** The fetch list, read in file order. */
  interface FetchList {
    /** Reads the next entry into {@code url} and {@code datum}; false at the end. */
    boolean next(Text url, CrawlDatum datum) throws IOException, InterruptedException;
  }

  private final FetchList list;
  private final FetchQueues queues;
  private final QueueIds queueIds;
  private final FetchRecorder recorder;
  private final LongSupplier clock;
  private volatile long fed;
  private volatile long skipped;
  private volatile boolean done;

  QueueFeeder(
      FetchList list,
      FetchQueues queues,
      QueueIds queueIds,
      FetchRecorder recorder,
      LongSupplier clock) {
    super("QueueFeeder");
    setDaemon(true);
    this.list = list;
    this.queues = queues;
    this.queueIds = queueIds;
    this.recorder = recorder;
    this.clock = clock;
  }

  @Override
  public void run() {
    Text url = new Text();
    CrawlDatum datum = new CrawlDatum();
    try {
      while (list.next(url, datum)) {
        if (queues.isHalted()) {
          skipped++;
        } else {
          feed(url, datum);
        }
      }
    } catch (IOException e) {
      LOG.error(
          "cannot read the rest of the fetch list after {} entries: {}",
          fed + skipped,
          e.toString());
      recorder.count(FetchCounter.FETCH_LIST_UNREADABLE, 1);
    } catch (InterruptedException e) {
      // the task is ending
    } finally {
      done = true;
      queues.endFeeding();
    }
  }

  private void feed(Text url, CrawlDatum datum) throws InterruptedException {
    String u = url.toString();
    int schemeEnd = URLParts.schemeEnd(u);
    if (schemeEnd >= 0 && !URLParts.isHttp(u)) {
      // Whatever the filters let through, only the web is fetched: never file:, ftp:, jar: ...
      LOG.warn("not fetching {}: only http and https URLs are fetched", url);
      fed++;
      recorder.record(
          url,
          datum,
          ProtocolOutput.gone(
              0,
              Reason.SCHEME_NOT_ALLOWED,
              u.substring(0, schemeEnd + 1) + " (only http: and https: are fetched)"),
          clock.getAsLong());
      return;
    }
    String queueId;
    try {
      queueId = queueIds.queueIdFor(u);
    } catch (MalformedURLException e) {
      LOG.warn("malformed URL in the fetch list: {} ({})", url, e.getMessage());
      fed++;
      recorder.record(
          url,
          datum,
          ProtocolOutput.gone(0, Reason.MALFORMED_URL, e.getMessage()),
          clock.getAsLong());
      return;
    }
    if (queues.put(new FetchItem(new Text(url), new CrawlDatum(datum), queueId))) {
      fed++;
    } else {
      skipped++;
    }
  }

  /** Entries handed on (queued, or recorded at once when malformed). */
  long fed() {
    return fed;
  }

  /** Entries read after the queues were halted: not fetched, not recorded. */
  long skipped() {
    return skipped;
  }

  /** The whole list has been read (or could not be read further). */
  boolean isDone() {
    return done;
  }
}
