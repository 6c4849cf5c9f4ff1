package org.trawler.lang;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import org.junit.Test;

public class LanguageSharesTest {
  private static LanguageShares of(String text) {
    return LanguageShares.of(text, text.length());
  }

  @Test
  public void eachParagraphCountsForItsLanguageWithItsLetters() {
    LanguageShares shares =
        of(
            LanguageFilterTest.DE
                + "\n"
                + LanguageFilterTest.EN
                + "\n"
                + LanguageFilterTest.EN
                + "\n"
                + LanguageFilterTest.FR);
    assertEquals(List.of("en", "de", "fr"), shares.languages());
    assertNull(shares.dominant());
  }

  @Test
  public void sentencesOfOneLineAreBlocksOfTheirOwn() {
    // an HTML page's paragraphs joined by spaces, as its text has them
    String es = LanguageFilterTest.ES;
    LanguageShares shares = of(es + " " + es + " " + LanguageFilterTest.IT);
    assertEquals(List.of("es", "it"), shares.languages());
  }

  @Test
  public void atMostThreeLanguagesTheLargestFirst() {
    LanguageShares shares =
        of(
            String.join(
                "\n",
                LanguageFilterTest.IT,
                LanguageFilterTest.DE,
                LanguageFilterTest.DE,
                LanguageFilterTest.FR,
                LanguageFilterTest.FR,
                LanguageFilterTest.FR,
                LanguageFilterTest.EN,
                LanguageFilterTest.EN,
                LanguageFilterTest.EN,
                LanguageFilterTest.EN));
    assertEquals(List.of("en", "fr", "de"), shares.languages());
  }

  @Test
  public void aLanguageUnderATenthOfTheDecidedLettersIsNotListed() {
    String german = String.join("\n", LanguageFilterTest.DE, LanguageFilterTest.DE);
    String footer =
        "All rights reserved. Read the terms of use and the privacy policy of the site.";
    assertEquals(List.of("de"), of(german + "\n" + german + "\n" + footer).languages());
    assertEquals("de", of(german + "\n" + footer).dominant());
  }

  @Test
  public void linesOfCommandsNamesAndNumbersCountForNone() {
    String commands =
        "sudo apt-get update\nsudo apt-get install -y lantern-server\nsystemctl status lantern\n";
    LanguageShares shares = of(commands + LanguageFilterTest.DE);
    assertEquals(List.of("de"), shares.languages());
    assertEquals(1.0, shares.share("de"), 0);
    assertEquals(List.of(), of(commands).languages());
    assertNull(of(commands).dominant());
  }

  @Test
  public void aDominantLanguageNeedsSixTenthsAndAFewSentences() {
    String es = LanguageFilterTest.ES;
    LanguageShares two = of(es + "\n" + es + "\n" + LanguageFilterTest.EN);
    assertEquals(two.share("es") + " " + two.share("en"), "es", two.dominant());
    assertNull(of(es + "\n" + LanguageFilterTest.EN).dominant());
    assertNull(
        of("Die Bibliothek ist im August geschlossen, und das ist für alle schade.").dominant());
  }
}
