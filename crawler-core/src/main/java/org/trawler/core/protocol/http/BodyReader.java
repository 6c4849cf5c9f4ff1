package org.trawler.core.protocol.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads a (decoded) response body in chunks, keeping at most a limit of bytes and giving up at the
 * deadline, so neither a gzip bomb nor an endless or dripping body can hold memory or a thread. The
 * one bound of decoded bytes: response bodies of every Content-Encoding, and files that are
 * compressed themselves (a gzipped sitemap), whose decompressing stream is read through it.
 */
public final class BodyReader {
  private static final int CHUNK = 8192;

  /** What was read, and whether there was more than the limit. */
  public record Body(byte[] bytes, boolean truncated) {
    static final Body EMPTY = new Body(new byte[0], false);
  }

  private BodyReader() {}

  /**
   * Reads {@code in} to its end or to {@code limit} bytes. When the limit is reached one more byte
   * is tried, to tell a body of exactly the limit from a longer one; the caller must then discard
   * the stream (its remainder is unread). At the deadline it throws a {@link
   * DeadlineExceededException} holding the bytes read so far.
   */
  public static Body read(InputStream in, int limit, Deadline deadline) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(limit, 64 * 1024));
    byte[] chunk = new byte[CHUNK];
    while (true) {
      if (deadline.hasPassed()) {
        throw new DeadlineExceededException(out.toByteArray());
      }
      int room = limit - out.size();
      if (room == 0) {
        return new Body(out.toByteArray(), in.read() >= 0);
      }
      int n;
      try {
        n = in.read(chunk, 0, Math.min(CHUNK, room));
      } catch (IOException e) {
        if (deadline.isExpired()) { // the deadline timer aborted the read: keep what arrived
          throw new DeadlineExceededException(out.toByteArray());
        }
        throw e;
      }
      if (n < 0) {
        return new Body(out.toByteArray(), false);
      }
      out.write(chunk, 0, n);
    }
  }
}
