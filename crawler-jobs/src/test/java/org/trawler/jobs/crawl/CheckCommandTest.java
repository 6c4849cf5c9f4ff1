package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CommandRun;
import org.trawler.parse.tika.DocumentFixtures;

public class CheckCommandTest {
  private static final String PAGE =
      "<html><head><title>A page</title><meta name=robots content=noarchive></head><body>"
          + "<p>Hello checker</p>"
          + "<a href='/next'>next</a> <a href='/logo.png'>logo</a> <a href='mailto:a@b.c'>mail</a>"
          + " <a href='/private/x'>private</a> <a href='/next#again'>again</a>"
          + "</body></html>";

  private static final String REFRESH =
      "<html><head><meta http-equiv=refresh content='0; url=/page'></head>"
          + "<body>moved, <a href='/page'>go</a> <a href='/other'>other</a></body></html>";

  /** A PDF with three links: one kept, one the suffix filter rejects, one a repeating path. */
  private static final DocumentFixtures.Doc DOC =
      new DocumentFixtures.Doc(
          "A document",
          "Ann Author",
          List.of("A document with three links"),
          List.of("/next", "/logo.png", "/a/b/a/b/a/b/a/b/page"));

  private HttpServer server;
  private String base;

  @Before
  public void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
    Map<String, String[]> pages =
        Map.of(
            "/robots.txt",
            new String[] {"text/plain", "User-agent: *\nDisallow: /private/\n"},
            "/.well-known/tdmrep.json",
            new String[] {
              "application/json", "[{\"location\": \"/page\", \"tdm-reservation\": 1}]"
            },
            "/page",
            new String[] {"text/html; charset=utf-8", PAGE},
            "/moved",
            new String[] {"text/html; charset=utf-8", REFRESH});
    server.createContext(
        "/",
        exchange -> {
          String[] page = pages.get(exchange.getRequestURI().getPath());
          byte[] body = (page == null ? "missing" : page[1]).getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", page == null ? "text/plain" : page[0]);
          exchange.sendResponseHeaders(page == null ? 404 : 200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.createContext(
        "/doc.pdf",
        exchange -> {
          byte[] body = DocumentFixtures.pdf(DOC);
          exchange.getResponseHeaders().set("Content-Type", "application/pdf");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
    base = "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @After
  public void stop() {
    server.stop(0);
  }

  private String[] run(String... args) throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CheckCommand cmd = new CheckCommand();
    cmd.printTo(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);
    int code = ToolRunner.run(conf, cmd, args);
    return new String[] {String.valueOf(code), out.toString(StandardCharsets.UTF_8)};
  }

  @Test
  public void aPageShowsItsFetchParseAndEveryLinkWithWhyDroppedOnesWere() throws Exception {
    String[] r = run(base + "/page");
    String out = r[1];
    assertEquals(out, "0", r[0]);
    assertTrue(out, out.contains("normalized: " + base + "/page\n"));
    assertTrue(out, out.contains("robots: allowed\ntdmrep: ok\n"));
    assertTrue(out, out.contains("  tdm.reserved: yes\n  tdm.reserved.from: tdmrep.json\n"));
    assertTrue(out, out.contains("status: fetch_success\n"));
    assertTrue(out, out.contains("protocolStatus: 200 ok\n"));
    assertTrue(out, out.contains("charset: UTF-8\ncharsetSource: header\n"));
    assertTrue(out, out.contains("title: A page\n"));
    assertTrue(out, out.contains("metaRobots: index,follow\n"));
    assertTrue(out, out.contains("text: Hello checker next logo mail private again\n"));
    assertTrue(out, out.contains("outlinks: 2\n  " + base + "/next  \"next\"\n"));
    assertTrue(out, out.contains("  " + base + "/private/x  \"private\"\n"));
    assertTrue(out, out.contains("dropped: 2\n"));
    assertTrue(out, out.contains("  " + base + "/logo.png  [reject RegexURLFilter (line "));
    assertTrue(out, out.contains("  mailto:a@b.c  [not an http(s) link]\n"));
  }

  @Test
  public void aDocumentShowsEveryLinkWithWhyDroppedOnesWere() throws Exception {
    String[] r = run(base + "/doc.pdf");
    String out = r[1];
    assertEquals(out, "0", r[0]);
    assertTrue(out, out.contains("title: A document\n"));
    assertTrue(out, out.contains("outlinks: 1\n  " + base + "/next  "));
    assertTrue(out, out.contains("dropped: 2\n"));
    assertTrue(out, out.contains("  " + base + "/logo.png  [reject RegexURLFilter (line "));
    assertTrue(
        out, out.contains("  " + base + "/a/b/a/b/a/b/a/b/page  [reject RegexURLFilter (line "));
  }

  @Test
  public void aUrlTheFiltersRejectIsNotFetchedUnlessForced() throws Exception {
    CommandRun r = CommandRun.run(CrawlerConfiguration.create(), "check", base + "/logo.png");
    assertEquals(r.toString(), 1, r.exitCode);
    assertEquals("", r.out);
    assertTrue(
        r.err,
        r.errLines()[0].startsWith(
            "trawler check: the crawl would not fetch "
                + base
                + "/logo.png: reject RegexURLFilter"));
    assertTrue(r.err, r.errLines()[0].endsWith("; -force fetches it anyway"));

    r = CommandRun.run(CrawlerConfiguration.create(), "check", base + "/logo.png", "-force");
    assertTrue(r.out, r.out.contains("normalized: " + base + "/logo.png\n"));
    assertTrue(r.out, r.out.contains("filter: reject RegexURLFilter"));
    assertTrue(r.out, r.out.contains("protocolStatus: 404 http_404\n"));
    assertTrue(
        r.err,
        r.err.contains(
            "trawler check: fetched because of -force; the crawl would not fetch "
                + base
                + "/logo.png\n"));
  }

  @Test
  public void aRobotsDeniedPageIsNotFetchedAndExitsOne() throws Exception {
    String[] r = run(base + "/private/x");
    assertEquals(r[1], "1", r[0]);
    assertTrue(r[1], r[1].contains("status: fetch_gone\n"));
    assertTrue(r[1], r[1].contains("robots: not fetched: robots_denied\n"));
    assertFalse("tdmrep.json is not asked for a page not fetched", r[1].contains("tdmrep"));
  }

  @Test
  public void aLoopbackAddressIsNotFetchedByDefaultAndNamedAddressDenied() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ProtocolKeys.ADDRESS_ALLOW, ""); // the product's default, not the tests' 127.0.0.0/8
    CommandRun r = CommandRun.run(conf, "check", base + "/page");
    assertEquals(r.toString(), 1, r.exitCode);
    assertTrue(r.out, r.out.contains("status: fetch_gone\n"));
    assertTrue(
        r.out,
        r.out.contains(
            "protocolStatus: 0 address_denied AddressDeniedException: 127.0.0.1 resolves to 127.0.0.1 (loopback, not a"
                + " public address (http.address.allow lets chosen ones through))\n"));
  }

  @Test
  public void aMissingPageIsGoneWithItsHttpReason() throws Exception {
    String[] r = run(base + "/nothing");
    assertEquals("1", r[0]);
    assertTrue(r[1], r[1].contains("protocolStatus: 404 http_404\n"));
  }

  @Test
  public void jsonIsOneObjectWithTheSameFields() throws Exception {
    String[] r = run(base + "/page", "-json");
    String json = r[1];
    assertEquals("0", r[0]);
    assertTrue(json, json.startsWith("{\"url\":\"" + base + "/page\",\"normalized\":"));
    assertTrue(json, json.endsWith("}\n"));
    assertEquals(json, 1, json.split("\n").length);
    assertTrue(json, json.contains("\"contentLength\":" + PAGE.length() + ","));
    assertTrue(json, json.contains("\"reason\":\"not an http(s) link\""));
  }

  @Test
  public void aTrustStoreThatCannotBeReadIsOneLineAndExitTwo() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CheckCommand cmd = new CheckCommand();
    cmd.printTo(System.out, new PrintStream(err, true, StandardCharsets.UTF_8));
    int code =
        ToolRunner.run(
            CrawlerConfiguration.create(),
            cmd,
            new String[] {"-D", "http.tls.truststore=/no/such/ca.p12", base + "/page"});
    assertEquals(2, code);
    assertEquals(
        "trawler check: http.tls.truststore: /no/such/ca.p12 does not exist\n",
        err.toString(StandardCharsets.UTF_8));
  }

  @Test
  public void aMetaRefreshShowsAsTheRedirectTheCrawlRecordsAndExitsOne() throws Exception {
    String[] r = run(base + "/moved");
    String out = r[1];
    assertEquals(out, "1", r[0]);
    assertTrue(out, out.contains("status: fetch_redir_temp\nprotocolStatus: 200 ok\n"));
    assertTrue(out, out.contains("redirect: " + base + "/page\nredirectBy: meta refresh\n"));
    assertTrue(out, out.contains("  refresh: " + base + "/page\n"));
    assertTrue(out, out.contains("outlinks: 0\ndropped: 1\n"));
    assertTrue(
        out,
        out.contains(
            "  " + base + "/other  [meta refresh redirect: its only link is " + base + "/page]\n"));
    CommandRun run = CommandRun.run(CrawlerConfiguration.create(), "check", base + "/moved");
    assertEquals(
        "trawler check: " + base + "/moved is a redirect (fetch_redir_temp) to " + base + "/page\n",
        run.err);
  }
}
