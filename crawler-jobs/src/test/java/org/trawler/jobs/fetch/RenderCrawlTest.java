package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.fetch.render.RenderKeys;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * A crawl of a site whose links and words exist only after its JavaScript ran: without rendering
 * only the home page is fetched; with fetcher.render=true every page is, each page's HTML is asked
 * for once, the script-written words are searchable, and — from the server's own request log — a
 * page's requests (its HTML, then what its script loads) stay within the host's turn: the next
 * page's request starts at least fetcher.server.delay after the last of them.
 */
public class RenderCrawlTest {
  private static final long DELAY_MILLIS = 500;
  private static final double SERVER_CLOCK_SLACK_MILLIS = 20;
  private static final List<String> PAGES = List.of("/p1", "/p2", "/p3");
  private static final int SLOW_STEPS = 10;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private RecordingServer site;
  private File seeds;

  @Before
  public void startSite() throws Exception {
    site = new RecordingServer("127.0.0.2");
    site.robots("User-agent: *\nDisallow: /private\n")
        .respond(
            "/",
            page(
                "home",
                "fetch('/links.json').then(r => r.json()).then(d => {"
                    + " for (const l of d.links) { const a = document.createElement('a');"
                    + " a.href = l; a.textContent = l; document.body.appendChild(a); }"
                    + " document.body.append(' ' + d.word); });"))
        .respond(
            "/links.json",
            new RecordingServer.Response(
                200,
                "{\"links\":[\"/p1\",\"/p2\",\"/p3\"],\"word\":\"wombatscript\"}",
                0,
                Map.of("Content-Type", "application/json")));
    for (int i = 1; i <= PAGES.size(); i++) {
      site.respond(
          PAGES.get(i - 1),
          page("page " + i, "document.body.append('kestrel' + 'word" + i + "');"));
    }
    seeds = tmp.newFolder("seeds");
    Files.writeString(
        new File(seeds, "seeds.txt").toPath(), site.url("/") + "\n", StandardCharsets.UTF_8);
  }

  @After
  public void stopSite() {
    site.close();
  }

  private static RecordingServer.Response page(String title, String script) {
    return new RecordingServer.Response(
        200,
        "<html><head><title>"
            + title
            + "</title></head><body><div id=app></div><script>"
            + script
            + "</script></body></html>",
        0,
        Map.of());
  }

  private Configuration conf(boolean render) {
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.set(PolitenessKeys.SERVER_DELAY, String.valueOf(DELAY_MILLIS / 1000.0));
    conf.set(ProtocolKeys.FETCHER_THREADS, "2");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    conf.setBoolean(ProtocolKeys.RENDER, render);
    conf.set(RenderKeys.TIMEOUT, "20"); // a shared, loaded test machine
    conf.set(RenderKeys.BROWSERS, "1");
    return conf;
  }

  private File crawl(Configuration conf, File index) throws Exception {
    File crawl = tmp.newFolder();
    CommandRun run =
        CommandRun.run(
            conf, "run", seeds.getPath(), crawl.getPath(), "3", "--index", index.getPath());
    assertEquals(run.toString(), 0, run.exitCode);
    return crawl;
  }

  private TreeSet<String> pathsRequested() {
    TreeSet<String> paths = new TreeSet<>();
    site.requests().forEach(r -> paths.add(r.path()));
    return paths;
  }

  @Test
  public void withoutRenderingTheScriptsLinksAreNotFound() throws Exception {
    File index = new File(tmp.getRoot(), "index-raw");
    crawl(conf(false), index);
    TreeSet<String> expected = new TreeSet<>(RecordingServer.SITE_FILES);
    expected.add("/");
    assertEquals(expected, pathsRequested());
    CommandRun search = CommandRun.run(conf(false), "search", index.getPath(), "wombatscript");
    assertFalse(search.out, search.out.contains(site.url("/")));
  }

  @Test
  public void renderedPagesYieldEveryLinkAndWordWithinTheHostsTurn() throws Exception {
    File index = new File(tmp.getRoot(), "index-rendered");
    Configuration conf = conf(true);
    crawl(conf, index);
    TreeSet<String> expected = new TreeSet<>(PAGES);
    expected.addAll(RecordingServer.SITE_FILES);
    expected.addAll(List.of("/", "/links.json"));
    assertEquals(expected, pathsRequested());
    for (String path : List.of("/", "/p1", "/p2", "/p3")) {
      assertEquals(path + " asked for once", 1, count(path));
    }
    CommandRun home = CommandRun.run(conf, "search", index.getPath(), "wombatscript");
    assertTrue(home.toString(), home.out.contains(site.url("/")));
    for (int i = 1; i <= PAGES.size(); i++) {
      CommandRun hit = CommandRun.run(conf, "search", index.getPath(), "kestrelword" + i);
      assertTrue(hit.toString(), hit.out.contains(site.url(PAGES.get(i - 1))));
    }
    assertPageTurnsKeepTheDelay();
  }

  @Test
  public void checkShowsTheRenderAndTheRenderedDomsLinks() throws Exception {
    CommandRun rendered = CommandRun.run(conf(true), "check", site.url("/"));
    assertEquals(rendered.toString(), 0, rendered.exitCode);
    assertTrue(rendered.out, rendered.out.contains("\nrendered: yes\n"));
    assertTrue(rendered.out, rendered.out.contains("\noutlinks: 3\n"));
    for (String path : PAGES) {
      assertTrue(rendered.out, rendered.out.contains("  " + site.url(path) + "  \""));
    }
    assertTrue(rendered.out, rendered.out.contains("wombatscript"));

    File rules = tmp.newFile("render-rules.txt");
    Files.writeString(rules.toPath(), "/only-these/\n", StandardCharsets.UTF_8);
    Configuration conf = conf(true);
    conf.set(RenderKeys.RULES, rules.getPath());
    CommandRun skipped = CommandRun.run(conf, "check", site.url("/"));
    assertEquals(skipped.toString(), 0, skipped.exitCode);
    assertTrue(skipped.out, skipped.out.contains("\nrendered: no\n"));
    assertTrue(
        skipped.out,
        skipped.out.contains("\nrenderReason: no rule of fetcher.render.rules matches\n"));
    assertTrue(skipped.out, skipped.out.contains("\noutlinks: 0\n"));

    CommandRun off = CommandRun.run(conf(false), "check", site.url("/"));
    assertFalse(off.out, off.out.contains("rendered:"));
    assertTrue(off.out, off.out.contains("\noutlinks: 0\n"));
  }

  /**
   * A page whose script loads ten slow JSONs one after the other renders for about six seconds,
   * twice the watchdog's bound for a fetch (twice http.request.deadline): it is rendered, not
   * counted stuck; the time limit, reached while it renders, stops the host's next page from
   * starting.
   */
  @Test
  public void aLongRenderIsNoStuckFetchAndTheTimeLimitHolds() throws Exception {
    StringBuilder chain = new StringBuilder("let p = Promise.resolve();");
    for (int i = 1; i <= SLOW_STEPS; i++) {
      site.respond(
          "/s" + i + ".json",
          new RecordingServer.Response(
              200,
              "{\"word\":\"slowword" + i + "\"}",
              600,
              Map.of("Content-Type", "application/json")));
      chain
          .append(" p = p.then(() => fetch('/s")
          .append(i)
          .append(".json')).then(r => r.json()).then(d => document.body.append(' ' + d.word));");
    }
    site.respond("/slow1", page("slow", chain.toString()))
        .respond("/slow2", page("next", "document.body.append('never');"));
    File slowSeeds = tmp.newFolder("slow-seeds");
    Files.writeString(
        new File(slowSeeds, "seeds.txt").toPath(),
        site.url("/slow1") + "\n" + site.url("/slow2") + "\n",
        StandardCharsets.UTF_8);
    Configuration conf = conf(true);
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(ProtocolKeys.REQUEST_DEADLINE, "1500"); // a fetch is stuck after 3 s
    conf.set(FetcherKeys.TIMELIMIT_MINS, "0.06"); // 3.6 s: while /slow1 renders
    File crawl = tmp.newFolder();
    CommandRun run = CommandRun.run(conf, "run", slowSeeds.getPath(), crawl.getPath(), "1");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(pathsRequested().contains("/s" + SLOW_STEPS + ".json"));
    assertFalse(pathsRequested().contains("/slow2"));
    Map<String, CrawlDatum> db =
        LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new Path(crawl.getPath(), "crawldb")),
            new CrawlDatum(),
            CrawlDatum::new);
    assertEquals(CrawlStatus.DB_FETCHED, db.get(site.url("/slow1")).getStatus());
    assertEquals(CrawlStatus.DB_UNFETCHED, db.get(site.url("/slow2")).getStatus());
    assertFalse(run.toString(), run.toString().contains("stuck"));
  }

  private long count(String path) {
    return site.requests().stream().filter(r -> r.path().equals(path)).count();
  }

  /**
   * Turns from the log: a page's turn is the site's files asked right before it (robots.txt,
   * tdmrep.json), its HTML request and the requests its script made after it (the JSON); the next
   * turn starts at least the delay after the previous one's last request ended, and turns never
   * overlap.
   */
  private void assertPageTurnsKeepTheDelay() {
    List<RecordingServer.Request> requests = new ArrayList<>(site.requests());
    requests.sort(Comparator.comparingDouble(RecordingServer.Request::start));
    double turnEnd = Double.NEGATIVE_INFINITY;
    String last = null;
    for (RecordingServer.Request r : requests) {
      boolean scriptLoaded =
          r.path().endsWith(".json") && !RecordingServer.SITE_FILES.contains(r.path());
      boolean afterSiteFile = last != null && RecordingServer.SITE_FILES.contains(last);
      boolean newTurn = !scriptLoaded && !afterSiteFile;
      if (newTurn && last != null) {
        double gap = r.start() - turnEnd;
        assertTrue(
            String.format("%s then %s after %.1f ms (delay %d)", last, r.path(), gap, DELAY_MILLIS),
            gap >= DELAY_MILLIS - SERVER_CLOCK_SLACK_MILLIS);
      }
      turnEnd = Math.max(turnEnd, r.end());
      last = r.path();
    }
  }
}
