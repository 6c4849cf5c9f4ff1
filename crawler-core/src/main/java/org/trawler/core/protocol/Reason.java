package org.trawler.core.protocol;

/**
 * The reason strings of {@link ProtocolOutput}: stable lower_snake_case identifiers that go into
 * the datum's _pst_ metadata and name the fetcher's per-reason counters.
 */
public final class Reason {
  /** 2xx. */
  public static final String OK = "ok";
  /** 304 to a conditional GET. */
  public static final String NOT_MODIFIED = "not_modified";
  /** A redirect whose target is already in the chain (the URL itself included). */
  public static final String REDIRECT_LOOP = "redirect_loop";
  /** A redirect to anything but http: or https: (file:, ftp:, javascript:...). */
  public static final String REDIRECT_SCHEME_NOT_ALLOWED = "redirect_scheme_not_allowed";
  /** The URL itself is not http: or https:. */
  public static final String SCHEME_NOT_ALLOWED = "scheme_not_allowed";
  /** The URL cannot be parsed or has no host. */
  public static final String MALFORMED_URL = "malformed_url";
  /** The host resolves only to addresses in http.address.deny. */
  public static final String ADDRESS_DENIED = "address_denied";
  /** The TLS handshake failed (untrusted or self-signed certificate, host name mismatch): fetch_gone. */
  public static final String TLS_ERROR = "tls_error";
  /** Connect or a socket read took longer than http.timeout. */
  public static final String TIMEOUT = "timeout";
  /** The whole fetch took longer than http.request.deadline. */
  public static final String DEADLINE_EXCEEDED = "deadline_exceeded";
  public static final String CONNECTION_REFUSED = "connection_refused";
  public static final String CONNECTION_RESET = "connection_reset";
  /** No route to the host. */
  public static final String HOST_UNREACHABLE = "host_unreachable";
  /** The host name does not resolve. */
  public static final String DNS_FAILURE = "dns_failure";
  /** A malformed response: bad status line, too many or too long header lines, bad chunking or gzip. */
  public static final String PROTOCOL_ERROR = "protocol_error";
  /** Any other I/O failure. */
  public static final String IO_ERROR = "io_error";
  /** robots.txt disallows the URL (set by the fetcher, not by a Protocol). */
  public static final String ROBOTS_DENIED = "robots_denied";
  /** robots.txt could not be had (5xx, unreachable): the host's URLs are retried (set by the fetcher). */
  public static final String ROBOTS_UNAVAILABLE = "robots_unavailable";

  private Reason() {}

  /** The reason of an HTTP status without a name of its own: {@code http_404}. */
  public static String http(int code) {
    return "http_" + code;
  }
}
