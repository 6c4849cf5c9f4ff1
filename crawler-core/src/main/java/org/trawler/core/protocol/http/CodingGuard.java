package org.trawler.core.protocol.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipException;
import org.apache.hc.client5.http.entity.InputStreamFactory;

/**
 * Makes a content decoder fail the way gzip does: a body that is not the coding it claims is a
 * {@link ZipException} (protocol_error), while a network failure under the decoder stays itself.
 * The brotli decoder wraps both in its own exceptions, and aircompressor's zstd throws unchecked
 * ones, which would otherwise escape the fetch as a bug.
 */
final class CodingGuard extends FilterInputStream {
  private final String coding;

  private CodingGuard(String coding, InputStream decoded) {
    super(decoded);
    this.coding = coding;
  }

  static InputStreamFactory guard(String coding, InputStreamFactory decoder) {
    return body -> {
      try {
        return new CodingGuard(coding, decoder.create(body));
      } catch (IOException | RuntimeException e) {
        throw translate(coding, e);
      }
    };
  }

  @Override
  public int read() throws IOException {
    try {
      return super.read();
    } catch (IOException | RuntimeException e) {
      throw translate(coding, e);
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    try {
      return super.read(b, off, len);
    } catch (IOException | RuntimeException e) {
      throw translate(coding, e);
    }
  }

  /** The network failure in {@code e}'s causes if there is one, else a ZipException. */
  static IOException translate(String coding, Exception e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof IOException io && !isDecoderOwn(io)) {
        return io;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    ZipException bad = new ZipException("bad " + coding + " data: " + e.getMessage());
    bad.initCause(e);
    return bad;
  }

  /** The brotli decoder's own IOExceptions (with a decoder cause) say the data is bad. */
  private static boolean isDecoderOwn(IOException io) {
    return io.getClass() == IOException.class
        && io.getCause() != null
        && !(io.getCause() instanceof IOException);
  }
}
