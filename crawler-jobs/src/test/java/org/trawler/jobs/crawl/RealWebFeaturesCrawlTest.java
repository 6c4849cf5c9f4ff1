package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * A crawl of a loopback site with what real sites send: a brotli page, a page with an ETag that
 * answers its If-None-Match with 304, a page naming another URL as its canonical, a page whose meta
 * refresh redirects and one whose slow refresh is a mere link. Three rounds reach every page (the
 * refresh's target is found in the second); a fourth, 31 days later, re-fetches them: the ETag page
 * is not modified.
 */
public class RealWebFeaturesCrawlTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private HttpServer server;
  private String site;
  private final Map<String, Integer> notModified = new TreeMap<>();

  @Before
  public void start() throws IOException {
    byte[] brotli;
    try (InputStream in = getClass().getResourceAsStream("/encodings/page.html.br")) {
      brotli = in.readAllBytes();
    }
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 20);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          byte[] body;
          int code = 200;
          exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
          switch (path) {
            case "/" ->
                body =
                    page(
                        "<a href='/br'>br</a><a href='/etag'>etag</a><a href='/copy'>copy</a>"
                            + "<a href='/original'>original</a><a href='/refresh'>refresh</a>"
                            + "<a href='/slow-refresh'>slow</a>");
            case "/br" -> {
              exchange.getResponseHeaders().set("Content-Encoding", "br");
              body = brotli;
            }
            case "/etag" -> {
              exchange.getResponseHeaders().set("ETag", "\"v1\"");
              if ("\"v1\"".equals(exchange.getRequestHeaders().getFirst("If-None-Match"))) {
                synchronized (notModified) {
                  notModified.merge(path, 1, Integer::sum);
                }
                code = 304;
                body = new byte[0];
              } else {
                body = page("tagged");
              }
            }
            case "/copy" ->
                body = page("<link rel=canonical href='/original'>a copy of the original");
            case "/original" -> body = page("the original");
            case "/refresh" ->
                body =
                    page(
                        "<meta http-equiv=REFRESH content=\"0;URL='/landing'\">refreshing"
                            + " <a href='/landing'>click here</a>");
            case "/landing" -> body = page("landed");
            case "/slow-refresh" ->
                body = page("<meta http-equiv=refresh content='600; url=/later'>news ticker");
            case "/later" -> body = page("later news");
            default -> {
              code = 404;
              body = page("missing");
            }
          }
          exchange.sendResponseHeaders(code, body.length == 0 ? -1 : body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    site = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static byte[] page(String body) {
    return ("<html><head><title>t</title></head><body>" + body + "</body></html>")
        .getBytes(StandardCharsets.UTF_8);
  }

  @After
  public void stop() {
    server.stop(0);
  }

  @Test
  public void theCrawlReachesEveryPageWithTheStatusItShould() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.set("fetcher.server.delay", "0");
    File urls = tmp.newFolder("urls");
    Files.write(new File(urls, "seeds.txt").toPath(), List.of(site + "/"));
    String crawl = new File(tmp.getRoot(), "crawl").getPath();

    CommandRun first = CommandRun.run(conf, "run", urls.getPath(), crawl, "3");
    assertEquals(first.toString(), 0, first.exitCode);
    assertTrue(first.out, first.out.startsWith("inject: 1 seeds, 1 new; crawldb 1 URLs; "));
    assertTrue(first.out, first.out.contains("round 2: generated 6; fetched ok 5, redirect 1,"));
    Map<String, CrawlDatum> db = crawlDb(conf, crawl);
    assertEquals(
        Map.of(
            site + "/", "db_fetched",
            site + "/br", "db_fetched",
            site + "/etag", "db_fetched",
            site + "/copy", "db_fetched",
            site + "/original", "db_fetched",
            site + "/refresh", "db_redir_temp",
            site + "/landing", "db_fetched",
            site + "/slow-refresh", "db_fetched",
            site + "/later", "db_fetched"),
        statuses(db));
    assertEquals(
        site + "/landing", db.get(site + "/refresh").getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals("\"v1\"", db.get(site + "/etag").getMetaString(MetadataKeys.ETAG));
    Map<String, ParseData> parsed = parseData(conf, crawl, 5);
    assertEquals("Brotli", parsed.get(site + "/br").getTitle());
    assertEquals(site + "/original", parsed.get(site + "/copy").getMeta().get("canonical"));

    CommandRun later = CommandRun.run(conf, "run", urls.getPath(), crawl, "1", "--adddays", "31");
    assertEquals(later.toString(), 0, later.exitCode);
    // the seed of a continued crawl is not new: the line says so beside the crawldb's size
    assertTrue(later.out, later.out.startsWith("inject: 1 seeds, 0 new; crawldb 9 URLs; "));
    db = crawlDb(conf, crawl);
    assertEquals("db_notmodified", (db.get(site + "/etag").getStatus()).label());
    assertEquals("\"v1\"", db.get(site + "/etag").getMetaString(MetadataKeys.ETAG));
    assertEquals("db_fetched", (db.get(site + "/br").getStatus()).label());
    assertEquals(Map.of("/etag", 1), notModified);
    assertEquals("db_redir_temp", (db.get(site + "/refresh").getStatus()).label());
  }

  @Test
  public void theParseJobMakesTheSameRedirectOfAMetaRefreshAndTheIndexLeavesItOut()
      throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.set("fetcher.server.delay", "0");
    conf.setBoolean("fetcher.parse", false);
    conf.setBoolean("parser.refresh.as.permanent", true);
    File urls = tmp.newFolder("urls");
    Files.write(new File(urls, "seeds.txt").toPath(), List.of(site + "/refresh"));
    String crawl = new File(tmp.getRoot(), "crawl").getPath();
    String index = new File(crawl, "index").getPath();

    CommandRun run = CommandRun.run(conf, "run", urls.getPath(), crawl, "2", "--index", index);
    assertEquals(run.toString(), 0, run.exitCode);
    assertTrue(run.out, run.out.contains("round 1: generated 1; fetched ok 0, redirect 1,"));
    assertTrue(run.out, run.out.contains("indexed 0, deleted 1;"));
    Map<String, CrawlDatum> db = crawlDb(conf, crawl);
    assertEquals(
        Map.of(site + "/refresh", "db_redir_perm", site + "/landing", "db_fetched"), statuses(db));
    assertEquals(
        site + "/landing", db.get(site + "/refresh").getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(
        site + "/landing",
        parseData(conf, crawl, 2).get(site + "/refresh").getMeta().get("refresh"));
    assertEquals(0, CommandRun.run(conf, "search", index, "landed").exitCode);
    assertEquals(1, CommandRun.run(conf, "search", index, "refreshing").exitCode);
  }

  private static Map<String, CrawlDatum> crawlDb(Configuration conf, String crawl)
      throws Exception {
    Map<String, CrawlDatum> db = new TreeMap<>();
    PartFiles.read(
        conf,
        VersionedDb.current(new Path(crawl, "crawldb")),
        new Text(),
        new CrawlDatum(),
        (k, v) -> db.put(k.toString(), new CrawlDatum(v)));
    return db;
  }

  private static Map<String, String> statuses(Map<String, CrawlDatum> db) {
    Map<String, String> s = new TreeMap<>();
    db.forEach((url, d) -> s.put(url, d.statusLabel()));
    return s;
  }

  private static Map<String, ParseData> parseData(Configuration conf, String crawl, int atLeast)
      throws Exception {
    Map<String, ParseData> all = new TreeMap<>();
    File[] segments = new File(crawl, "segments").listFiles();
    for (File segment : segments) {
      PartFiles.read(
          conf,
          new Path(new Path(segment.getPath()), Segment.PARSE_DATA),
          new Text(),
          new ParseData(),
          (k, v) -> all.put(k.toString(), copy(v)));
    }
    assertTrue(all.toString(), all.size() >= atLeast);
    return all;
  }

  private static ParseData copy(ParseData p) {
    ParseData c = new ParseData(p.getStatus(), p.getStatusMessage(), p.getTitle());
    c.getMeta().putAll(p.getMeta());
    return c;
  }
}
