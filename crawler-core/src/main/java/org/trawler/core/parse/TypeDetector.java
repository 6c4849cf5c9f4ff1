package org.trawler.core.parse;

import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.Plugins;

/**
 * Finds the MIME type of fetched content from its bytes, the Content-Type header and the URL
 * ({@code parser.detector.class}, made by {@link Plugins}). An implementation is thread-safe.
 */
public interface TypeDetector extends Plugin {
  /**
   * The type, lower case and without parameters ({@code application/pdf}); {@code
   * application/octet-stream} when nothing tells.
   *
   * @param headerType the Content-Type header as sent, possibly empty or with parameters
   */
  String detect(byte[] bytes, String headerType, String url);
}
