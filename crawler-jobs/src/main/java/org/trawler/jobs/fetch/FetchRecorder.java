package org.trawler.jobs.fetch;

import java.io.IOException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.jobs.warc.Capture;
import org.trawler.jobs.warc.WarcArchive;

/**
 * Turns each outcome into the segment's records (fetch datum, content, the HTTP transcript, and
 * what the parse hook adds; WARC records with fetcher.store.warc) and counters, and keeps the
 * totals the progress line shows. Fetcher threads share it; writes are serialized, and once closed
 * (the task is ending) late writes are dropped.
 */
final class FetchRecorder implements SegmentOutput {
  private static final Logger LOG = LoggerFactory.getLogger(FetchRecorder.class);

  /**
   * Distinct reason counters at most (http_&lt;code&gt; are many); Hadoop fails a job past 120
   * counters.
   */
  private static final int MAX_REASONS = 60;

  /** The reason counter of the reasons past {@link #MAX_REASONS}. */
  private static final String OTHER_REASONS = "other";

  private final SegmentOutput out;
  private final boolean storeContent;
  private final FetchParseHook parseHook;
  private final WarcArchive warc;

  private final AtomicLong done = new AtomicLong();
  private final AtomicLong pages = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();
  private final AtomicLong errors = new AtomicLong();
  private final Set<String> reasons = new HashSet<>();
  private boolean closed;
  private IOException failure;

  /**
   * @param parseHook parses successful fetches in the task, or null
   */
  FetchRecorder(SegmentOutput out, boolean storeContent, FetchParseHook parseHook) {
    this(out, storeContent, parseHook, null);
  }

  /**
   * @param warc where the task writes WARC records as pages arrive (fetcher.store.warc), or null
   */
  FetchRecorder(
      SegmentOutput out, boolean storeContent, FetchParseHook parseHook, WarcArchive warc) {
    this.out = out;
    this.storeContent = storeContent;
    this.parseHook = parseHook;
    this.warc = warc;
  }

  /** Stands for "no request was made" where a response time is asked for. */
  static final int NO_RESPONSE_TIME = -1;

  /** Records the outcome of one fetch list entry decided at {@code fetchTime} without a request. */
  void record(Text url, CrawlDatum generated, ProtocolOutput outcome, long fetchTime) {
    record(url, generated, outcome, fetchTime, NO_RESPONSE_TIME);
  }

  /**
   * Records the outcome of one fetch list entry, fetched (or decided unfetched) at {@code
   * fetchTime}, its requests having taken {@code responseMillis} (or {@link #NO_RESPONSE_TIME}).
   */
  void record(
      Text url, CrawlDatum generated, ProtocolOutput outcome, long fetchTime, int responseMillis) {
    CrawlDatum datum = fetchDatum(generated, outcome, fetchTime, responseMillis);
    Content content =
        outcome.getStatus() == CrawlStatus.FETCH_SUCCESS ? outcome.getContent() : null;
    HttpTranscript transcript = outcome.getTranscript();
    try {
      write(url, datum);
      if (transcript != null) {
        write(url, transcript);
      }
      count(FetchCounter.GROUP, datum.statusLabel(), 1);
      count(FetchCounter.REASONS_GROUP, reasonCounter(outcome.getReasonName()), 1);
      if (content != null) {
        stampContent(content, generated, fetchTime);
        pages.incrementAndGet();
        bytes.addAndGet(content.getContent().length);
        count(FetchCounter.PAGES, 1);
        count(FetchCounter.BYTES, content.getContent().length);
        if (storeContent) {
          write(url, content);
        }
        parse(url, datum, content);
      }
      if (transcript != null) {
        archive(new Capture(url.toString(), datum, content, transcript, null));
      }
    } catch (IOException e) {
      fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (outcome.getStatus() == CrawlStatus.FETCH_RETRY) {
      errors.incrementAndGet();
    }
    done.incrementAndGet();
  }

  /** Records the robots.txt answer a site gave now, for the robots db. */
  void recordRobots(String site, RobotsTxt answer) {
    try {
      write(new Text(site), answer);
      count(FetchCounter.ROBOTS_ASKED, 1);
    } catch (IOException e) {
      fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Records a site's robots.txt answer again, now with its tdmrep.json: the newer copy. */
  void recordTdmRep(String site, RobotsTxt answer) {
    try {
      write(new Text(site), answer);
      count(FetchCounter.TDMREP_ASKED, 1);
    } catch (IOException e) {
      fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Records the answer to a soft-404 probe of {@code probeUrl}'s host (its own segment part: no
   * page, no fetch datum).
   */
  void recordProbe(String probeUrl, HostDatum answer) {
    try {
      write(new Text(probeUrl), answer);
      count(FetchCounter.SOFT404_PROBES, 1);
      if (answer.getSoft404() == HostDatum.Soft404.PAGE) {
        count(FetchCounter.SOFT404_PROBES_PAGE, 1);
      }
    } catch (IOException e) {
      fail(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The one place a successful fetch's content meets the parser (fetcher.parse). */
  private void parse(Text url, CrawlDatum datum, Content content)
      throws IOException, InterruptedException {
    if (parseHook == null) {
      return;
    }
    try {
      parseHook.parse(url, datum, content, this);
    } catch (RuntimeException e) {
      LOG.warn("cannot parse {}: {}", url, e.toString());
      count(FetchCounter.PARSE_FAILED, 1);
    }
  }

  /**
   * The counter for a reason's name: itself, or "other" once MAX_REASONS distinct ones were
   * counted.
   */
  private synchronized String reasonCounter(String name) {
    if (reasons.contains(name) || reasons.size() < MAX_REASONS) {
      reasons.add(name);
      return name;
    }
    return OTHER_REASONS;
  }

  /**
   * The segment's fetch datum: the generate datum with the outcome, fetch time, protocol status and
   * response time (when requests were made).
   */
  static CrawlDatum fetchDatum(
      CrawlDatum generated, ProtocolOutput outcome, long fetchTime, int responseMillis) {
    CrawlDatum datum = new CrawlDatum(generated);
    datum.setStatus(outcome.getStatus());
    datum.setFetchTime(fetchTime);
    datum.putMeta(MetadataKeys.PROTOCOL_STATUS, outcome.toProtocolStatus());
    if (responseMillis >= 0) {
      datum.putMeta(MetadataKeys.RESPONSE_TIME, responseMillis);
    } else {
      datum.getMetadata().remove(MetadataKeys.RESPONSE_TIME);
    }
    if (outcome.getRedirectTarget() != null) {
      datum.putMeta(MetadataKeys.REDIRECT_TARGET, outcome.getRedirectTarget());
    } else {
      datum
          .getMetadata()
          .remove(MetadataKeys.REDIRECT_TARGET); // an older round's target is not this fetch's
    }
    if (outcome.getContent() != null) {
      String etag = outcome.getContent().getHeader("ETag");
      if (etag == null || etag.isEmpty()) {
        datum.getMetadata().remove(MetadataKeys.ETAG); // the new copy has none to match
      } else {
        datum.putMeta(MetadataKeys.ETAG, etag);
      }
    }
    return datum;
  }

  /** Copies what parse needs from the generate datum into the content's crawl metadata. */
  static void stampContent(Content content, CrawlDatum generated, long fetchTime) {
    content.getMeta().put(Content.META_SCORE, Float.toString(generated.getScore()));
    content.getMeta().put(Content.META_DEPTH, Integer.toString(generated.getDepth()));
    content.getMeta().put(Content.META_FETCH_TIME, Long.toString(fetchTime));
  }

  /** Writes a fetch's WARC records (fetcher.store.warc); outlinks come only with the export. */
  private synchronized void archive(Capture capture) throws IOException {
    if (warc != null && !closed) {
      warc.add(capture);
    }
  }

  @Override
  public synchronized void write(Text key, Writable record)
      throws IOException, InterruptedException {
    if (!closed) {
      out.write(key, record);
    }
  }

  @Override
  public synchronized void count(String group, String name, long amount) {
    if (!closed) {
      out.count(group, name, amount);
    }
  }

  /** Ends recording: what stuck threads still try to write is dropped. */
  synchronized void close() {
    closed = true;
  }

  private synchronized void fail(IOException e) {
    if (failure == null) {
      failure = e;
    }
  }

  /** The first write failure, or null: the task must fail with it. */
  synchronized IOException failure() {
    return failure;
  }

  /** Fetch list entries with an outcome recorded. */
  long done() {
    return done.get();
  }

  long pages() {
    return pages.get();
  }

  long bytes() {
    return bytes.get();
  }

  /** Transient failures (fetch_retry). */
  long errors() {
    return errors.get();
  }
}
