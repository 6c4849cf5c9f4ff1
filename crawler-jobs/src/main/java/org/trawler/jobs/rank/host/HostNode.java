package org.trawler.jobs.rank.host;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * A host of the host graph between hostrank's iterations, or what a linking host sends it. A {@link
 * Kind#NODE} is the host's state: the hosts it links to, its HyperLogLog counter (the hosts within
 * the iterations' distance that link to it, itself included), its harmonic centrality so far and
 * its PageRank. A {@link Kind#MESSAGE} is a linking host's counter and its share of PageRank.
 */
public final class HostNode implements Writable {
  /** What the record is. */
  public enum Kind {
    NODE,
    MESSAGE
  }

  private Kind kind = Kind.NODE;
  private final List<String> targets = new ArrayList<>();
  private byte[] registers = new byte[0];
  private double harmonic;
  private double rank;

  public HostNode() {}

  /** A host's state. */
  public static HostNode node(
      List<String> targets, byte[] registers, double harmonic, double rank) {
    HostNode n = new HostNode();
    n.targets.addAll(targets);
    n.registers = registers;
    n.harmonic = harmonic;
    n.rank = rank;
    return n;
  }

  /** What a linking host sends: its counter and {@code rank} (its PageRank over its out-degree). */
  public static HostNode message(byte[] registers, double rank) {
    HostNode n = new HostNode();
    n.kind = Kind.MESSAGE;
    n.registers = registers;
    n.rank = rank;
    return n;
  }

  /** A deep copy. */
  public HostNode copy() {
    HostNode n = node(targets, registers.clone(), harmonic, rank);
    n.kind = kind;
    return n;
  }

  public Kind kind() {
    return kind;
  }

  /** The hosts this one links to, sorted, none twice, never itself. */
  public List<String> targets() {
    return targets;
  }

  /** The HyperLogLog registers. */
  public byte[] registers() {
    return registers;
  }

  /** The harmonic centrality summed so far. */
  public double harmonic() {
    return harmonic;
  }

  /** The node's PageRank (hosts' mean 1), or a message's share of its sender's. */
  public double rank() {
    return rank;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(kind.ordinal());
    WritableUtils.writeVInt(out, targets.size());
    for (String t : targets) {
      Text.writeString(out, t);
    }
    WritableUtils.writeVInt(out, registers.length);
    out.write(registers);
    out.writeDouble(harmonic);
    out.writeDouble(rank);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int k = in.readByte();
    if (k < 0 || k >= Kind.values().length) {
      throw new IOException("HostNode: unknown kind " + k);
    }
    kind = Kind.values()[k];
    targets.clear();
    int n = WritableUtils.readVInt(in);
    for (int i = 0; i < n; i++) {
      targets.add(Text.readString(in));
    }
    registers = new byte[WritableUtils.readVInt(in)];
    in.readFully(registers);
    harmonic = in.readDouble();
    rank = in.readDouble();
  }

  @Override
  public String toString() {
    return String.format(
        Locale.ROOT,
        "%s targets=%s hosts~%.1f harmonic=%.3f rank=%.4f",
        kind,
        targets,
        registers.length == 0 ? 0.0 : new HyperLogLog(registers.clone()).estimate(),
        harmonic,
        rank);
  }
}
