package org.trawler.core.protocol.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.trawler.core.net.DotSegments;
import org.trawler.core.net.PercentEncoding;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.URLResolver;

/**
 * Turns the URL strings a crawler meets (seeds, Location headers) into request URIs, with the URL
 * core: characters a URI may not hold (spaces, non-ASCII, stray %) percent-encoded, fragments
 * dropped, relative references resolved per RFC 3986 as browsers do. HttpClient takes a
 * java.net.URI, which is also the last check that the result is well-formed.
 */
final class HttpURLs {
  private HttpURLs() {}

  /**
   * The absolute URI of {@code url}, or null when it cannot be parsed, has no scheme, or is http(s)
   * without a host.
   */
  static URI parse(String url) {
    return uri(url.trim(), false);
  }

  /** {@code location} resolved against {@code base}, or null when it cannot be parsed. */
  static URI resolve(URI base, String location) {
    return uri(URLResolver.resolve(base.toString(), location), true);
  }

  /**
   * The request URI of an absolute URL; {@code canonical}: scheme and host lower-cased, an empty
   * path "/".
   */
  private static URI uri(String url, boolean canonical) {
    String escaped;
    try {
      escaped = PercentEncoding.escapeUrl(url);
    } catch (IllegalArgumentException e) {
      return null; // a host that is no valid internationalized name
    }
    URLParts p = URLParts.of(escaped);
    if (!p.hasScheme()) {
      return null;
    }
    if (p.hasAuthority()) {
      // A host in numbers (2130706433, 0x7f.0.0.1) is requested at the address a browser reaches.
      String ipv4 = Ipv4Spelling.dotted(escaped.substring(p.hostStart(), p.hostEnd()));
      if (ipv4 != null) {
        escaped = escaped.substring(0, p.hostStart()) + ipv4 + escaped.substring(p.hostEnd());
        p = URLParts.of(escaped);
      }
    }
    if (canonical && p.hasAuthority()) {
      escaped =
          escaped.substring(0, p.schemeEnd()).toLowerCase(Locale.ROOT)
              + escaped.substring(p.schemeEnd(), p.hostStart())
              + escaped.substring(p.hostStart(), p.hostEnd()).toLowerCase(Locale.ROOT)
              + escaped.substring(p.hostEnd(), p.pathStart())
              + (p.pathStart() == p.pathEnd() ? "/" : "")
              + escaped.substring(p.pathStart());
    }
    try {
      URI uri = new URI(escaped);
      return isHttpScheme(uri) && uri.getHost() == null ? null : uri;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  static boolean isHttp(URI uri) {
    return isHttpScheme(uri) && uri.getHost() != null;
  }

  static boolean isHttpScheme(URI uri) {
    return "http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme());
  }

  /**
   * scheme://host[:port], the unit robots.txt applies to, with the scheme's default port left out
   * (so it is also the base of the robots.txt URL, whose Host header then carries no port).
   */
  static String hostKey(URI uri) {
    return URLParts.of(uri.toString()).origin();
  }

  /**
   * What makes two request URLs the same for loop detection: case, default ports and dot segments
   * aside.
   */
  static String chainKey(URI uri) {
    URLParts p = URLParts.of(uri.toString());
    String url = p.url();
    StringBuilder key = new StringBuilder(p.origin());
    if (p.pathStart() == p.pathEnd()) {
      key.append('/');
    } else {
      DotSegments.append(key, url, p.pathStart(), p.pathEnd());
    }
    return key.append(url, p.pathEnd(), p.queryEnd()).toString();
  }
}
