package org.trawler.simweb.bench;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.jobs.rank.RankKeys;
import org.trawler.simweb.web.BroadWeb;
import org.trawler.simweb.web.UrlKind;
import org.trawler.simweb.web.WebRequest;
import org.trawler.simweb.web.WebShape;

/**
 * bench --broad's configurations: the crawl's own, with --features-off every switch off, with
 * --orders one per order.
 */
public class BroadBenchSwitchesTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

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

  /**
   * bench broad --orders at a tiny size, through its command: one round by PageRank with host
   * budgets (the order that runs the most jobs), which ranks the pages, then the hosts.
   */
  @Test
  public void aPagerankHostsRoundRanksPagesThenHosts() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.setInt(RankKeys.MAX_ITERATIONS, 2); // few local jobs
    conf.setInt("hostrank.max.iterations", 2);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int rc =
        Main.run(
            conf,
            new String[] {
              "bench",
              "broad",
              "--orders",
              "pagerank-hosts",
              "--sites",
              "2",
              "--pages",
              "24",
              "--rounds",
              "1",
              "--topN",
              "8",
              "--threads",
              "4",
              "--delay-s",
              "0",
              "--json",
              tmp.getRoot().toPath().resolve("bench.json").toString()
            },
            new PrintStream(bytes, true, StandardCharsets.UTF_8),
            System.err);
    String output = bytes.toString(StandardCharsets.UTF_8);
    assertEquals(output, 0, rc);
    List<String> rounds =
        output.lines().filter(l -> l.startsWith("bench --broad: round ")).toList();
    assertEquals(output, 1, rounds.size());
    assertTrue(
        "the round ranks pages, then hosts: " + output,
        rounds.get(0).contains(", rank ") && rounds.get(0).contains(", hostrank "));
    String header = output.lines().filter(l -> l.startsWith("bench --broad  ")).findFirst().get();
    assertEquals(List.of("bench", "--broad", "pagerank-hosts"), words(header));
    String share =
        output.lines().filter(l -> l.startsWith("pageRankShareOfBest")).findFirst().get();
    assertEquals(share, 2, words(share).size());
    assertTrue(output, output.lines().anyMatch(l -> l.startsWith("harvest ")));
  }

  private static List<String> words(String line) {
    return List.of(line.trim().split("\\s+"));
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
        "0", c.get("features-off").get(org.trawler.jobs.hostdb.HostDbKeys.WWW_LEARN_MIN_EVIDENCE));
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
    org.trawler.simweb.web.RealPageRecall recall =
        org.trawler.simweb.web.RealPageRecall.of(
            org.trawler.simweb.web.RealPageRecall.missedUrls(
                web, org.trawler.simweb.web.BroadScore.realPagesFetched(requests)),
            Map.of(web.url(1), org.trawler.core.datum.CrawlStatus.DB_UNFETCHED),
            java.util.Set.of());
    Map<String, Object> f =
        BroadBench.figures(
            new BroadBench.Run(
                "default",
                score,
                1,
                1,
                1,
                null,
                0,
                recall,
                org.trawler.simweb.web.BroadGap.of(
                    web, score, requests, List.of(requests.size()), 50)));
    List<String> keys = List.copyOf(f.keySet());
    int missed = keys.indexOf("realPagesMissed");
    assertEquals(
        List.of("realPagesMissed", "realPagesPending", "realPagesPendingByReason", "realPagesLost"),
        keys.subList(missed, missed + 4));
    assertEquals(1L, f.get("realPagesPending"));
    assertEquals(Map.of("db_unfetched", 1L), f.get("realPagesPendingByReason"));
    assertEquals(web.realPages() - 2L, f.get("realPagesLost"));
  }
}
