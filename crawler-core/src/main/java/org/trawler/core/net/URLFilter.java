package org.trawler.core.net;

/**
 * Accepts or rejects a URL. Implementations are created by reflection with a no-argument
 * constructor; those that need configuration implement {@link org.apache.hadoop.conf.Configurable}.
 */
public interface URLFilter {
  /** The URL (possibly rewritten) when accepted, null when rejected. */
  String filter(String url);
}
