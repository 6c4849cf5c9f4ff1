package org.trawler.core.net.normalize;

import java.net.MalformedURLException;
import java.util.Locale;
import org.trawler.core.net.DotSegments;
import org.trawler.core.net.PercentEncoding;
import org.trawler.core.net.PercentEncoding.Component;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLParts;

/**
 * The canonical form of a URL with an authority (RFC 3986 syntax-based normalization): scheme and
 * host lower-cased, IDN hosts in punycode, a trailing dot of the host removed, the default port
 * removed, dot segments resolved (a {@code ..} above the root is dropped), percent-encoding
 * normalized (unreserved characters decoded, hex digits upper-cased, characters that may not appear
 * literally encoded as UTF-8), an empty path made {@code /}, an empty query and the fragment
 * dropped. Tabs and newlines anywhere and spaces at the ends are removed, as browsers do. The user
 * information of http and https URLs is dropped (RFC 9110 §4.2.4 deprecates it, and a password has
 * no place in a crawldb); other schemes keep theirs.
 *
 * <p>A URL without an authority is returned with only its scheme lower-cased when the scheme does
 * not need a host ({@code mailto:}, {@code javascript:}, {@code data:}); the filters decide about
 * those. No scheme, no host where one is needed, a bad port or characters no host name may hold
 * throw {@link MalformedURLException}. Stateless, so thread-safe.
 */
public class BasicURLNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) throws MalformedURLException {
    if (url == null) {
      throw new MalformedURLException("no URL");
    }
    String s = stripWhitespace(url);
    int colon = URLParts.schemeEnd(s);
    if (colon < 0) {
      throw new MalformedURLException("no scheme: " + abbreviate(url));
    }
    String scheme = s.substring(0, colon).toLowerCase(Locale.ROOT);
    if (!s.startsWith("//", colon + 1)) {
      if (needsHost(scheme)) {
        throw new MalformedURLException("no host: " + abbreviate(url));
      }
      return scheme + s.substring(colon);
    }
    int authorityStart = colon + 3;
    int authorityEnd = URLParts.authorityEnd(s, authorityStart);
    int pathEnd = URLParts.indexOfAny(s, authorityEnd, "?#");
    int queryEnd = URLParts.indexOfAny(s, pathEnd, "#");

    StringBuilder out = new StringBuilder(s.length() + 8);
    out.append(scheme).append("://");
    appendAuthority(out, s, authorityStart, authorityEnd, scheme, url);
    int pathStart = out.length();
    PercentEncoding.normalize(out, s, authorityEnd, pathEnd, Component.PATH);
    if (out.length() == pathStart) {
      out.append('/');
    } else if (DotSegments.present(out, pathStart, out.length())) {
      String path = out.substring(pathStart);
      out.setLength(pathStart);
      DotSegments.append(out, path, 0, path.length());
    }
    if (pathEnd + 1 < queryEnd) {
      out.append('?');
      PercentEncoding.normalize(out, s, pathEnd + 1, queryEnd, Component.QUERY_WITH_BRACKETS);
    }
    return out.toString();
  }

  private static void appendAuthority(
      StringBuilder out, String s, int start, int end, String scheme, String url)
      throws MalformedURLException {
    int hostStart = URLParts.hostStart(s, start, end);
    if (hostStart > start + 1 && !URLParts.isHttp(s)) {
      PercentEncoding.normalize(out, s, start, hostStart - 1, Component.USERINFO);
      out.append('@');
    }
    int hostEnd = URLParts.hostEnd(s, hostStart, end);
    String host;
    if (hostStart < end && s.charAt(hostStart) == '[') {
      if (s.charAt(hostEnd - 1) != ']') {
        throw new MalformedURLException("unclosed IPv6 address: " + abbreviate(url));
      }
      if (!URLParts.isIpv6Literal(s, hostStart, hostEnd)) {
        throw new MalformedURLException("bad IPv6 address: " + abbreviate(url));
      }
      host = s.substring(hostStart, hostEnd).toLowerCase(Locale.ROOT);
      if (hostEnd < end && s.charAt(hostEnd) != ':') {
        throw new MalformedURLException("bad character after IPv6 address: " + abbreviate(url));
      }
    } else {
      host = hostName(s, hostStart, hostEnd, url);
    }
    if (host.isEmpty() && needsHost(scheme)) {
      throw new MalformedURLException("no host: " + abbreviate(url));
    }
    out.append(host);
    if (hostEnd < end) {
      int port = URLParts.port(s, hostEnd + 1, end);
      if (port == URLParts.BAD_PORT) {
        throw new MalformedURLException("bad port (not 0 to 65535): " + abbreviate(url));
      }
      if (port >= 0 && port != URLParts.defaultPort(scheme)) {
        out.append(':').append(port);
      }
    }
  }

  /** A registered name: percent-decoded, lower-cased, without trailing dots, punycode for IDN. */
  private static String hostName(String s, int start, int end, String url)
      throws MalformedURLException {
    String host;
    try {
      host = PercentEncoding.decode(s.substring(start, end));
    } catch (IllegalArgumentException e) {
      throw new MalformedURLException("bad host name (" + e.getMessage() + "): " + abbreviate(url));
    }
    int length = host.length();
    while (length > 0 && host.charAt(length - 1) == '.') {
      length--;
    }
    try {
      host = URLParts.asciiHost(host.substring(0, length).toLowerCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new MalformedURLException("bad host name (" + e.getMessage() + "): " + abbreviate(url));
    }
    char previous = '.';
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      boolean valid =
          (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == '-'
              || c == '_'
              || (c == '.' && previous != '.');
      if (!valid) {
        throw new MalformedURLException("bad host name: " + abbreviate(url));
      }
      previous = c;
    }
    return host;
  }

  private static boolean needsHost(String scheme) {
    return URLParts.defaultPort(scheme) >= 0;
  }

  /** Without leading and trailing spaces and controls, and without tabs and newlines anywhere. */
  private static String stripWhitespace(String url) {
    String s = url.trim();
    if (s.indexOf('\t') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
      return s;
    }
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\t' && c != '\n' && c != '\r') {
        b.append(c);
      }
    }
    return b.toString();
  }

  /** The URL cut for an error message: a 10 000-character URL must not flood the log. */
  private static String abbreviate(String url) {
    return url.length() <= 200 ? url : url.substring(0, 200) + "...";
  }
}
