package org.trawler.core.parse;

import java.util.regex.Pattern;

/** Whitespace collapsing and length capping of extracted strings. */
final class Whitespace {
  private static final Pattern RUN = Pattern.compile("[\\s\\u00A0\\u2000-\\u200B\\u3000]+");

  private Whitespace() {}

  /**
   * Runs of whitespace (no-break and ideographic spaces included) become one space; ends trimmed.
   */
  static String collapse(String s) {
    return s == null ? "" : RUN.matcher(s).replaceAll(" ").trim();
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
