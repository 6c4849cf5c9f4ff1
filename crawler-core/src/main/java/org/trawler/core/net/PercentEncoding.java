package org.trawler.core.net;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Percent-encoding of URL components (RFC 3986 §2.1, 2.4): what may stay literal in each component,
 * escaping the rest as UTF-8, and decoding. Pages and servers write URLs with spaces, quotes,
 * non-ASCII characters and stray '%' signs; browsers escape those before a request, and so does the
 * crawler.
 */
public final class PercentEncoding {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final String SUB_DELIMS = "!$&'()*+,;=";

  /** A URL component, by the characters it may hold literally besides the unreserved ones. */
  public enum Component {
    USERINFO(SUB_DELIMS + ":"),
    PATH(SUB_DELIMS + ":@/"),
    QUERY(SUB_DELIMS + ":@/?"),
    /**
     * A query as servers read it: '[' and ']' stay literal, PHP-style array parameters use them.
     */
    QUERY_WITH_BRACKETS(SUB_DELIMS + ":@/?[]");

    private final boolean[] literal = new boolean[0x80];

    Component(String chars) {
      for (char c : chars.toCharArray()) {
        literal[c] = true;
      }
    }

    /** True when the ASCII character {@code c} may appear unescaped in this component. */
    boolean isLiteral(int c) {
      return isUnreserved(c) || literal[c];
    }
  }

  private PercentEncoding() {}

  /**
   * Appends s[from, to) in normal form (RFC 3986 §6.2.2.2): an escape of an unreserved character is
   * decoded, other escapes get upper-case hex, a stray '%' becomes %25, characters the component
   * may not hold (and any non-ASCII character, as UTF-8) are escaped.
   */
  public static void normalize(
      StringBuilder out, CharSequence s, int from, int to, Component component) {
    append(out, s, from, to, component, true);
  }

  /**
   * Appends s[from, to) with what the component may not hold escaped (non-ASCII as UTF-8, a stray
   * '%' as %25); valid escapes are kept as written.
   */
  public static void escape(
      StringBuilder out, CharSequence s, int from, int to, Component component) {
    append(out, s, from, to, component, false);
  }

  /**
   * {@code url} as a browser requests it: without its fragment, with userinfo, path and query
   * escaped where RFC 3986 does not allow a character literally, and a non-ASCII host in its ASCII
   * (IDNA) form; the rest as written. Throws IllegalArgumentException for a host that is no valid
   * internationalized name.
   */
  public static String escapeUrl(String url) {
    URLParts p = URLParts.of(url);
    int end = p.queryEnd();
    int pathStart = p.pathStart();
    int hostStart = p.hasAuthority() ? p.hostStart() : pathStart;
    int hostEnd = p.hasAuthority() ? p.hostEnd() : pathStart;
    boolean userinfo = p.hasAuthority() && hostStart > p.authorityStart();
    String host = url.substring(hostStart, hostEnd);
    String asciiHost = URLParts.asciiHost(host);
    if (asciiHost == host
        && !(userinfo && needsEscaping(url, p.authorityStart(), hostStart - 1, Component.USERINFO))
        && !needsEscaping(url, pathStart, p.pathEnd(), Component.PATH)
        && !(p.hasQuery() && needsEscaping(url, p.pathEnd() + 1, end, Component.QUERY))) {
      return end == url.length() ? url : url.substring(0, end);
    }
    StringBuilder out = new StringBuilder(end + 16);
    if (userinfo) {
      out.append(url, 0, p.authorityStart());
      escape(out, url, p.authorityStart(), hostStart - 1, Component.USERINFO);
      out.append('@');
    } else {
      out.append(url, 0, hostStart);
    }
    out.append(asciiHost).append(url, hostEnd, pathStart);
    escape(out, url, pathStart, p.pathEnd(), Component.PATH);
    if (p.hasQuery()) {
      out.append('?');
      escape(out, url, p.pathEnd() + 1, end, Component.QUERY);
    }
    return out.toString();
  }

  /** True when {@link #escape} would change s[from, to). */
  public static boolean needsEscaping(CharSequence s, int from, int to, Component component) {
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c >= 0x80 || (c == '%' ? !isEscape(s, i, to) : !component.isLiteral(c))) {
        return true;
      }
    }
    return false;
  }

  private static void append(
      StringBuilder out, CharSequence s, int from, int to, Component component, boolean normalize) {
    int i = from;
    while (i < to) {
      char c = s.charAt(i);
      if (c == '%') {
        if (!isEscape(s, i, to)) {
          out.append("%25");
          i++;
          continue;
        }
        int hi = hexValue(s.charAt(i + 1));
        int lo = hexValue(s.charAt(i + 2));
        int b = hi << 4 | lo;
        if (!normalize) {
          out.append(s, i, i + 3);
        } else if (isUnreserved(b)) {
          out.append((char) b);
        } else {
          out.append('%').append(HEX[hi]).append(HEX[lo]);
        }
        i += 3;
      } else if (c < 0x80) {
        if (component.isLiteral(c)) {
          out.append(c);
        } else {
          appendEscaped(out, c);
        }
        i++;
      } else {
        int codePoint = Character.codePointAt(s, i);
        i += Character.charCount(codePoint);
        // A lone surrogate is no character: browsers send U+FFFD for it.
        appendUtf8(out, Character.isSurrogate((char) codePoint) ? 0xFFFD : codePoint);
      }
    }
  }

  /**
   * The string the escapes of {@code s} stand for, read as UTF-8; throws IllegalArgumentException
   * for a '%' that starts no escape or for bytes that are not UTF-8.
   */
  public static String decode(String s) {
    if (s.indexOf('%') < 0) {
      return s;
    }
    byte[] bytes = new byte[s.length() * 3];
    int n = 0;
    for (int i = 0; i < s.length(); ) {
      char c = s.charAt(i);
      if (c == '%') {
        if (!isEscape(s, i, s.length())) {
          throw new IllegalArgumentException("bad escape");
        }
        bytes[n++] = (byte) (hexValue(s.charAt(i + 1)) << 4 | hexValue(s.charAt(i + 2)));
        i += 3;
      } else {
        int codePoint = s.codePointAt(i);
        int charCount = Character.charCount(codePoint);
        byte[] utf8 = s.substring(i, i + charCount).getBytes(StandardCharsets.UTF_8);
        System.arraycopy(utf8, 0, bytes, n, utf8.length);
        n += utf8.length;
        i += charCount;
      }
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes, 0, n))
          .toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("escapes are not UTF-8");
    }
  }

  /** True for a '%' at {@code i} followed by two hex digits before {@code to}. */
  public static boolean isEscape(CharSequence s, int i, int to) {
    return i + 2 < to && hexValue(s.charAt(i + 1)) >= 0 && hexValue(s.charAt(i + 2)) >= 0;
  }

  /** RFC 3986 §2.3: letters, digits, - . _ ~ */
  public static boolean isUnreserved(int c) {
    return (c >= 'a' && c <= 'z')
        || (c >= 'A' && c <= 'Z')
        || (c >= '0' && c <= '9')
        || c == '-'
        || c == '.'
        || c == '_'
        || c == '~';
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
}
