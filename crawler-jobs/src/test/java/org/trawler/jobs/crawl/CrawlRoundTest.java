package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.Outlink;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.linkdb.LinkDbContents;

/**
 * Which jobs a round runs: dedup only with a pair to judge (two pages with one signature or near
 * fingerprints, or an earlier mark), the steps one after the other in their order, and a failure of
 * invertlinks failing the round only once the crawldb is updated.
 */
public class CrawlRoundTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private HttpServer server;
  private String home;

  /** Whether /b serves the very page /a serves, else prose of its own. */
  private volatile boolean bCopiesA;

  /**
   * A three-page site on loopback: the home page links to /a and /b, each a page of its own prose
   * ({@link #bCopiesA}: /b the same as /a); anything else is not found; no robots.txt.
   */
  @Before
  public void startSite() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          String html =
              switch (path) {
                case "/" -> "<p>home</p><a href=\"/a\">a</a> <a href=\"/b\">b</a>";
                case "/a" -> A_PROSE;
                case "/b" -> bCopiesA ? A_PROSE : B_PROSE;
                default -> null;
              };
          boolean page = html != null;
          byte[] body = ("<html><body>" + html + "</body></html>").getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
          exchange.sendResponseHeaders(page ? 200 : 404, page ? body.length : -1);
          if (page) {
            exchange.getResponseBody().write(body);
          }
          exchange.close();
        });
    server.start();
    home = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  private static final String A_PROSE =
      "<p>The harbour lantern burned all night while the fishing boats came home through the"
          + " fog, and the keeper counted each hull against the list pinned beside his door.</p>";

  private static final String B_PROSE =
      "<p>Seven orchards climb the southern slope; in autumn the pickers sing old marching"
          + " songs, and the cider press in the valley runs from dawn until the stars are out.</p>";

  @After
  public void stopSite() {
    server.stop(0);
  }

  @Test
  public void dedupRunsOnlyWhenTheCrawlDbHoldsAPairToJudge() {
    assertFalse(CrawlRound.hasPairs(Map.of()));
    assertFalse(CrawlRound.hasPairs(Map.of("db_fetched", 1L, "db_unfetched", 500L, "db_gone", 3L)));
    assertTrue(CrawlRound.hasPairs(Map.of("db_fetched", 2L)));
    assertTrue(CrawlRound.hasPairs(Map.of("db_fetched", 1L, "db_notmodified", 1L)));
    // a mark is judged again even alone: its kept page may have gone
    assertTrue(CrawlRound.hasPairs(Map.of("db_duplicate", 1L, "db_gone", 1L)));
    // updatedb found no group of pages holding a pair: nothing to mark, unless a mark is there
    assertFalse(CrawlRound.mayHoldPair(Map.of("db_fetched", 500L), 0));
    assertTrue(CrawlRound.mayHoldPair(Map.of("db_fetched", 500L), 1));
    assertTrue(CrawlRound.mayHoldPair(Map.of("db_fetched", 500L), -1)); // not asked
    assertTrue(CrawlRound.mayHoldPair(Map.of("db_fetched", 500L, "db_duplicate", 1L), 0));
  }

  @Test
  public void aRoundWhosePagesHoldNoPairRunsNoDedupJobWhileACopyIsStillMarked() throws Exception {
    // three pages of their own prose: nothing for dedup to mark, so no dedup job
    CrawlDir distinct = crawl("distinct");
    CrawlRound.Result second = rounds(conf(), distinct, 2);
    assertEquals(2, second.generated().selected());
    assertNull(second.deduped());
    assertFalse(second.summary(), second.seconds().containsKey(CrawlRound.DEDUP));
    assertEquals(
        Map.of(home, "db_fetched", home + "a", "db_fetched", home + "b", "db_fetched"),
        statuses(distinct));

    // /b a copy of /a: dedup runs in the same round and marks the copy
    bCopiesA = true;
    CrawlDir copied = crawl("copied");
    second = rounds(conf(), copied, 2);
    assertEquals(second.summary(), 1, second.deduped().urlsMarked());
    assertTrue(second.summary(), second.summary().contains(" duplicates 1;"));
    assertEquals(
        Map.of(home, "db_fetched", home + "a", "db_fetched", home + "b", "db_duplicate"),
        statuses(copied));
  }

  @Test
  public void aRoundUpdatesTheCrawlDbAndTheLinkDbStepAfterStep() throws Exception {
    CrawlDir crawl = crawl("round");
    CrawlRound.Result r = round(conf(), crawl);

    assertEquals(
        Map.of(home, "db_fetched", home + "a", "db_unfetched", home + "b", "db_unfetched"),
        statuses(crawl));
    assertEquals(Map.of(home + "a", List.of(home), home + "b", List.of(home)), inlinks(crawl));
    // one fetched page: nothing for dedup to compare, so no dedup job; steps in the usual order
    assertNull(r.deduped());
    assertEquals(
        List.of(CrawlRound.GENERATE, CrawlRound.FETCH, CrawlRound.UPDATEDB, CrawlRound.INVERTLINKS),
        List.copyOf(r.seconds().keySet()));
    assertTrue(r.summary(), r.wallSeconds() > 0);
  }

  @Test
  public void aLinkDbHeldByAnotherWriterFailsTheRoundOnceTheCrawlDbIsUpdated() throws Exception {
    CrawlDir crawl = crawl("locked");
    Path lock = VersionedDb.lockFile(crawl.linkDb());
    Files.createDirectories(new File(crawl.linkDb().toString()).toPath());
    Files.writeString(new File(lock.toString()).toPath(), "another writer\n");
    try {
      round(conf(), crawl);
      fail("the round ran although the linkdb was locked");
    } catch (UserException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("linkdb is locked by another job"));
    }
    assertEquals(
        Map.of(home, "db_fetched", home + "a", "db_unfetched", home + "b", "db_unfetched"),
        statuses(crawl));
    assertFalse(new File(VersionedDb.lockFile(crawl.crawlDb()).toString()).exists());
  }

  private Configuration conf() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder().getPath());
    conf.set("http.address.allow", "127.0.0.1/32");
    conf.set("fetcher.server.delay", "0");
    return conf;
  }

  /** A crawl directory with the home page injected. */
  private CrawlDir crawl(String name) throws Exception {
    File seeds = tmp.newFolder(name + "-seeds");
    Files.writeString(new File(seeds, "seeds.txt").toPath(), home + "\n");
    CrawlDir crawl = new CrawlDir(new Path(tmp.newFolder(name).getPath()));
    Injector injector = new Injector();
    injector.setConf(conf());
    injector.inject(crawl.crawlDb(), new Path(seeds.getPath()), false);
    return crawl;
  }

  private static CrawlRound.Result round(Configuration conf, CrawlDir crawl) throws Exception {
    return rounds(conf, crawl, 1);
  }

  /** Runs {@code n} rounds of one driver on {@code crawl}; returns the last. */
  private static CrawlRound.Result rounds(Configuration conf, CrawlDir crawl, int n)
      throws Exception {
    CrawlRound rounds = new CrawlRound(conf, crawl, new Generator.Settings(0, 1, 0, false));
    CrawlRound.Result last = null;
    for (int i = 1; i <= n; i++) {
      last = rounds.run(i, CrawlRound.DIRECT).orElseThrow();
    }
    return last;
  }

  private Map<String, String> statuses(CrawlDir crawl) throws Exception {
    return LocalJobFixtures.readAll(
        conf(), VersionedDb.current(crawl.crawlDb()), new CrawlDatum(), d -> d.getStatus().label());
  }

  private Map<String, List<String>> inlinks(CrawlDir crawl) throws Exception {
    Map<String, List<String>> from = new TreeMap<>();
    LinkDbContents.read(conf(), crawl.linkDb())
        .forEach((url, links) -> from.put(url, links.stream().map(Outlink::getToUrl).toList()));
    return from;
  }
}
