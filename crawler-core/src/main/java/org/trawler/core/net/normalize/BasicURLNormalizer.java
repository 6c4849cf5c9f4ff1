package org.trawler.core.net.normalize;

import java.io.ByteArrayOutputStream;
import java.net.IDN;
import java.net.MalformedURLException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLParts;

/**
 * The canonical form of a URL with an authority (RFC 3986 syntax-based normalization): scheme and
 * host lower-cased, IDN hosts in punycode, a trailing dot of the host removed, the default port
 * removed, dot segments resolved (a {@code ..} above the root is dropped), percent-encoding
 * normalized (unreserved characters decoded, hex digits upper-cased, characters that may not
 * appear literally encoded as UTF-8), an empty path made {@code /}, an empty query and the
 * fragment dropped. Tabs and newlines anywhere and spaces at the ends are removed, as browsers do.
 *
 * <p>A URL without an authority is returned with only its scheme lower-cased when the scheme does
 * not need a host ({@code mailto:}, {@code javascript:}, {@code data:}); the filters decide about
 * those. No scheme, no host where one is needed, a bad port or characters no host name may hold
 * throw {@link MalformedURLException}. Stateless, so thread-safe.
 */
public class BasicURLNormalizer implements URLNormalizer {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final String SUB_DELIMS = "!$&'()*+,;=";
  private static final boolean[] USERINFO_CHARS = literalChars(SUB_DELIMS + ":");
  private static final boolean[] PATH_CHARS = literalChars(SUB_DELIMS + ":@/");
  // '[' and ']' stay literal in the query: PHP-style array parameters use them, servers expect them.
  private static final boolean[] QUERY_CHARS = literalChars(SUB_DELIMS + ":@/?[]");
  private static final int MAX_PORT = 65535;

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
    appendEncoded(out, s, authorityEnd, pathEnd, PATH_CHARS);
    if (out.length() == pathStart) {
      out.append('/');
    } else if (hasDotSegment(out, pathStart)) {
      String path = out.substring(pathStart);
      out.setLength(pathStart);
      appendWithoutDotSegments(out, path);
    }
    if (pathEnd + 1 < queryEnd) {
      out.append('?');
      appendEncoded(out, s, pathEnd + 1, queryEnd, QUERY_CHARS);
    }
    return out.toString();
  }

  private static void appendAuthority(
      StringBuilder out, String s, int start, int end, String scheme, String url)
      throws MalformedURLException {
    int at = s.lastIndexOf('@', end - 1);
    int hostStart = start;
    if (at >= start) {
      if (at > start) {
        appendEncoded(out, s, start, at, USERINFO_CHARS);
        out.append('@');
      }
      hostStart = at + 1;
    }
    int portColon;
    String host;
    if (hostStart < end && s.charAt(hostStart) == '[') {
      int close = s.indexOf(']', hostStart);
      if (close < 0 || close >= end) {
        throw new MalformedURLException("unclosed IPv6 address: " + abbreviate(url));
      }
      host = ipv6Host(s, hostStart, close + 1, url);
      portColon = close + 1;
      if (portColon < end && s.charAt(portColon) != ':') {
        throw new MalformedURLException("bad character after IPv6 address: " + abbreviate(url));
      }
    } else {
      portColon = s.indexOf(':', hostStart);
      if (portColon < 0 || portColon > end) {
        portColon = end;
      }
      host = hostName(s, hostStart, portColon, url);
    }
    if (host.isEmpty() && needsHost(scheme)) {
      throw new MalformedURLException("no host: " + abbreviate(url));
    }
    out.append(host);
    if (portColon < end) {
      int port = port(s, portColon + 1, end, url);
      if (port >= 0 && port != defaultPort(scheme)) {
        out.append(':').append(port);
      }
    }
  }

  /** A registered name: percent-decoded, lower-cased, without trailing dots, punycode for IDN. */
  private static String hostName(String s, int start, int end, String url)
      throws MalformedURLException {
    String host = s.substring(start, end);
    if (host.indexOf('%') >= 0) {
      host = percentDecode(host, url);
    }
    int length = host.length();
    while (length > 0 && host.charAt(length - 1) == '.') {
      length--;
    }
    host = host.substring(0, length).toLowerCase(Locale.ROOT);
    if (!isAscii(host)) {
      try {
        host = IDN.toASCII(host, IDN.ALLOW_UNASSIGNED).toLowerCase(Locale.ROOT);
      } catch (IllegalArgumentException e) {
        throw new MalformedURLException("bad host name (" + e.getMessage() + "): " + abbreviate(url));
      }
    }
    char previous = '.';
    for (int i = 0; i < host.length(); i++) {
      char c = host.charAt(i);
      boolean valid = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
          || (c == '.' && previous != '.');
      if (!valid) {
        throw new MalformedURLException("bad host name: " + abbreviate(url));
      }
      previous = c;
    }
    return host;
  }

  private static String ipv6Host(String s, int start, int end, String url)
      throws MalformedURLException {
    String host = s.substring(start, end).toLowerCase(Locale.ROOT);
    if (host.length() < 4) {
      throw new MalformedURLException("bad IPv6 address: " + abbreviate(url));
    }
    for (int i = 1; i < host.length() - 1; i++) {
      char c = host.charAt(i);
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || c == ':' || c == '.')) {
        throw new MalformedURLException("bad IPv6 address: " + abbreviate(url));
      }
    }
    return host;
  }

  /** The port, or -1 when empty ({@code http://host:/}). */
  private static int port(String s, int start, int end, String url) throws MalformedURLException {
    if (start == end) {
      return -1;
    }
    int port = 0;
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        throw new MalformedURLException("bad port: " + abbreviate(url));
      }
      port = port * 10 + (c - '0');
      if (port > MAX_PORT) {
        throw new MalformedURLException("port out of range: " + abbreviate(url));
      }
    }
    return port;
  }

  private static int defaultPort(String scheme) {
    switch (scheme) {
      case "http":
      case "ws":
        return 80;
      case "https":
      case "wss":
        return 443;
      case "ftp":
        return 21;
      default:
        return -1;
    }
  }

  private static boolean needsHost(String scheme) {
    return defaultPort(scheme) >= 0;
  }

  /**
   * Appends s[from, to) with percent-encoding normalized: an escape of an unreserved character is
   * decoded, other escapes get upper-case hex, a stray '%' becomes %25, characters outside
   * {@code literal} (and any non-ASCII character, as UTF-8) are escaped.
   */
  private static void appendEncoded(
      StringBuilder out, String s, int from, int to, boolean[] literal) {
    int i = from;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '%') {
        int hi = i + 2 < to ? hexValue(s.charAt(i + 1)) : -1;
        int lo = i + 2 < to ? hexValue(s.charAt(i + 2)) : -1;
        if (hi >= 0 && lo >= 0) {
          int b = hi << 4 | lo;
          if (isUnreserved(b)) {
            out.append((char) b);
          } else {
            out.append('%').append(HEX[hi]).append(HEX[lo]);
          }
          i += 3;
        } else {
          out.append("%25");
          i++;
        }
      } else if (c < 0x80) {
        if (isUnreserved(c) || literal[c]) {
          out.append(c);
        } else {
          appendEscaped(out, c);
        }
        i++;
      } else {
        int codePoint = s.codePointAt(i);
        i += Character.charCount(codePoint);
        appendUtf8(out, Character.isSurrogate((char) codePoint) ? 0xFFFD : codePoint);
      }
    }
  }

  private static void appendUtf8(StringBuilder out, int cp) {
    if (cp < 0x800) {
      appendEscaped(out, 0xC0 | cp >> 6);
      appendEscaped(out, 0x80 | cp & 0x3F);
    } else if (cp < 0x10000) {
      appendEscaped(out, 0xE0 | cp >> 12);
      appendEscaped(out, 0x80 | cp >> 6 & 0x3F);
      appendEscaped(out, 0x80 | cp & 0x3F);
    } else {
      appendEscaped(out, 0xF0 | cp >> 18);
      appendEscaped(out, 0x80 | cp >> 12 & 0x3F);
      appendEscaped(out, 0x80 | cp >> 6 & 0x3F);
      appendEscaped(out, 0x80 | cp & 0x3F);
    }
  }

  private static void appendEscaped(StringBuilder out, int b) {
    out.append('%').append(HEX[b >> 4]).append(HEX[b & 0xF]);
  }

  /** True when the path starting at {@code start} has a "." or ".." segment. */
  private static boolean hasDotSegment(CharSequence path, int start) {
    int n = path.length();
    for (int i = start; i < n; i++) {
      if (path.charAt(i) == '.' && path.charAt(i - 1) == '/') {
        int next = i + 1 < n && path.charAt(i + 1) == '.' ? i + 2 : i + 1;
        if (next == n || path.charAt(next) == '/') {
          return true;
        }
      }
    }
    return false;
  }

  /** RFC 3986 5.2.4 on an absolute path; ".." at the root stays at the root. */
  private static void appendWithoutDotSegments(StringBuilder out, String path) {
    List<String> segments = new ArrayList<>();
    int start = 1;
    while (true) {
      int slash = path.indexOf('/', start);
      boolean last = slash < 0;
      String segment = path.substring(start, last ? path.length() : slash);
      if (segment.equals("..")) {
        if (!segments.isEmpty()) {
          segments.remove(segments.size() - 1);
        }
        if (last) {
          segments.add("");
        }
      } else if (segment.equals(".")) {
        if (last) {
          segments.add("");
        }
      } else {
        segments.add(segment);
      }
      if (last) {
        break;
      }
      start = slash + 1;
    }
    for (String segment : segments) {
      out.append('/').append(segment);
    }
    if (segments.isEmpty()) {
      out.append('/');
    }
  }

  private static String percentDecode(String s, String url) throws MalformedURLException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(s.length());
    int i = 0;
    while (i < s.length()) {
      int percent = s.indexOf('%', i);
      int literalEnd = percent < 0 ? s.length() : percent;
      byte[] literal = s.substring(i, literalEnd).getBytes(StandardCharsets.UTF_8);
      bytes.write(literal, 0, literal.length);
      if (percent < 0) {
        break;
      }
      int hi = percent + 2 < s.length() ? hexValue(s.charAt(percent + 1)) : -1;
      int lo = percent + 2 < s.length() ? hexValue(s.charAt(percent + 2)) : -1;
      if (hi < 0 || lo < 0) {
        throw new MalformedURLException("bad escape in host: " + abbreviate(url));
      }
      bytes.write(hi << 4 | lo);
      i = percent + 3;
    }
    try {
      return StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes.toByteArray()))
          .toString();
    } catch (CharacterCodingException e) {
      throw new MalformedURLException("host escapes are not UTF-8: " + abbreviate(url));
    }
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

  private static boolean isUnreserved(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '-' || c == '.' || c == '_' || c == '~';
  }

  private static int hexValue(char c) {
    if (c >= '0' && c <= '9') {
      return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
      return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
      return c - 'A' + 10;
    }
    return -1;
  }

  private static boolean isAscii(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) >= 0x80) {
        return false;
      }
    }
    return true;
  }

  private static boolean[] literalChars(String chars) {
    boolean[] table = new boolean[0x80];
    for (char c : chars.toCharArray()) {
      table[c] = true;
    }
    return table;
  }

  /** The URL cut for an error message: a 10 000-character URL must not flood the log. */
  private static String abbreviate(String url) {
    return url.length() <= 200 ? url : url.substring(0, 200) + "...";
  }
}
