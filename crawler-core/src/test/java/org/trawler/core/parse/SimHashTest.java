package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.OptionalLong;
import org.junit.Test;

public class SimHashTest {

  /** A news article of about 300 words, as a page's text would hold it. */
  static final String ARTICLE =
      "The harbour commission met on Tuesday evening to decide the future of the old grain"
          + " warehouse that has stood empty at the end of the northern pier since the mills"
          + " closed. For more than an hour residents, fishermen and shop owners filled the"
          + " council chamber, and many of them had to listen from the corridor. The proposal"
          + " on the table would turn the building into a covered market on the ground floor,"
          + " with workshops and a small museum of the port above it. Supporters said the"
          + " market would bring visitors back to a part of the town that most people now"
          + " only drive through on their way to the ferry. Several fishermen were less sure."
          + " They worry that delivery vans and tourists would block the quay where they land"
          + " their catch early in the morning, and they asked the commission to keep a lane"
          + " free for them at all hours. The chair of the commission promised that any plan"
          + " would be drawn with the working harbour in mind, not against it. An engineer"
          + " hired by the town reported that the roof and the western wall need urgent"
          + " repair whatever is decided, because winter storms have loosened the stones and"
          + " water runs down the inside of the building after every heavy rain. Her estimate"
          + " for the repair alone was higher than many in the room had expected, and a"
          + " murmur went through the chamber when she read it out. The commission will ask"
          + " the regional government for a grant to cover part of the cost, and it will"
          + " hold a second public meeting before the summer so that residents can see the"
          + " drawings. A local baker who has run her shop beside the pier for thirty years"
          + " said she would welcome any change that brings people back to the waterfront."
          + " Nobody comes down here after dark any more, she said, and a market with lights"
          + " and music would make the whole street feel alive again. The vote is expected"
          + " in the autumn, after the engineers have finished their survey of the pier.";

  /** Another text of the same length on another subject. */
  static final String OTHER_ARTICLE =
      "Researchers at the university botanical garden have spent the last three seasons"
          + " counting the bees that visit its meadow, and their results surprised even the"
          + " gardeners who planted it. Wild bees, not honey bees, made up most of the"
          + " visitors, and they preferred a handful of native flowers that the garden had"
          + " almost removed a decade ago because they looked untidy. The team walked the"
          + " same route through the meadow every week from early spring to late autumn,"
          + " stopping at marked squares to note every insect that landed on a flower. Over"
          + " the three years volunteers joined them, and by the end more than forty people"
          + " had learned to tell the common species apart by their size, their colour and"
          + " the way they fly. The lead researcher said that the most useful thing a"
          + " household can do is to leave a corner of the lawn unmown through the summer."
          + " Clover, dandelions and thistles feed far more insects than the neat borders of"
          + " imported flowers that most gardens are planted with. She also warned against"
          + " buying bee hotels without thinking about where to hang them, since a hotel in"
          + " the shade stays empty and one in the rain grows mould that harms the larvae."
          + " The garden now plans to turn a second lawn into a meadow and to publish a simple"
          + " guide for schools, so that children can run their own counts near their"
          + " classrooms. Local councils have asked for copies of the data, hoping to use it"
          + " when they decide how often to cut the grass along roads and in parks. Early"
          + " reports from two towns that stopped mowing their verges in June suggest that"
          + " the number of butterflies there has already started to rise. The researchers"
          + " will present the full results at a conference in the capital next spring, and"
          + " the data will be free for anyone to download from the garden's website.";

  private final SimHash simHash = new SimHash(50);

  private long fingerprint(String text) {
    OptionalLong f = simHash.fingerprint(text);
    assertTrue("a fingerprint for: " + text, f.isPresent());
    return f.getAsLong();
  }

  @Test
  public void theArticlesAreRealSized() {
    assertTrue(ARTICLE.split(" ").length > 290);
    assertTrue(OTHER_ARTICLE.split(" ").length > 290);
  }

  @Test
  public void theSameTextGivesTheSameFingerprint() {
    assertEquals(fingerprint(ARTICLE), fingerprint(new String(ARTICLE)));
  }

  @Test
  public void caseSpacingAndPunctuationDoNotCount() {
    String shouted = ARTICLE.toUpperCase(java.util.Locale.ROOT).replace(", ", " ; ");
    assertEquals(fingerprint(ARTICLE), fingerprint("  " + shouted.replace(" ", "\n  ") + "!"));
  }

  @Test
  public void aChangedDateLineOrVisitIdLeavesTheFingerprintAsItWas() {
    long a = fingerprint("Posted 28.11.2026 at 18:31 (visit a8f3c2e1). " + ARTICLE);
    long b = fingerprint("Posted 03.12.2026 at 09:02 (visit 9b0d44f7). " + ARTICLE);
    assertEquals(0, SimHash.distance(a, b));
    assertEquals(fingerprint("Posted at (visit). " + ARTICLE), a);
  }

  @Test
  public void aFewChangedWordsInThreeHundredAreWithinThreeBits() {
    long original = fingerprint("Tuesday 28 November 2026. " + ARTICLE);
    long weekday = fingerprint("Wednesday 28 November 2026. " + ARTICLE);
    long word = fingerprint(ARTICLE.replace("second public meeting", "second open meeting"));
    long cut = fingerprint(ARTICLE.replace(" and a murmur went through the chamber", ""));
    assertTrue(
        SimHash.distance(original, weekday) + " bits", SimHash.distance(original, weekday) <= 3);
    assertTrue(
        SimHash.distance(original, word) + " bits",
        SimHash.distance(fingerprint(ARTICLE), word) <= 3);
    assertTrue(
        SimHash.distance(original, cut) + " bits",
        SimHash.distance(fingerprint(ARTICLE), cut) <= 3);
  }

  @Test
  public void unrelatedTextsAreMoreThanTwentyBitsApart() {
    long a = fingerprint(ARTICLE);
    long b = fingerprint(OTHER_ARTICLE);
    assertTrue(SimHash.distance(a, b) + " bits", SimHash.distance(a, b) > 20);
    String firstHalf = ARTICLE.substring(0, ARTICLE.length() / 2);
    String secondHalf = ARTICLE.substring(ARTICLE.length() / 2);
    assertTrue(
        SimHash.distance(fingerprint(firstHalf), fingerprint(secondHalf)) + " bits",
        SimHash.distance(fingerprint(firstHalf), fingerprint(secondHalf)) > 20);
  }

  @Test
  public void aTextWithTooFewWordsHasNoFingerprint() {
    assertFalse(
        simHash.fingerprint("Page not found. The page you asked for is not here.").isPresent());
    assertFalse(simHash.fingerprint("").isPresent());
    // numbers are no words: a table of figures is no text to compare
    assertFalse(simHash.fingerprint("1 2 3 4 5 6 7 8 9 10 ".repeat(20)).isPresent());
    assertTrue(new SimHash(3).fingerprint("three plain words").isPresent());
  }

  @Test
  public void theDistanceCountsDifferingBits() {
    assertEquals(0, SimHash.distance(5L, 5L));
    assertEquals(64, SimHash.distance(0L, -1L));
    assertEquals(2, SimHash.distance(0b1010L, 0b0000L));
    assertEquals("000000000000000f", SimHash.hex(15L));
    assertEquals("ffffffffffffffff", SimHash.hex(-1L));
  }

  /**
   * The fingerprints kept in parse data and the crawldb: a page fetched again must get the one its
   * earlier copy got, so the method may get faster but never other. Long texts cross the 1024-char
   * chunks an earlier version read the text in, a surrogate pair straddles one, and lone surrogates
   * are no letters.
   */
  @Test
  public void fingerprintsAreTheOnesKeptBefore() {
    StringBuilder straddle = new StringBuilder();
    while (straddle.length() < 1024 - 1) {
      straddle.append("word ");
    }
    straddle.setLength(1024 - 1);
    straddle.append("\uD835\uDC00bc \uD835\uDC01 lemma tail words here and more");
    String[][] expected = {
      {ARTICLE, "fdc72c1aa6bb586b", "fdc72c1aa6bb586b"},
      {ARTICLE.repeat(7), "fdc72c1abebb586b", "fdc72c1abebb586b"},
      {
        "Über die Brücke gehen die Kinder jeden Morgen zur Schule, und die Straße ist voll. Ο"
            + " ήλιος λάμπει πάνω από τη θάλασσα και τα παιδιά παίζουν στην παραλία όλη μέρα.",
        null,
        "a7073dd0e9e29298"
      },
      {
        "Tea \uD83D\uDE00 time \uD835\uDC00\uD835\uDC01\uD835\uDC02 math letters 2024 visit123"
            + " \u0391\u0392\u0393 d\u00e9 j\u00e0 vu \u0663 arabic digit word next word last",
        null,
        "d11c272d40ca4051"
      },
      {"a b", null, null},
      {straddle.toString(), "07241184bc3dbb0c", "07241184bc3dbb0c"},
      {"x\uD800 lone high \uDC00 lone low surrogate end", null, "d5eee2be0c458ae1"},
    };
    SimHash anyLength = new SimHash(1);
    for (String[] e : expected) {
      assertEquals(e[0], e[1], hexOrNull(simHash.fingerprint(e[0])));
      assertEquals(e[0], e[2], hexOrNull(anyLength.fingerprint(new StringBuilder(e[0]))));
    }
  }

  @Test
  public void theHexFormHasSixteenDigits() {
    assertEquals("0000000000000001", SimHash.hex(1));
    assertEquals("ffffffffffffffff", SimHash.hex(-1));
    assertEquals("07241184bc3dbb0c", SimHash.hex(0x07241184bc3dbb0cL));
  }

  private static String hexOrNull(OptionalLong f) {
    return f.isPresent() ? SimHash.hex(f.getAsLong()) : null;
  }
}
