package org.trawler.core.net;

import java.net.MalformedURLException;

/**
 * Rewrites a URL into its canonical form for one scope (inject, generate, fetcher, outlink,
 * linkdb). Implementations are created by reflection with a no-argument constructor; those that
 * need configuration implement {@link org.apache.hadoop.conf.Configurable}.
 */
public interface URLNormalizer {
  /** The normalized URL; throws when the URL cannot be parsed at all. */
  String normalize(String url, String scope) throws MalformedURLException;
}
