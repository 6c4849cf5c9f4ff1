package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.jobs.hostdb.ParamLearning.Page;

public class ParamLearningTest {
  /** A page's fingerprint; near-duplicates of it differ in one or two bits. */
  private static final long ARTICLE = 0x0123_4567_89ab_cdefL;

  private static final long OTHER = ~ARTICLE;

  private final ParamLearning learning = new ParamLearning(3, 3);

  private static Page page(String url, long fingerprint) {
    return new Page(url, fingerprint);
  }

  @Test
  public void aVisitIdWhoseValuesGiveTheSamePageIsLearned() {
    List<Page> pages =
        List.of(
            page("http://www.a.test/story/7?vid=k3j2", ARTICLE),
            page("http://www.a.test/story/7?vid=zz91", ARTICLE ^ 1),
            page("http://www.a.test/story/7?vid=q0", ARTICLE ^ 6),
            page("http://www.a.test/story/8?vid=q0", OTHER));
    assertEquals(Map.of("vid", 3), learning.learn(pages, Map.of()));
  }

  @Test
  public void thePageWithoutTheParameterIsEvidenceToo() {
    List<Page> pages =
        List.of(
            page("http://www.a.test/about", ARTICLE),
            page("http://www.a.test/about?ref=nav", ARTICLE),
            page("http://www.a.test/about?ref=footer", ARTICLE ^ 2));
    assertEquals(Map.of("ref", 3), learning.learn(pages, Map.of()));
  }

  @Test
  public void parametersThatAlwaysComeTogetherAreLearnedFromThePageWithoutThem() {
    // tracking links: the three utm parameters at once, never one alone; the plain page fetched too
    String utm = "utm_source=newsletter&utm_medium=email&utm_campaign=";
    List<Page> pages =
        List.of(
            page("http://www.a.test/p/1.html", ARTICLE),
            page("http://www.a.test/p/1.html?" + utm + "c1", ARTICLE ^ 1),
            page("http://www.a.test/p/2.html", OTHER),
            page("http://www.a.test/p/2.html?" + utm + "c7", OTHER ^ 4),
            page("http://www.a.test/item?id=3", ARTICLE ^ 0xF0F0),
            page("http://www.a.test/item?id=3&" + utm + "c2", ARTICLE ^ 0xF0F1));
    assertEquals(
        Map.of("utm_source", 3, "utm_medium", 3, "utm_campaign", 3),
        learning.learn(pages, Map.of()));
  }

  @Test
  public void aPairThatDiffersWithSeveralLeftOutBlamesNone() {
    // id and ref left out together give another page: which one matters is not known
    List<Page> pages =
        List.of(
            page("http://www.a.test/item", OTHER),
            page("http://www.a.test/item?id=3&ref=x", ARTICLE),
            page("http://www.a.test/item?id=4&ref=y", ~OTHER ^ 0xFF00FF));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void anIdWhoseValuesGiveDifferentPagesIsNeverLearned() {
    List<Page> pages = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      pages.add(page("http://shop.a.test/item?id=" + i, ARTICLE * (i + 1) + i * 0x5555_5555L));
    }
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void mixedEvidenceIsNotLearned() {
    List<Page> pages =
        List.of(
            page("http://www.a.test/list?sort=asc&cat=1", ARTICLE),
            page("http://www.a.test/list?sort=desc&cat=1", ARTICLE),
            page("http://www.a.test/list?sort=new&cat=1", ARTICLE ^ 1),
            page("http://www.a.test/list?sort=asc&cat=2", ARTICLE),
            page("http://www.a.test/list?sort=desc&cat=2", OTHER));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void tooLittleEvidenceIsNotLearned() {
    List<Page> pages =
        List.of(
            page("http://www.a.test/p?utm_source=x", ARTICLE),
            page("http://www.a.test/p?utm_source=y", ARTICLE));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void aParameterLearnedBeforeStaysUntilCounterEvidenceAppears() {
    List<Page> same =
        List.of(page("http://www.a.test/p?s=1", ARTICLE), page("http://www.a.test/q?s=1", OTHER));
    assertEquals(Map.of("s", 4), learning.learn(same, Map.of("s", 4)));
    List<Page> differ =
        List.of(page("http://www.a.test/p?s=1", ARTICLE), page("http://www.a.test/p?s=2", OTHER));
    assertEquals(Map.of(), learning.learn(differ, Map.of("s", 4)));
  }

  @Test
  public void otherParametersMustAgreeForAGroup() {
    // the facet values differ together with the visit id: no URLs differ only in vid
    List<Page> pages =
        List.of(
            page("http://www.a.test/f?color=red&vid=1", ARTICLE),
            page("http://www.a.test/f?color=blue&vid=2", ARTICLE),
            page("http://www.a.test/f?color=green&vid=3", ARTICLE));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void evidenceZeroTurnsLearningOff() {
    List<Page> pages =
        List.of(
            page("http://www.a.test/p?v=1", ARTICLE),
            page("http://www.a.test/p?v=2", ARTICLE),
            page("http://www.a.test/p?v=3", ARTICLE));
    assertEquals(Map.of(), new ParamLearning(3, 0).learn(pages, Map.of()));
  }

  @Test
  public void twoSessionTokensGivingTheSamePageAreEnough() {
    // a fresh session id on every link: the second copy of one page is already the evidence
    List<Page> pages =
        List.of(
            page("http://www.a.test/story/7?jsid=9f3a0c41d2e7", ARTICLE),
            page("http://www.a.test/story/7?jsid=03bb7e5a1f90", ARTICLE ^ 2),
            page("http://www.a.test/story/8?jsid=6c2d8e0b4a13", OTHER));
    assertEquals(Map.of("jsid", 2), learning.learn(pages, Map.of()));
    // the page without it and one token are two values too
    List<Page> absent =
        List.of(
            page("http://www.a.test/story/7", ARTICLE),
            page("http://www.a.test/story/7?jsid=9f3a0c41d2e7", ARTICLE ^ 1));
    assertEquals(Map.of("jsid", 2), learning.learn(absent, Map.of()));
  }

  @Test
  public void twoValuesThatAreNotTokensStayTooLittle() {
    // page numbers, words and short codes give the same page for many reasons (a default, a cap)
    for (String[] values :
        new String[][] {{"12345678", "12345679"}, {"newsletter", "homepage"}, {"a1", "b2"}}) {
      List<Page> pages =
          List.of(
              page("http://www.a.test/p?v=" + values[0], ARTICLE),
              page("http://www.a.test/p?v=" + values[1], ARTICLE));
      assertEquals(String.join(",", values), Map.of(), learning.learn(pages, Map.of()));
    }
  }

  @Test
  public void twoTokensGivingDifferentPagesAreAPageId() {
    // video-style ids look like tokens; different pages make them relevant
    List<Page> pages =
        List.of(
            page("http://www.a.test/watch?v=dQw4w9WgXcQ", ARTICLE),
            page("http://www.a.test/watch?v=9bZkp7q19f0", OTHER),
            page("http://www.a.test/watch?v=dQw4w9WgXcQ&t=1", ARTICLE));
    assertEquals(Map.of(), learning.learn(pages, Map.of()));
  }

  @Test
  public void tokensAreLettersAndDigitsOfSessionIdLength() {
    assertEquals(true, ParamLearning.token("PHPSESSID0a1b2c3d"));
    assertEquals(true, ParamLearning.token("9f3a0c41d2e7"));
    assertEquals(true, ParamLearning.token("A1B2-C3D4_E5"));
    assertEquals(false, ParamLearning.token("9f3a0c4")); // too short
    assertEquals(false, ParamLearning.token("20261129")); // a date or a page number
    assertEquals(false, ParamLearning.token("red-shoes")); // a slug
    assertEquals(false, ParamLearning.token("a1b2c3d4%2Fx")); // encoded: a payload
    assertEquals(false, ParamLearning.token("a1".repeat(65))); // too long
  }

  @Test
  public void aPrintVersionOnTwoPathsIsLearnedThoughItsFingerprintIsFartherThanANearCopy() {
    // the print page leaves out links and navigation: 14 and 18 bits off, not within 3
    List<Page> pages =
        List.of(
            page("http://www.a.test/p/1.html", ARTICLE),
            page("http://www.a.test/p/1.html?print=1", ARTICLE ^ 0x3FFFL),
            page("http://www.a.test/item?id=2", OTHER),
            page("http://www.a.test/item?id=2&print=1", OTHER ^ 0x3FFFFL));
    assertEquals(Map.of("print", 4), learning.learn(pages, Map.of()));
  }

  @Test
  public void aParameterOfOneValueThatChangesThePageOrHasOnlyOnePairIsNoCopyVariant() {
    List<Page> language =
        List.of(
            page("http://www.a.test/p/1.html", ARTICLE),
            page("http://www.a.test/p/1.html?lang=de", ARTICLE ^ 0xFFFF_FFFFL),
            page("http://www.a.test/p/2.html", OTHER),
            page("http://www.a.test/p/2.html?lang=de", OTHER ^ 0xFFFF_FFFF_0000L));
    assertEquals(Map.of(), learning.learn(language, Map.of()));
    List<Page> once =
        List.of(
            page("http://www.a.test/p/1.html", ARTICLE),
            page("http://www.a.test/p/1.html?print=1", ARTICLE ^ 0x3FFFL));
    assertEquals(Map.of(), learning.learn(once, Map.of()));
  }
}
