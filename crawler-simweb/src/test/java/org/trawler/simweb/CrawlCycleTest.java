package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;

/**
 * The whole cycle against a simweb with a known link graph: after k rounds exactly the pages within
 * k−1 hops of the seeds were fetched, the crawldb knows exactly those within k hops, and redirects,
 * 404s, 500s and robots-disallowed pages end in the right statuses; a later run with {@code
 * --adddays 31} fetches the pages again.
 */
public class CrawlCycleTest {
  private static final int ROUNDS = 3;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static SiteModel web;
  private static Configuration conf;
  private static Path crawl;
  private static Map<String, Integer> depths;
  private static Map<String, CrawlDatum> db;
  private static Set<String> fetchedAfterFirstRun;
  private static String runOutput;
  private static File seeds;

  @BeforeClass
  public static void crawlTheSite() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(40)
                    .outlinks(4)
                    .pageKb(2)
                    .port(0)
                    .seed(7)
                    .redirectPct(10)
                    .notFoundPct(10)
                    .errorPct(10)
                    .disallowPct(10)
                    .build())
            .build()
            .start();
    web = server.site();
    depths = web.linkDepths();
    seeds = TMP.newFolder("seeds");
    web.writeSeeds(seeds.toPath(), false);
    crawl = new Path(TMP.newFolder("crawl").getAbsolutePath());

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("http.timeout", "5000");

    runOutput = run("run", seeds.getPath(), crawl.toString(), String.valueOf(ROUNDS));
    db = readDb();
    fetchedAfterFirstRun = fetchedUrls();
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String run(String... args) throws Exception {
    return EndToEndCrawl.runHere(conf, args);
  }

  private static Map<String, CrawlDatum> readDb() throws Exception {
    return new TreeMap<>(
        LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new Path(crawl, "crawldb")),
            new CrawlDatum(),
            CrawlDatum::new));
  }

  private static Set<String> fetchedUrls() throws Exception {
    Set<String> fetched = new TreeSet<>();
    FileSystem fs = crawl.getFileSystem(conf);
    for (FileStatus seg : fs.listStatus(new Path(crawl, "segments"))) {
      fetched.addAll(
          LocalJobFixtures.readAll(
                  conf,
                  new Path(seg.getPath(), Segment.CRAWL_FETCH),
                  new CrawlDatum(),
                  CrawlDatum::new)
              .keySet());
    }
    return fetched;
  }

  private static Set<String> within(int hops) {
    Set<String> urls = new TreeSet<>();
    depths.forEach(
        (url, d) -> {
          if (d <= hops) {
            urls.add(url);
          }
        });
    return urls;
  }

  @Test
  public void fetchesExactlyThePagesWithinRoundsMinusOneHops() {
    assertEquals(within(ROUNDS - 1), fetchedAfterFirstRun);
  }

  @Test
  public void crawlDbKnowsExactlyThePagesWithinRoundsHops() {
    assertEquals(within(ROUNDS), db.keySet());
  }

  @Test
  public void everyKindOfPageEndsInItsStatus() {
    int checked = 0;
    for (String url : within(ROUNDS - 1)) {
      CrawlDatum d = db.get(url);
      String what = url + " (" + web.kindOf(url) + "): " + d;
      switch (web.kindOf(url)) {
        case OK:
          assertEquals(what, CrawlStatus.DB_FETCHED, d.getStatus());
          assertTrue(what, d.getSignature() != null);
          break;
        case REDIRECT:
          assertTrue(
              what,
              d.getStatus() == CrawlStatus.DB_REDIR_PERM
                  || d.getStatus() == CrawlStatus.DB_REDIR_TEMP);
          assertEquals(
              what, web.redirectTarget(url), d.getMetaString(MetadataKeys.REDIRECT_TARGET));
          break;
        case NOT_FOUND:
          assertEquals(what, CrawlStatus.DB_GONE, d.getStatus());
          break;
        case ERROR:
          assertEquals(what, CrawlStatus.DB_UNFETCHED, d.getStatus());
          assertEquals(what, 1, d.getRetries());
          break;
        case DISALLOWED:
          assertEquals(what, CrawlStatus.DB_GONE, d.getStatus());
          assertTrue(what, d.getMetaString(MetadataKeys.PROTOCOL_STATUS).contains("robots_denied"));
          break;
        default:
          throw new AssertionError(what);
      }
      checked++;
    }
    assertTrue(checked > 20);
    for (SiteModel.Kind kind : SiteModel.DEFAULT_KINDS) {
      assertTrue(
          "the test site has a reachable " + kind + " page",
          within(ROUNDS - 1).stream().anyMatch(u -> web.kindOf(u) == kind));
    }
    for (String url : db.keySet()) {
      if (depths.get(url) == ROUNDS) {
        assertEquals(url, CrawlStatus.DB_UNFETCHED, db.get(url).getStatus());
      }
    }
  }

  /**
   * Round k fetches the URLs at depth k−1, each once (a 500 waits longer than the run for its
   * retry), and its updatedb adds those at depth k: the line's counts follow from the model.
   */
  @Test
  public void printsOneSummaryLinePerRoundWithItsCounts() {
    for (int round = 1; round <= ROUNDS; round++) {
      Set<String> fetched = atDepth(round - 1);
      long errorsSoFar = ofKind(within(round - 1), SiteModel.Kind.ERROR);
      String expected =
          String.format(
              "round %d: generated %d; fetched ok %d, redirect %d, gone %d, retry %d,"
                  + " notmodified 0; new %d; crawldb %d (unfetched %d); ",
              round,
              fetched.size(),
              ofKind(fetched, SiteModel.Kind.OK),
              ofKind(fetched, SiteModel.Kind.REDIRECT),
              ofKind(fetched, SiteModel.Kind.NOT_FOUND)
                  + ofKind(fetched, SiteModel.Kind.DISALLOWED),
              ofKind(fetched, SiteModel.Kind.ERROR),
              atDepth(round).size(),
              within(round).size(),
              atDepth(round).size() + errorsSoFar);
      String prefix = "round " + round + ": ";
      String line =
          runOutput.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse(runOutput);
      assertTrue(
          "expected a line starting with\n" + expected + "\nbut was\n" + line,
          line.startsWith(expected));
      assertEquals(runOutput, 1, runOutput.lines().filter(l -> l.startsWith(prefix)).count());
    }
    assertEquals(
        runOutput,
        ROUNDS,
        runOutput.lines().filter(l -> l.matches("round \\d+: generated .*")).count());
  }

  private static Set<String> atDepth(int hops) {
    Set<String> urls = new TreeSet<>();
    depths.forEach(
        (url, d) -> {
          if (d == hops) {
            urls.add(url);
          }
        });
    return urls;
  }

  private static long ofKind(Set<String> urls, SiteModel.Kind kind) {
    return urls.stream().filter(u -> web.kindOf(u) == kind).count();
  }

  @Test
  public void aLaterRunFetchesThePagesAgainOnceTheirIntervalHasPassed() throws Exception {
    Path segments = new Path(crawl, "segments");
    int before = crawl.getFileSystem(conf).listStatus(segments).length;
    run(
        "run",
        seeds.getPath(),
        crawl.toString(),
        "1",
        "--adddays",
        "31"); // re-injecting keeps existing entries
    FileStatus[] after = crawl.getFileSystem(conf).listStatus(segments);
    assertEquals(before + 1, after.length);
    Path newest = after[0].getPath();
    for (FileStatus st : after) {
      if (st.getPath().getName().compareTo(newest.getName()) > 0) {
        newest = st.getPath();
      }
    }
    Set<String> refetched =
        LocalJobFixtures.readAll(
                conf, new Path(newest, Segment.CRAWL_FETCH), new CrawlDatum(), CrawlDatum::new)
            .keySet();
    for (String url : fetchedAfterFirstRun) {
      if (web.kindOf(url) == SiteModel.Kind.OK) {
        assertTrue(url + " fetched again", refetched.contains(url));
      }
    }
    assertFalse(refetched.isEmpty());
  }
}
