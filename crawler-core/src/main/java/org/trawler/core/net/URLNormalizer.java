package org.trawler.core.net;

import java.net.MalformedURLException;
import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.Plugins;

/**
 * Rewrites a URL into its canonical form for one scope (inject, generate, fetcher, outlink,
 * linkdb). An extension point: implementations are made by {@link Plugins} (a no-argument
 * constructor, then {@link Plugin#configure}).
 */
public interface URLNormalizer extends Plugin {
  /** The normalized URL; throws when the URL cannot be parsed at all. */
  String normalize(String url, String scope) throws MalformedURLException;
}
