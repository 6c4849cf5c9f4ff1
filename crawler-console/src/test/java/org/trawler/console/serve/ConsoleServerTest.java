package org.trawler.console.serve;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.console.HostileCrawl;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.layout.CrawlDir;

/** The console over HTTP: statuses, headers, escaping, the JSON API; no browser needed. */
public class ConsoleServerTest {
  private static HostileCrawl crawl;
  private static ConsoleServer server;
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @BeforeClass
  public static void start() throws Exception {
    crawl = HostileCrawl.get();
    CrawlDir dir = new CrawlDir(new Path(crawl.crawl.getPath()));
    server =
        ConsoleServer.start(
            new CrawlData(LocalJobFixtures.localConf(), dir, new Path(dir.root(), "index")),
            new InetSocketAddress("127.0.0.1", 0));
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(server.base() + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Test
  public void listensOnLoopbackOnly() {
    assertTrue(server.address().getAddress().isLoopbackAddress());
  }

  @Test
  public void everyPageSendsAPolicyForbiddingInlineScript() throws Exception {
    for (String path : new String[] {"/", "/search?q=harbor", "/nothing"}) {
      HttpResponse<String> r = get(path);
      String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
      assertTrue(path + ": " + csp, csp.contains("script-src 'self'"));
      assertFalse(csp.contains("unsafe-inline"));
      assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
    }
  }

  @Test
  public void badRequestsGetAClearPageAndTheirStatus() throws Exception {
    assertError(get("/url?u=" + enc("http://nowhere.example/")), 404, "not in the crawldb");
    assertError(get("/search?q=" + enc("title:(unclosed")), 400, "does not parse");
    assertError(get("/search?q=" + "a".repeat(5000)), 400, "too long");
    assertError(get("/search?q=x&page=abc"), 400, "whole number");
    assertError(get("/no/such/page"), 404, "no such page");
    assertError(get("/url"), 400, "give a URL");
    HttpResponse<String> post =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(server.base() + "/search"))
                .POST(HttpRequest.BodyPublishers.ofString("q=x"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertError(post, 405, "read-only");
    HttpResponse<String> api = get("/api/search?q=" + enc("title:(unclosed"));
    assertEquals(400, api.statusCode());
    assertTrue(
        api.body(), api.body().startsWith("{\"status\":400,\"error\":\"the query does not parse"));
  }

  private static void assertError(HttpResponse<String> r, int status, String words) {
    assertEquals(r.body(), status, r.statusCode());
    Element box = Jsoup.parse(r.body()).getElementById("error");
    assertTrue(r.body(), box != null && box.text().contains(words));
    assertFalse(r.body(), r.body().contains("Exception") || r.body().contains("\tat "));
  }

  @Test
  public void crawledMarkupIsTextAndJavascriptUrlsAreNoLinks() throws Exception {
    String home = "http://" + crawl.hosts.get(0) + "/";
    HttpResponse<String> r = get("/url?u=" + enc(home));
    assertEquals(200, r.statusCode());
    Document page = Jsoup.parse(r.body());
    assertTrue(page.select("script:not([src])").isEmpty());
    assertTrue(page.select("img, svg, [onerror], [onload], [onmouseover]").isEmpty());
    assertTrue(page.select("a[href^=javascript]").isEmpty());
    assertTrue(page.text().contains("<script>"));
    Document search = Jsoup.parse(get("/search?q=onerror+OR+script+OR+svg").body());
    assertTrue(search.select("script:not([src])").isEmpty());
    assertTrue(search.select("img, svg, [onerror], [onload], [onmouseover]").isEmpty());
    assertFalse(search.select(".hit").isEmpty());
  }

  @Test
  public void apiAnswersTheSameDataAsJson() throws Exception {
    HttpResponse<String> r = get("/api/search?q=" + HostileCrawl.MARKER);
    assertEquals(200, r.statusCode());
    assertTrue(r.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(r.body(), r.body().contains("\"total\":1"));
    HttpResponse<String> status = get("/api/status");
    assertTrue(status.body(), status.body().contains("\"state\":\"finished\""));
    assertTrue(status.body(), status.body().contains("\"roundsRecorded\":2"));
  }

  /** The status line and body of one raw request with the given Host header. */
  private static String[] rawGet(String target, String host) throws Exception {
    return raw("GET " + target + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
  }

  /** The status line and body of the answer to {@code request}, sent as it is. */
  private static String[] raw(String request) throws Exception {
    try (Socket socket = new Socket(server.address().getAddress(), server.address().getPort())) {
      OutputStream out = socket.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      BufferedReader in =
          new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
      String status = in.readLine();
      StringBuilder rest = new StringBuilder();
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        rest.append(line).append('\n');
      }
      return new String[] {status, rest.toString()};
    }
  }

  @Test
  public void aForeignHostIsMisdirectedAndTheBoundOnesAreServed() throws Exception {
    int port = server.address().getPort();
    // a page on evil.example whose name now resolves to 127.0.0.1 (DNS rebinding)
    String[] evil = rawGet("/api/overview", "evil.example:" + port);
    assertTrue(evil[0].startsWith("HTTP/1.1 421"));
    assertTrue(evil[1], evil[1].contains("answers only for 127.0.0.1, localhost"));
    assertFalse(evil[1], evil[1].contains(crawl.crawl.getPath()));
    assertTrue(rawGet("/", "evil.example")[0].startsWith("HTTP/1.1 421"));
    assertTrue(rawGet("/", "127.0.0.1:1")[0].startsWith("HTTP/1.1 421"));
    assertTrue(rawGet("/", "")[0].startsWith("HTTP/1.1 421"));
    assertEquals("HTTP/1.1 200 OK", rawGet("/", "127.0.0.1:" + port)[0]);
    assertEquals("HTTP/1.1 200 OK", rawGet("/", "localhost:" + port)[0]);
    assertEquals("HTTP/1.1 200 OK", rawGet("/", "LOCALHOST.:" + port)[0]);
  }

  @Test
  public void anOverlongQueryIsRefusedBeforeItIsDecoded() throws Exception {
    String host = "127.0.0.1:" + server.address().getPort();
    // percent-encoded: decoded first, it would be a 400 "the query is too long" after the work
    String[] tooLong = rawGet("/search?q=" + "%41".repeat(ConsoleServer.MAX_RAW / 3 + 1), host);
    assertTrue(tooLong[0], tooLong[0].startsWith("HTTP/1.1 414"));
    assertTrue(
        "the request is too long: at most " + ConsoleServer.MAX_RAW + " characters",
        tooLong[1].contains(
            "the request is too long: at most " + ConsoleServer.MAX_RAW + " characters"));
    String[] longest = rawGet("/search?q=" + "%41".repeat((ConsoleServer.MAX_RAW - 2) / 3), host);
    assertTrue(longest[0], longest[0].startsWith("HTTP/1.1 400"));
    assertTrue(longest[1].contains("the query is too long: at most 1000 characters"));
    String[] longPath = rawGet("/" + "p".repeat(ConsoleServer.MAX_RAW + 1), host);
    assertTrue(longPath[0], longPath[0].startsWith("HTTP/1.1 414"));
  }

  @Test
  public void overlargeHeadersAndARequestBodyAreRefusedBeforeAnythingIsRead() throws Exception {
    String head = "GET /api/overview HTTP/1.1\r\nHost: 127.0.0.1:" + server.address().getPort();
    String end = "\r\nConnection: close\r\n\r\n";
    String[] tooLarge =
        raw(head + "\r\nCookie: " + "c".repeat(ConsoleServer.MAX_HEADER_BYTES) + end);
    assertTrue(tooLarge[0], tooLarge[0].startsWith("HTTP/1.1 431"));
    assertTrue(
        tooLarge[1],
        tooLarge[1].contains(
            "the request's headers are too large: at most "
                + ConsoleServer.MAX_HEADER_BYTES
                + " bytes"));
    assertFalse(tooLarge[1], tooLarge[1].contains(crawl.crawl.getPath()));
    // a browser's headers with a few kilobytes of cookies are served
    String[] cookies = raw(head + "\r\nCookie: " + "c".repeat(8000) + end);
    assertEquals("HTTP/1.1 200 OK", cookies[0]);
    assertTrue(cookies[1], cookies[1].contains(crawl.crawl.getPath()));

    String[] withBody = raw(head + "\r\nContent-Length: 9" + end + "q=payload");
    assertTrue(withBody[0], withBody[0].startsWith("HTTP/1.1 413"));
    assertTrue(withBody[1], withBody[1].contains("the console takes no request body"));
    assertFalse(withBody[1], withBody[1].contains(crawl.crawl.getPath()));
    String[] chunked = raw(head + "\r\nTransfer-Encoding: chunked" + end + "3\r\nq=x\r\n0\r\n\r\n");
    assertTrue(chunked[0], chunked[0].startsWith("HTTP/1.1 413"));
    assertEquals("HTTP/1.1 200 OK", raw(head + "\r\nContent-Length: 0" + end)[0]);
  }

  @Test
  public void theReportIsNeverBuiltByARequest() throws Exception {
    File crawlDir = tmp.newFolder("crawl");
    File hadoopTmp = tmp.newFolder("hadoop-tmp");
    Configuration conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", hadoopTmp.getPath());
    CrawlDir dir = new CrawlDir(new Path(crawlDir.getPath()));
    try (ConsoleServer empty =
        ConsoleServer.start(
            new CrawlData(conf, dir, new Path(dir.root(), "index")),
            new InetSocketAddress("127.0.0.1", 0))) {
      HttpResponse<String> page =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(empty.base() + "/report")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertError(page, 404, "no report built yet: run bin/crawl report " + dir.root());
      HttpResponse<String> api =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(empty.base() + "/api/report")).build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(404, api.statusCode());
      assertTrue(api.body(), api.body().contains("no report built yet"));
    }
    // no job ran: it would have left its work and its output in these directories
    assertEquals(0, crawlDir.list().length);
    assertEquals(0, hadoopTmp.list().length);
  }
}
