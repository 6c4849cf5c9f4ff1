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
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CommandRun;
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
    conf.setBoolean(RenderKeys.RENDER, render);
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
    assertEquals(new TreeSet<>(List.of("/robots.txt", "/")), pathsRequested());
    CommandRun search = CommandRun.run(conf(false), "search", index.getPath(), "wombatscript");
    assertFalse(search.out, search.out.contains(site.url("/")));
  }

  @Test
  public void renderedPagesYieldEveryLinkAndWordWithinTheHostsTurn() throws Exception {
    File index = new File(tmp.getRoot(), "index-rendered");
    Configuration conf = conf(true);
    crawl(conf, index);
    TreeSet<String> expected = new TreeSet<>(PAGES);
    expected.addAll(List.of("/robots.txt", "/", "/links.json"));
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

  private long count(String path) {
    return site.requests().stream().filter(r -> r.path().equals(path)).count();
  }

  /**
   * Turns from the log: a page's turn is its HTML request and the requests its script made after it
   * (the JSON); the next turn starts at least the delay after the previous one's last request
   * ended, and turns never overlap.
   */
  private void assertPageTurnsKeepTheDelay() {
    List<RecordingServer.Request> requests = new ArrayList<>(site.requests());
    requests.sort(Comparator.comparingDouble(RecordingServer.Request::start));
    double turnEnd = Double.NEGATIVE_INFINITY;
    String last = null;
    for (RecordingServer.Request r : requests) {
      boolean newTurn = !r.path().endsWith(".json");
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
