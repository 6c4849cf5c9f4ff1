package org.trawler.core.protocol;

import java.io.Closeable;

/**
 * Fetches URLs and robots.txt rules. One instance serves all fetcher threads of a task and is
 * thread-safe. It never throws for network trouble or a hostile server: every outcome is a {@link
 * ProtocolOutput} with a {@link Reason}. A fetch task creates it by reflection from {@link
 * ProtocolKeys#PROTOCOL_CLASS} through a public (Configuration) constructor, and closes it at the
 * end, which releases its connections and threads.
 */
public interface Protocol extends Closeable {

  /**
   * Fetches {@code url}, following redirects inline up to http.redirect.max hops.
   *
   * @param ifModifiedSince ms epoch for a conditional GET, or 0 for none
   */
  ProtocolOutput fetch(String url, long ifModifiedSince);

  /**
   * The robots.txt rules of the URL's host (scheme, host and port); fetched at most once per host,
   * even under concurrency, and kept for the life of this instance.
   */
  RobotsRules robotsFor(String url);
}
