package org.trawler.core.net;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Resolves link references as a browser does, by RFC 3986 §5.2 (java.net.URI gets "?q", "" and
 * empty base paths wrong and rejects the spaces and non-ASCII real pages contain), and turns a
 * resolved URL into a crawlable one.
 */
public final class URLResolver {
  private URLResolver() {}

  /**
   * The absolute URL a link reference points to from {@code base}, fragment included. Like a
   * browser: surrounding whitespace and embedded tabs/newlines are dropped, a backslash before the
   * query is a slash, and "http:g" under an http base is relative (RFC 3986's non-strict rule).
   */
  public static String resolve(String base, String ref) {
    return resolve(URLParts.of(base), ref);
  }

  /**
   * {@link #resolve(String, String)} against a base already split: a page resolves each of its
   * hundreds of links against the same base.
   */
  public static String resolve(URLParts bp, String ref) {
    String base = bp.url();
    String r = clean(ref);
    URLParts rp = URLParts.of(r);
    boolean relativeScheme =
        rp.hasScheme()
            && rp.schemeEnd() == bp.schemeEnd()
            && r.regionMatches(true, 0, base, 0, rp.schemeEnd());
    boolean absolute = rp.hasScheme() && !relativeScheme;
    URLParts withScheme = absolute ? rp : bp;
    StringBuilder out = new StringBuilder(base.length() + r.length());
    if (withScheme.hasScheme()) {
      out.append(withScheme.url(), 0, withScheme.schemeEnd() + 1);
    }
    int pathStart = rp.pathStart();
    int pathEnd = rp.pathEnd();
    if (absolute || rp.hasAuthority()) {
      appendAuthority(out, rp);
      DotSegments.append(out, r, pathStart, pathEnd);
      appendQuery(out, rp);
    } else {
      appendAuthority(out, bp);
      if (pathStart == pathEnd) {
        out.append(base, bp.pathStart(), bp.pathEnd());
      } else if (r.charAt(pathStart) == '/') {
        DotSegments.append(out, r, pathStart, pathEnd);
      } else {
        appendMerged(out, bp, r, pathStart, pathEnd);
      }
      appendQuery(out, pathStart == pathEnd && !rp.hasQuery() ? bp : rp);
    }
    if (rp.hasFragment()) {
      out.append(r, rp.queryEnd(), r.length());
    }
    return out.toString();
  }

  private static void appendAuthority(StringBuilder out, URLParts p) {
    if (p.hasAuthority()) {
      out.append(p.url(), p.authorityStart() - 2, p.pathStart());
    }
  }

  private static void appendQuery(StringBuilder out, URLParts p) {
    if (p.hasQuery()) {
      out.append(p.url(), p.pathEnd(), p.queryEnd());
    }
  }

  /** RFC 3986 §5.2.3 and 5.2.4: the base path up to its last '/', then the reference's path. */
  private static void appendMerged(StringBuilder out, URLParts base, String ref, int from, int to) {
    int start = out.length();
    String b = base.url();
    if (base.hasAuthority() && base.pathStart() == base.pathEnd()) {
      out.append('/');
    } else {
      int slash = b.lastIndexOf('/', base.pathEnd() - 1);
      if (slash >= base.pathStart()) {
        out.append(b, base.pathStart(), slash + 1);
      }
    }
    out.append(ref, from, to);
    if (DotSegments.present(out, start, out.length())) {
      String merged = out.substring(start);
      out.setLength(start);
      DotSegments.append(out, merged, 0, merged.length());
    }
  }

  /**
   * Without surrounding whitespace and embedded tabs and newlines; a backslash before the query is
   * a slash.
   */
  private static String clean(String ref) {
    int start = 0;
    int end = ref.length();
    while (start < end && ref.charAt(start) <= ' ') {
      start++;
    }
    while (end > start && ref.charAt(end - 1) <= ' ') {
      end--;
    }
    boolean changes = start > 0 || end < ref.length();
    boolean inPath = true;
    for (int i = start; i < end && !changes; i++) {
      char c = ref.charAt(i);
      changes = c == '\t' || c == '\n' || c == '\r' || (c == '\\' && inPath);
      inPath &= c != '?' && c != '#';
    }
    if (!changes) {
      return ref;
    }
    StringBuilder sb = new StringBuilder(end - start);
    inPath = true;
    for (int i = start; i < end; i++) {
      char c = ref.charAt(i);
      if (c == '\t' || c == '\n' || c == '\r') {
        continue;
      }
      if (c == '?' || c == '#') {
        inPath = false;
      }
      sb.append(c == '\\' && inPath ? '/' : c);
    }
    return sb.toString();
  }

  /**
   * The URL as the crawler keeps it, or null when it is not a valid http/https URL with a host:
   * scheme lower-cased, fragment dropped, an empty path made "/", a non-ASCII host in its ASCII
   * (IDNA) form, and characters a URL may not hold (spaces, quotes, non-ASCII) percent-encoded.
   */
  public static String crawlable(String url) {
    URLParts p = URLParts.of(url);
    if (!p.isHttp()
        || !p.hasAuthority()
        || !validHostAndPort(url, p.hostStart(), p.hostEnd(), p.pathStart())) {
      return null;
    }
    String escaped;
    try {
      escaped = PercentEncoding.escapeUrl(url);
    } catch (IllegalArgumentException e) {
      return null; // not a valid internationalized host name
    }
    int schemeEnd = p.schemeEnd();
    boolean lowerScheme = escaped.regionMatches(0, schemeEnd == 4 ? "http" : "https", 0, schemeEnd);
    boolean emptyPath = p.pathStart() == p.pathEnd();
    String result = escaped;
    if (!lowerScheme || emptyPath) {
      // The escaped URL's authority ends where its path starts: past the same scheme and "//".
      int pathStart = URLParts.authorityEnd(escaped, schemeEnd + 3);
      result =
          escaped.substring(0, schemeEnd).toLowerCase(Locale.ROOT)
              + escaped.substring(schemeEnd, pathStart)
              + (emptyPath ? "/" : "")
              + escaped.substring(pathStart);
    }
    try {
      new URI(result); // a last check that every component is well-formed
      return result;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /**
   * A non-empty registered name (underscores allowed, as on the web) or IPv6 literal, and a port of
   * at most 65535 or none.
   */
  private static boolean validHostAndPort(String url, int hostStart, int hostEnd, int end) {
    if (hostStart == hostEnd) {
      return false;
    }
    if (url.charAt(hostStart) == '[') {
      if (!URLParts.isIpv6Literal(url, hostStart, hostEnd)) {
        return false;
      }
    } else {
      for (int i = hostStart; i < hostEnd; i++) {
        char c = url.charAt(i);
        if (c < 0x80
            && !PercentEncoding.isUnreserved(c)
            && c != '%'
            && "!$&'()*+,;=".indexOf(c) < 0) {
          return false;
        }
      }
    }
    return hostEnd == end
        || (url.charAt(hostEnd) == ':'
            && URLParts.port(url, hostEnd + 1, end) != URLParts.BAD_PORT);
  }
}
