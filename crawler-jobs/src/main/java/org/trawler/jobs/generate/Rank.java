package org.trawler.jobs.generate;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;

/**
 * A due URL's place in the selection order: lower depth first (always 0 in score order), then
 * higher score, then the URL itself, so every URL has its own place and ties break the same way on
 * every run. Sorts in raw bytes, without deserializing.
 */
public class Rank implements WritableComparable<Rank> {
  private int depth;
  private float score;
  private final Text url = new Text();

  static {
    WritableComparator.define(Rank.class, new Comparator());
  }

  public Rank() {}

  public Rank(int depth, float score, String url) {
    set(depth, score, url);
  }

  public Rank(Rank other) {
    set(other);
  }

  public void set(int depth, float score, String url) {
    this.depth = depth;
    this.score = rankable(score);
    this.url.set(url);
  }

  public void set(int depth, float score, Text url) {
    this.depth = depth;
    this.score = rankable(score);
    this.url.set(url);
  }

  public void set(Rank other) {
    set(other.depth, other.score, other.url);
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

  public Text url() {
    return url;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(depth);
    out.writeFloat(score);
    url.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    depth = in.readInt();
    score = rankable(in.readFloat());
    url.readFields(in);
  }

  @Override
  public int compareTo(Rank o) {
    int c = Integer.compare(depth, o.depth);
    if (c == 0) {
      c = Float.compare(o.score, score);
    }
    return c != 0 ? c : url.compareTo(o.url);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Rank && compareTo((Rank) o) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * (31 * depth + Float.hashCode(score)) + url.hashCode();
  }

  @Override
  public String toString() {
    return "Rank{depth=" + depth + ", score=" + score + ", url=" + url + "}";
  }

  /** Compares serialized ranks: int depth, float score (descending), then the URL's UTF-8 bytes. */
  public static final class Comparator extends WritableComparator {
    /** Serialized length of depth and score, before the URL. */
    static final int FIXED = 8;

    public Comparator() {
      super(Rank.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int c = Integer.compare(readInt(b1, s1), readInt(b2, s2));
      if (c == 0) {
        c = Float.compare(readFloat(b2, s2 + 4), readFloat(b1, s1 + 4));
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
