package org.trawler.jobs.rank;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;

/**
 * The exact check: {@code bin/crawl rank} in local mode on a crawl the test writes, a hand-made
 * graph (a cycle, a dangling parsed page, a page known but not fetched, an isolated page, a self
 * link, a nofollow link, a link to a URL the crawldb lacks, a page parsed twice) beside a random
 * graph of 300 pages, against PageRank computed in memory: L1 distance below the threshold used,
 * Spearman rank correlation at least 0.99.
 */
public class RankCommandTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static final double DAMPING = 0.5; // converges in few iterations: few local jobs
  private static final double EPSILON = 1e-4;

  /** Outlinks per page and segment, as parse wrote them. */
  private final Map<String, TreeMap<String, ParseData>> parses = new TreeMap<>();

  /** The crawldb's URLs. */
  private final List<String> pages = new ArrayList<>();

  /** The graph rank should see: links between crawldb pages, self and nofollow links left out. */
  private final Map<String, Map<String, Float>> expected = new HashMap<>();

  private void parse(String segment, String from, Outlink... outlinks) {
    ParseData data = new ParseData(ParseData.SUCCESS, "", "");
    data.getOutlinks().addAll(List.of(outlinks));
    parses.computeIfAbsent(segment, s -> new TreeMap<>()).put(from, data);
  }

  private void expect(String from, String... to) {
    Map<String, Float> out = expected.computeIfAbsent(from, f -> new LinkedHashMap<>());
    for (String t : to) {
      out.put(t, 1f);
    }
  }

  private static Outlink link(String to) {
    return new Outlink(to, "");
  }

  private static Outlink nofollow(String to) {
    Outlink o = new Outlink(to, "");
    o.getMeta().put(Outlink.META_NOFOLLOW, "true");
    return o;
  }

  private void handMadeGraph() {
    pages.addAll(
        List.of(
            "http://a.test/1",
            "http://a.test/2",
            "http://b.test/1",
            "http://b.test/2",
            "http://b.test/unfetched",
            "http://c.test/isolated",
            "http://c.test/moved"));
    String old = "20260101000001";
    String now = "20260101000002";
    parse(
        now,
        "http://a.test/1",
        link("http://a.test/1"),
        link("http://a.test/2"),
        link("http://b.test/1"));
    parse(now, "http://a.test/2", link("http://a.test/1"));
    parse(
        now,
        "http://b.test/1",
        link("http://b.test/2"),
        nofollow("http://a.test/2"),
        link("http://b.test/unfetched"),
        link("http://x.test/not-in-crawldb"));
    parse(now, "http://b.test/2"); // parsed, no outlinks: dangling
    parse(old, "http://c.test/moved", link("http://a.test/1"));
    parse(now, "http://c.test/moved", link("http://b.test/2"));
    parse(now, "http://gone.test/", link("http://a.test/1")); // no longer in the crawldb
    expect("http://a.test/1", "http://a.test/2", "http://b.test/1");
    expect("http://a.test/2", "http://a.test/1");
    expect("http://b.test/1", "http://b.test/2", "http://b.test/unfetched");
    expect("http://c.test/moved", "http://b.test/2");
  }

  /** 300 pages on 10 hosts, 0 to 6 outlinks each, a tenth never fetched. */
  private void randomGraph() {
    Random random = new Random(40);
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      urls.add("http://r" + (i % 10) + ".test/" + i);
    }
    pages.addAll(urls);
    for (String from : urls) {
      if (random.nextInt(10) == 0) {
        continue; // known, not fetched
      }
      List<Outlink> out = new ArrayList<>();
      int n = random.nextInt(7);
      for (int k = 0; k < n; k++) {
        // few pages get most links, as on the web
        String to = urls.get((int) (urls.size() * Math.pow(random.nextDouble(), 3)));
        out.add(link(to));
        if (!to.equals(from)) {
          expect(from, to);
        }
      }
      parse("20260101000002", from, out.toArray(new Outlink[0]));
    }
  }

  @Test
  public void ranksMatchPageRankInMemory() throws Exception {
    handMadeGraph();
    randomGraph();
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    conf.set("rank.damping", Double.toString(DAMPING));
    File crawl = tmp.newFolder("crawl");
    Path crawlDb = new Path(new File(crawl, "crawldb").getPath());
    TreeMap<String, CrawlDatum> entries = new TreeMap<>();
    for (String p : pages) {
      entries.put(p, new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f));
    }
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, entries);
    for (Map.Entry<String, TreeMap<String, ParseData>> s : parses.entrySet()) {
      Path segment = new Path(new File(crawl, "segments/" + s.getKey()).getPath());
      LocalJobFixtures.writeMapFile(
          conf, new Path(segment, Segment.PARSE_DATA), ParseData.class, s.getValue());
    }

    int links = expected.values().stream().mapToInt(Map::size).sum();
    Map<String, Double> exact = PageRankReference.ranks(pages, expected, DAMPING, 1e-13);
    Map<String, Double> ranks =
        PageRankReference.assertRankMatches(conf, crawl, links, exact, EPSILON);
    assertEquals(pages.size(), ranks.size());
    // the isolated page has the teleport share and its share of the dangling rank only, as every
    // page nobody links to; the cycle's pages rank above it
    assertEquals(exact.get("http://c.test/isolated"), ranks.get("http://c.test/isolated"), 1e-6);
    assertTrue(ranks.get("http://a.test/1") > ranks.get("http://c.test/isolated"));
  }
}
