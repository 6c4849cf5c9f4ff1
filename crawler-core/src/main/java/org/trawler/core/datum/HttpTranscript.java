package org.trawler.core.datum;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * What went over the wire for one fetch: every request sent and the response head received, in
 * order (a redirect followed inline adds one exchange per hop). Kept in the segment's
 * http_transcript part (fetcher.store.http.headers) so a WARC export has the real request and
 * response records. The first byte written is the format version.
 */
public class HttpTranscript implements Writable {
  public static final byte VERSION = 1;

  /** Why a stored body is shorter than what the server sent. */
  public enum Truncation {
    NONE,
    /** Cut at http.content.limit, or an error body larger than what is read of one. */
    LENGTH,
    /** Cut when http.request.deadline passed. */
    TIME
  }

  /**
   * One request and its response head as they went over the wire.
   *
   * @param url the request's target URL
   * @param requestTime when the request was sent, ms epoch
   * @param ipAddress the address connected to (the proxy's when one is used), "" when unknown
   * @param requestHead request line and header fields as sent, ending with the empty line
   * @param responseHead status line and header fields as received (before any decoding), ending
   *     with the empty line
   * @param body the decoded body, unless {@code bodyInContent}
   * @param bodyInContent true when the body is the page's Content (a 2xx ending the fetch): it is
   *     not stored twice
   */
  public record Exchange(
      String url,
      long requestTime,
      String ipAddress,
      byte[] requestHead,
      byte[] responseHead,
      int statusCode,
      byte[] body,
      boolean bodyInContent,
      Truncation truncation) {

    /** The request head as text (ISO-8859-1, as HTTP/1.1 fields are). */
    public String requestHeadText() {
      return new String(requestHead, StandardCharsets.ISO_8859_1);
    }

    /** The response head as text (ISO-8859-1). */
    public String responseHeadText() {
      return new String(responseHead, StandardCharsets.ISO_8859_1);
    }
  }

  private final List<Exchange> exchanges = new ArrayList<>();

  public HttpTranscript() {}

  public HttpTranscript(List<Exchange> exchanges) {
    this.exchanges.addAll(exchanges);
  }

  /** The exchanges in the order they happened; the last one is the fetch's answer. */
  public List<Exchange> exchanges() {
    return Collections.unmodifiableList(exchanges);
  }

  /** The last exchange, or null when none completed. */
  public Exchange last() {
    return exchanges.isEmpty() ? null : exchanges.get(exchanges.size() - 1);
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(VERSION);
    WritableUtils.writeVInt(out, exchanges.size());
    for (Exchange e : exchanges) {
      Text.writeString(out, e.url());
      out.writeLong(e.requestTime());
      Text.writeString(out, e.ipAddress());
      writeBytes(out, e.requestHead());
      writeBytes(out, e.responseHead());
      WritableUtils.writeVInt(out, e.statusCode());
      writeBytes(out, e.body());
      out.writeBoolean(e.bodyInContent());
      out.writeByte(e.truncation().ordinal());
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    Writables.checkVersion("HttpTranscript", in.readByte(), VERSION);
    exchanges.clear();
    int n = WritableUtils.readVInt(in);
    Truncation[] truncations = Truncation.values();
    for (int i = 0; i < n; i++) {
      String url = Text.readString(in);
      long requestTime = in.readLong();
      String ip = Text.readString(in);
      byte[] requestHead = readBytes(in);
      byte[] responseHead = readBytes(in);
      int status = WritableUtils.readVInt(in);
      byte[] body = readBytes(in);
      boolean bodyInContent = in.readBoolean();
      int truncation = in.readByte();
      if (truncation < 0 || truncation >= truncations.length) {
        throw new IOException("HttpTranscript: unknown truncation " + truncation);
      }
      exchanges.add(
          new Exchange(
              url,
              requestTime,
              ip,
              requestHead,
              responseHead,
              status,
              body,
              bodyInContent,
              truncations[truncation]));
    }
  }

  private static void writeBytes(DataOutput out, byte[] bytes) throws IOException {
    WritableUtils.writeVInt(out, bytes.length);
    out.write(bytes);
  }

  private static byte[] readBytes(DataInput in) throws IOException {
    byte[] bytes = new byte[WritableUtils.readVInt(in)];
    in.readFully(bytes);
    return bytes;
  }

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("HttpTranscript{");
    for (Exchange e : exchanges) {
      s.append(e.url()).append(" ").append(e.statusCode()).append(" @").append(e.ipAddress());
      s.append("; ");
    }
    return s.append("}").toString();
  }
}
