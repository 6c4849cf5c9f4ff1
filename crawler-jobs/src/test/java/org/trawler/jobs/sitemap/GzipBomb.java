package org.trawler.jobs.sitemap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

/**
 * A gzip bomb: a sitemap whose first {@code <loc>} goes on for a given number of bytes, which
 * crawler-commons alone holds whole (a 300 MB one ran a 512 MB heap out of memory). Made of gzip
 * members one after another (RFC 1952 allows it and GZIPInputStream reads on), the same compressed
 * MB repeated: a 10 GB bomb is 10 MB of gzip, made without deflating 10 GB or writing it anywhere.
 */
final class GzipBomb {
  private static final int MEMBER_BYTES = 1 << 20;

  /** One MB of 'a', gzipped: about 1 KB (deflate's best is about 1000 to 1). */
  private static final byte[] MEMBER = member();

  private GzipBomb() {}

  private static byte[] member() {
    byte[] block = new byte[MEMBER_BYTES];
    Arrays.fill(block, (byte) 'a');
    return gzip(block);
  }

  static byte[] gzip(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Writes the bomb: {@code start} then at least {@code bytes} bytes of 'a', gzipped. */
  static void write(OutputStream out, String start, long bytes) throws IOException {
    out.write(gzip(start.getBytes(StandardCharsets.UTF_8)));
    for (long n = 0; n < bytes; n += MEMBER_BYTES) {
      out.write(MEMBER);
    }
  }

  /** The bomb, in memory: about {@code bytes} / 1000 bytes. */
  static byte[] of(String start, long bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      write(out, start, bytes);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}
