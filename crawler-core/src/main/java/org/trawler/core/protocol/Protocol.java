package org.trawler.core.protocol;

import java.io.Closeable;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.plugin.Plugin;

/**
 * Fetches URLs and robots.txt files. One instance serves all fetcher threads of a task and is
 * thread-safe. It never throws for network trouble or a hostile server: every outcome is a {@link
 * ProtocolOutput} with a {@link Reason}. A fetch task has {@link org.trawler.core.plugin.Plugins}
 * make the one fetcher.protocol.class names, and closes it at the end, which releases its
 * connections and threads. It keeps no robots.txt: the fetcher decides when to ask (each request to
 * a host waits its turn in the host's queue) and remembers the answers.
 */
public interface Protocol extends Plugin, Closeable {

  /**
   * Fetches {@code url}, following redirects inline up to http.redirect.max hops, each hop once
   * {@code gate} lets it.
   *
   * @param ifModifiedSince ms epoch for a conditional GET, or 0 for none
   */
  ProtocolOutput fetch(String url, long ifModifiedSince, RedirectGate gate);

  /**
   * Fetches {@code url} as {@link #fetch(String, long, RedirectGate)}, conditional on the entity
   * tag {@code etag} too (If-None-Match) when it is not null; a protocol without entity tags
   * ignores it.
   */
  default ProtocolOutput fetch(String url, long ifModifiedSince, String etag, RedirectGate gate) {
    return fetch(url, ifModifiedSince, gate);
  }

  /**
   * Fetches {@code url} as a page of the crawl (what is stored and parsed), as {@link
   * #fetch(String, long, String, RedirectGate)} does; a protocol may do more for a page than its
   * request (a renderer loads it in a browser), telling {@code watch} how long that may take.
   * Soft-404 probes, robots.txt, sitemaps and a browser's sub-requests are plain fetches, never
   * pages.
   */
  default ProtocolOutput fetchPage(
      String url, long ifModifiedSince, String etag, RedirectGate gate, FetchWatch watch) {
    return fetch(url, ifModifiedSince, etag, gate);
  }

  /**
   * Called once by the task this protocol serves, before its first {@link #fetchPage}: what the
   * task lends it (robots.txt rules, counters). A protocol that fetches pages as single requests
   * needs neither.
   */
  default void start(ProtocolContext context) {}

  /** Fetches {@code url}, following redirects inline at once (outside a crawl's queues). */
  default ProtocolOutput fetch(String url, long ifModifiedSince) {
    return fetch(url, ifModifiedSince, RedirectGate.FOLLOW);
  }

  /**
   * Asks the site of {@code url} (scheme, host and port) for its robots.txt now, one request (and
   * its redirects), and returns the answer stamped {@code now}.
   */
  RobotsTxt fetchRobots(String url, long now);

  /**
   * Asks the site of {@code url} for its /.well-known/tdmrep.json now, one request (and its
   * redirects), and returns {@code robots} (the site's robots.txt answer, with which it is kept)
   * carrying the answer; null when this protocol has no such file (no request made).
   */
  default RobotsTxt fetchTdmRep(String url, RobotsTxt robots) {
    return null;
  }
}
