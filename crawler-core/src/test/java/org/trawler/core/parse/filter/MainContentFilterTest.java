package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.plugin.Plugin;

public class MainContentFilterTest {
  private static Configuration main() {
    Configuration conf = ExtractPages.conf("content");
    conf.set(FilterKeys.CONTENT, FilterKeys.CONTENT_MAIN_VALUE);
    return conf;
  }

  @Test
  public void offByDefaultTheWholeTextIsTheContent() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("content"), "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    assertTrue(
        r.text().getText(), r.text().getText().startsWith("The Riverside Gazette News Sport"));
    assertTrue(r.text().getText(), r.text().getText().endsWith("Accept all"));
  }

  @Test
  public void aNewsArticleLosesMenuRelatedLinksFooterAndCookieNotice() {
    ParseResult r =
        ExtractPages.parse(main(), "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    assertEquals(ExtractPages.NEWS_ARTICLE_MAIN, r.text().getText());
    assertNull(r.data().getMeta().get(MainContentFilter.FULLTEXT_FIELD));
  }

  @Test
  public void theFullTextIsKeptWhenAsked() {
    Configuration conf = main();
    conf.setBoolean(FilterKeys.CONTENT_FULLTEXT, true);
    ParseResult r =
        ExtractPages.parse(conf, "https://gazette.example/n", ExtractPages.NEWS_ARTICLE);
    assertEquals(ExtractPages.NEWS_ARTICLE_MAIN, r.text().getText());
    String full = r.data().getMeta().get(MainContentFilter.FULLTEXT_FIELD);
    assertTrue(full, full.startsWith("The Riverside Gazette News Sport"));
  }

  @Test
  public void anApiDocPageLosesItsTopBarSideMenuAndFooter() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://docs.example/java/util/StringJoiner.html", ExtractPages.API_DOC_PAGE);
    assertEquals(
        "Package java.util Class StringJoiner StringJoiner is used to construct a sequence of"
            + " characters separated by a delimiter and optionally starting with a supplied prefix"
            + " and ending with a supplied suffix. Prior to adding something to the StringJoiner,"
            + " its sj.toString() method will, by default, return prefix + suffix. StringJoiner sj"
            + " = new StringJoiner(\":\", \"[\", \"]\"); Method Summary Modifier and Type Method"
            + " Description StringJoiner add(CharSequence newElement) Adds a copy of the given"
            + " CharSequence value as the next element of the StringJoiner value. int length()"
            + " Returns the length of the String representation of this StringJoiner.",
        r.text().getText());
  }

  @Test
  public void aForumThreadKeepsEveryPostAndLosesTheForumChrome() {
    ParseResult r =
        ExtractPages.parse(main(), "https://forum.example/t/123", ExtractPages.FORUM_THREAD);
    assertEquals(
        "Sourdough starter smells like acetone breadlover My starter is three weeks old and since"
            + " yesterday it smells like nail polish remover. I feed it once a day with equal"
            + " weights of flour and water. Is it ruined? millers_daughter Not ruined at all. That"
            + " smell means it is hungry: the yeast has run out of food. Feed it twice a day for a"
            + " few days and keep it somewhere a little warmer. breadlover Thank you, two feedings"
            + " a day did it. It doubled in six hours this morning and smells sweet and sour again.",
        r.text().getText());
  }

  @Test
  public void aPageOfNothingButBoilerplateKeepsItsText() {
    ParseResult r =
        ExtractPages.parse(
            main(),
            "https://x.example/",
            "<body><nav><a href=/a>A</a> <a href=/b>B</a></nav></body>");
    assertEquals("A B", r.text().getText());
  }

  @Test(expected = BadSettingException.class)
  public void anUnknownModeIsASettingError() {
    Configuration conf = ExtractPages.conf("content");
    conf.set(FilterKeys.CONTENT, "article");
    Plugin.configured(new MainContentFilter(), conf);
  }

  @Test
  public void aDocumentationPageKeepsTheHeadingsInItsSectionHeaders() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://cachet.example/docs/cache", ExtractPages.DOC_SECTIONS_PAGE);
    assertEquals(
        "Configuring the cache The cache keeps the most recently used entries in memory and writes"
            + " the others to disk when the memory limit is reached. Memory limit Set the limit"
            + " with the memory option; a value without a unit is read as bytes, and the default"
            + " is a quarter of the heap. Eviction Entries that were not read for an hour are"
            + " evicted first, then the largest ones.",
        r.text().getText());
  }

  @Test
  public void aStoryKeepsTheHeadlineAndBylineOfItsHeader() {
    ParseResult r =
        ExtractPages.parse(main(), "https://harbour.example/ferry", ExtractPages.STORY_PAGE);
    assertEquals(
        "Ferry service resumes after storm By Lena Ross, 3 February 2024 The ferry between the"
            + " harbour and the island sailed again on Saturday morning, four days after the storm"
            + " damaged the landing stage. Engineers worked through the night to repair the ramp,"
            + " and the operator said the timetable would be back to normal by Monday. Passengers"
            + " whose crossings were cancelled can ask for a refund at the ticket office until the"
            + " end of the month.",
        r.text().getText());
  }

  @Test
  public void aThreadKeepsItsTitleHeader() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://cycling.example/t/9", ExtractPages.THREAD_WITH_HEADER_PAGE);
    assertEquals(
        "Bike chain keeps slipping wheelie My chain slips on the smallest cog whenever I climb a"
            + " hill. spokesman Check the cable tension first, then look for a worn chain.",
        r.text().getText());
  }

  @Test
  public void containersNamedLikeBoilerplateThatHoldTheStoryAreKept() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://coastline.example/lights", ExtractPages.LAYOUT_NAMED_PAGE);
    assertEquals(
        "Why lighthouses went dark For two centuries the keepers climbed the tower every evening"
            + " to light the lamp, trim the wick and wind the clockwork that turned the lens."
            + " Automation ended that life: by the nineteen-nineties a timer and a sensor did the"
            + " work, and the last keepers left their cottages for the mainland.",
        r.text().getText());
  }

  @Test
  public void aBlogPostLosesItsReadersCommentsEvenWhenTheyAreLonger() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://orchard.example/pruning", ExtractPages.BLOG_WITH_COMMENTS_PAGE);
    assertEquals(
        "Pruning apple trees in winter Prune while the tree is dormant, on a dry day: first the"
            + " dead and diseased wood, then the branches that cross, then enough of the rest to"
            + " open the centre to light.",
        r.text().getText());
  }

  @Test
  public void aPageThatIsItsCommentsKeepsThem() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://trail.example/ask/alps-tent", ExtractPages.COMMENT_THREAD_PAGE);
    assertEquals(
        "Which tent for the Alps? A two-pole dome holds up in wind far better than a tunnel tent,"
            + " which has to face the wind exactly to stay standing. Take one with a short pitching"
            + " time: storms above the tree line come in quickly and you do not want to spend ten"
            + " minutes with the fly flapping.",
        r.text().getText());
  }

  @Test
  public void textHiddenByVisibilityIsLeftOutLikeDisplayNone() {
    ParseResult r =
        ExtractPages.parse(
            main(),
            "https://x.example/a",
            "<body><article><h1>Tide tables</h1><div style=\"visibility: hidden;\"><p>Loading"
                + " the interactive chart of this week's tides, please wait a moment.</p></div>"
                + "<p style=\"display:none\">Your browser does not support the chart.</p><p>High"
                + " water at the harbour is at 06:12 and 18:40 today.</p></article></body>");
    assertEquals(
        "Tide tables High water at the harbour is at 06:12 and 18:40 today.", r.text().getText());
  }

  @Test
  public void sectionsWhoseIdsAreTheirHeadingsWordsAreKept() {
    ParseResult r =
        ExtractPages.parse(
            main(), "https://inkwell.example/docs/sharing", ExtractPages.DOC_SLUG_SECTIONS_PAGE);
    assertEquals(
        "Sharing notebooks A notebook lives in one folder; sharing it means sharing that folder."
            + " Sharing with a team Put the folder on a network drive and give every member write"
            + " access to it. Menu entries The File menu gains an entry for each shared notebook"
            + " once it is opened.",
        r.text().getText());
  }
}
