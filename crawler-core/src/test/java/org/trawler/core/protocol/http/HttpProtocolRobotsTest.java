package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/** robots.txt: asked for, parsed by crawler-commons, and every way it can go wrong. */
public class HttpProtocolRobotsTest {
  private LoopbackHttpServer server;
  private HttpProtocol protocol;

  @Before
  public void setUp() throws IOException {
    server = LoopbackHttpServer.start("127.0.0.1");
    protocol = new HttpProtocol(ShortTimeouts.conf());
  }

  @After
  public void tearDown() {
    protocol.close();
    server.close();
  }

  private void serveRobots(String text) {
    server.on("/robots.txt", LoopbackHttpServer.text(200, "text/plain", text));
  }

  @Test
  public void tdmRepJsonIsAskedOnceKeptWithRobotsTxtAndCappedInSize() {
    RobotsTxt robots = protocol.fetchRobots(server.url("/"), 1L);
    RobotsTxt none = protocol.fetchTdmRep(server.url("/page"), robots);
    assertEquals("http_404", none.getTdmRepReason());
    assertEquals(0, none.getTdmRep().length);
    String rules = "[{\"location\": \"/\", \"tdm-reservation\": 1}]";
    server.on("/.well-known/tdmrep.json", LoopbackHttpServer.text(200, "application/json", rules));
    RobotsTxt file = protocol.fetchTdmRep(server.url("/page"), robots);
    assertEquals(RobotsTxt.TDMREP_OK, file.getTdmRepReason());
    assertEquals(rules, new String(file.getTdmRep(), StandardCharsets.UTF_8));
    assertEquals(robots.getCheckedTime(), file.getCheckedTime());
    server.on(
        "/.well-known/tdmrep.json",
        LoopbackHttpServer.text(200, "application/json", "[" + " ".repeat(70 * 1024) + "]"));
    assertEquals(
        RobotsTxt.TDMREP_TOO_LARGE,
        protocol.fetchTdmRep(server.url("/page"), robots).getTdmRepReason());
  }

  @Test
  public void disallowedPathsAreNotAllowed() {
    serveRobots("User-agent: *\nDisallow: /private\n");
    RobotsRules rules = Robots.rules(protocol, server.url("/index.html"));
    assertFalse(rules.isUnavailable());
    assertFalse(rules.isAllowed(server.url("/private/page.html")));
    assertTrue(rules.isAllowed(server.url("/public/page.html")));
  }

  @Test
  public void theAgentGroupNamedAfterTheAgentNameApplies() {
    serveRobots("User-agent: trawler\nDisallow: /not-for-trawler\n\nUser-agent: *\nDisallow: /\n");
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertFalse(rules.isAllowed(server.url("/not-for-trawler/x")));
    assertTrue(rules.isAllowed(server.url("/anything-else")));
  }

  @Test
  public void configuredRobotsAgentsAreMatched() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.ROBOTS_AGENTS, "MyBot,other");
    serveRobots("User-agent: mybot\nDisallow: /mine\n\nUser-agent: *\nDisallow: /\n");
    try (HttpProtocol configured = new HttpProtocol(conf)) {
      RobotsRules rules = Robots.rules(configured, conf, server.url("/"));
      assertFalse(rules.isAllowed(server.url("/mine")));
      assertTrue(rules.isAllowed(server.url("/yours")));
    }
  }

  @Test
  public void crawlDelayIsReportedInMillis() {
    serveRobots(
        "User-agent: *\nCrawl-delay: 7\nDisallow: /x\nSitemap: http://127.0.0.1/sitemap.xml\n");
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertEquals(7000, rules.getCrawlDelayMillis());
    assertEquals(List.of("http://127.0.0.1/sitemap.xml"), rules.getSitemaps());
  }

  @Test
  public void aHugeCrawlDelayIsReportedNotTurnedIntoDisallowAll() {
    serveRobots("User-agent: *\nCrawl-delay: 3600\n");
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertEquals(3_600_000, rules.getCrawlDelayMillis());
    assertTrue(rules.isAllowed(server.url("/page")));
  }

  @Test
  public void noCrawlDelayIsMinusOne() {
    serveRobots("User-agent: *\nDisallow: /x\n");
    assertEquals(-1, Robots.rules(protocol, server.url("/")).getCrawlDelayMillis());
  }

  @Test
  public void aMissingRobotsTxtAllowsAll() {
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertFalse(rules.isUnavailable());
    assertTrue(rules.isAllowed(server.url("/anything")));
    assertEquals(1, server.hits("/robots.txt"));
  }

  @Test
  public void aForbiddenRobotsTxtAllowsAll() {
    server.on("/robots.txt", LoopbackHttpServer.text(403, "text/plain", "forbidden"));
    assertTrue(Robots.rules(protocol, server.url("/")).isAllowed(server.url("/anything")));
  }

  @Test
  public void aServerErrorMakesRobotsUnavailable() {
    server.on("/robots.txt", LoopbackHttpServer.text(500, "text/plain", "broken"));
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertTrue(rules.isUnavailable());
    assertEquals("http_500", rules.getUnavailableReason());
    assertFalse(rules.isAllowed(server.url("/anything")));
  }

  @Test
  public void anUnreachableHostMakesRobotsUnavailable() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = socket.getLocalPort();
    }
    RobotsRules rules = Robots.rules(protocol, "http://127.0.0.1:" + port + "/page");
    assertTrue(rules.isUnavailable());
    assertEquals("connection_refused", rules.getUnavailableReason());
  }

  @Test
  public void aSlowRobotsTxtIsUnavailableByTimeout() {
    server.on(
        "/robots.txt",
        exchange -> {
          try {
            Thread.sleep(10_000);
          } catch (InterruptedException e) {
            return;
          }
          LoopbackHttpServer.send(exchange, 200, "text/plain", "User-agent: *\nDisallow: /\n");
        });
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertTrue(rules.isUnavailable());
    assertEquals("timeout", rules.getUnavailableReason());
  }

  @Test
  public void eachHostAndPortHasItsOwnRobotsTxt() throws IOException {
    serveRobots("User-agent: *\nDisallow: /a\n");
    try (LoopbackHttpServer other = LoopbackHttpServer.start("127.0.0.2")) {
      other.on(
          "/robots.txt",
          LoopbackHttpServer.text(200, "text/plain", "User-agent: *\nDisallow: /b\n"));
      RobotsRules first = Robots.rules(protocol, server.url("/"));
      RobotsRules second = Robots.rules(protocol, other.url("/"));
      assertFalse(first.isAllowed(server.url("/a")));
      assertTrue(first.isAllowed(server.url("/b")));
      assertTrue(second.isAllowed(other.url("/a")));
      assertFalse(second.isAllowed(other.url("/b")));
    }
  }

  @Test
  public void aTenMegabyteRobotsTxtIsParsedUpToItsFirstHalfMegabyte() {
    server.on(
        "/robots.txt",
        exchange -> {
          exchange.getResponseHeaders().set("Content-Type", "text/plain");
          exchange.sendResponseHeaders(200, 0);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write("User-agent: *\nDisallow: /private\n".getBytes(StandardCharsets.US_ASCII));
            byte[] filler =
                "Disallow: /filler/path/that/matches/nothing/real\n"
                    .getBytes(StandardCharsets.US_ASCII);
            for (int written = 0; written < 10 << 20; written += filler.length) {
              out.write(filler);
            }
            out.write("Disallow: /late\n".getBytes(StandardCharsets.US_ASCII));
          }
        });
    long start = System.nanoTime();
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertTrue((System.nanoTime() - start) / 1_000_000 < ShortTimeouts.DEADLINE_MILLIS);
    assertFalse(rules.isAllowed(server.url("/private/x")));
    assertTrue("a rule past 500 KB is not read", rules.isAllowed(server.url("/late")));
  }

  @Test
  public void garbageRobotsTxtAllowsAll() {
    server.on(
        "/robots.txt",
        exchange -> {
          byte[] garbage = new byte[4096];
          new java.util.Random(42).nextBytes(garbage);
          exchange.sendResponseHeaders(200, garbage.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(garbage);
          }
        });
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertFalse(rules.isUnavailable());
    assertTrue(rules.isAllowed(server.url("/page")));
  }

  @Test
  public void anHtmlPageServedAsRobotsTxtAllowsAll() {
    server.on(
        "/robots.txt",
        LoopbackHttpServer.text(200, "text/html", "<html><body>Welcome!</body></html>"));
    assertTrue(Robots.rules(protocol, server.url("/")).isAllowed(server.url("/page")));
  }

  @Test
  public void robotsTxtRedirectsAreFollowedToAnotherHost() throws IOException {
    try (LoopbackHttpServer other = LoopbackHttpServer.start("127.0.0.2")) {
      other.on(
          "/real-robots.txt",
          LoopbackHttpServer.text(200, "text/plain", "User-agent: *\nDisallow: /secret\n"));
      server.on("/robots.txt", LoopbackHttpServer.redirect(301, other.url("/real-robots.txt")));
      RobotsRules rules = Robots.rules(protocol, server.url("/"));
      assertFalse(rules.isAllowed(server.url("/secret")));
      assertTrue(rules.isAllowed(server.url("/open")));
    }
  }

  @Test
  public void aRobotsTxtRedirectLoopAllowsAll() {
    server.on("/robots.txt", LoopbackHttpServer.redirect(302, "/robots2.txt"));
    server.on("/robots2.txt", LoopbackHttpServer.redirect(302, "/robots.txt"));
    RobotsRules rules = Robots.rules(protocol, server.url("/"));
    assertFalse(rules.isUnavailable());
    assertTrue(rules.isAllowed(server.url("/page")));
  }

  @Test
  public void aMalformedUrlHasNoRobotsRestrictions() {
    assertTrue(Robots.rules(protocol, "not a url").isAllowed("not a url"));
    assertEquals(0, server.totalHits());
  }
}
