package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.Test;

/** Whitespace collapsing: runs of any whitespace become one space, ends trimmed. */
public class WhitespaceTest {
  /** The definition collapse() implements without a regex. */
  private static final Pattern RUN = Pattern.compile("[\\s\\u00A0\\u2000-\\u200B\\u3000]+");

  private static String byRegex(String s) {
    return RUN.matcher(s).replaceAll(" ").trim();
  }

  @Test
  public void runsOfAnyWhitespaceBecomeOneSpaceAndEndsAreTrimmed() {
    assertEquals("a b c", Whitespace.collapse("  a \t\n b\u00A0\u3000c\u200B "));
    assertEquals("already collapsed", Whitespace.collapse("already collapsed"));
    assertEquals("", Whitespace.collapse(null));
    assertEquals("", Whitespace.collapse(" \u2003 "));
    assertEquals("x", Whitespace.collapse("\u0001x\u0002")); // trim() drops control characters
  }

  @Test
  public void collapsesLikeTheRegexDefinitionOnRandomText() {
    char[] alphabet = {
      'a', 'b', ' ', ' ', '\t', '\n', '\u000B', '\f', '\r', '\u00A0', '\u2000', '\u200B', '\u200C',
      '\u3000', '\u0001', '\u1680', 'é'
    };
    SplittableRandom rnd = new SplittableRandom(7);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder sb = new StringBuilder();
      for (int i = rnd.nextInt(12); i > 0; i--) {
        sb.append(alphabet[rnd.nextInt(alphabet.length)]);
      }
      String s = sb.toString();
      assertEquals(s.replace("\n", "\\n"), byRegex(s), Whitespace.collapse(s));
    }
  }
}
