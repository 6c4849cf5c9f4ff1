package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.Jsoup;
import org.junit.Test;
import org.trawler.core.scoring.TopicVector;

/**
 * The topic filter's order on a tiny topic web, without a crawl: the served pages' text scored
 * against a topic file of the topic's first words, outlinks inheriting the best parent's relevance
 * times the decay (the rule of TopicScoringFilter and updatedb), the most relevant known page
 * fetched next; against breadth-first order at the same budget.
 */
public class FocusedOrderTest {
  private static final int BUDGET = 40;
  private static final float DECAY = 0.8f;

  private final BroadWeb web = BroadWeb.build(WebShape.DEFAULT.sized(20, 400).withTopics(5), 0);
  private final WebPages pages = new WebPages(web);

  /** 75 of the 400 pages; one of the two seeds is about it. */
  private final int topic = WebTopics.named("cooking", 5);

  private final TopicVector keywords =
      TopicVector.parse(WebTopics.vocabulary(WebTopics.named("cooking", 5)).subList(0, 8), p -> "");

  private String text(int id) {
    WebHost host = web.hostOfPage(id);
    String target = host.pagePath(id - host.firstPage());
    return Jsoup.parse(pages.respond(host, target, web.classify(host.name(), target)).bodyText())
        .text();
  }

  private List<Integer> seeds() {
    return web.seeds().stream()
        .map(u -> web.hosts().get(web.host(u.substring(7, u.indexOf('/', 7))).index()))
        .map(WebHost::firstPage)
        .toList();
  }

  @Test
  public void pagesAboutTheTopicScoreAboveZeroAndTheOthersZero() {
    for (int id = 0; id < web.realPages(); id += 7) {
      float relevance = keywords.similarity(text(id));
      assertEquals("page " + id, web.topicOfPage(id) == topic, relevance > 0);
    }
  }

  @Test
  public void bestFirstByInheritedRelevanceHarvestsTheTopicBreadthFirstDoesNot() {
    // the seeds first (a crawl's first round), then best first: the largest inherited relevance,
    // ties by id
    Map<Integer, Float> known = new HashMap<>();
    Set<Integer> fetched = new HashSet<>();
    for (int seed : seeds()) {
      fetched.add(seed);
      float child = keywords.similarity(text(seed)) * DECAY;
      for (int to : web.links(seed)) {
        known.merge(to, child, Math::max);
      }
    }
    fetched.forEach(known::remove);
    while (fetched.size() < BUDGET && !known.isEmpty()) {
      int next =
          known.entrySet().stream()
              .max(
                  (a, b) ->
                      a.getValue().equals(b.getValue())
                          ? b.getKey() - a.getKey()
                          : Float.compare(a.getValue(), b.getValue()))
              .get()
              .getKey();
      known.remove(next);
      fetched.add(next);
      float child = keywords.similarity(text(next)) * DECAY;
      for (int to : web.links(next)) {
        if (!fetched.contains(to)) {
          known.merge(to, child, Math::max);
        }
      }
    }
    // breadth first, as discovery order
    Deque<Integer> queue = new ArrayDeque<>(seeds());
    Set<Integer> seen = new HashSet<>(queue);
    Set<Integer> bfs = new HashSet<>();
    while (bfs.size() < BUDGET && !queue.isEmpty()) {
      int next = queue.poll();
      bfs.add(next);
      for (int to : web.links(next)) {
        if (seen.add(to)) {
          queue.add(to);
        }
      }
    }
    double focused = onTopic(fetched) / (double) fetched.size();
    double unfocused = onTopic(bfs) / (double) bfs.size();
    assertTrue(
        web.pagesAbout(topic) + " of " + web.realPages(),
        web.pagesAbout(topic) <= 0.2 * web.realPages());
    assertTrue("focused " + focused + ", unfocused " + unfocused, focused >= 0.8);
    assertTrue("focused " + focused + ", unfocused " + unfocused, unfocused < 0.6);
  }

  private long onTopic(Set<Integer> ids) {
    return ids.stream().filter(id -> web.topicOfPage(id) == topic).count();
  }
}
