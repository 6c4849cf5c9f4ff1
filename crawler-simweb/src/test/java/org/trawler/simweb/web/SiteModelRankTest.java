package org.trawler.simweb.web;

import java.io.File;
import java.util.HashMap;
import java.util.Map;
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
import org.trawler.jobs.rank.PageRankReference;

/**
 * The exact check on a graph from the site model: {@code bin/crawl rank} in local mode on a crawl
 * holding every real page of a broad web and its links (as a crawl that fetched them all would),
 * against simweb's own PageRank of the same graph ({@link PageRank}, the one bench broad judges
 * by): L1 distance below the threshold used, Spearman rank correlation at least 0.99.
 */
public class SiteModelRankTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Converges in few iterations: few local jobs (the site model's own figures use 0.85). */
  private static final double DAMPING = 0.5;

  private static final double EPSILON = 1e-4;

  @Test
  public void rankOfTheSiteModelsGraphMatchesSimwebsPageRank() throws Exception {
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT.sized(6, 300), 80);
    int n = web.realPages();
    int[][] links = new int[n][];
    TreeMap<String, CrawlDatum> entries = new TreeMap<>();
    TreeMap<String, ParseData> parses = new TreeMap<>();
    int linkCount = 0;
    for (int id = 0; id < n; id++) {
      links[id] = web.links(id);
      linkCount += links[id].length;
      entries.put(web.url(id), new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f));
      ParseData data = new ParseData(ParseData.SUCCESS, "", "");
      for (int to : links[id]) {
        data.getOutlinks().add(new Outlink(web.url(to), ""));
      }
      parses.put(web.url(id), data);
    }
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    conf.set("rank.damping", Double.toString(DAMPING));
    File crawl = tmp.newFolder("crawl");
    Path crawlDb = new Path(new File(crawl, "crawldb").getPath());
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, entries);
    LocalJobFixtures.writeMapFile(
        conf,
        new Path(new File(crawl, "segments/20260101000001").getPath(), Segment.PARSE_DATA),
        ParseData.class,
        parses);

    double[] model = PageRank.of(links, DAMPING);
    Map<String, Double> exact = new HashMap<>();
    for (int id = 0; id < n; id++) {
      exact.put(web.url(id), model[id]);
    }
    PageRankReference.assertRankMatches(conf, crawl, linkCount, exact, EPSILON);
  }
}
