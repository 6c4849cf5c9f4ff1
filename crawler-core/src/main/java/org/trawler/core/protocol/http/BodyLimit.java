package org.trawler.core.protocol.http;

import org.trawler.core.datum.MimeTypes;

/**
 * How many bytes of a response body are kept, by its announced type: {@code page} for HTML, XHTML
 * and text, {@code document} for anything else (PDF, Office, a body served as
 * application/octet-stream or without a type), which cannot be read when cut.
 */
record BodyLimit(int page, int document) {
  /** The same limit for every type: robots.txt. */
  static BodyLimit of(int limit) {
    return new BodyLimit(limit, limit);
  }

  /** The limit of a body whose Content-Type header is {@code contentType}, or null without one. */
  int forType(String contentType) {
    if (contentType == null || page == document) {
      return document;
    }
    String type = MimeTypes.base(contentType);
    boolean isPage =
        type.startsWith("text/")
            || type.equals("application/xhtml+xml")
            || type.endsWith("+xml")
            || type.equals("application/xml");
    return isPage && !type.equals("text/rtf") ? page : document;
  }
}
