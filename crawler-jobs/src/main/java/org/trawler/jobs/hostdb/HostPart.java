package org.trawler.jobs.hostdb;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
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
    SOFT404,
    /** A fetched crawldb URL with a query and a fingerprint: evidence for learning parameters. */
    PAGE,
    /** The host's rank from hostrank (only its rank fields are set): the new rank it stores. */
    RANK
  }

  private Kind kind = Kind.URLS;
  private HostDatum datum = new HostDatum();
  private String url = "";
  private long fingerprint;
  private String copyOf = "";

  public HostPart() {}

  /** A {@link Kind#PAGE} part: the URL and its page's fingerprint. */
  public static HostPart page(String url, long fingerprint) {
    return page(url, fingerprint, "");
  }

  /**
   * A {@link Kind#PAGE} part whose page is a copy of the same path on host {@code copyOf} (empty:
   * no such copy; {@link MirrorLearning#copyOf}).
   */
  public static HostPart page(String url, long fingerprint, String copyOf) {
    HostPart part = new HostPart(Kind.PAGE, new HostDatum());
    part.url = url;
    part.fingerprint = fingerprint;
    part.copyOf = copyOf;
    return part;
  }

  /** For a PAGE part, the host whose page at the same path this page copies, else empty. */
  public String copyOf() {
    return copyOf;
  }

  /** The URL of a PAGE part, else empty. */
  public String url() {
    return url;
  }

  /** The fingerprint of a PAGE part's page. */
  public long fingerprint() {
    return fingerprint;
  }

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
    if (kind == Kind.PAGE) {
      Text.writeString(out, url);
      out.writeLong(fingerprint);
      Text.writeString(out, copyOf);
    } else {
      datum.write(out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int k = in.readByte();
    if (k < 0 || k >= Kind.values().length) {
      throw new IOException("HostPart: unknown kind " + k);
    }
    kind = Kind.values()[k];
    datum = new HostDatum();
    url = "";
    fingerprint = 0;
    copyOf = "";
    if (kind == Kind.PAGE) {
      url = Text.readString(in);
      fingerprint = in.readLong();
      copyOf = Text.readString(in);
    } else {
      datum.readFields(in);
    }
  }

  @Override
  public String toString() {
    return kind == Kind.PAGE
        ? kind + " " + url + " " + fingerprint + (copyOf.isEmpty() ? "" : " copy_of=" + copyOf)
        : kind + " " + datum;
  }
}
