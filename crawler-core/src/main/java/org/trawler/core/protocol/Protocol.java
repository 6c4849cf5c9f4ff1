package org.trawler.core.protocol;

import java.io.Closeable;

/**
 * Fetches URLs and robots.txt rules. One instance serves all fetcher threads of a task and is
 * thread-safe. It never throws for network trouble: every outcome is a {@link ProtocolOutput}.
 */
public interface Protocol extends Closeable {

  /**
   * Fetches {@code url}, following redirects inline up to http.redirect.max hops.
   *
   * @param ifModifiedSince ms epoch for a conditional GET, or 0 for none
   */
  ProtocolOutput fetch(String url, long ifModifiedSince);

  /** The robots.txt rules of the URL's host; fetched at most once per host, even under concurrency. */
  RobotsRules robotsFor(String url);
}
