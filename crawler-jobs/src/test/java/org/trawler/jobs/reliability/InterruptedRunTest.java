package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.CrawlDbFiles;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.crawl.RoundLog;

/**
 * Ctrl-C in the middle of a run's fetch, with real signals to a child JVM as bin/crawl runs it: the
 * first keeps what was fetched, updates the crawldb and says that rerunning continues; the rerun
 * fetches only the rest. A second signal stops at once.
 */
public class InterruptedRunTest {
  private static final int PAGES = 40;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private HttpServer server;
  private final Map<String, AtomicInteger> served = new ConcurrentHashMap<>();
  private final AtomicInteger pagesServed = new AtomicInteger();

  /**
   * How long the site takes over a page: slow while a run is to be stopped mid-fetch, no time once
   * the stop is seen and only the rerun is left.
   */
  private volatile long pageMillis = 150;

  private String site;
  private Configuration conf;
  private ChildCommand child;
  private File seeds;
  private File crawl;

  @Before
  public void start() throws Exception {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          byte[] body;
          int code = 200;
          if (path.equals("/robots.txt") || path.equals("/.well-known/tdmrep.json")) {
            code = 404; // the site's files, not pages: none, as on most sites
            body = new byte[0];
          } else {
            try {
              Thread.sleep(pageMillis); // a slow site: the fetch still runs when the signal comes
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            body =
                ("<html><title>" + path + "</title><body>page</body></html>")
                    .getBytes(StandardCharsets.UTF_8);
            served.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            pagesServed.incrementAndGet();
          }
          exchange.getResponseHeaders().set("Content-Type", "text/html");
          exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    site = "http://127.0.0.1:" + server.getAddress().getPort();
    seeds = tmp.newFolder("seeds");
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < PAGES; i++) {
      urls.add(site + "/p/" + i + ".html");
    }
    Files.write(new File(seeds, "seeds.txt").toPath(), urls);
    crawl = new File(tmp.getRoot(), "crawl");
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("mapreduce.framework.name", "local");
    settings.put("fs.defaultFS", "file:///");
    settings.put("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    settings.put("fetcher.server.delay", "0");
    settings.put("db.ignore.external.links", "true");
    conf = LocalJobFixtures.localConf();
    settings.forEach(conf::set);
    child = new ChildCommand(tmp.newFolder("child"), settings);
  }

  @After
  public void stop() {
    server.stop(0);
  }

  private Process startRun() throws Exception {
    return child.start("run", seeds.getPath(), crawl.getPath(), "1", "--threads", "2");
  }

  private void awaitPages(Process p, int n) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180); // slow JVM starts under load
    while (pagesServed.get() < n) {
      assertTrue("the run ended early:\n" + lastLog(), p.isAlive());
      assertTrue("no fetch started", System.nanoTime() < deadline);
      Thread.sleep(5);
    }
  }

  private String lastLog() {
    try {
      return child.lastLog();
    } catch (Exception e) {
      return e.toString();
    }
  }

  /**
   * SIGINT, as Ctrl-C sends; SIGTERM (the same handler) where this JVM, and so the child, was
   * started with SIGINT ignored, as every job a non-interactive shell puts in the background is: an
   * ignored SIGINT never reaches a Java handler.
   */
  private static String ctrlC() throws Exception {
    for (String line : Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
      if (line.startsWith("SigIgn:")) {
        long ignored = Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16);
        return (ignored & (1L << (2 - 1))) != 0 ? "TERM" : "INT";
      }
    }
    return "INT";
  }

  private static void signal(Process p, String name) throws Exception {
    new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor();
  }

  private Map<String, JsonNode> crawlDb() throws Exception {
    return CrawlDbFiles.dump(
        conf,
        new File(crawl, "crawldb").toPath(),
        tmp.getRoot().toPath().resolve("dump-" + System.nanoTime()));
  }

  private static long withStatus(Map<String, JsonNode> db, String status) {
    return db.values().stream().filter(d -> d.path("status").asText().equals(status)).count();
  }

  @Test
  public void theFirstCtrlCKeepsWhatWasFetchedAndARerunFetchesOnlyTheRest() throws Exception {
    Process run = startRun();
    awaitPages(run, 5);
    signal(run, ctrlC());
    assertEquals(lastLog(), 130, ChildCommand.waitFor(run));
    String log = lastLog();
    int kept = pagesServed.get();
    assertTrue("stopped early: " + kept, kept >= 5 && kept < PAGES);
    int left = PAGES - kept;
    assertTrue(log, log.contains("trawler: stopping after the fetches in flight"));
    // the round line counts what was fetched and what the stop left, as a time limit does
    assertTrue(log, log.contains("round 1: generated " + PAGES + "; fetched ok " + kept + ","));
    assertTrue(log, log.contains("notmodified 0, hit_by_timelimit " + left + "; new 0;"));
    File segment = onlySegment();
    assertTrue(
        log,
        log.contains(
            "interrupted: round 1 kept the "
                + kept
                + " URLs it fetched (segment "
                + segment.getName()
                + ") and updated the crawldb; "
                + left
                + " URLs not fetched (hit_by_timelimit) stay due; rerun the same command to"
                + " continue"));

    // the segment is whole: each page served is in crawl_fetch and parsed, the rest in neither
    Map<String, String> fetched = fetchedIn(segment);
    assertEquals(served.keySet(), paths(fetched.keySet()));
    assertEquals(Set.of(CrawlStatus.FETCH_SUCCESS.label()), Set.copyOf(fetched.values()));
    assertEquals(fetched.keySet(), parsedIn(segment));
    assertEquals(
        "no scratch folder is left",
        Set.of(),
        Set.copyOf(List.of(segment.list((d, n) -> n.startsWith("_work")))));

    Map<String, JsonNode> db = crawlDb();
    assertEquals(PAGES, db.size());
    assertEquals(kept, withStatus(db, "db_fetched"));
    assertEquals(left, withStatus(db, "db_unfetched"));

    pageMillis = 0; // the rerun needs no slow site
    Process rerun = startRun();
    assertEquals(lastLog(), 0, ChildCommand.waitFor(rerun));
    assertTrue(
        lastLog(), lastLog().contains("round 2: generated " + left + "; fetched ok " + left));
    assertEquals(PAGES, withStatus(crawlDb(), "db_fetched"));
    for (Map.Entry<String, AtomicInteger> e : served.entrySet()) {
      assertEquals(e.getKey() + " fetched again", 1, e.getValue().get());
    }
    assertEquals(PAGES, served.size());
  }

  @Test
  public void fetchAloneKeepsWhatItFetchedInTheSegmentForParseAndUpdateDb() throws Exception {
    File crawlDb = new File(crawl, "crawldb");
    File segments = new File(crawl, "segments");
    assertEquals(0, CommandRun.run(conf, "inject", crawlDb.getPath(), seeds.getPath()).exitCode);
    assertEquals(
        0, CommandRun.run(conf, "generate", crawlDb.getPath(), segments.getPath()).exitCode);
    File segment = onlySegment();

    Process fetch = child.start("fetch", segment.getPath(), "-threads", "2");
    awaitPages(fetch, 5);
    signal(fetch, ctrlC());
    assertEquals(lastLog(), 130, ChildCommand.waitFor(fetch));
    String log = lastLog();
    int kept = pagesServed.get();
    assertTrue("stopped early: " + kept, kept >= 5 && kept < PAGES);
    assertTrue(
        log,
        log.contains(
            "trawler: stopping after the fetches in flight; what was fetched is kept and the"
                + " segment written"));
    assertTrue(
        log,
        log.contains(
            "fetch: stopped by a signal; the segment holds what was fetched, "
                + (PAGES - kept)
                + " URLs not fetched (hit_by_timelimit) stay due: parse and updatedb it as usual"));
    assertEquals(served.keySet(), paths(fetchedIn(segment).keySet()));
    CommandRun update = CommandRun.run(conf, "updatedb", crawlDb.getPath(), segment.getPath());
    assertEquals(update.toString(), 0, update.exitCode);
    assertEquals(kept, withStatus(crawlDb(), "db_fetched"));
  }

  private File onlySegment() {
    File[] segments = new File(crawl, "segments").listFiles(File::isDirectory);
    assertEquals(List.of(segments).toString(), 1, segments.length);
    return segments[0];
  }

  /** The URLs of a segment's crawl_fetch, each with its fetch status. */
  private Map<String, String> fetchedIn(File segment) throws Exception {
    Map<String, String> records = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment.getPath(), Segment.CRAWL_FETCH),
        new Text(),
        new CrawlDatum(),
        (k, v) -> records.put(k.toString(), v.getStatus().label()));
    return records;
  }

  /** The URLs of a segment's parse_data. */
  private Set<String> parsedIn(File segment) throws Exception {
    Set<String> urls = new TreeSet<>();
    PartFiles.read(
        conf,
        new Path(segment.getPath(), Segment.PARSE_DATA),
        new Text(),
        new ParseData(),
        (k, v) -> urls.add(k.toString()));
    return urls;
  }

  /** The URL paths of {@code urls}, as the server counted them. */
  private static Set<String> paths(Set<String> urls) {
    Set<String> paths = new TreeSet<>();
    for (String url : urls) {
      paths.add(java.net.URI.create(url).getPath());
    }
    return paths;
  }

  @Test
  public void aSecondSignalStopsAtOnceLeavingTheCrawlDbAsItWas() throws Exception {
    Process run = startRun();
    awaitPages(run, 3);
    signal(run, "TERM");
    Thread.sleep(100);
    signal(run, "TERM");
    assertTrue("still running:\n" + lastLog(), run.waitFor(10, TimeUnit.SECONDS));
    assertEquals(lastLog(), 128 + 15, run.exitValue());
    // killed in the fetch: the crawldb is the one inject made, every URL still due
    Map<String, JsonNode> db = crawlDb();
    assertEquals(PAGES, withStatus(db, "db_unfetched"));
    assertTrue(
        "the segment has no crawl_fetch",
        new File(new File(crawl, "segments"), "x").getParentFile().list().length == 1
            && !new Path(new File(crawl, "segments").listFiles()[0].getPath(), "crawl_fetch")
                .getFileSystem(conf)
                .exists(
                    new Path(new File(crawl, "segments").listFiles()[0].getPath(), "crawl_fetch")));
    // run.json says where it stopped, not "running"
    String orphan = onlySegment().getName();
    JsonNode state = RoundLog.readRun(conf, new Path(crawl.getPath()));
    assertEquals(state.toString(), "stopped", state.path("state").asText());
    assertEquals(state.toString(), "fetch", state.path("phase").asText());
    assertEquals(state.toString(), orphan, state.path("segment").asText());

    // the rerun removes the segment it never fetched, and numbers its round as the first
    pageMillis = 0;
    Process rerun = startRun();
    assertEquals(lastLog(), 0, ChildCommand.waitFor(rerun));
    assertTrue(
        lastLog(),
        lastLog()
            .contains(
                "run: removed segment "
                    + orphan
                    + ", generated by the stopped run and never"
                    + " fetched"));
    assertFalse(new File(new File(crawl, "segments"), orphan).exists());
    assertTrue(lastLog(), lastLog().contains("round 1: generated " + PAGES + "; fetched ok "));
    assertEquals(PAGES, withStatus(crawlDb(), "db_fetched"));
  }
}
