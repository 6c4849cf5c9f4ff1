package org.trawler.core.net;

import java.net.IDN;
import java.util.Locale;

/**
 * A URL or relative reference split into its RFC 3986 components (scheme, authority, path, query,
 * fragment; appendix B), as index ranges into the string, and the host within the authority. The
 * static methods answer one question about an absolute URL without splitting the rest: filters and
 * normalizers call them once per URL and per outlink.
 */
public final class URLParts {
  private static final int NONE = -1;
  private static final int MAX_PORT = 65535;

  /** What {@link #port} answers for a port that is not a number from 0 to 65535. */
  public static final int BAD_PORT = -2;

  private final String url;

  /** Index of the ':' ending the scheme, or -1. */
  private final int schemeEnd;

  /** Index just past "//", or -1 when there is no authority. */
  private final int authorityStart;

  /** End of the authority = start of the path. */
  private final int pathStart;

  /** Index of the '?' or '#' ending the path, or the length. */
  private final int pathEnd;

  /** Index of the '#' starting the fragment, or the length. */
  private final int queryEnd;

  private URLParts(String url) {
    this.url = url;
    schemeEnd = schemeEnd(url);
    int afterScheme = schemeEnd + 1;
    authorityStart = url.startsWith("//", afterScheme) ? afterScheme + 2 : NONE;
    pathStart = authorityStart < 0 ? afterScheme : authorityEnd(url, authorityStart);
    pathEnd = indexOfAny(url, pathStart, "?#");
    queryEnd =
        pathEnd < url.length() && url.charAt(pathEnd) == '?'
            ? indexOfAny(url, pathEnd, "#")
            : pathEnd;
  }

  /** {@code url} split; any string splits (RFC 3986 appendix B), every component may be absent. */
  public static URLParts of(String url) {
    return new URLParts(url);
  }

  public String url() {
    return url;
  }

  public boolean hasScheme() {
    return schemeEnd >= 0;
  }

  /** The scheme as written, or null. */
  public String scheme() {
    return schemeEnd < 0 ? null : url.substring(0, schemeEnd);
  }

  public int schemeEnd() {
    return schemeEnd;
  }

  /** True when the scheme is http or https, in any case. */
  public boolean isHttp() {
    return isHttp(url, schemeEnd);
  }

  public boolean hasAuthority() {
    return authorityStart >= 0;
  }

  /** Index just past "//", or -1. */
  public int authorityStart() {
    return authorityStart;
  }

  /** End of the authority, which is where the path starts (also when there is no authority). */
  public int pathStart() {
    return pathStart;
  }

  public int pathEnd() {
    return pathEnd;
  }

  public boolean hasQuery() {
    return queryEnd > pathEnd;
  }

  /** Where the query ends: the '#' of the fragment, or the length. */
  public int queryEnd() {
    return queryEnd;
  }

  public boolean hasFragment() {
    return queryEnd < url.length();
  }

  /** Start of the host: past the userinfo's '@'; meaningful only with an authority. */
  public int hostStart() {
    return hostStart(url, authorityStart, pathStart);
  }

  /** End of the host: the ']' of an IPv6 literal + 1, or the port's ':', or the authority's end. */
  public int hostEnd() {
    return hostEnd(url, hostStart(), pathStart);
  }

  /**
   * scheme://host[:port], lower-cased, the scheme's default port left out: the site robots.txt
   * applies to (RFC 9309) and the base of its robots.txt URL; null without a scheme or authority.
   */
  public String origin() {
    if (schemeEnd < 0 || authorityStart < 0) {
      return null;
    }
    String scheme = scheme().toLowerCase(Locale.ROOT);
    int hostEnd = hostEnd();
    StringBuilder key =
        new StringBuilder(pathStart + 8)
            .append(scheme)
            .append("://")
            .append(url.substring(hostStart(), hostEnd).toLowerCase(Locale.ROOT));
    int port = hostEnd < pathStart ? port(url, hostEnd + 1, pathStart) : NONE;
    if (port >= 0 && port != defaultPort(scheme)) {
      key.append(':').append(port);
    }
    return key.toString();
  }

  // Questions about one absolute URL, answered without allocating more than the answer.

  /**
   * Index of the ':' ending a valid scheme (RFC 3986: a letter, then letters, digits, + - .), or
   * -1.
   */
  public static int schemeEnd(String url) {
    int n = url.length();
    if (n == 0 || !isAsciiLetter(url.charAt(0))) {
      return NONE;
    }
    for (int i = 1; i < n; i++) {
      char c = url.charAt(i);
      if (c == ':') {
        return i;
      }
      if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
        return NONE;
      }
    }
    return NONE;
  }

  /** True when the URL's scheme is http or https, in any case, whatever follows it. */
  public static boolean isHttp(String url) {
    return isHttp(url, schemeEnd(url));
  }

  private static boolean isHttp(String url, int schemeEnd) {
    return (schemeEnd == 4 && url.regionMatches(true, 0, "http", 0, 4))
        || (schemeEnd == 5 && url.regionMatches(true, 0, "https", 0, 5));
  }

  /** Index just past {@code scheme://}, or -1 when the URL has no scheme or no authority. */
  public static int authorityStart(String url) {
    int colon = schemeEnd(url);
    return colon >= 0 && url.startsWith("//", colon + 1) ? colon + 3 : NONE;
  }

  /**
   * Index of the end of the authority that starts at {@code start}: the first '/', '?', '#' or the
   * end.
   */
  public static int authorityEnd(String url, int start) {
    return indexOfAny(url, start, "/?#");
  }

  /** The host, lower-cased, with brackets for IPv6; null when the URL has no authority. */
  public static String host(String url) {
    int start = authorityStart(url);
    if (start < 0) {
      return null;
    }
    int end = authorityEnd(url, start);
    int hostStart = hostStart(url, start, end);
    return url.substring(hostStart, hostEnd(url, hostStart, end)).toLowerCase(Locale.ROOT);
  }

  /** The URL with its host replaced; the URL itself when it has no authority. */
  public static String replaceHost(String url, String host) {
    int start = authorityStart(url);
    if (start < 0) {
      return url;
    }
    int end = authorityEnd(url, start);
    int hostStart = hostStart(url, start, end);
    return url.substring(0, hostStart) + host + url.substring(hostEnd(url, hostStart, end));
  }

  /** The path (without query and fragment), possibly empty; null when the URL has no authority. */
  public static String path(String url) {
    int start = authorityStart(url);
    if (start < 0) {
      return null;
    }
    int pathStart = authorityEnd(url, start);
    return url.substring(pathStart, indexOfAny(url, pathStart, "?#"));
  }

  /** The first index at or after {@code from} of any of {@code chars}, or the length. */
  public static int indexOfAny(String s, int from, String chars) {
    for (int i = from, n = s.length(); i < n; i++) {
      if (chars.indexOf(s.charAt(i)) >= 0) {
        return i;
      }
    }
    return s.length();
  }

  /**
   * Start of the host in the authority [start, end): past the last '@' (a password may hold one).
   */
  public static int hostStart(String url, int start, int end) {
    int at = url.lastIndexOf('@', end - 1);
    return at >= start ? at + 1 : start;
  }

  /**
   * End of the host starting at {@code hostStart}: past an IPv6 literal's ']', or at the port's
   * ':'.
   */
  public static int hostEnd(String url, int hostStart, int end) {
    if (hostStart < end && url.charAt(hostStart) == '[') {
      int close = url.indexOf(']', hostStart);
      return close < 0 || close >= end ? end : close + 1;
    }
    int colon = url.indexOf(':', hostStart);
    return colon < 0 || colon >= end ? end : colon;
  }

  /**
   * The port written in url[from, to) (what follows the host's ':'): -1 when empty, {@link
   * #BAD_PORT} when it is not a number from 0 to 65535.
   */
  public static int port(String url, int from, int to) {
    if (from == to) {
      return NONE;
    }
    int port = 0;
    for (int i = from; i < to; i++) {
      char c = url.charAt(i);
      if (c < '0' || c > '9') {
        return BAD_PORT;
      }
      port = port * 10 + (c - '0');
      if (port > MAX_PORT) {
        return BAD_PORT;
      }
    }
    return port;
  }

  /**
   * True when s[start, end) is an IPv6 literal in brackets: hex digits, ':' and '.', "[::]" at
   * least.
   */
  public static boolean isIpv6Literal(String s, int start, int end) {
    if (end - start < 4 || s.charAt(start) != '[' || s.charAt(end - 1) != ']') {
      return false;
    }
    for (int i = start + 1; i < end - 1; i++) {
      char c = s.charAt(i);
      if (!(Character.digit(c, 16) >= 0 || c == ':' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  /** The port a scheme implies (80 for http and ws, 443 for https and wss, 21 for ftp), or -1. */
  public static int defaultPort(String scheme) {
    switch (scheme.toLowerCase(Locale.ROOT)) {
      case "http":
      case "ws":
        return 80;
      case "https":
      case "wss":
        return 443;
      case "ftp":
        return 21;
      default:
        return NONE;
    }
  }

  /**
   * A host name in ASCII: the name itself when it is ASCII, else its IDNA form lower-cased
   * (Bücher.de is xn--bcher-kva.de); throws IllegalArgumentException when it is no valid IDN or
   * maps to characters no host name may hold.
   */
  public static String asciiHost(String host) {
    for (int i = 0; i < host.length(); i++) {
      if (host.charAt(i) >= 0x80) {
        return checkedAscii(IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT));
      }
    }
    return host;
  }

  /**
   * IDNA maps some characters to ASCII ones no name may hold (a full-width '／' to '/'): those are
   * refused.
   */
  private static String checkedAscii(String host) {
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_')) {
        throw new IllegalArgumentException("not a host name: " + host);
      }
    }
    return host;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
