package org.trawler.jobs.hostdb;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.trawler.core.datum.HostDatum;

/**
 * One input's contribution to a host's new record, as updatehostdb's mappers send it to the
 * reducer: what it is ({@link Kind}) and the fields of a {@link HostDatum} that kind fills.
 */
public final class HostPart implements Writable {
  /** Where a part comes from; the reducer merges each kind its own way ({@link HostUpdate}). */
  public enum Kind {
    /** The host's record in the installed hostdb. */
    PREVIOUS,
    /** crawldb URLs of the host, counted per status. */
    URLS,
    /** Fetch outcomes of this round's segments. */
    FETCHES,
    /** The robots.txt answer of one of the host's sites. */
    ROBOTS,
    /** The answer to this round's soft-404 probe of the host (its soft-404 fields). */
    SOFT404
  }

  private Kind kind = Kind.URLS;
  private HostDatum datum = new HostDatum();

  public HostPart() {}

  public HostPart(Kind kind, HostDatum datum) {
    this.kind = kind;
    this.datum = datum;
  }

  public Kind kind() {
    return kind;
  }

  public HostDatum datum() {
    return datum;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(kind.ordinal());
    datum.write(out);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int k = in.readByte();
    if (k < 0 || k >= Kind.values().length) {
      throw new IOException("HostPart: unknown kind " + k);
    }
    kind = Kind.values()[k];
    datum = new HostDatum();
    datum.readFields(in);
  }

  @Override
  public String toString() {
    return kind + " " + datum;
  }
}
