package org.trawler.core.net;

import java.util.Locale;

/**
 * Where the host and the path lie in a URL string of the form {@code scheme://authority/path?query},
 * found without parsing the whole URL: filters and normalizers call this once per URL.
 */
public final class URLParts {
  private URLParts() {}

  /** Index of the ':' ending a valid scheme (RFC 3986: a letter, then letters, digits, + - .), or -1. */
  public static int schemeEnd(String url) {
    int n = url.length();
    if (n == 0 || !isAsciiLetter(url.charAt(0))) {
      return -1;
    }
    for (int i = 1; i < n; i++) {
      char c = url.charAt(i);
      if (c == ':') {
        return i;
      }
      if (!isAsciiLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
        return -1;
      }
    }
    return -1;
  }

  /** Index just past {@code scheme://}, or -1 when the URL has no scheme or no authority. */
  public static int authorityStart(String url) {
    int colon = schemeEnd(url);
    return colon >= 0 && url.startsWith("//", colon + 1) ? colon + 3 : -1;
  }

  /** Index of the end of the authority that starts at {@code start}: the first '/', '?', '#' or the end. */
  public static int authorityEnd(String url, int start) {
    return indexOfAny(url, start, "/?#");
  }

  /** The host, lower-cased, with brackets for IPv6; null when the URL has no authority. */
  public static String host(String url) {
    long span = hostSpan(url);
    if (span < 0) {
      return null;
    }
    return url.substring((int) (span >>> 32), (int) span).toLowerCase(Locale.ROOT);
  }

  /** The URL with its host replaced; the URL itself when it has no authority. */
  public static String replaceHost(String url, String host) {
    long span = hostSpan(url);
    if (span < 0) {
      return url;
    }
    int start = (int) (span >>> 32);
    int end = (int) span;
    return url.substring(0, start) + host + url.substring(end);
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

  /** start &lt;&lt; 32 | end of the host, or -1. */
  private static long hostSpan(String url) {
    int start = authorityStart(url);
    if (start < 0) {
      return -1;
    }
    int end = authorityEnd(url, start);
    int at = url.lastIndexOf('@', end - 1);
    if (at >= start) {
      start = at + 1;
    }
    int hostEnd;
    if (start < end && url.charAt(start) == '[') {
      int close = url.indexOf(']', start);
      hostEnd = close < 0 || close >= end ? end : close + 1;
    } else {
      int colon = url.indexOf(':', start);
      hostEnd = colon < 0 || colon >= end ? end : colon;
    }
    return ((long) start << 32) | hostEnd;
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
