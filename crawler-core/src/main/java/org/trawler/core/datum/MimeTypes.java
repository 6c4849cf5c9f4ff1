package org.trawler.core.datum;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * MIME type names the crawler compares, and the one way it reads a Content-Type value and decides
 * "this is HTML": the fetcher, the parsers, the renderer, the index and the report all ask here.
 */
public final class MimeTypes {
  public static final String HTML = "text/html";
  public static final String XHTML = "application/xhtml+xml";
  public static final String PLAIN_TEXT = "text/plain";
  public static final String OCTET_STREAM = "application/octet-stream";

  private MimeTypes() {}

  /** The type of a Content-Type value without its parameters, lower case; "" for none. */
  public static String base(String contentType) {
    if (contentType == null) {
      return "";
    }
    int semicolon = contentType.indexOf(';');
    String type = semicolon < 0 ? contentType : contentType.substring(0, semicolon);
    return type.trim().toLowerCase(Locale.ROOT);
  }

  /** Bytes of an untyped page searched for an HTML start. */
  private static final int SNIFF_BYTES = 1024;

  /** Whether a type {@link #base} read is HTML: text/html or application/xhtml+xml. */
  public static boolean isHtml(String type) {
    return type.equals(HTML) || type.equals(XHTML);
  }

  /** Whether an untyped page starts like HTML: an html tag or doctype in its first 1 KiB. */
  public static boolean looksLikeHtml(byte[] bytes) {
    String head =
        new String(bytes, 0, Math.min(bytes.length, SNIFF_BYTES), StandardCharsets.ISO_8859_1)
            .toLowerCase(Locale.ROOT);
    return head.contains("<html") || head.contains("<!doctype html");
  }

  /** Types whose first bytes are a usable document on their own: a cut copy is still parsed. */
  public static boolean readableInPart(String type) {
    return type.startsWith("text/") && !type.equals("text/rtf");
  }
}
