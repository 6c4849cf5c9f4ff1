package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.hostdb.Soft404Keys;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * {@code run} with fetcher.soft404.probe over two hosts the test serves: one answers 200 "Page not
 * found" for every path it does not have, the other real 404s. Each host is probed once in two
 * rounds; the link to a missing page of the first host ends db_gone (soft_404) and out of the
 * index, its real pages stay; the second host's missing page is an ordinary http_404 and no page of
 * its is marked.
 */
public class Soft404CrawlTest {
  private static final String NOT_FOUND =
      "<html><head><title>Page not found</title></head><body><h1>Page not found</h1>"
          + "<p>Sorry, the lighthouse keeper could not find the page you asked for. Try the home"
          + " page.</p></body></html>";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private RecordingServer soft;
  private RecordingServer real;

  @After
  public void stop() {
    if (soft != null) {
      soft.close();
    }
    if (real != null) {
      real.close();
    }
  }

  private static RecordingServer.Response page(String text, String... links) {
    StringBuilder html = new StringBuilder("<html><body><p>").append(text).append("</p>");
    for (String link : links) {
      html.append("<a href=\"").append(link).append("\">").append(link).append("</a> ");
    }
    return new RecordingServer.Response(200, html.append("</body></html>").toString(), 0, Map.of());
  }

  private static long probes(RecordingServer server) {
    return server.pageRequests().stream()
        .filter(r -> r.path().matches("/[a-z]{20}\\.html"))
        .count();
  }

  private static String entry(Configuration conf, File crawl, String url) throws Exception {
    return CommandRun.run(conf, "readdb", new File(crawl, "crawldb").getPath(), "-url", url).out;
  }

  @Test
  public void aSoft404PageIsGoneAndRealPagesStay() throws Exception {
    soft = new RecordingServer("127.0.0.2");
    soft.robots("User-agent: *\n")
        .respond(
            "/",
            page("Welcome to the harbour museum, open every day of the week.", "/about", "/old"))
        .respond(
            "/about",
            page(
                "The lighthouse museum was founded in 1911 by fishermen who kept its lamps and"
                    + " logbooks."))
        .respondByDefault(new RecordingServer.Response(200, NOT_FOUND, 0, Map.of()));
    real = new RecordingServer("127.0.0.3");
    real.robots("User-agent: *\n")
        .respond("/", page("Railway timetables for the northern valley lines.", "/b", "/missing"))
        .respond("/b", page("Trains leave the valley station every hour from six in the morning."))
        .respondByDefault(RecordingServer.Response.status(404, Map.of()));
    File seeds = tmp.newFolder("seeds");
    Files.writeString(
        new File(seeds, "seeds.txt").toPath(),
        soft.url("/") + "\n" + real.url("/") + "\n",
        StandardCharsets.UTF_8);
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.set(PolitenessKeys.SERVER_DELAY, "0");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    conf.setBoolean(Soft404Keys.PROBE, true);
    conf.setInt(Soft404Keys.PROBE_AFTER_PAGES, 1); // a site of a few pages: probe at the second
    File crawl = new File(tmp.getRoot(), "crawl");
    String index = new File(crawl, "index").getPath();

    CommandRun run =
        CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "2", "--index", index);
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("round 2:"));

    assertEquals(
        "one probe of the soft host in two rounds: " + soft.pageRequests(), 1, probes(soft));
    assertEquals("one probe of the real host: " + real.pageRequests(), 1, probes(real));
    assertEquals(
        "/, /about, /old and the probe: " + soft.pageRequests(), 4, soft.pageRequests().size());

    String old = entry(conf, crawl, soft.url("/old"));
    assertTrue(old, old.contains("\"status\":\"db_gone\""));
    assertTrue(old, old.contains("soft_404"));
    String about = entry(conf, crawl, soft.url("/about"));
    assertTrue(about, about.contains("\"status\":\"db_fetched\""));
    String home = entry(conf, crawl, soft.url("/"));
    assertTrue(home, home.contains("\"status\":\"db_fetched\""));
    String missing = entry(conf, crawl, real.url("/missing"));
    assertTrue(missing, missing.contains("\"status\":\"db_gone\""));
    assertTrue(missing, missing.contains("http_404"));
    assertFalse(missing, missing.contains("soft_404"));
    String b = entry(conf, crawl, real.url("/b"));
    assertTrue(b, b.contains("\"status\":\"db_fetched\""));
    String probeEntry = entry(conf, crawl, soft.url("/"));
    assertFalse(
        "the probe is no page of the crawldb", probeEntry.matches("(?s).*/[a-z]{20}\\.html.*"));

    String hostDb = new File(crawl, "hostdb").getPath();
    String softHost = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.2").out;
    assertTrue(softHost, softHost.contains("\"soft404\":\"page\""));
    String realHost = CommandRun.run(conf, "readhostdb", hostDb, "-host", "127.0.0.3").out;
    assertTrue(realHost, realHost.contains("\"soft404\":\"real_404\""));
    assertTrue(realHost, realHost.contains("\"soft404Fingerprint\":null"));

    CommandRun stats =
        CommandRun.run(conf, "readdb", new File(crawl, "crawldb").getPath(), "-stats");
    assertTrue(stats.out, stats.out.matches("(?s).*\\n  db_gone +2\\n.*"));
    assertTrue(stats.out, stats.out.matches("(?s).*\\n  db_gone, soft_404 +1\\n.*"));

    CommandRun search =
        CommandRun.run(conf, "search", index, "lighthouse", "-json", "-fields", "url");
    assertEquals(search.toString(), 0, search.exitCode);
    assertEquals(
        "only the real page about the lighthouse: " + search.out,
        List.of(soft.url("/about")),
        urls(search.out));
  }

  private static List<String> urls(String jsonLines) {
    return jsonLines
        .lines()
        .filter(l -> l.contains("\"url\""))
        .map(l -> l.replaceAll(".*\"url\":\"([^\"]*)\".*", "$1"))
        .toList();
  }
}
