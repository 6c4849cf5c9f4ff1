package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.schedule.ScheduleKeys;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * Politeness seen from the servers: a 3-round {@code run} over four loopback hosts, each logging
 * every request it serves. Between any two turns of a host — pages, redirect hops — the delay
 * passes (Crawl-delay where robots.txt asks for more), across rounds too: a fetch task does not
 * wait out its hosts' last delays but hands them to the next round's ({@code <crawl>/quiet}), and a
 * Crawl-delay longer than the steps between two fetches still holds; the host's robots.txt and
 * tdmrep.json are asked in the turn of the page that needs them, right before it. Requests to a
 * host never overlap, and robots.txt is asked for once in the whole crawl (once per round with
 * fetcher.robots.cache.hours=0), its /.well-known/tdmrep.json (a 404) once with it. One host's
 * robots.txt answers 503 twice, then 200: its page is robots_unavailable until robots.txt can be
 * had (RFC 9309 §2.3.1.4), as readseg -dump shows, and its tdmrep.json is asked only then.
 */
public class PoliteCrawlTest {
  private static final long DELAY_MILLIS = 300;

  /** Longer than the steps between two rounds' fetches: the hand-over must hold it. */
  private static final long CRAWL_DELAY_MILLIS = 2000;

  private static final String TDMREP = "/.well-known/tdmrep.json";

  /**
   * The server marks a request's end after closing the exchange, a little after the client has read
   * the answer and started counting its delay.
   */
  private static final double SERVER_CLOCK_SLACK_MILLIS = 20;

  private static final String ROBOTS = "User-agent: *\nDisallow: /private\n";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private RecordingServer a;
  private RecordingServer b;
  private RecordingServer c;
  private RecordingServer d;
  private File seeds;

  @Before
  public void startHosts() throws Exception {
    a = new RecordingServer("127.0.0.2");
    b = new RecordingServer("127.0.0.3");
    c = new RecordingServer("127.0.0.4");
    d = new RecordingServer("127.0.0.5");
    a.robots(ROBOTS).respond("/", page("/a1", "/a2", "/a3")).respond("/a1", page("/a4"));
    b.robots(ROBOTS + "Crawl-delay: 2\n").respond("/", page("/b1", "/b2"));
    c.robots(ROBOTS)
        .respond("/", page("/c1", "/c2"))
        .respond("/c1", redirect(302, "/c1b"))
        .respond("/c1b", redirect(301, "/c1c"))
        .respond("/c2", redirect(302, a.url("/a9")));
    robotsDownTwice(d);
    seeds = tmp.newFolder("seeds");
    Files.writeString(
        new File(seeds, "seeds.txt").toPath(),
        String.join("\n", a.url("/"), b.url("/"), c.url("/"), d.url("/")) + "\n",
        StandardCharsets.UTF_8);
  }

  @After
  public void stopHosts() {
    for (RecordingServer s : new RecordingServer[] {a, b, c, d}) {
      if (s != null) {
        s.close();
      }
    }
  }

  private static void robotsDownTwice(RecordingServer server) {
    server
        .respond(
            "/robots.txt",
            RecordingServer.Response.status(503, Map.of()),
            RecordingServer.Response.status(503, Map.of()),
            new RecordingServer.Response(200, ROBOTS, 0, Map.of("Content-Type", "text/plain")))
        .respond("/", page());
  }

  private static RecordingServer.Response page(String... links) {
    StringBuilder html = new StringBuilder("<html><body>");
    for (String link : links) {
      html.append("<a href=\"").append(link).append("\">").append(link).append("</a> ");
    }
    return new RecordingServer.Response(200, html.append("</body></html>").toString(), 0, Map.of());
  }

  private static RecordingServer.Response redirect(int status, String location) {
    return RecordingServer.Response.status(status, Map.of("Location", location));
  }

  private Configuration conf() {
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.set(PolitenessKeys.SERVER_DELAY, String.valueOf(DELAY_MILLIS / 1000.0));
    conf.set(ProtocolKeys.FETCHER_THREADS, "4");
    conf.set(ProtocolKeys.REDIRECT_MAX, "2");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    conf.set(ScheduleKeys.RETRY_DELAY, "0"); // a robots_unavailable page is due again next round
    conf.set(PolitenessKeys.ROBOTS_RETRY_HOURS, "0"); // and its robots.txt asked again
    return conf;
  }

  private File crawl(Configuration conf) throws Exception {
    File crawl = tmp.newFolder();
    CommandRun run = CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "3");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("round 3:"));
    return crawl;
  }

  @Test
  public void everyRequestToAHostWaitsItsTurnAndRobotsTxtIsAskedOnce() throws Exception {
    File crawl = crawl(conf());

    assertPolite(a, DELAY_MILLIS);
    assertPolite(b, CRAWL_DELAY_MILLIS);
    assertPolite(c, DELAY_MILLIS);
    assertPolite(d, DELAY_MILLIS);
    assertEquals(1, count(a, "/robots.txt"));
    assertEquals(1, count(b, "/robots.txt"));
    assertEquals(1, count(c, "/robots.txt"));
    assertEquals("503 in rounds 1 and 2, 200 in round 3", 3, count(d, "/robots.txt"));
    assertEquals(1, count(a, TDMREP));
    assertEquals(1, count(b, TDMREP));
    assertEquals(1, count(c, TDMREP));
    assertEquals("in round 3, once robots.txt answered", 1, count(d, TDMREP));
    assertEquals("hops followed inline", List.of("/c1", "/c1b", "/c1c"), paths(c, "/c1"));
    assertEquals("a hop to another host waits for a later round", 1, count(a, "/a9"));
    assertTrue(new File(crawl, "robots/current").isDirectory());
    assertTrue("the last delays handed over", new File(crawl, "quiet").isDirectory());

    List<File> segments = segments(crawl);
    assertEquals(3, segments.size());
    String home = d.url("/");
    assertEquals("0 robots_unavailable http_503", pst(segments.get(0), home));
    assertEquals("0 robots_unavailable http_503", pst(segments.get(1), home));
    assertEquals("200 ok", pst(segments.get(2), home));
  }

  @Test
  public void withCacheHoursZeroRobotsTxtIsAskedOncePerRound() throws Exception {
    Configuration conf = conf();
    conf.set(PolitenessKeys.ROBOTS_CACHE_HOURS, "0");
    crawl(conf);
    assertPolite(a, DELAY_MILLIS);
    assertEquals("host a has pages in each of the 3 rounds", 3, count(a, "/robots.txt"));
    assertEquals("host b in rounds 1 and 2", 2, count(b, "/robots.txt"));
    assertEquals("tdmrep.json with each robots.txt answer", 3, count(a, TDMREP));
  }

  /**
   * Requests never overlap, and each starts at least {@code delay} after the previous ended, but
   * for a request right after robots.txt or tdmrep.json: those are asked in the turn of the request
   * that follows them.
   */
  private static void assertPolite(RecordingServer server, long delay) {
    List<RecordingServer.Request> requests = new ArrayList<>(server.requests());
    requests.sort(Comparator.comparingDouble(RecordingServer.Request::start));
    for (int i = 1; i < requests.size(); i++) {
      RecordingServer.Request before = requests.get(i - 1);
      RecordingServer.Request next = requests.get(i);
      double gap = next.start() - before.end();
      long wait = RecordingServer.SITE_FILES.contains(before.path()) ? 0 : delay;
      assertTrue(
          String.format(
              "%s: %s then %s after %.1f ms (delay %d ms)",
              server.url(""), before.path(), next.path(), gap, wait),
          gap >= Math.max(0, wait - SERVER_CLOCK_SLACK_MILLIS));
    }
  }

  private static long count(RecordingServer server, String path) {
    return server.requests().stream().filter(r -> r.path().equals(path)).count();
  }

  private static List<String> paths(RecordingServer server, String prefix) {
    return server.requests().stream()
        .map(RecordingServer.Request::path)
        .filter(p -> p.startsWith(prefix))
        .toList();
  }

  private static List<File> segments(File crawl) {
    File[] dirs = new File(crawl, "segments").listFiles(File::isDirectory);
    List<File> list = new ArrayList<>(List.of(dirs));
    list.sort(Comparator.comparing(File::getName));
    return list;
  }

  /**
   * The _pst_ (protocol status) of {@code url}'s fetch datum in the segment, from readseg -dump
   * (its generate datum carries the previous round's).
   */
  private String pst(File segment, String url) throws Exception {
    File out = tmp.newFolder();
    out.delete();
    CommandRun dump = CommandRun.run(conf(), "readseg", "-dump", segment.getPath(), out.getPath());
    assertEquals(dump.toString(), 0, dump.exitCode);
    for (String line : Files.readAllLines(new File(out, "dump.jsonl").toPath())) {
      if (line.startsWith("{\"url\":\"" + url + "\"")) {
        int at = line.indexOf("\"_pst_\":\"", line.indexOf("\"fetch\":{"));
        return line.substring(at + 9, line.indexOf('"', at + 9));
      }
    }
    throw new AssertionError(url + " is not in " + segment);
  }
}
