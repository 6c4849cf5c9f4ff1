package org.trawler.core.net;

/**
 * Removal of "." and ".." path segments (RFC 3986 §5.2.4): {@code /a/b/../c/./d} is {@code /a/c/d},
 * and a ".." above the root is dropped ({@code /../a} is {@code /a}), as browsers do.
 */
public final class DotSegments {
  private DotSegments() {}

  /** {@code path} without dot segments; the path itself when it has none. */
  public static String remove(String path) {
    if (!present(path, 0, path.length())) {
      return path;
    }
    StringBuilder out = new StringBuilder(path.length());
    append(out, path, 0, path.length());
    return out.toString();
  }

  /** True when path[from, to) has a "." or ".." segment. */
  public static boolean present(CharSequence path, int from, int to) {
    for (int i = from; i < to; i++) {
      if (path.charAt(i) == '.' && (i == from || path.charAt(i - 1) == '/')) {
        int next = i + 1 < to && path.charAt(i + 1) == '.' ? i + 2 : i + 1;
        if (next == to || path.charAt(next) == '/') {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Appends path[from, to) without its dot segments (the algorithm of RFC 3986 §5.2.4, on indexes).
   */
  public static void append(StringBuilder out, CharSequence path, int from, int to) {
    if (!present(path, from, to)) {
      out.append(path, from, to);
      return;
    }
    int outStart = out.length();
    int i = from;
    while (i < to) {
      int rest = to - i;
      if (startsWith(path, i, to, "../")) { // A
        i += 3;
      } else if (startsWith(path, i, to, "./") || startsWith(path, i, to, "/./")) { // A, B
        i += 2;
      } else if (rest == 2 && startsWith(path, i, to, "/.")) { // B: "/." at the end is "/"
        out.append('/');
        break;
      } else if (startsWith(path, i, to, "/../")) { // C
        i += 3;
        removeLastSegment(out, outStart);
      } else if (rest == 3 && startsWith(path, i, to, "/..")) { // C: "/.." at the end is "/"
        removeLastSegment(out, outStart);
        out.append('/');
        break;
      } else if ((rest == 1 && path.charAt(i) == '.')
          || (rest == 2 && startsWith(path, i, to, ".."))) { // D
        break;
      } else { // E: move the first segment, with its leading '/', to the output
        int end = path.charAt(i) == '/' ? i + 1 : i;
        while (end < to && path.charAt(end) != '/') {
          end++;
        }
        out.append(path, i, end);
        i = end;
      }
    }
  }

  private static void removeLastSegment(StringBuilder out, int outStart) {
    int slash = out.lastIndexOf("/");
    out.setLength(Math.max(outStart, slash));
  }

  private static boolean startsWith(CharSequence s, int i, int to, String prefix) {
    if (to - i < prefix.length()) {
      return false;
    }
    for (int k = 0; k < prefix.length(); k++) {
      if (s.charAt(i + k) != prefix.charAt(k)) {
        return false;
      }
    }
    return true;
  }
}
