package org.trawler.parse.tika;

import java.util.Set;

/**
 * A document's text as its parser emits it, line by line, with the words its typesetting broke at
 * line ends made whole again: a PDF keeps "re-" at the end of one line and "usable" at the start of
 * the next, and the text would hold two words that no search finds and no reader wrote. As
 * pdftotext and PDF readers do, a hyphen ('-', U+2010) that ends a line right after a word of two
 * or more lower-case letters, followed on the next line by a lower-case letter, is a hyphenation:
 * the hyphen and the line end go ("re-\nusable" gives "reusable", "Müh-\nlenstraße" gives
 * "Mühlenstraße"). A hyphen there that cannot be one (after one letter, an upper-case letter or a
 * digit, or before one: "e-\nmail", "COVID-\n19", "Jean-\nPaul") is the word's own, broken at it:
 * it stays and the line end goes ("e-mail", "COVID-19", "Jean-Paul"). A hyphen that hangs before a
 * conjunction ("Vor-\nund Nachteile", "pre-\nand post-war") keeps its line end. A soft hyphen
 * (U+00AD) is invisible wherever it stands: it goes, and at a line end between letters so does the
 * line end. A hyphen inside a line is never touched.
 *
 * <p>Lower-case versus upper-case is the only evidence a stream has: a compound of two lower-case
 * words broken at its own hyphen ("well-\nknown", "peut-\nêtre") is joined as one word, as
 * pdftotext joins it. Cheap: one look back per line end, and text is held back only from a line-end
 * hyphen to the end of the next line's first word.
 */
final class LineEndHyphens {
  static final char SOFT_HYPHEN = '\u00AD';
  static final char HYPHEN = '\u2010';

  /** What a line-end hyphen and the line end after it become. */
  enum Join {
    /** A hyphenation: hyphen and line end go ("re-\nusable" gives "reusable"). */
    WORD,
    /** The word's own hyphen: the line end goes, the hyphen stays ("Jean-\nPaul"). */
    COMPOUND,
    /** Both stay: no word continues here. */
    NONE
  }

  /**
   * Words after which a line-end hyphen hangs over to a later word ("Vor- und Nachteile", "pre- and
   * post-war"): German and English, whose typesetting puts such hyphens at line ends most often.
   */
  private static final Set<String> CONJUNCTIONS = Set.of("und", "oder", "bis", "sowie", "and");

  /** Longest first word looked at: a conjunction is shorter, a longer word is no conjunction. */
  private static final int MAX_WORD = 5;

  private final StringBuilder text;

  /** Where the line-end hyphen waiting for the next line's first word is in text; -1: none. */
  private int hyphen = -1;

  /** Where that first word starts in text; -1 while it has not started. */
  private int word = -1;

  LineEndHyphens(StringBuilder text) {
    this.text = text;
  }

  /** Appends one character of the document's running text, where '\n' ends a line. */
  void append(char c) {
    if (hyphen >= 0 && !pending(c)) {
      resolve();
    }
    if (hyphen >= 0) {
      text.append(c);
      return;
    }
    int last = text.length() - 1;
    if (last >= 0 && text.charAt(last) == SOFT_HYPHEN && c != '\n') {
      text.setLength(last); // a soft hyphen inside a line shows nothing
    }
    if (c == '\n') {
      hyphen = lineEndHyphen();
    }
    text.append(c);
  }

  /**
   * Ends a block (a paragraph, a cell, a page): a hyphen before it stays as it is, as a hyphen
   * before a blank line does.
   */
  void blockEnd() {
    if (hyphen >= 0) {
      resolve();
    }
    dropTrailingSoftHyphen();
  }

  /** Ends the text: what is held back is decided with what came. */
  void finish() {
    blockEnd();
  }

  /** Whether {@code c} still belongs to what is held back: the spaces and the first word. */
  private boolean pending(char c) {
    if (word < 0) {
      if (Character.isLetterOrDigit(c)) {
        word = text.length();
        return true;
      }
      return isSpace(c);
    }
    return Character.isLetterOrDigit(c) && text.length() - word < MAX_WORD;
  }

  /** Decides the held-back hyphen by the first word after it (a part of it, if long). */
  private void resolve() {
    int h = hyphen;
    int w = word;
    hyphen = -1;
    word = -1;
    char mark = text.charAt(h);
    Join join =
        w < 0
            ? Join.NONE
            : decide(mark, partBefore(h), text.subSequence(w, text.length()), more(w));
    if (join == Join.WORD) {
      text.delete(h, w);
    } else if (join == Join.COMPOUND) {
      text.delete(h + 1, w);
    } else if (mark == SOFT_HYPHEN) {
      text.deleteCharAt(h);
    }
  }

  /** Whether the first word was cut at MAX_WORD letters (it goes on: it is no conjunction). */
  private boolean more(int w) {
    return text.length() - w >= MAX_WORD;
  }

  /**
   * The letters and digits right before the hyphen at {@code h}, at most two of them: one is a word
   * of one letter, which typesetting never breaks after (TeX's and Duden's minimum is two).
   */
  private CharSequence partBefore(int h) {
    int start = h;
    while (start > 0 && h - start < 2 && Character.isLetterOrDigit(text.charAt(start - 1))) {
      start--;
    }
    return text.subSequence(start, h);
  }

  /**
   * The position of the hyphen that ends the text's current line (spaces after it aside), when it
   * directly follows a letter or digit; -1 otherwise.
   */
  private int lineEndHyphen() {
    int i = text.length() - 1;
    while (i >= 0 && isSpace(text.charAt(i))) {
      i--;
    }
    if (i < 1 || !isHyphen(text.charAt(i)) || !Character.isLetterOrDigit(text.charAt(i - 1))) {
      return -1;
    }
    return i;
  }

  private void dropTrailingSoftHyphen() {
    int last = text.length() - 1;
    if (last >= 0 && text.charAt(last) == SOFT_HYPHEN) {
      text.setLength(last);
    }
  }

  /** Space within a line: what lines carry before and after their words. */
  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\u00A0';
  }

  private static boolean isHyphen(char c) {
    return c == '-' || c == HYPHEN || c == SOFT_HYPHEN;
  }

  /**
   * What a hyphen {@code mark} at a line end becomes, between {@code before} (the letters and
   * digits before it, two at most: one means a word of one letter) and {@code after} (the first
   * letters and digits of the next line, empty when it starts otherwise; {@code longer}: it has
   * more).
   */
  static Join decide(char mark, CharSequence before, CharSequence after, boolean longer) {
    if (before.isEmpty() || after.isEmpty()) {
      return Join.NONE;
    }
    char last = before.charAt(before.length() - 1);
    char first = after.charAt(0);
    if (mark == SOFT_HYPHEN) {
      return Character.isLetter(last) && Character.isLetter(first) ? Join.WORD : Join.NONE;
    }
    if (!longer && CONJUNCTIONS.contains(after.toString())) {
      return Join.NONE;
    }
    if (before.length() >= 2
        && Character.isLetter(before.charAt(0))
        && Character.isLowerCase(last)
        && Character.isLowerCase(first)) {
      return Join.WORD;
    }
    return Join.COMPOUND;
  }
}
