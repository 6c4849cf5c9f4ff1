package org.trawler.core.protocol.http;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.apache.hc.client5.http.utils.URIUtils;
import org.trawler.core.net.URLParts;

/**
 * Turns the URL strings a crawler meets (seeds, Location headers) into request URIs: characters a
 * URI may not hold (spaces, non-ASCII, stray %) are percent-encoded, fragments dropped, relative
 * references resolved per RFC 3986.
 */
final class HttpUrls {
  private static final String ILLEGAL = "\"<>\\^`{|}";

  private HttpUrls() {}

  /** The absolute URI of {@code url}, or null when it cannot be parsed, has no scheme, or is http(s) without a host. */
  static URI parse(String url) {
    try {
      URI uri = new URI(escape(withoutFragment(url.trim())));
      return uri.getScheme() == null || isHttpScheme(uri) && uri.getHost() == null ? null : uri;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** {@code location} resolved against {@code base}, or null when it cannot be parsed. */
  static URI resolve(URI base, String location) {
    try {
      URI reference = new URI(escape(withoutFragment(location.trim())));
      URI resolved = URIUtils.resolve(base, reference);
      return resolved.getScheme() == null ? null : withoutLeadingDotDots(resolved);
    } catch (URISyntaxException | IllegalArgumentException e) {
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
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    int defaultPort = "https".equals(scheme) ? 443 : 80;
    int port = uri.getPort();
    return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (port < 0 || port == defaultPort ? "" : ":" + port);
  }

  /** What makes two request URLs the same for loop detection: case, default ports and dot segments aside. */
  static String chainKey(URI uri) {
    URI normal = uri.normalize();
    String path = normal.getRawPath() == null || normal.getRawPath().isEmpty() ? "/" : normal.getRawPath();
    return hostKey(normal) + path + (normal.getRawQuery() == null ? "" : "?" + normal.getRawQuery());
  }

  /** Percent-encodes what RFC 3986 does not allow, leaving valid escapes and reserved characters alone. */
  static String escape(String url) {
    int authorityEnd = authorityEnd(url);
    StringBuilder out = new StringBuilder(url.length() + 16);
    for (int i = 0; i < url.length(); ) {
      int cp = url.codePointAt(i);
      boolean bracketOutsideHost = (cp == '[' || cp == ']') && i >= authorityEnd;
      if (cp == '%' && !isEscape(url, i)) {
        out.append("%25");
      } else if (cp <= 0x20 || cp >= 0x7f || ILLEGAL.indexOf(cp) >= 0 || bracketOutsideHost) {
        for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
          out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
              .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
        }
      } else {
        out.appendCodePoint(cp);
      }
      i += Character.charCount(cp);
    }
    return out.toString();
  }

  /** RFC 3986 5.2.4: ".." above the root is dropped ("http://a/../g" is "http://a/g"). */
  private static URI withoutLeadingDotDots(URI uri) throws URISyntaxException {
    String path = uri.getRawPath();
    if (uri.isOpaque() || path == null || !path.startsWith("/..")) {
      return uri;
    }
    while (path.startsWith("/../") || path.equals("/..")) {
      path = path.length() == 3 ? "/" : path.substring(3);
    }
    return new URI(uri.getScheme() + "://" + uri.getRawAuthority() + path
        + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery()));
  }

  private static String withoutFragment(String url) {
    int hash = url.indexOf('#');
    return hash < 0 ? url : url.substring(0, hash);
  }

  private static boolean isEscape(String s, int percent) {
    return percent + 2 < s.length() && Character.digit(s.charAt(percent + 1), 16) >= 0
        && Character.digit(s.charAt(percent + 2), 16) >= 0;
  }

  /** Index just past the authority (host, where IPv6 brackets are legal), or 0 when there is none. */
  private static int authorityEnd(String url) {
    int start = url.startsWith("//") ? 2 : URLParts.authorityStart(url);
    return start < 0 ? 0 : URLParts.authorityEnd(url, start);
  }
}
