package org.trawler.core.parse;

/** Whitespace collapsing and length capping of extracted strings. */
public final class Whitespace {
  private Whitespace() {}

  /**
   * Runs of whitespace (no-break and ideographic spaces included) become one space; ends trimmed.
   */
  public static String collapse(String s) {
    if (s == null) {
      return "";
    }
    if (isCollapsed(s)) {
      return s.trim(); // the common case: text from jsoup, whose whitespace is collapsed already
    }
    StringBuilder sb = new StringBuilder(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        sb.append(' ');
        while (i < s.length() && isSpace(s.charAt(i))) {
          i++;
        }
      } else {
        sb.append(c);
        i++;
      }
    }
    return sb.toString().trim();
  }

  /** True when no whitespace but single plain spaces occur in {@code s}. */
  private static boolean isCollapsed(String s) {
    boolean afterSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == ' ') {
        if (afterSpace) {
          return false;
        }
        afterSpace = true;
      } else if (isSpace(c)) {
        return false;
      } else {
        afterSpace = false;
      }
    }
    return true;
  }

  /** The characters collapse() treats as whitespace: \s, U+00A0, U+2000..U+200B, U+3000. */
  static boolean isSpace(char c) {
    return c == ' '
        || (c >= '\t' && c <= '\r')
        || c == '\u00A0'
        || (c >= '\u2000' && c <= '\u200B')
        || c == '\u3000';
  }

  /** At most {@code max} chars, never cutting a surrogate pair; max &lt; 0 = no cap. */
  static String cap(String s, int max) {
    if (max < 0 || s.length() <= max) {
      return s;
    }
    int end = max > 0 && Character.isHighSurrogate(s.charAt(max - 1)) ? max - 1 : max;
    return s.substring(0, end).trim();
  }
}
