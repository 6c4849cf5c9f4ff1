package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.jobs.rank.RankKeys;
import org.trawler.simweb.web.BroadWeb;
import org.trawler.simweb.web.UrlKind;
import org.trawler.simweb.web.WebRequest;
import org.trawler.simweb.web.WebShape;

/** bench --broad's configurations: the crawl's own, and with --features-off every switch off. */
public class BroadBenchSwitchesTest {

  private static BroadBench.Settings settings(boolean featuresOff) {
    return orders(featuresOff, List.of());
  }

  private static BroadBench.Settings orders(boolean featuresOff, List<BroadBench.Order> orders) {
    return new BroadBench.Settings(
        WebShape.DEFAULT, 6, 1000, 50, 0.5, 50, 60, featuresOff, orders, 2);
  }

  @Test
  public void ordersCrawlOncePerOrderPagerankRankingEveryNRoundsAndHostsWithBudgetsByRank()
      throws Exception {
    List<BroadBench.Order> orders = BroadBench.Order.parse("opic, pagerank,pagerank-hosts");
    Map<String, Map<String, String>> c = BroadBench.configurations(orders(true, orders));
    assertEquals(
        List.of("opic", "pagerank", "pagerank-hosts", "features-off"), List.copyOf(c.keySet()));
    assertEquals(Map.of(ScoringKeys.ORDER, "opic"), c.get("opic"));
    assertEquals(
        Map.of(ScoringKeys.ORDER, "pagerank", RankKeys.EVERY_ROUNDS, "2"), c.get("pagerank"));
    assertEquals(
        Map.of(
            ScoringKeys.ORDER,
            "pagerank",
            RankKeys.EVERY_ROUNDS,
            "2",
            GeneratorKeys.MAX_COUNT_BY_RANK,
            "true"),
        c.get("pagerank-hosts"));
  }

  @Test
  public void anOrderNamedTwiceOrUnknownIsAUsageError() {
    assertEquals(
        "--orders takes a list of opic, pagerank, pagerank-hosts, not 'hits'",
        assertThrows(UsageException.class, () -> BroadBench.Order.parse("opic,hits")).getMessage());
    assertEquals(
        "--orders names opic twice",
        assertThrows(UsageException.class, () -> BroadBench.Order.parse("opic,opic")).getMessage());
  }

  @Test
  public void featuresOffTurnsTheSoft404ProbeOff() {
    Map<String, Map<String, String>> c = BroadBench.configurations(settings(true));
    assertEquals(List.of("default", "features-off"), List.copyOf(c.keySet()));
    assertEquals(Map.of(), c.get("default"));
    assertEquals("false", c.get("features-off").get(Soft404Keys.PROBE));
    assertEquals(
        List.of("default"), List.copyOf(BroadBench.configurations(settings(false)).keySet()));
  }

  @Test
  public void focusCrawlsUnfocusedThenWithTheTopicFilterOnAFileOfTheTopicsFirstWords() {
    BroadBench.Focus focus = new BroadBench.Focus(0);
    Path file = Path.of("/tmp/topic.txt");
    Map<String, Map<String, String>> c = BroadBench.configurations(settings(false), focus, file);
    assertEquals(List.of("unfocused", "focused"), List.copyOf(c.keySet()));
    assertEquals(Map.of(), c.get("unfocused"));
    assertEquals("topic", c.get("focused").get(ScoringKeys.FILTERS));
    assertEquals("/tmp/topic.txt", c.get("focused").get(ScoringKeys.TOPIC_FILE));
    assertEquals(
        List.of(
            "# bench --broad --focus astronomy: a user's keywords",
            "astronomy",
            "telescope",
            "galaxy",
            "orbit",
            "comet",
            "nebula",
            "asteroid",
            "eclipse"),
        BroadBench.topicFile(focus));
  }

  @Test
  public void topicHarvestCountsDistinctRealPagesAboutTheTopic() {
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT.sized(6, 60).withTopics(2), 0);
    int a = -1;
    int b = -1;
    for (int id = 0; id < web.realPages() && (a < 0 || b < 0); id++) {
      if (web.topicOfPage(id) == 0 && a < 0) {
        a = id;
      } else if (web.topicOfPage(id) == 1 && b < 0) {
        b = id;
      }
    }
    List<WebRequest> requests =
        List.of(
            new WebRequest("h", "/", 200, UrlKind.REAL, a, 1),
            new WebRequest("h", "/", 200, UrlKind.REAL, a, 2), // again: one page
            new WebRequest("h", "/", 200, UrlKind.DUPLICATE, a, 3), // a copy: not a page
            new WebRequest("h", "/", 200, UrlKind.REAL, b, 4));
    BroadBench.TopicHarvest h = BroadBench.TopicHarvest.of(web, 0, requests);
    assertEquals(new BroadBench.TopicHarvest(1, 2), h);
    assertEquals(0.5, h.harvest(), 0);
  }
}
