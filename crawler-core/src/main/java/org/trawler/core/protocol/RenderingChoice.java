package org.trawler.core.protocol;

/**
 * A {@link Protocol} that renders some pages in a browser (fetcher.render): which ones, for {@code
 * check} to say why a page was not rendered.
 */
public interface RenderingChoice {
  /**
   * Why the page fetch outcome {@code fetched} is not rendered, or null when it is to be (whether
   * or not the render then succeeded).
   */
  String notRendered(ProtocolOutput fetched);
}
