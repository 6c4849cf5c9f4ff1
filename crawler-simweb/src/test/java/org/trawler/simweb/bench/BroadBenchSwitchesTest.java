package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.simweb.web.BroadWeb;
import org.trawler.simweb.web.UrlKind;
import org.trawler.simweb.web.WebRequest;
import org.trawler.simweb.web.WebShape;

/** bench --broad's configurations: the crawl's own, and with --features-off every switch off. */
public class BroadBenchSwitchesTest {

  private static BroadBench.Settings settings(boolean featuresOff) {
    return new BroadBench.Settings(WebShape.DEFAULT, 6, 1000, 50, 0.5, 50, 60, featuresOff);
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

  @Test
  public void unlimitedCrawlsWithABudgetAboveTheWebsRealPagesAndCountsThoseMissed()
      throws Exception {
    org.apache.commons.cli.Options o = new org.apache.commons.cli.Options();
    BenchCommand.broadOptions(o);
    BroadBench.Settings s =
        BenchCommand.broadSettings(
            new org.apache.commons.cli.DefaultParser().parse(o, new String[] {"--unlimited"}));
    assertEquals(100_000, s.topN());
    assertEquals(40, s.rounds());
    assertEquals(50, s.maxPerHost());
    org.junit.Assert.assertTrue(s.topN() > 10 * WebShape.DEFAULT.pages());
    BroadBench.Settings three =
        BenchCommand.broadSettings(
            new org.apache.commons.cli.DefaultParser()
                .parse(o, new String[] {"--unlimited", "--rounds", "3"}));
    assertEquals(3, three.rounds());
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT.sized(6, 60), 0);
    List<WebRequest> requests =
        List.of(
            new WebRequest("h", "/", 200, UrlKind.REAL, 0, 1),
            new WebRequest("h", "/", 200, UrlKind.REAL, 0, 2),
            new WebRequest("h", "/", 200, UrlKind.DUPLICATE, 1, 3));
    org.trawler.simweb.web.BroadScore score =
        org.trawler.simweb.web.BroadScore.of(web, requests, 60_000);
    assertEquals(web.realPages() - 1, score.realPagesMissed());
    assertEquals(web.realPages() - 1L, score.figures().get("realPagesMissed"));
  }
}
