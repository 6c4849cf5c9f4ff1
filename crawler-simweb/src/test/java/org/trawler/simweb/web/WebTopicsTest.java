package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** simweb --profile web --topics K: even topic shares, links mostly within a topic. */
public class WebTopicsTest {

  @Test
  public void hostsAreGivenTopicsLargestFirstToTheTopicWithFewestPages() {
    WebTopics t = WebTopics.assign(2, new int[] {10, 0, 6, 5, 1});
    assertEquals(0, t.ofHost(0));
    assertEquals(-1, t.ofHost(1)); // no pages of its own: a bare domain or a mirror
    assertEquals(1, t.ofHost(2));
    assertEquals(1, t.ofHost(3));
    assertEquals(0, t.ofHost(4));
  }

  @Test
  public void aTopicOfSixIsAtMostAFifthOfTheWebAndItsLinksMostlyStayInIt() {
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT.withTopics(6), 0);
    int target = WebTopics.named("astronomy", 6);
    int pages = web.pagesAbout(target);
    assertTrue(pages + " of " + web.realPages(), pages <= 0.2 * web.realPages());
    assertTrue(pages + " of " + web.realPages(), pages >= 0.1 * web.realPages());
    long links = 0;
    long inTopic = 0;
    for (int id = 0; id < web.realPages(); id++) {
      for (int to : web.links(id)) {
        links++;
        inTopic += web.topicOfPage(to) == web.topicOfPage(id) ? 1 : 0;
      }
    }
    assertTrue(inTopic + " of " + links, inTopic > 0.9 * links);
    assertEquals(-1, BroadWeb.build(WebShape.DEFAULT, 0).topicOfPage(0));
  }

  @Test
  public void aPageCarriesWordsOfItsTopicOnly() {
    String words = WebTopics.words(2, 7);
    for (String w : words.split(" ")) {
      assertTrue(w, WebTopics.vocabulary(2).contains(w));
    }
    assertEquals(WebTopics.WORDS_PER_PAGE, words.split(" ").length);
  }
}
