package org.trawler.jobs.generate;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * A URL's place in a fetch list: by slot first (every host's best URL, then every host's second
 * best, ...), so hosts take turns; within a slot by rank.
 */
public class FetchSlot implements WritableComparable<FetchSlot> {
  private int slot;
  private final Rank rank = new Rank();

  static {
    WritableComparator.define(FetchSlot.class, new Comparator());
  }

  public FetchSlot() {}

  public FetchSlot(int slot, Rank rank) {
    set(slot, rank);
  }

  public void set(int slot, Rank rank) {
    this.slot = slot;
    this.rank.set(rank);
  }

  public int slot() {
    return slot;
  }

  public Rank rank() {
    return rank;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(slot);
    rank.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    slot = in.readInt();
    rank.readFields(in);
  }

  @Override
  public int compareTo(FetchSlot o) {
    int c = Integer.compare(slot, o.slot);
    return c != 0 ? c : rank.compareTo(o.rank);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FetchSlot && compareTo((FetchSlot) o) == 0;
  }

  @Override
  public int hashCode() {
    return 31 * slot + rank.hashCode();
  }

  @Override
  public String toString() {
    return "FetchSlot{slot=" + slot + ", " + rank + "}";
  }

  /** Compares serialized slots: the int slot, then the rank's bytes. */
  public static final class Comparator extends WritableComparator {
    private final Rank.Comparator ranks = new Rank.Comparator();

    public Comparator() {
      super(FetchSlot.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      int c = Integer.compare(readInt(b1, s1), readInt(b2, s2));
      return c != 0 ? c : ranks.compare(b1, s1 + 4, l1 - 4, b2, s2 + 4, l2 - 4);
    }
  }
}
