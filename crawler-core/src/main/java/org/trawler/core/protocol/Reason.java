package org.trawler.core.protocol;

import java.util.Locale;

/**
 * Why a fetch ended as it did: the closed set of reasons a {@link ProtocolOutput} carries. Each has
 * a stable lower_snake_case name that goes into the datum's _pst_ metadata and names the fetcher's
 * per-reason counter; {@link #HTTP} is a family with one name per status code ({@code http_404}).
 * The reason table in docs/commands.md lists them all (a test checks it).
 */
public enum Reason {
  /** 2xx. */
  OK,
  /** 304 to a conditional GET. */
  NOT_MODIFIED,
  /**
   * An HTTP status that is its own reason: redirects not followed, 4xx, 5xx; named {@code
   * http_<code>}.
   */
  HTTP,
  /** A redirect whose target is already in the chain (the URL itself included). */
  REDIRECT_LOOP,
  /** A redirect to anything but http: or https: (file:, ftp:, javascript:...). */
  REDIRECT_SCHEME_NOT_ALLOWED,
  /** The URL itself is not http: or https:. */
  SCHEME_NOT_ALLOWED,
  /** The URL cannot be parsed or has no host. */
  MALFORMED_URL,
  /**
   * The host resolves only to addresses the address policy denies (not public, or in
   * http.address.deny).
   */
  ADDRESS_DENIED,
  /**
   * The TLS handshake failed (untrusted or self-signed certificate, host name mismatch):
   * fetch_gone.
   */
  TLS_ERROR,
  /** Connect or a socket read took longer than http.timeout. */
  TIMEOUT,
  /** The whole fetch took longer than http.request.deadline. */
  DEADLINE_EXCEEDED,
  CONNECTION_REFUSED,
  CONNECTION_RESET,
  /** No route to the host. */
  HOST_UNREACHABLE,
  /** The host name does not resolve. */
  DNS_FAILURE,
  /**
   * A malformed response: bad status line, too many or too long header lines, bad chunking or gzip.
   */
  PROTOCOL_ERROR,
  /** Any other I/O failure. */
  IO_ERROR,
  /** robots.txt disallows the URL (set by the fetcher, not by a Protocol). */
  ROBOTS_DENIED,
  /**
   * robots.txt could not be had (5xx, unreachable): the host's URLs are retried (set by the
   * fetcher).
   */
  ROBOTS_UNAVAILABLE,
  /**
   * robots.txt asks for a Crawl-delay above fetcher.max.crawl.delay: the host is skipped (set by
   * the fetcher).
   */
  CRAWL_DELAY_TOO_LONG,
  /**
   * The host's queue had fetcher.max.exceptions.per.queue failures: its other URLs are not tried
   * (fetcher).
   */
  QUEUE_DROPPED,
  /**
   * The host answered 429 or 503 without Retry-After and is backed off for longer than the fetcher
   * waits (fetcher.max.crawl.delay): its other URLs are not tried in this task, and updatedb keeps
   * them due without counting a retry (set by the fetcher).
   */
  HOST_BACKOFF,
  /**
   * A page fetched (fetch_success) that the browser did not finish rendering within
   * fetcher.render.timeout: parsed from its raw HTML (set by the fetcher).
   */
  RENDER_TIMEOUT,
  /**
   * A page fetched (fetch_success) whose browser crashed or was killed while rendering it: parsed
   * from its raw HTML (set by the fetcher).
   */
  RENDER_FAILED,
  /**
   * A page fetched (fetch_success) and rendered whose DOM is longer than fetcher.render.max.bytes:
   * parsed from the DOM cut there (set by the fetcher).
   */
  RENDER_TRUNCATED,
  /**
   * The protocol threw instead of returning an outcome: a bug, logged with its stack trace (set by
   * the fetcher).
   */
  EXCEPTION,
  /**
   * A page fetched (fetch_success) that near-duplicates what its host answers for a random path it
   * cannot have (the soft-404 probe kept in the host database): gone, deleted from the index (set
   * by updatedb).
   */
  SOFT_404;

  private final String name = name().toLowerCase(Locale.ROOT);

  /**
   * The name stored in _pst_ and counted: {@code ok}, {@code robots_denied}; for {@link #HTTP},
   * {@code http_404}.
   */
  public String nameFor(int httpCode) {
    return this == HTTP ? name + "_" + httpCode : name;
  }

  /**
   * The name as the documentation writes it: {@code ok}; for the {@link #HTTP} family, {@code
   * http_<code>}.
   */
  public String documentedName() {
    return this == HTTP ? name + "_<code>" : name;
  }
}
