package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.crawl.CrawlKeys;

/**
 * {@code run --sitemaps} on three loopback sites: a's robots.txt names a gzip sitemap index (of a
 * text and an XML sitemap) and a sitemap listing URLs of b and c; b's robots.txt names that sitemap
 * (cross-submit), c's does not. The crawl reaches exactly the pages it should.
 */
public class SitemapCrawlTest {
  private static final String TDMREP = "/.well-known/tdmrep.json";

  private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

  private static final String BOMB_START =
      "<?xml version=\"1.0\"?><urlset xmlns=\"" + NS + "\"><url><loc>http://127.0.0.2/";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  /** A site serving fixed files; other paths are 404. */
  static final class Site implements AutoCloseable {
    final HttpServer server;
    final Map<String, byte[]> bodies = new ConcurrentHashMap<>();
    final Map<String, String> types = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    final Map<String, Long> bombs = new ConcurrentHashMap<>();

    Site(String host) throws Exception {
      server = HttpServer.create(new InetSocketAddress(host, 0), 50);
      server.createContext(
          "/",
          exchange -> {
            String path = exchange.getRequestURI().getPath();
            hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
            byte[] body = bodies.get(path);
            Long bomb = bombs.get(path);
            if (bomb != null) {
              exchange.getResponseHeaders().set("Content-Type", "application/gzip");
              exchange.sendResponseHeaders(200, 0);
              // gzip members sent one after another: the bomb is never held whole, here or on disk
              try (OutputStream out = exchange.getResponseBody()) {
                GzipBomb.write(out, BOMB_START, bomb);
              } catch (java.io.IOException e) {
                // the client stopped reading: nothing more to send
              }
              return;
            }
            if (body == null) {
              body = "not found".getBytes(StandardCharsets.UTF_8);
              exchange.sendResponseHeaders(404, body.length);
            } else {
              exchange.getResponseHeaders().set("Content-Type", types.get(path));
              exchange.sendResponseHeaders(200, body.length);
            }
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          });
      server.start();
    }

    String url(String path) {
      return "http://"
          + server.getAddress().getHostString()
          + ":"
          + server.getAddress().getPort()
          + path;
    }

    int hits(String path) {
      AtomicInteger n = hits.get(path);
      return n == null ? 0 : n.get();
    }

    Site serve(String path, String type, byte[] body) {
      bodies.put(path, body);
      types.put(path, type);
      return this;
    }

    /**
     * Serves a gzip bomb as application/gzip: a sitemap whose first {@code <loc>} goes on for
     * {@code bytes} bytes, which a parser without a bound holds whole ({@link GzipBomb}: about 1000
     * to 1).
     */
    Site serveGzipBomb(String path, long bytes) {
      bombs.put(path, bytes);
      return this;
    }

    Site serve(String path, String type, String body) {
      return serve(path, type, body.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
      server.stop(0);
    }
  }

  private Site a;
  private Site b;
  private Site c;

  @Before
  public void start() throws Exception {
    a = new Site("127.0.0.2");
    b = new Site("127.0.0.3");
    c = new Site("127.0.0.4");
  }

  @After
  public void stop() {
    for (Site s : new Site[] {a, b, c}) {
      if (s != null) {
        s.close();
      }
    }
  }

  private static byte[] gzip(String s) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(s.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static String html(String... links) {
    StringBuilder h = new StringBuilder("<html><body>");
    for (String l : links) {
      h.append("<a href=\"").append(l).append("\">link</a>");
    }
    return h.append("</body></html>").toString();
  }

  private static String urlset(String... urlElements) {
    return "<?xml version=\"1.0\"?><urlset xmlns=\""
        + NS
        + "\">"
        + String.join("", urlElements)
        + "</urlset>";
  }

  /** The crawldb of the crawl in {@code crawl}: each URL with its status. */
  private static Map<String, String> statuses(Configuration conf, File crawl) throws Exception {
    return new TreeMap<>(
        LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new Path(new File(crawl, "crawldb").getPath())),
            new CrawlDatum(),
            d -> d.statusLabel()));
  }

  /** The three sites' files. */
  private void serveSites() throws Exception {
    String html = "text/html; charset=utf-8";
    a.serve(
            "/robots.txt",
            "text/plain",
            "User-agent: *\nDisallow: /private\nSitemap: "
                + a.url("/index.xml.gz")
                + "\nSitemap: "
                + a.url("/cross.xml")
                + "\n")
        .serve("/", html, html("/p1"))
        .serve("/p1", html, html())
        .serve("/deep1", html, html())
        .serve("/deep2", html, html())
        .serve("/deep3", html, html())
        .serve(
            "/index.xml.gz",
            "application/gzip",
            gzip(
                "<?xml version=\"1.0\"?><sitemapindex xmlns=\""
                    + NS
                    + "\"><sitemap><loc>"
                    + a.url("/s1.txt")
                    + "</loc></sitemap><sitemap><loc>"
                    + a.url("/s2.xml")
                    + "</loc></sitemap></sitemapindex>"))
        .serve("/s1.txt", "text/plain", a.url("/deep1") + "\n" + a.url("/private/x") + "\n")
        .serve(
            "/s2.xml",
            "application/xml",
            urlset(
                "<url><loc>"
                    + a.url("/deep2")
                    + "</loc><lastmod>2020-01-01</lastmod>"
                    + "<changefreq>daily</changefreq><priority>0.7</priority></url>",
                "<url><loc>" + a.url("/deep3") + "</loc><lastmod>2999-01-01</lastmod></url>"))
        .serve(
            "/cross.xml",
            "application/xml",
            urlset(
                "<url><loc>" + b.url("/b-only") + "</loc></url>",
                "<url><loc>" + c.url("/c-only") + "</loc></url>"));
    b.serve("/robots.txt", "text/plain", "Sitemap: " + a.url("/cross.xml") + "\n")
        .serve("/b-only", html, html());
    c.serve("/robots.txt", "text/plain", "User-agent: *\nDisallow:\n")
        .serve("/c-only", html, html());
  }

  @Test
  public void aCrawlWithSitemapsReachesThePagesOnlyTheSitemapsLinkAndNoOthers() throws Exception {
    serveSites();
    File seeds = tmp.newFolder("seeds");
    Files.writeString(new File(seeds, "seeds.txt").toPath(), a.url("/") + "\n");
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    conf.set("fetcher.server.delay", "0");
    // the site's pages share their text: run's dedup would mark them, which is not this test's
    // matter
    conf.setBoolean(CrawlKeys.DEDUP, false);
    File crawl = new File(tmp.getRoot(), "crawl");

    CommandRun run =
        CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "3", "--sitemaps");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("sitemap: 1 sites, 4 sitemaps read, 5 URLs; 5 new"));

    Map<String, String> statuses = statuses(conf, crawl);
    Map<String, String> expected = new TreeMap<>();
    for (String p : new String[] {"/", "/p1", "/deep1", "/deep2", "/deep3"}) {
      expected.put(a.url(p), "db_fetched");
    }
    expected.put(a.url("/private/x"), "db_gone"); // in a sitemap, but robots.txt disallows it
    expected.put(b.url("/b-only"), "db_fetched"); // b's robots.txt names a's sitemap
    assertEquals(expected, statuses); // c's page is not: c's robots.txt does not name the sitemap
    for (Site site : new Site[] {a, b, c}) {
      // the sitemap job's answers went to the robots db, where the fetch rounds found them
      assertEquals(site.url("/robots.txt"), 1, site.hits("/robots.txt"));
    }
    // tdmrep.json is asked by the fetcher alone, once, of the sites it fetched pages of
    assertEquals(1, a.hits(TDMREP));
    assertEquals(1, b.hits(TDMREP));
    assertEquals(0, c.hits(TDMREP));
  }

  @Test
  public void theSitemapJobKeepsTheRobotsAnswersItAskedForAndReadsThemAgain() throws Exception {
    serveSites();
    File crawl = tmp.newFolder("crawl");
    Path crawlDb = new Path(new File(crawl, "crawldb").getPath());
    TreeMap<String, CrawlDatum> urls = new TreeMap<>();
    urls.put(a.url("/"), new CrawlDatum(CrawlStatus.DB_UNFETCHED, 86400, 1f));
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    conf.set("fetcher.server.delay", "0");
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, urls);

    CommandRun first = CommandRun.run(conf, "sitemap", crawlDb.toString());
    assertEquals(first.toString(), 0, first.exitCode);
    Map<String, String> kept =
        LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new Path(new File(crawl, "robots").getPath())),
            new RobotsTxt(),
            RobotsTxt::getReason);
    String[] sites = {a.url(""), b.url(""), c.url("")};
    assertEquals(Map.of(sites[0], "ok", sites[1], "ok", sites[2], "ok"), kept);

    CommandRun second = CommandRun.run(conf, "sitemap", crawlDb.toString());
    assertEquals(second.toString(), 0, second.exitCode);
    for (Site site : new Site[] {a, b, c}) {
      assertEquals(site.url("/robots.txt"), 1, site.hits("/robots.txt"));
      assertEquals("the sitemap job fetches no page", 0, site.hits(TDMREP));
    }
    assertEquals("the sitemaps were read again", 2, a.hits("/index.xml.gz"));
  }

  @Test
  public void aGzipBombSitemapIsCountedTooLargeAndTheCrawlGoesOn() throws Exception {
    String html = "text/html; charset=utf-8";
    a.serve(
            "/robots.txt",
            "text/plain",
            "Sitemap: " + a.url("/bomb.xml.gz") + "\nSitemap: " + a.url("/s2.xml") + "\n")
        .serveGzipBomb("/bomb.xml.gz", 10L << 30) // 10 GB in about 10 MB
        .serve("/", html, html("/p1"))
        .serve("/p1", html, html())
        .serve("/deep2", html, html())
        .serve(
            "/s2.xml", "application/xml", urlset("<url><loc>" + a.url("/deep2") + "</loc></url>"));
    File seeds = tmp.newFolder("seeds");
    Files.writeString(new File(seeds, "seeds.txt").toPath(), a.url("/") + "\n");
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    conf.set("fetcher.server.delay", "0");
    conf.setBoolean(CrawlKeys.DEDUP, false); // the pages share their text, as above
    File crawl = new File(tmp.getRoot(), "crawl");

    // default limits (sitemap.size.max: 50 MB decompressed), in a test JVM of 2 GB heap, where
    // crawler-commons alone ran out of heap on a 1 GB <loc>
    CommandRun run =
        CommandRun.run(conf, "run", seeds.getPath(), crawl.getPath(), "2", "--sitemaps");
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("sitemap: 1 sites, 1 sitemaps read, 1 URLs; 1 new"));
    assertTrue(run.out, run.out.contains("sitemaps with problems: too_large 1"));
    assertEquals(1, a.hits("/bomb.xml.gz"));
    Map<String, String> statuses = statuses(conf, crawl);
    Map<String, String> expected = new TreeMap<>();
    for (String p : new String[] {"/", "/p1", "/deep2"}) {
      expected.put(a.url(p), "db_fetched");
    }
    assertEquals(expected, statuses);
  }
}
