package org.trawler.lang;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.optimaize.langdetect.DetectedLanguage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.plugin.Plugin;

public class QuickLanguageTest {
  private static String paragraph(String lang) {
    return String.join(" ", LanguageSamples.SENTENCES.get(lang));
  }

  @Test
  public void eachLanguagesProseByItsScriptOrFunctionWords() {
    for (String lang : LanguageSamples.SENTENCES.keySet()) {
      assertEquals(lang, lang, QuickLanguage.detect(paragraph(lang)));
    }
  }

  @Test
  public void anEnglishMenuAndFooterAroundTheContentDoNotOutvoteIt() {
    String menu = "Home\nAbout us\nProducts\nSupport\nBlog\nSign in\nSearch\nCart\n";
    String footer = "\nPrivacy policy\nTerms of use\nCookie settings\nContact\nCareers\n© 2024";
    for (String lang : LanguageSamples.SENTENCES.keySet()) {
      assertEquals(lang, lang, QuickLanguage.detect(menu + paragraph(lang) + footer));
    }
  }

  @Test
  public void codeBetweenTheSentencesOfAnApiPage() {
    String code =
        "\nint n = stream.write(buffer, 0, length);\nif (n < 0) { throw new IOException(); }\n";
    for (String lang : new String[] {"en", "de", "fr", "ja", "zh", "ru"}) {
      String[] s = LanguageSamples.SENTENCES.get(lang);
      String page = s[2] + code + s[3] + code + s[0] + " " + s[1] + code + s[4];
      assertEquals(lang, lang, QuickLanguage.detect(page));
    }
  }

  @Test
  public void japaneseWithLatinWordsIsJapanese() {
    String page =
        "JavaScriptのPromiseを使って、REST APIからJSONデータを取得する方法を説明します。"
            + "fetch()はPromiseを返すので、then()またはasync/awaitで結果を受け取ります。"
            + "Node.js 18以降では、fetchを標準で使うことができます。";
    assertEquals("ja", QuickLanguage.detect(page));
  }

  @Test
  public void chineseQuotingAJapaneseNameIsChinese() {
    assertEquals("zh", QuickLanguage.detect(paragraph("zh") + "（日文：ひらがな）" + paragraph("zh")));
  }

  @Test
  public void aFewWordsOrCloseLanguagesAreLeftToTheNgramDetector() {
    assertNull(QuickLanguage.detect("Bibliothek geschlossen. Öffnungszeiten im September."));
    assertNull(QuickLanguage.detect("図書館休館"));
    // Danish and Norwegian share most of their function words: the vote cannot tell
    assertNull(
        QuickLanguage.detect(
            "Det er ikke så let at finde en god bog, men jeg har en til dig. Han var på biblioteket"
                + " i går, og hun kan komme med til byen i morgen, hvis det er godt vejr. Vi har"
                + " det fint her."));
    // Arabic script serves Arabic, Persian and Urdu: no rule here
    assertNull(
        QuickLanguage.detect("ستغلق المكتبة لمدة ثلاثة أسابيع في شهر أغسطس لاستبدال نظام التدفئة"));
    // half English, half Russian
    assertNull(QuickLanguage.detect(paragraph("en") + " " + paragraph("ru")));
  }

  @Test
  public void scriptsOfOneLanguage() {
    assertEquals(
        "el",
        QuickLanguage.detect(
            "Η βιβλιοθήκη της οδού Μύλου θα παραμείνει κλειστή για τρεις εβδομάδες τον Αύγουστο."));
    assertEquals(
        "he", QuickLanguage.detect("הספרייה ברחוב הטחנה תהיה סגורה במשך שלושה שבועות באוגוסט"));
    assertEquals(
        "th", QuickLanguage.detect("ห้องสมุดจะปิดให้บริการเป็นเวลาสามสัปดาห์ในเดือนสิงหาคม"));
  }

  /**
   * Texts made as pages are made (LanguageSamples.generated: prose, an English menu around it, code
   * between the sentences, one or two sentences): the quick detector is never wrong, decides most
   * texts, and agrees with the n-gram detector wherever both answer.
   */
  @Test
  public void agreesWithTheNgramDetectorAndIsNeverWrong() {
    Configuration conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    LanguageFilter ngrams = Plugin.configured(new LanguageFilter(), conf);
    int texts = 0;
    int decided = 0;
    int ngramRight = 0;
    int both = 0;
    int agree = 0;
    int combinedRight = 0;
    int chainRight = 0;
    int byBlocks = 0;
    int listed = 0;
    int mixed = 0;
    Map<String, int[]> byShape = new TreeMap<>();
    Map<String, int[]> byLanguage = new TreeMap<>();
    for (LanguageSamples.Text t : LanguageSamples.generated(25L, 1000)) {
      texts++;
      String quick = QuickLanguage.detect(t.text());
      DetectedLanguage n = ngrams.byNgrams(t.text());
      String ngram = n == null ? null : n.getLocale().getLanguage();
      int[] s = byShape.computeIfAbsent(t.shape(), k -> new int[2]);
      int[] l = byLanguage.computeIfAbsent(t.language(), k -> new int[2]);
      s[0]++;
      l[0]++;
      if (quick != null) {
        assertEquals(t.shape() + ": " + t.text(), t.language(), quick);
        decided++;
        s[1]++;
        l[1]++;
      }
      if (t.language().equals(quick != null ? quick : ngram)) {
        combinedRight++;
      }
      // the filter's chain: quick, then the language most blocks are in, then the n-grams
      LanguageShares shares = LanguageShares.of(t.text(), t.text().length());
      String blocks = quick == null ? shares.dominant() : null;
      if (blocks != null) {
        assertEquals(t.shape() + ": " + t.text(), t.language(), blocks);
        byBlocks++;
      }
      if (t.language().equals(quick != null ? quick : blocks != null ? blocks : ngram)) {
        chainRight++;
      }
      // each text is in one language: its blocks list that one first, or none
      List<String> languages = shares.languages();
      if (!languages.isEmpty()) {
        assertEquals(t.shape() + ": " + t.text(), t.language(), languages.get(0));
        listed++;
        mixed += languages.size() > 1 ? 1 : 0;
      }
      if (t.language().equals(ngram)) {
        ngramRight++;
      }
      if (quick != null && ngram != null) {
        both++;
        if (quick.equals(ngram)) {
          agree++;
        }
      }
    }
    StringBuilder shapes = new StringBuilder();
    byShape.forEach(
        (k, v) -> shapes.append(String.format(Locale.ROOT, " %s %d/%d", k, v[1], v[0])));
    StringBuilder languages = new StringBuilder();
    byLanguage.forEach(
        (k, v) -> languages.append(String.format(Locale.ROOT, " %s %d/%d", k, v[1], v[0])));
    System.out.printf(
        Locale.ROOT,
        "QuickLanguage: %d texts, decided %d (%s; %s), n-grams alone right on %d, quick then"
            + " n-grams right on %d, both answered %d, agreed %d; quick, blocks then n-grams right"
            + " on %d (blocks decided %d); languages listed for %d, more than one for %d%n",
        texts,
        decided,
        shapes.toString().strip(),
        languages.toString().strip(),
        ngramRight,
        combinedRight,
        both,
        agree,
        chainRight,
        byBlocks,
        listed,
        mixed);
    assertTrue("decided " + decided, decided >= 0.7 * texts);
    assertTrue(
        "chain " + chainRight + ", quick then n-grams " + combinedRight,
        chainRight >= combinedRight);
    assertTrue("one-language texts listed as mixed: " + mixed, mixed <= 0.01 * texts);
    assertTrue("agreed " + agree + " of " + both, agree >= 0.98 * both);
  }

  @Test
  public void aLongMenuOfLinksBeforeTheProseIsPassedOver() {
    StringBuilder menu = new StringBuilder();
    String[] names = {
      "Harbor", "Lantern", "Meadow", "River", "Stone", "Garden", "Market", "Bridge"
    };
    for (int i = 0; i < 150; i++) {
      menu.append(names[i % names.length]).append(' ').append(names[(i * 3) % names.length]);
      menu.append(' ').append(i).append('\n');
    }
    for (String lang : new String[] {"en", "de", "nl", "pl"}) {
      assertEquals(lang, lang, QuickLanguage.detect(menu + paragraph(lang) + paragraph(lang)));
    }
  }

  /**
   * A block whose letters are all ASCII is decided without its script counted a second time, as if
   * it were: every sentence of every sample language stripped to ASCII, alone and in runs, and a
   * block longer than the script count reads whose letters come after it.
   */
  @Test
  public void anAsciiBlockIsDecidedAsAnyBlock() {
    StringBuilder all = new StringBuilder();
    for (String[] sentences : LanguageSamples.SENTENCES.values()) {
      for (String s : sentences) {
        all.append(s.replaceAll("[^\\x00-\\x7F]", "")).append('\n');
      }
    }
    String text = all.toString();
    int blocks = 0;
    for (int start = 0; start < text.length(); start = text.indexOf('\n', start) + 1) {
      for (int end = text.indexOf('\n', start); end > 0; end = text.indexOf('\n', end + 1)) {
        QuickLanguage.Ballot any = new QuickLanguage.Ballot();
        QuickLanguage.Ballot ascii = new QuickLanguage.Ballot();
        QuickLanguage.Words words = QuickLanguage.Words.of(text, start, end);
        assertEquals(
            QuickLanguage.detectBlock(text, start, end, any),
            QuickLanguage.detectBlock(text, start, end, true, words, 0, words.size(), ascii));
        assertEquals(any.leader(), ascii.leader());
        assertEquals(any.runnerUp(), ascii.runnerUp());
        blocks++;
        if (end - start > 600) {
          break;
        }
      }
    }
    assertTrue(blocks > 100);
    String lateLetters = " 1.".repeat(700) + " the house is on the hill and it is red";
    QuickLanguage.Words words = QuickLanguage.Words.of(lateLetters, 0, lateLetters.length());
    assertEquals(
        QuickLanguage.detectBlock(lateLetters, 0, lateLetters.length()),
        QuickLanguage.detectBlock(
            lateLetters,
            0,
            lateLetters.length(),
            true,
            words,
            0,
            words.size(),
            new QuickLanguage.Ballot()));
  }

  /**
   * The words LanguageShares reads once for a page's blocks, and that the page's own vote then
   * reads, are the words read from its characters alone: every sample language's sentences run
   * together, cut at sample lengths that end inside a word.
   */
  @Test
  public void thePagesWordsAreReadOnceAsEachVoteWouldReadThem() {
    StringBuilder all = new StringBuilder();
    for (String[] sentences : LanguageSamples.SENTENCES.values()) {
      for (String s : sentences) {
        all.append(s).append(s.length() % 2 == 0 ? "\n" : " 12:30, ");
      }
    }
    String text = all.toString();
    for (int end : new int[] {text.length(), 5000, 777, 61}) {
      QuickLanguage.Words shares = LanguageShares.of(text, end).words();
      QuickLanguage.Words alone = QuickLanguage.Words.of(text, 0, Math.min(end, text.length()));
      assertEquals(alone.size(), shares.size());
      for (int i = 0; i < alone.size(); i++) {
        assertEquals(end + " / " + i, alone.get(i), shares.get(i));
      }
      assertEquals(QuickLanguage.detect(text, end), QuickLanguage.detect(text, end, shares));
    }
  }
}
