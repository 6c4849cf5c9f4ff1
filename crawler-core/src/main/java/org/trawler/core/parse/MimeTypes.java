package org.trawler.core.parse;

import java.util.Locale;

/** MIME type names the parse step compares, and the one way it reads a Content-Type value. */
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

  public static boolean isHtml(String type) {
    return type.equals(HTML) || type.equals(XHTML);
  }

  /** Types whose first bytes are a usable document on their own: a cut copy is still parsed. */
  public static boolean readableInPart(String type) {
    return type.startsWith("text/") && !type.equals("text/rtf");
  }
}
