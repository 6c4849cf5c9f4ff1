package org.trawler.core.parse;

/**
 * Finds the MIME type of fetched content from its bytes, the Content-Type header and the URL
 * ({@code parser.detector.class}). An implementation has a constructor without arguments and is
 * thread-safe.
 */
public interface TypeDetector {
  /**
   * The type, lower case and without parameters ({@code application/pdf}); {@code
   * application/octet-stream} when nothing tells.
   *
   * @param headerType the Content-Type header as sent, possibly empty or with parameters
   */
  String detect(byte[] bytes, String headerType, String url);
}
