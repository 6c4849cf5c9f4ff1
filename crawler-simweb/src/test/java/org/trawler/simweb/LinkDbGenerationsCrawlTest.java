package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Outlink;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.index.IndexDocuments;
import org.trawler.jobs.index.IndexFields;
import org.trawler.jobs.linkdb.LinkDbContents;
import org.trawler.jobs.linkdb.LinkDbKeys;

/**
 * The same crawl with {@code run --index} twice: once merging the linkdb every round (the whole
 * linkdb rewritten by each invertlinks), once in generations, at most one (each round merges the
 * last one into its own). The linkdb as readers see it and the index documents' anchors are the
 * same, round after round. (simweb's anchor is the target's title, so the anchors show lost
 * inlinks, not the cap: IndexJobTest checks that on anchors that differ per linking page.)
 */
public class LinkDbGenerationsCrawlTest {
  private static final int ROUNDS = 5;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static Configuration base;
  private static File mergedEveryRound;
  private static File generational;

  @BeforeClass
  public static void crawlBothWays() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(30)
                    .outlinks(6)
                    .pageKb(1)
                    .seed(15)
                    .port(0)
                    .build())
            .build()
            .start();
    File seeds = TMP.newFolder("seeds");
    server.site().writeSeeds(seeds.toPath(), false);
    base = CrawlerConfiguration.create();
    base.set("mapreduce.framework.name", "local");
    base.set("fs.defaultFS", "file:///");
    base.set("fetcher.server.delay", "0");
    base.set("fetcher.threads.fetch", "8");
    base.set("http.timeout", "5000");
    // a cap the sites' pages reach, so that merging the parts must apply it as invertlinks does
    base.setInt(LinkDbKeys.MAX_INLINKS, 3);

    Configuration everyRound = new Configuration(base);
    everyRound.setInt(LinkDbKeys.MAX_GENERATIONS, 0);
    mergedEveryRound = crawl(everyRound, seeds, "merged-every-round");

    Configuration generations = new Configuration(base);
    generations.setInt(LinkDbKeys.MAX_GENERATIONS, 1);
    generations.set(LinkDbKeys.MAX_GENERATION_RATIO, "1e9");
    generational = crawl(generations, seeds, "generations");
  }

  private static File crawl(Configuration conf, File seeds, String name) throws Exception {
    File crawl = TMP.newFolder(name);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String[] args = {
      "run",
      seeds.getPath(),
      crawl.getPath(),
      String.valueOf(ROUNDS),
      "--index",
      new File(crawl, "index").getPath()
    };
    int rc =
        Main.run(
            new Configuration(conf),
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    assertEquals(out.toString(StandardCharsets.UTF_8), 0, rc);
    // every page indexed again at the end: their inlinks now lie in several generations
    String[] index = {
      "index",
      new File(crawl, "index-all").getPath(),
      new File(crawl, "crawldb").getPath(),
      "-linkdb",
      new File(crawl, "linkdb").getPath(),
      "-dir",
      new File(crawl, "segments").getPath()
    };
    rc =
        Main.run(
            new Configuration(conf),
            index,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err);
    assertEquals(out.toString(StandardCharsets.UTF_8), 0, rc);
    return crawl;
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static Map<String, List<Outlink>> linkDb(File crawl) throws Exception {
    return LinkDbContents.read(base, new Path(new File(crawl, "linkdb").getPath()));
  }

  /** url → the anchors of its document in the crawl's index {@code index}. */
  private static Map<String, List<String>> anchors(File crawl, String index) throws Exception {
    return IndexDocuments.values(new File(crawl, index + "/current"), IndexFields.ANCHOR);
  }

  @Test
  public void theGenerationalLinkdbReadsAsTheOneMergedEveryRound() throws Exception {
    Map<String, List<Outlink>> expected = linkDb(mergedEveryRound);
    assertTrue("the crawl found links: " + expected.size(), expected.size() > 30);
    assertTrue("the cap was reached", expected.values().stream().anyMatch(l -> l.size() == 3));
    assertEquals(expected, linkDb(generational));
    assertFalse(new File(mergedEveryRound, "linkdb/current/gen-000001").exists());
    // the site is crawled in 4 rounds: the base, then generations 1, 2 (1 merged in), 3 (2 merged
    // in)
    assertEquals(
        List.of("gen-000003"),
        List.of(new File(generational, "linkdb/current").list((d, n) -> n.startsWith("gen-"))));
  }

  @Test
  public void indexDocumentsOfEachRoundHaveTheSameAnchors() throws Exception {
    assertSameAnchors("index");
  }

  @Test
  public void indexDocumentsOfTheWholeCrawlHaveTheSameAnchors() throws Exception {
    assertSameAnchors("index-all");
  }

  private static void assertSameAnchors(String index) throws Exception {
    Map<String, List<String>> expected = anchors(mergedEveryRound, index);
    long withAnchors = expected.values().stream().filter(a -> !a.isEmpty()).count();
    assertTrue("documents have anchors: " + withAnchors, withAnchors > 10);
    assertEquals(expected, anchors(generational, index));
  }
}
