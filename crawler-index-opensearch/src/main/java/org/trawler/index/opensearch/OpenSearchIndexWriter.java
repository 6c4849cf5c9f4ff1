package org.trawler.index.opensearch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.opensearch.client.opensearch.core.BulkResponse;
import org.opensearch.client.opensearch.core.bulk.BulkOperation;
import org.opensearch.client.opensearch.core.bulk.BulkResponseItem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.jobs.index.IndexDocument;
import org.trawler.jobs.index.IndexWriter;
import org.trawler.jobs.index.RetryBackoff;

/**
 * The {@code opensearch} index writer: sends the index job's adds and deletes (ids are URLs, so a
 * rerun replaces what an earlier run sent) to opensearch.index in bulk requests of at most
 * opensearch.bulk.docs documents or opensearch.bulk.bytes bytes, opensearch.bulk.concurrent of them
 * in flight. A request, or the items of it, that the cluster refuses as busy (429) or failed (5xx,
 * no answer) is sent again after a doubling pause, opensearch.max.retries times; then the task
 * fails, and its next attempt sends everything again. An item rejected for another reason (a value
 * the mapping refuses) is counted and logged with its URL.
 */
public class OpenSearchIndexWriter implements IndexWriter {
  private static final Logger LOG = LoggerFactory.getLogger(OpenSearchIndexWriter.class);

  public static final String NAME = "opensearch";

  /** What an operation adds to a bulk request besides its document: the action line. */
  private static final int ACTION_BYTES = 64;

  private final ObjectMapper json = new ObjectMapper();
  private OpenSearchConnection connection;
  private TaskAttemptContext context;
  private int bulkDocs;
  private long bulkBytes;
  private int concurrent;
  private int maxRetries;
  private long backoffMs;
  private List<BulkOperation> pending = new ArrayList<>();
  private long pendingBytes;
  private ExecutorService senders;
  private Semaphore inFlight;
  private final AtomicReference<IOException> failure = new AtomicReference<>();

  @Override
  public String name() {
    return NAME;
  }

  /** Checks the settings and the cluster; installs the template when the index does not exist. */
  @Override
  public void check(Configuration conf) throws IOException {
    readSettings(conf);
    try (OpenSearchConnection c = new OpenSearchConnection(conf)) {
      c.check();
      if (!c.indexExists()) {
        String template = conf.getTrimmed(OpenSearchKeys.TEMPLATE, OpenSearchKeys.DEFAULT_TEMPLATE);
        c.installTemplate(template);
        LOG.info("opensearch: created index {} with the template {}", c.index(), template);
      }
    }
  }

  @Override
  public void open(Configuration conf, TaskAttemptContext context) throws IOException {
    readSettings(conf);
    this.context = context;
    connection = new OpenSearchConnection(conf);
    senders = Executors.newFixedThreadPool(concurrent);
    inFlight = new Semaphore(concurrent);
  }

  private void readSettings(Configuration conf) {
    int most = Integer.MAX_VALUE;
    bulkDocs =
        Settings.getInt(conf, OpenSearchKeys.BULK_DOCS, OpenSearchKeys.DEFAULT_BULK_DOCS, 1, most);
    bulkBytes =
        Settings.getLong(
            conf, OpenSearchKeys.BULK_BYTES, OpenSearchKeys.DEFAULT_BULK_BYTES, 1, Long.MAX_VALUE);
    concurrent =
        Settings.getInt(
            conf, OpenSearchKeys.BULK_CONCURRENT, OpenSearchKeys.DEFAULT_BULK_CONCURRENT, 1, most);
    maxRetries =
        Settings.getInt(
            conf, OpenSearchKeys.MAX_RETRIES, OpenSearchKeys.DEFAULT_MAX_RETRIES, 0, most);
    backoffMs =
        Settings.getLong(
            conf,
            OpenSearchKeys.RETRY_BACKOFF,
            OpenSearchKeys.DEFAULT_RETRY_BACKOFF,
            0,
            Long.MAX_VALUE);
    Settings.getInt(conf, OpenSearchKeys.TIMEOUT, OpenSearchKeys.DEFAULT_TIMEOUT, 1, most);
  }

  @Override
  public void add(IndexDocument doc) throws IOException {
    Map<String, Object> source = source(doc);
    String id = doc.id();
    pending.add(
        BulkOperation.of(o -> o.index(i -> i.index(connection.index()).id(id).document(source))));
    pendingBytes += ACTION_BYTES + id.length() + size(source);
    sendIfFull();
  }

  @Override
  public void delete(String id) throws IOException {
    pending.add(BulkOperation.of(o -> o.delete(d -> d.index(connection.index()).id(id))));
    pendingBytes += ACTION_BYTES + id.length();
    sendIfFull();
  }

  /** The document as OpenSearch stores it: one value as itself, several as an array. */
  static Map<String, Object> source(IndexDocument doc) {
    Map<String, Object> source = new LinkedHashMap<>();
    for (Map.Entry<String, List<Object>> f : doc.fields().entrySet()) {
      List<Object> values = f.getValue();
      source.put(f.getKey(), values.size() == 1 ? values.get(0) : List.copyOf(values));
    }
    return source;
  }

  private long size(Map<String, Object> source) throws IOException {
    try {
      return json.writeValueAsBytes(source).length;
    } catch (JsonProcessingException e) {
      throw new IOException("a document cannot be written as JSON: " + e.getMessage(), e);
    }
  }

  @Override
  public void commit() throws IOException {
    sendPending();
    awaitSent();
    connection.refresh();
  }

  /** Sends what is still pending and waits for it; the cluster's translog makes it durable. */
  @Override
  public void close() throws IOException {
    if (connection == null) {
      return;
    }
    try {
      if (failure.get() == null) {
        sendPending();
        awaitSent();
      }
    } finally {
      senders.shutdownNow();
      connection.close();
      connection = null;
    }
  }

  private void sendIfFull() throws IOException {
    if (pending.size() >= bulkDocs || pendingBytes >= bulkBytes) {
      sendPending();
    }
  }

  /** Hands the pending operations to a sender thread once one is free. */
  private void sendPending() throws IOException {
    throwFailure();
    if (pending.isEmpty()) {
      return;
    }
    List<BulkOperation> batch = pending;
    pending = new ArrayList<>();
    pendingBytes = 0;
    acquire(1);
    senders.execute(
        () -> {
          try {
            send(batch);
          } catch (IOException e) {
            failure.compareAndSet(null, e);
          } catch (RuntimeException e) {
            failure.compareAndSet(null, new IOException("opensearch: " + e, e));
          } finally {
            inFlight.release();
          }
        });
  }

  private void awaitSent() throws IOException {
    acquire(concurrent);
    inFlight.release(concurrent);
    throwFailure();
  }

  private void acquire(int permits) throws IOException {
    try {
      inFlight.acquire(permits);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("opensearch: interrupted while sending");
    }
  }

  private void throwFailure() throws IOException {
    IOException e = failure.get();
    if (e != null) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /**
   * Sends one bulk request; what comes back busy or failed is sent again after a pause, what is
   * rejected is counted and logged.
   */
  private void send(List<BulkOperation> operations) throws IOException {
    List<BulkOperation> toSend = operations;
    for (int retry = 0; ; retry++) {
      String why;
      List<BulkOperation> again = new ArrayList<>();
      try {
        BulkResponse response = connection.bulk(toSend);
        List<BulkResponseItem> items = response.items();
        for (int i = 0; i < items.size(); i++) {
          BulkResponseItem item = items.get(i);
          if (item.error() == null) {
            count(OpenSearchCounter.ITEMS_ACCEPTED);
          } else if (item.status() == 429 || item.status() >= 500) {
            again.add(toSend.get(i));
          } else if (item.status() == 404 && toSend.get(i).isDelete()) {
            count(OpenSearchCounter.ITEMS_ACCEPTED);
          } else {
            count(OpenSearchCounter.ITEMS_REJECTED);
            LOG.warn(
                "opensearch: {} rejected by {} (HTTP {}): {}: {}",
                item.id(),
                connection.index(),
                item.status(),
                item.error().type(),
                item.error().reason());
          }
        }
        if (again.isEmpty()) {
          return;
        }
        why = again.size() + " items busy or failed (HTTP " + firstStatus(items) + ")";
      } catch (IOException | RuntimeException e) {
        if (!OpenSearchConnection.retriable(e)) {
          throw new IOException("opensearch: bulk request refused: " + e.getMessage(), e);
        }
        again = toSend;
        why = e.getClass().getSimpleName() + ": " + e.getMessage();
      }
      if (retry == maxRetries) {
        throw new IOException(
            "opensearch: bulk request failed after " + maxRetries + " retries: " + why);
      }
      long wait = pause(backoffMs, retry);
      LOG.warn("opensearch: {}; retry {} of {} in {} ms", why, retry + 1, maxRetries, wait);
      count(OpenSearchCounter.BULK_RETRIES);
      try {
        Thread.sleep(wait);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("opensearch: interrupted while waiting to retry");
      }
      toSend = again;
    }
  }

  private static int firstStatus(List<BulkResponseItem> items) {
    for (BulkResponseItem item : items) {
      if (item.error() != null && (item.status() == 429 || item.status() >= 500)) {
        return item.status();
      }
    }
    return 0;
  }

  /** The pause before retry number {@code retry} (0-based): {@link RetryBackoff}'s. */
  static long pause(long backoffMs, int retry) {
    return new RetryBackoff(backoffMs).pause(retry);
  }

  private void count(OpenSearchCounter counter) {
    if (context != null) {
      context.getCounter(counter).increment(1);
    }
  }
}
