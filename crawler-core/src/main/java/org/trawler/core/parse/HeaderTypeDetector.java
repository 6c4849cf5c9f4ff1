package org.trawler.core.parse;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The type the Content-Type header announces, or HTML for an untyped page that starts like HTML:
 * what the crawler knew before documents were parsed; for a crawl without the Tika module.
 */
public class HeaderTypeDetector implements TypeDetector {
  /** Bytes of an untyped page searched for an HTML start. */
  private static final int SNIFF_BYTES = 1024;

  @Override
  public String detect(byte[] bytes, String headerType, String url) {
    String type = MimeTypes.base(headerType);
    if (!type.isEmpty()) {
      return type;
    }
    String head =
        new String(bytes, 0, Math.min(bytes.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1)
            .toLowerCase(Locale.ROOT);
    return head.contains("<html") || head.contains("<!doctype html")
        ? MimeTypes.HTML
        : MimeTypes.OCTET_STREAM;
  }
}
