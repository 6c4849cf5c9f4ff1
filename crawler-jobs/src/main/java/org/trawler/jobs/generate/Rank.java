package org.trawler.jobs.generate;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/**
 * A due URL's place in the selection order: lower depth first (always 0 in score order), then
 * higher score, then fresh news first (a new URL first seen in a feed, newest item first), then the
 * URL itself, so every URL has its own place and ties break the same way on every run. Sorts in raw
 * bytes, without deserializing.
 */
public class Rank implements WritableComparable<Rank> {
  private int depth;
  private float score;
  private long news;
  private final Text url = new Text();

  static {
    WritableComparator.define(Rank.class, new Comparator());
  }

  public Rank() {}

  public Rank(int depth, float score, String url) {
    set(depth, score, url);
  }

  /**
   * @param news the feed item date of a URL not fetched yet, ms epoch ({@link #newsOf}), 0 = none
   */
  public Rank(int depth, float score, long news, String url) {
    set(depth, score, url);
    this.news = news;
  }

  /**
   * The date of the newest feed item that links an unfetched URL ({@link MetadataKeys#FEED_ITEM}),
   * 0 for any other: what ranks fresh news first.
   */
  public static long newsOf(CrawlDatum datum) {
    return datum.getStatus() == CrawlStatus.DB_UNFETCHED
        ? Math.max(0, datum.getMetaLong(MetadataKeys.FEED_ITEM, 0))
        : 0;
  }

  public Rank(Rank other) {
    set(other);
  }

  public void set(int depth, float score, String url) {
    this.depth = depth;
    this.score = rankable(score);
    this.news = 0;
    this.url.set(url);
  }

  public void set(int depth, float score, long news, Text url) {
    this.depth = depth;
    this.score = rankable(score);
    this.news = news;
    this.url.set(url);
  }

  public void set(Rank other) {
    set(other.depth, other.score, other.news, other.url);
  }

  /** NaN would sort before every real score; it ranks last instead. */
  private static float rankable(float score) {
    return Float.isNaN(score) ? Float.NEGATIVE_INFINITY : score;
  }

  public int depth() {
    return depth;
  }

  public float score() {
    return score;
  }

  public long news() {
    return news;
  }

  public Text url() {
    return url;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(depth);
    out.writeFloat(score);
    out.writeLong(news);
    url.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    depth = in.readInt();
    score = rankable(in.readFloat());
    news = in.readLong();
    url.readFields(in);
  }

  @Override
  public int compareTo(Rank o) {
    int c = Integer.compare(depth, o.depth);
    if (c == 0) {
      c = Float.compare(o.score, score);
    }
    if (c == 0) {
      c = Long.compare(o.news, news);
    }
    return c != 0 ? c : url.compareTo(o.url);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rank && compareTo((Rank) o) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * (31 * depth + Float.hashCode(score)) + Long.hashCode(news)) + url.hashCode();
  }

  @Override
  public String toString() {
    return "Rank{depth="
        + depth
        + ", score="
        + score
        + (news > 0 ? ", news=" + news : "")
        + ", url="
        + url
        + "}";
  }

  /**
   * Compares serialized ranks: int depth, float score (descending), long news (descending), then
   * the URL's UTF-8 bytes.
   */
  public static final class Comparator extends WritableComparator {
    /** Serialized length of depth, score and news, before the URL. */
    static final int FIXED = 16;

    public Comparator() {
      super(Rank.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int c = Integer.compare(readInt(b1, s1), readInt(b2, s2));
      if (c == 0) {
        c = Float.compare(readFloat(b2, s2 + 4), readFloat(b1, s1 + 4));
      }
      if (c == 0) {
        c = Long.compare(readLong(b2, s2 + 8), readLong(b1, s1 + 8));
      }
      if (c != 0) {
        return c;
      }
      int n1 = WritableUtils.decodeVIntSize(b1[s1 + FIXED]);
      int n2 = WritableUtils.decodeVIntSize(b2[s2 + FIXED]);
      return compareBytes(
          b1, s1 + FIXED + n1, l1 - FIXED - n1, b2, s2 + FIXED + n2, l2 - FIXED - n2);
    }
  }
}
