package org.trawler.core.parse;

import org.trawler.core.datum.MimeTypes;

/**
 * The type the Content-Type header announces, or HTML for an untyped page that starts like HTML:
 * what the crawler knew before documents were parsed; for a crawl without the Tika module.
 */
public class HeaderTypeDetector implements TypeDetector {
  @Override
  public String detect(byte[] bytes, String headerType, String url) {
    String type = MimeTypes.base(headerType);
    if (!type.isEmpty()) {
      return type;
    }
    return MimeTypes.looksLikeHtml(bytes) ? MimeTypes.HTML : MimeTypes.OCTET_STREAM;
  }
}
