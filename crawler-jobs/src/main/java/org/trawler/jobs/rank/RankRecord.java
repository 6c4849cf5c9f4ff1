package org.trawler.jobs.rank;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What the rank jobs pass under a URL, one kind at a time: the page itself (a graph node: its rank
 * and its links out), a parse's links out, one link seen from its other end, or a share of rank
 * sent along a link.
 */
public class RankRecord implements Writable {
  /** The kinds of record; {@link #name} and {@link #value} mean what each says. */
  public enum Kind {
    /** The page is in the crawldb: a node; value = its rank, edges = its links out. */
    NODE,
    /** A parse of the page: name = its segment, edges = the links to rank. */
    PAGE,
    /** One link: name = the page at its other end, value = its weight. */
    LINK,
    /** Rank sent to the page along its inlinks: value = the mass. */
    SHARE
  }

  /** A link out of a page and its weight. */
  public record Edge(String url, float weight) {}

  private Kind kind = Kind.NODE;
  private String name = "";
  private double value;
  private final List<Edge> edges = new ArrayList<>();

  public RankRecord() {}

  private RankRecord(Kind kind, String name, double value, List<Edge> edges) {
    this.kind = kind;
    this.name = name;
    this.value = value;
    this.edges.addAll(edges);
  }

  /** A crawldb page with no rank or links known yet. */
  public static RankRecord node() {
    return node(0, List.of());
  }

  public static RankRecord node(double rank, List<Edge> edges) {
    return new RankRecord(Kind.NODE, "", rank, edges);
  }

  public static RankRecord page(String segment, List<Edge> edges) {
    return new RankRecord(Kind.PAGE, segment, 0, edges);
  }

  public static RankRecord link(String otherEnd, float weight) {
    return new RankRecord(Kind.LINK, otherEnd, weight, List.of());
  }

  public static RankRecord share(double mass) {
    return new RankRecord(Kind.SHARE, "", mass, List.of());
  }

  public Kind kind() {
    return kind;
  }

  public String name() {
    return name;
  }

  public double value() {
    return value;
  }

  public List<Edge> edges() {
    return edges;
  }

  /** The sum of the edges' weights: 0 for a dangling page. */
  public double totalWeight() {
    double total = 0;
    for (Edge e : edges) {
      total += e.weight();
    }
    return total;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(kind.ordinal());
    Text.writeString(out, name);
    out.writeDouble(value);
    WritableUtils.writeVInt(out, edges.size());
    for (Edge e : edges) {
      Text.writeString(out, e.url());
      out.writeFloat(e.weight());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    kind = Kind.values()[in.readByte()];
    name = Text.readString(in);
    value = in.readDouble();
    int n = WritableUtils.readVInt(in);
    edges.clear();
    for (int i = 0; i < n; i++) {
      edges.add(new Edge(Text.readString(in), in.readFloat()));
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RankRecord r
        && r.kind == kind
        && r.name.equals(name)
        && Double.compare(r.value, value) == 0
        && r.edges.equals(edges);
  }

  @Override
  public int hashCode() {
    return ((kind.hashCode() * 31 + name.hashCode()) * 31 + Double.hashCode(value)) * 31
        + edges.hashCode();
  }

  @Override
  public String toString() {
    return kind + "{" + name + ", " + value + ", " + edges + "}";
  }
}
