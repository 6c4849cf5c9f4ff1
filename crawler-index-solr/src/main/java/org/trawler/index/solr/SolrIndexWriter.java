package org.trawler.index.solr;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.trawler.core.conf.Settings;
import org.trawler.jobs.index.IndexDocument;
import org.trawler.jobs.index.IndexWriter;

/**
 * The {@code solr} index writer: sends the index job's adds and deletes to a Solr collection in
 * batches of {@code solr.commit.size} through Solr's JSON update API, and commits at the end of the
 * task. It speaks HTTP through HttpClient 5, which the crawler already uses, rather than SolrJ,
 * whose Jetty 10 client and Jackson would meet Hadoop's Jetty 9 and Jackson on a task's classpath.
 */
public class SolrIndexWriter implements IndexWriter {
  public static final String NAME = "solr";

  private final SolrConnection.Pause pause;
  private SolrConnection connection;
  private UpdateBatch batch;
  private int commitSize;

  public SolrIndexWriter() {
    this(Thread::sleep);
  }

  SolrIndexWriter(SolrConnection.Pause pause) {
    this.pause = pause;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public void check(Configuration conf) throws IOException {
    commitSize(conf);
    try (SolrConnection c = new SolrConnection(conf, pause)) {
      c.check();
    }
  }

  @Override
  public void open(Configuration conf, TaskAttemptContext context) throws IOException {
    commitSize = commitSize(conf);
    connection = new SolrConnection(conf, pause);
    if (conf.getBoolean(SolrKeys.CLOUD_DISCOVER, SolrKeys.DEFAULT_CLOUD_DISCOVER)) {
      connection.discoverNodes();
    }
    if (context != null) {
      connection.startAt(context.getTaskAttemptID().getTaskID().getId());
    }
    batch = new UpdateBatch();
  }

  @Override
  public void add(IndexDocument doc) throws IOException {
    batch.add(doc);
    sendIfFull();
  }

  @Override
  public void delete(String id) throws IOException {
    batch.delete(id);
    sendIfFull();
  }

  @Override
  public void commit() throws IOException {
    connection.update(takeBatch(), true);
  }

  /** Sends what is still batched, uncommitted (Solr's autoCommit makes it durable). */
  @Override
  public void close() throws IOException {
    if (connection == null) {
      return;
    }
    try {
      if (batch.size() > 0) {
        send();
      }
    } finally {
      connection.close();
      connection = null;
    }
  }

  private void sendIfFull() throws IOException {
    if (batch.size() >= commitSize) {
      send();
    }
  }

  private void send() throws IOException {
    connection.update(takeBatch(), false);
  }

  /** The batch's body, the batch emptied first: a batch that failed is not sent again by close. */
  private String takeBatch() {
    String json = batch.toJson();
    batch.clear();
    return json;
  }

  private static int commitSize(Configuration conf) {
    return Settings.getInt(
        conf, SolrKeys.COMMIT_SIZE, SolrKeys.DEFAULT_COMMIT_SIZE, 1, Integer.MAX_VALUE);
  }
}
