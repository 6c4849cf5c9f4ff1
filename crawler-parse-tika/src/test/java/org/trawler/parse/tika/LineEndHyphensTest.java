package org.trawler.parse.tika;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class LineEndHyphensTest {
  /** The text {@code lines} give when fed one character at a time, '\n' between lines. */
  private static String joined(String... lines) {
    StringBuilder text = new StringBuilder();
    LineEndHyphens hyphens = new LineEndHyphens(text);
    String all = String.join("\n", lines);
    for (int i = 0; i < all.length(); i++) {
      hyphens.append(all.charAt(i));
    }
    hyphens.finish();
    return text.toString();
  }

  @Test
  public void aWordHyphenatedAtALineEndIsOneWord() {
    assertEquals("reusable bags", joined("re-", "usable bags"));
    assertEquals(
        "lends reusable bags to its members.",
        joined("lends re-", "usable bags to its mem-", "bers."));
  }

  @Test
  public void lowerCaseLettersOfEveryScriptWithCase() {
    assertEquals("in der Mühlenstraße", joined("in der Müh-", "lenstraße"));
    assertEquals("Bücher", joined("Bü-", "cher"));
    assertEquals("la bibliothèque", joined("la biblio-", "thèque"));
    assertEquals("déménagement", joined("démé-", "nagement"));
    assertEquals("библиотека закрыта", joined("библио-", "тека закрыта"));
    assertEquals("βιβλιοθήκη", joined("βιβλιο-", "θήκη"));
  }

  @Test
  public void theHyphenCharacterAndSpacesAroundTheLineEnd() {
    assertEquals("reusable", joined("re\u2010", "usable"));
    assertEquals("reusable", joined("re- ", "  usable"));
    assertEquals("reusable", joined("re-\r", "usable"));
  }

  @Test
  public void aSoftHyphenShowsNothingAndJoinsWhateverTheCase() {
    assertEquals("Silbentrennung", joined("Silben\u00ADtrennung"));
    assertEquals("Donaudampfschiff", joined("Donau\u00AD", "dampfschiff"));
    assertEquals("DonauDampfschiff", joined("Donau\u00AD", "Dampfschiff"));
    assertEquals("Donau\n2024", joined("Donau\u00AD", "2024"));
    assertEquals("Donau", joined("Donau\u00AD"));
  }

  @Test
  public void aWordsOwnHyphenStaysAndTheLineEndGoes() {
    assertEquals("Jean-Paul Martin", joined("Jean-", "Paul Martin"));
    assertEquals("COVID-19 rules", joined("COVID-", "19 rules"));
    assertEquals("COVID-related", joined("COVID-", "related"));
    assertEquals("a well-Known reason", joined("a well-", "Known reason"));
    assertEquals("an e-mail reader", joined("an e-", "mail reader"));
    assertEquals("pages 10-12", joined("pages 10-", "12"));
    assertEquals("Max-Planck-Institut", joined("Max-", "Planck-", "Institut"));
  }

  @Test
  public void aHyphenHangingBeforeAConjunctionKeepsItsLineEnd() {
    assertEquals("Vor-\nund Nachteile", joined("Vor-", "und Nachteile"));
    assertEquals("pre-\nand post-war", joined("pre-", "and post-war"));
    assertEquals("Kauf-\noder Mietvertrag", joined("Kauf-", "oder Mietvertrag"));
    assertEquals("anderswo", joined("an-", "derswo"));
  }

  @Test
  public void hyphensInsideALineOrBeforeNoWordStay() {
    assertEquals("an e-mail from Jean-Paul", joined("an e-mail from Jean-Paul"));
    assertEquals("the re- and up-grades", joined("the re- and up-grades"));
    assertEquals("items -\nfirst", joined("items -", "first"));
    assertEquals("total:-\n(none)", joined("total:-", "(none)"));
    assertEquals("re-\n\nusable", joined("re-", "", "usable"));
    assertEquals("re-", joined("re-"));
    assertEquals("-\nusable", joined("-", "usable"));
  }

  @Test
  public void aBlockEndIsNoLineEnd() {
    StringBuilder text = new StringBuilder();
    LineEndHyphens hyphens = new LineEndHyphens(text);
    "page re-".chars().forEach(c -> hyphens.append((char) c));
    hyphens.blockEnd();
    text.append('\n');
    "usable".chars().forEach(c -> hyphens.append((char) c));
    hyphens.finish();
    assertEquals("page re-\nusable", text.toString());
  }

  @Test
  public void aLongFirstWordIsDecidedAfterItsFifthLetter() {
    assertEquals("undoubtedly", joined("un-", "doubtedly"));
    assertEquals("understanding", joined("und-", "erstanding"));
  }

  @Test
  public void theJoiningRule() {
    char h = '-';
    assertEquals(LineEndHyphens.Join.WORD, LineEndHyphens.decide(h, "re", "usabl", true));
    assertEquals(LineEndHyphens.Join.COMPOUND, LineEndHyphens.decide(h, "e", "mail", false));
    assertEquals(LineEndHyphens.Join.COMPOUND, LineEndHyphens.decide(h, "ll", "Known", false));
    assertEquals(LineEndHyphens.Join.COMPOUND, LineEndHyphens.decide(h, "ID", "19", false));
    assertEquals(LineEndHyphens.Join.NONE, LineEndHyphens.decide(h, "or", "und", false));
    assertEquals(LineEndHyphens.Join.WORD, LineEndHyphens.decide(h, "un", "und", true));
    assertEquals(LineEndHyphens.Join.NONE, LineEndHyphens.decide(h, "", "usable", false));
    assertEquals(LineEndHyphens.Join.NONE, LineEndHyphens.decide(h, "re", "", false));
  }
}
