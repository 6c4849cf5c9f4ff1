package org.trawler.jobs.warc;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.trawler.core.datum.MimeTypes;

/**
 * A response head as received, rewritten for the body as stored. The fetcher keeps bodies decoded
 * (gzip, deflate, br, chunked undone), so the headers that describe the wire encoding would make a
 * reader decode again: they are renamed {@code X-Crawler-<name>}, as Common Crawl does, and
 * Content-Length is set to the stored length.
 */
final class ResponseHead {
  /** Headers describing an encoding the stored body no longer has. */
  static final List<String> RENAMED = List.of("Content-Encoding", "Transfer-Encoding");

  /** The prefix a renamed header gets. */
  static final String RENAMED_PREFIX = "X-Crawler-";

  private ResponseHead() {}

  /**
   * The head with encoding headers renamed and Content-Length set to {@code storedLength} (added if
   * absent), ending with the empty line.
   */
  static byte[] forStoredBody(byte[] head, long storedLength) {
    String[] lines = new String(head, StandardCharsets.ISO_8859_1).split("\r\n");
    StringBuilder out = new StringBuilder(head.length + 64);
    out.append(lines.length > 0 ? lines[0] : "").append("\r\n");
    for (int i = 1; i < lines.length; i++) {
      String line = lines[i];
      if (line.isEmpty()) {
        continue;
      }
      String name = fieldName(line);
      if (name.equalsIgnoreCase("Content-Length")) {
        continue;
      }
      if (isRenamed(name)) {
        out.append(RENAMED_PREFIX);
      }
      out.append(line).append("\r\n");
    }
    out.append("Content-Length: ").append(storedLength).append("\r\n\r\n");
    return out.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The value of the first field {@code name} (any case), or null. */
  static String field(byte[] head, String name) {
    String[] lines = new String(head, StandardCharsets.ISO_8859_1).split("\r\n");
    for (int i = 1; i < lines.length; i++) {
      if (fieldName(lines[i]).equalsIgnoreCase(name)) {
        return lines[i].substring(lines[i].indexOf(':') + 1).trim();
      }
    }
    return null;
  }

  /** The media type of the Content-Type field, lower case without parameters, or null. */
  static String mediaType(byte[] head) {
    String type = field(head, "Content-Type");
    String media = MimeTypes.base(type);
    return media.isEmpty() ? null : media;
  }

  private static boolean isRenamed(String name) {
    for (String renamed : RENAMED) {
      if (renamed.equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  private static String fieldName(String line) {
    int colon = line.indexOf(':');
    return colon < 0 ? "" : line.substring(0, colon).trim();
  }
}
