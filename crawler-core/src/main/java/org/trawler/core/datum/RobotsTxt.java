package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What one site's robots.txt (scheme://host[:port]) answered when it was last asked, kept across
 * rounds so that a site is not asked every round (RFC 9309 §2.4): when it was asked, the reason of
 * that answer, and the last good copy — the file itself, or that there is none (4xx). An
 * unreachable answer (5xx, no connection) keeps the previous copy and remembers when the outage
 * began (§2.3.1.4). The rules it sets are {@code org.trawler.core.protocol.RobotsRules.of}'s
 * business. It also keeps the site's {@code /.well-known/tdmrep.json} (W3C TDM Reservation
 * Protocol), asked with robots.txt and kept as long: the body of a 200 answer, else none.
 */
public final class RobotsTxt implements Writable {
  /** Version 2 added the site's /.well-known/tdmrep.json; version 1 records read as having none. */
  public static final byte VERSION = 2;

  private static final byte VERSION_WITHOUT_TDMREP = 1;

  /** A tdmrep.json answer with a file. */
  public static final String TDMREP_OK = "ok";

  /** A tdmrep.json larger than the protocol reads: no rules, and a note at parse. */
  public static final String TDMREP_TOO_LARGE = "too_large";

  /** The last good copy: none yet, a file, or that the site has none (4xx: allow all). */
  public enum Copy {
    NONE,
    FILE,
    MISSING
  }

  private long checkedTime;
  private String reason = "";
  private long unreachableSince;
  private Copy copy = Copy.NONE;
  private String url = "";
  private String contentType = "";
  private byte[] content = new byte[0];

  /** What /.well-known/tdmrep.json answered: "ok", "too_large", http_404, ...; "" not asked. */
  private String tdmRepReason = "";

  /** The body of a 200 tdmrep.json answer; empty otherwise. */
  private byte[] tdmRep = new byte[0];

  public RobotsTxt() {}

  /**
   * This answer with the site's tdmrep.json answer: {@code reason} ("ok" with the file's bytes,
   * "too_large" when it passed the limit, else why there is none).
   */
  public RobotsTxt withTdmRep(String reason, byte[] body) {
    RobotsTxt r = copyOf(this);
    r.tdmRepReason = reason;
    r.tdmRep = body == null ? new byte[0] : body;
    return r;
  }

  public String getTdmRepReason() {
    return tdmRepReason;
  }

  public byte[] getTdmRep() {
    return tdmRep;
  }

  /** A robots.txt file served (after redirects) from {@code url}, asked at {@code now}. */
  public static RobotsTxt file(long now, String url, byte[] content, String contentType) {
    RobotsTxt r = new RobotsTxt();
    r.checkedTime = now;
    r.reason = "ok";
    r.copy = Copy.FILE;
    r.url = url;
    r.content = content;
    r.contentType = contentType == null ? "" : contentType;
    return r;
  }

  /** No robots.txt (4xx, or none to be had for good): no restrictions. */
  public static RobotsTxt missing(long now, String reason) {
    RobotsTxt r = new RobotsTxt();
    r.checkedTime = now;
    r.reason = reason;
    r.copy = Copy.MISSING;
    return r;
  }

  /** robots.txt could not be had now (5xx, timeout, refused); {@code reason} says why. */
  public static RobotsTxt unreachable(long now, String reason) {
    RobotsTxt r = new RobotsTxt();
    r.checkedTime = now;
    r.reason = reason;
    r.unreachableSince = now;
    return r;
  }

  /**
   * This answer, taking from the {@code previous} one (or null) what an unreachable answer does not
   * have: the last good copy, and the start of an outage that is still going on.
   */
  public RobotsTxt after(RobotsTxt previous) {
    if (!isUnreachable() || previous == null) {
      return this;
    }
    RobotsTxt r = copyOf(this);
    r.copy = previous.copy;
    r.url = previous.url;
    r.contentType = previous.contentType;
    r.content = previous.content;
    r.tdmRepReason = previous.tdmRepReason;
    r.tdmRep = previous.tdmRep;
    if (previous.isUnreachable()) {
      r.unreachableSince = Math.min(unreachableSince, previous.unreachableSince);
    }
    return r;
  }

  /**
   * Whether this answer may be used at {@code now} without asking again: a good answer for {@code
   * cacheMillis}, an unreachable one for {@code unreachableMillis}.
   */
  public boolean isFresh(long now, long cacheMillis, long unreachableMillis) {
    return now - checkedTime < (isUnreachable() ? unreachableMillis : cacheMillis);
  }

  /**
   * The last request failed (5xx, no connection): the outage began at {@link #unreachableSince}.
   */
  public boolean isUnreachable() {
    return unreachableSince > 0;
  }

  public long getCheckedTime() {
    return checkedTime;
  }

  /** The reason of the last answer: ok, http_404, http_503, timeout, ... */
  public String getReason() {
    return reason;
  }

  /** When the current outage began, ms epoch; 0 when the last answer was not unreachable. */
  public long getUnreachableSince() {
    return unreachableSince;
  }

  public Copy getCopy() {
    return copy;
  }

  /** The URL the file came from (after redirects); empty unless the copy is a file. */
  public String getUrl() {
    return url;
  }

  public String getContentType() {
    return contentType;
  }

  public byte[] getContent() {
    return content;
  }

  /** A copy of {@code a} (Hadoop reuses the objects it hands a reducer). */
  public static RobotsTxt copyOf(RobotsTxt a) {
    RobotsTxt r = new RobotsTxt();
    r.checkedTime = a.checkedTime;
    r.reason = a.reason;
    r.unreachableSince = a.unreachableSince;
    r.copy = a.copy;
    r.url = a.url;
    r.contentType = a.contentType;
    r.content = a.content;
    r.tdmRepReason = a.tdmRepReason;
    r.tdmRep = a.tdmRep;
    return r;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    out.writeLong(checkedTime);
    Text.writeString(out, reason);
    out.writeLong(unreachableSince);
    out.writeByte(copy.ordinal());
    Text.writeString(out, url);
    Text.writeString(out, contentType);
    WritableUtils.writeVInt(out, content.length);
    out.write(content);
    Text.writeString(out, tdmRepReason);
    WritableUtils.writeVInt(out, tdmRep.length);
    out.write(tdmRep);
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte version = in.readByte();
    Writables.checkVersion("RobotsTxt", version, VERSION_WITHOUT_TDMREP, VERSION);
    checkedTime = in.readLong();
    reason = Text.readString(in);
    unreachableSince = in.readLong();
    int c = in.readByte();
    if (c < 0 || c >= Copy.values().length) {
      throw new IOException("RobotsTxt: unknown copy kind " + c);
    }
    copy = Copy.values()[c];
    url = Text.readString(in);
    contentType = Text.readString(in);
    content = new byte[WritableUtils.readVInt(in)];
    in.readFully(content);
    if (version == VERSION_WITHOUT_TDMREP) {
      tdmRepReason = "";
      tdmRep = new byte[0];
    } else {
      tdmRepReason = Text.readString(in);
      tdmRep = new byte[WritableUtils.readVInt(in)];
      in.readFully(tdmRep);
    }
  }

  @Override
  public String toString() {
    return reason
        + " at "
        + checkedTime
        + (isUnreachable() ? ", unreachable since " + unreachableSince : "")
        + ", copy "
        + copy
        + (copy == Copy.FILE ? " (" + content.length + " bytes from " + url + ")" : "")
        + (tdmRepReason.isEmpty() ? "" : ", tdmrep.json " + tdmRepReason);
  }
}
