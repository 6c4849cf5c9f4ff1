package org.trawler.jobs.parse;

import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.jobs.KeyOrderedTable;
import org.trawler.jobs.records.IncomingLinks;

/**
 * Writes a task's parse records through to {@code out}, except the linked datums of crawl_parse:
 * the links the task's pages make to one URL become one linked datum ({@link
 * IncomingLinks#toLinkedDatum}, updatedb's own rule for adding links up), kept in a table of at
 * most {@value ParseJobKeys#LINKED_COMBINE_URLS} URLs that is written out, in URL order, when it is
 * full and when the task closes (the one bounded per-task table, {@link KeyOrderedTable}). A round
 * of link-heavy pages links the same few thousand URLs from every page, so crawl_parse shrinks from
 * one record per link to about one per URL and task; updatedb makes the same crawldb of it. The
 * parse and fetch tasks put it in front of their map output ({@link #inFrontOf}), so the task's
 * collector sees one record per URL and flush, not one per link. Not thread-safe: the fetcher
 * serializes its writes.
 */
public final class LinkCombiningWriter extends RecordWriter<Text, SegmentRecord> {
  private final RecordWriter<Text, SegmentRecord> out;
  private final KeyOrderedTable<UrlKey, IncomingLinks> links;
  private long linksIn;
  private long datumsOut;

  /**
   * @param maxUrls distinct URLs kept before the table is written out; at least 1
   */
  public LinkCombiningWriter(RecordWriter<Text, SegmentRecord> out, int maxUrls) {
    if (maxUrls < 1) {
      throw new IllegalArgumentException("maxUrls must be at least 1: " + maxUrls);
    }
    this.out = out;
    this.links = new KeyOrderedTable<>(maxUrls); // bounded by URLs
  }

  /**
   * {@code out}, combining linked datums unless {@value ParseJobKeys#LINKED_COMBINE_URLS} is 0
   * (read from {@code conf}).
   */
  public static RecordWriter<Text, SegmentRecord> wrap(
      RecordWriter<Text, SegmentRecord> out, Configuration conf) {
    int maxUrls =
        Settings.getInt(
            conf, ParseJobKeys.LINKED_COMBINE_URLS, ParseJobKeys.DEFAULT_LINKED_COMBINE_URLS);
    return maxUrls > 0 ? new LinkCombiningWriter(out, maxUrls) : out;
  }

  /**
   * A map task's output, {@code context.write}, behind a combining table ({@link #wrap}): Hadoop's
   * collector counts, and for a job with reduces serializes and sorts, every record it is given,
   * and a link-heavy page gives hundreds. Close it (with {@code context}) before the task ends;
   * closing leaves the context open.
   */
  public static RecordWriter<Text, SegmentRecord> inFrontOf(
      TaskInputOutputContext<?, ?, Text, SegmentRecord> context) {
    return wrap(
        new RecordWriter<>() {
          @Override
          public void write(Text key, SegmentRecord record)
              throws IOException, InterruptedException {
            context.write(key, record);
          }

          @Override
          public void close(TaskAttemptContext ignored) {}
        },
        context.getConfiguration());
  }

  @Override
  public void write(Text key, SegmentRecord record) throws IOException, InterruptedException {
    Writable value = record.get();
    if (!(value instanceof CrawlDatum) || ((CrawlDatum) value).getStatus() != CrawlStatus.LINKED) {
      out.write(key, record);
      return;
    }
    UrlKey url = new UrlKey(key.getBytes(), key.getLength()); // a look-up: the bytes not copied
    IncomingLinks sum = links.get(url);
    if (sum == null) {
      if (links.isFull()) {
        flush();
      }
      sum = links.entry(url.copy(), k -> new IncomingLinks()); // a copy: the caller reuses its key
      links.hold(1);
    }
    sum.add((CrawlDatum) value);
    linksIn++;
  }

  /** Writes the table's combined datums, in URL order, and empties it. */
  void flush() throws IOException, InterruptedException {
    datumsOut +=
        links.writeTo(
            (url, sum) -> out.write(new Text(url.bytes), new SegmentRecord(sum.toLinkedDatum())));
  }

  @Override
  public void close(TaskAttemptContext context) throws IOException, InterruptedException {
    try {
      flush();
      if (context != null && linksIn > 0) {
        ParseCounter.LINKED_DATUMS_WRITTEN.in(context).increment(datumsOut);
      }
    } finally {
      out.close(context);
    }
  }

  /** Linked datums taken so far. */
  long linksIn() {
    return linksIn;
  }

  /** Combined linked datums written so far. */
  long datumsOut() {
    return datumsOut;
  }

  /**
   * A URL's bytes (the first {@code length} of {@code bytes}) as the table's key, in Text's order
   * (unsigned bytes, then length): its hash kept and its comparisons the JDK's vectorized ones.
   * Text hashes its bytes on every look-up and compares them through Hadoop's byte comparator, and
   * a link-heavy page makes a look-up per link; a look-up reads the caller's bytes, and only a new
   * URL's are copied.
   */
  private static final class UrlKey implements Comparable<UrlKey> {
    private final byte[] bytes;
    private final int length;
    private final int hash;

    UrlKey(byte[] bytes, int length) {
      this(bytes, length, hash(bytes, length));
    }

    private UrlKey(byte[] bytes, int length, int hash) {
      this.bytes = bytes;
      this.length = length;
      this.hash = hash;
    }

    private static int hash(byte[] bytes, int length) {
      int h = 1;
      for (int i = 0; i < length; i++) {
        h = 31 * h + bytes[i];
      }
      return h;
    }

    /** This key with bytes of its own, exactly {@code length} of them. */
    UrlKey copy() {
      return new UrlKey(Arrays.copyOf(bytes, length), length, hash);
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof UrlKey k
          && hash == k.hash
          && Arrays.equals(bytes, 0, length, k.bytes, 0, k.length);
    }

    @Override
    public int compareTo(UrlKey o) {
      return Arrays.compareUnsigned(bytes, 0, length, o.bytes, 0, o.length);
    }
  }
}
