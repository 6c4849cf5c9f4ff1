package org.trawler.core.parse;

import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves link references as a browser does, by RFC 3986 §5.2 (java.net.URI gets "?q", "" and
 * empty base paths wrong and rejects the spaces and non-ASCII real pages contain), and turns a
 * resolved URL into a crawlable one.
 */
public final class UrlResolver {
  /** RFC 3986 appendix B. */
  private static final Pattern PARTS =
      Pattern.compile("^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?$", Pattern.DOTALL);
  private static final Pattern SCHEME = Pattern.compile("[a-zA-Z][a-zA-Z0-9+.-]*");
  private static final String HEX = "0123456789ABCDEF";
  /** A non-empty host name (underscores allowed, as on the web) or IPv6 literal, and an optional port. */
  private static final Pattern HOST_PORT =
      Pattern.compile("([A-Za-z0-9._~%!$&'()*+,;=-]+|\\[[0-9A-Fa-f:.]+\\])(:(6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]?\\d{0,4}))?");

  private UrlResolver() {}

  /** A URI reference split into its five components; null = undefined (RFC 3986 §5.2.1). */
  private record Parts(String scheme, String authority, String path, String query, String fragment) {
    static Parts of(String s) {
      Matcher m = PARTS.matcher(s);
      if (!m.matches()) { // cannot happen: every group is optional
        throw new IllegalStateException(s);
      }
      String scheme = m.group(2);
      if (scheme != null && !SCHEME.matcher(scheme).matches()) {
        // "a b:c" has no valid scheme: the colon is part of a relative path
        return new Parts(null, null, s.substring(0, s.length() - tail(m)), m.group(7), m.group(9));
      }
      return new Parts(scheme, m.group(4), m.group(5), m.group(7), m.group(9));
    }

    private static int tail(Matcher m) {
      return (m.group(6) == null ? 0 : m.group(6).length()) + (m.group(8) == null ? 0 : m.group(8).length());
    }

    /** RFC 3986 §5.3. */
    String recompose() {
      StringBuilder sb = new StringBuilder();
      if (scheme != null) sb.append(scheme).append(':');
      if (authority != null) sb.append("//").append(authority);
      sb.append(path);
      if (query != null) sb.append('?').append(query);
      if (fragment != null) sb.append('#').append(fragment);
      return sb.toString();
    }
  }

  /**
   * The absolute URL a link reference points to from {@code base}, fragment included. Like a
   * browser: surrounding whitespace and embedded tabs/newlines are dropped, a backslash before the
   * query is a slash, and "http:g" under an http base is relative (RFC 3986's non-strict rule).
   */
  public static String resolve(String base, String ref) {
    Parts b = Parts.of(base);
    Parts r = Parts.of(clean(ref));
    if (r.scheme != null && b.scheme != null && r.scheme.equalsIgnoreCase(b.scheme)) {
      r = new Parts(null, r.authority, r.path, r.query, r.fragment);
    }
    Parts t;
    if (r.scheme != null) {
      t = new Parts(r.scheme, r.authority, removeDotSegments(r.path), r.query, r.fragment);
    } else if (r.authority != null) {
      t = new Parts(b.scheme, r.authority, removeDotSegments(r.path), r.query, r.fragment);
    } else if (r.path.isEmpty()) {
      t = new Parts(b.scheme, b.authority, b.path, r.query != null ? r.query : b.query, r.fragment);
    } else if (r.path.startsWith("/")) {
      t = new Parts(b.scheme, b.authority, removeDotSegments(r.path), r.query, r.fragment);
    } else {
      t = new Parts(b.scheme, b.authority, removeDotSegments(merge(b, r.path)), r.query, r.fragment);
    }
    return t.recompose();
  }

  private static String clean(String ref) {
    int start = 0;
    int end = ref.length();
    while (start < end && ref.charAt(start) <= ' ') start++;
    while (end > start && ref.charAt(end - 1) <= ' ') end--;
    StringBuilder sb = new StringBuilder(end - start);
    boolean inPath = true;
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

  /** RFC 3986 §5.2.3. */
  private static String merge(Parts base, String refPath) {
    if (base.authority != null && base.path.isEmpty()) {
      return "/" + refPath;
    }
    return base.path.substring(0, base.path.lastIndexOf('/') + 1) + refPath;
  }

  /** RFC 3986 §5.2.4. */
  static String removeDotSegments(String path) {
    String in = path;
    StringBuilder out = new StringBuilder(path.length());
    while (!in.isEmpty()) {
      if (in.startsWith("../")) {
        in = in.substring(3);
      } else if (in.startsWith("./")) {
        in = in.substring(2);
      } else if (in.startsWith("/./")) {
        in = in.substring(2);
      } else if (in.equals("/.")) {
        in = "/";
      } else if (in.startsWith("/../")) {
        in = in.substring(3);
        out.setLength(Math.max(0, out.lastIndexOf("/")));
      } else if (in.equals("/..")) {
        in = "/";
        out.setLength(Math.max(0, out.lastIndexOf("/")));
      } else if (in.equals(".") || in.equals("..")) {
        in = "";
      } else {
        int next = in.indexOf('/', in.startsWith("/") ? 1 : 0);
        int cut = next < 0 ? in.length() : next;
        out.append(in, 0, cut);
        in = in.substring(cut);
      }
    }
    return out.toString();
  }

  /**
   * The URL as the crawler keeps it, or null when it is not a valid http/https URL with a host:
   * scheme lower-cased, fragment dropped, an empty path made "/", a non-ASCII host in its ASCII
   * (IDNA) form, and characters a URL may not hold (spaces, quotes, non-ASCII) percent-encoded.
   */
  public static String crawlable(String url) {
    Parts p = Parts.of(url);
    if (p.scheme == null || p.authority == null) {
      return null;
    }
    String scheme = p.scheme.toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return null;
    }
    String authority = asciiAuthority(p.authority);
    if (authority == null || !HOST_PORT.matcher(authority.substring(authority.lastIndexOf('@') + 1)).matches()) {
      return null;
    }
    String path = p.path.isEmpty() ? "/" : encode(p.path, false);
    String query = p.query == null ? null : encode(p.query, true);
    String result = new Parts(scheme, authority, path, query, null).recompose();
    try {
      new URI(result); // a last check that every component is well-formed
      return result;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  /** The lower-case host of an absolute URL, "" when it has none. */
  public static String host(String url) {
    String authority = Parts.of(url).authority;
    return authority == null ? "" : hostOf(authority).toLowerCase(Locale.ROOT);
  }

  private static String hostOf(String authority) {
    String hostPort = authority.substring(authority.lastIndexOf('@') + 1);
    if (hostPort.startsWith("[")) {
      int close = hostPort.indexOf(']');
      return close < 0 ? hostPort : hostPort.substring(0, close + 1);
    }
    int colon = hostPort.indexOf(':');
    return colon < 0 ? hostPort : hostPort.substring(0, colon);
  }

  private static String asciiAuthority(String authority) {
    String host = hostOf(authority);
    boolean ascii = host.chars().allMatch(c -> c < 0x80);
    if (ascii) {
      return authority;
    }
    int at = authority.lastIndexOf('@') + 1;
    try {
      String idn = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED);
      return authority.substring(0, at) + idn + authority.substring(at + host.length());
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Percent-encodes what RFC 3986 does not allow in a path (or query), as UTF-8; keeps valid escapes. */
  private static String encode(String s, boolean query) {
    StringBuilder sb = null;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      int n = Character.charCount(cp);
      boolean keep = cp < 0x80 && (allowed((char) cp, query) || (cp == '%' && isEscape(s, i)));
      if (!keep && sb == null) {
        sb = new StringBuilder(s.length() + 16).append(s, 0, i);
      }
      if (sb != null) {
        if (keep) {
          sb.appendCodePoint(cp);
        } else {
          for (byte b : new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8)) {
            sb.append('%').append(HEX.charAt((b >> 4) & 0xf)).append(HEX.charAt(b & 0xf));
          }
        }
      }
      i += n;
    }
    return sb == null ? s : sb.toString();
  }

  private static boolean allowed(char c, boolean query) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      return true;
    }
    return "-._~!$&'()*+,;=:@/".indexOf(c) >= 0 || (query && c == '?');
  }

  private static boolean isEscape(String s, int i) {
    return i + 2 < s.length() && HEX.indexOf(Character.toUpperCase(s.charAt(i + 1))) >= 0
        && HEX.indexOf(Character.toUpperCase(s.charAt(i + 2))) >= 0;
  }
}
