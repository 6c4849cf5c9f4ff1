package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.net.BindException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.After;
import org.junit.Test;
import org.trawler.simweb.SiteModel.Kind;

/** The simweb server over real HTTP on loopback addresses. */
public class SimWebServerTest {

  private final HttpClient client =
      HttpClient.newBuilder()
          .followRedirects(HttpClient.Redirect.NEVER)
          .connectTimeout(Duration.ofSeconds(5))
          .build();
  private final List<SimWebServer> started = new ArrayList<>();

  @After
  public void stopAll() {
    for (SimWebServer server : started) {
      server.stop();
    }
  }

  private SimWebServer start(SiteModel.Builder site) throws IOException {
    return start(SimWebServer.builder(site.build()));
  }

  private SimWebServer start(SimWebServer.Builder builder) throws IOException {
    SimWebServer server = builder.build();
    started.add(server);
    return server.start();
  }

  private HttpResponse<String> get(String url, String... headers) throws Exception {
    HttpRequest.Builder req =
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10));
    for (int i = 0; i < headers.length; i += 2) {
      req.header(headers[i], headers[i + 1]);
    }
    return client.send(req.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String pageOfKind(SiteModel web, int host, Kind kind) {
    for (int p = 0; p < web.pagesPerHost(); p++) {
      if (web.kindOf(host, p) == kind) {
        return web.pageUrl(host, p);
      }
    }
    throw new AssertionError("no " + kind + " page on host " + host);
  }

  @Test
  public void servesPagesRobotsRedirectsAndErrorsAsTheModelSays() throws Exception {
    SimWebServer server =
        start(
            SiteModel.builder()
                .hosts(3)
                .pages(200)
                .port(0)
                .redirectPct(10)
                .notFoundPct(10)
                .errorPct(10)
                .disallowPct(10)
                .pageKb(2));
    SiteModel web = server.site();
    RequestLog requests = server.requests();

    HttpResponse<String> home = get(web.homeUrl(1));
    assertEquals(200, home.statusCode());
    assertTrue(home.headers().firstValue("Content-Type").orElse("").startsWith("text/html"));
    assertTrue(home.body().contains("<title>Home of 127.0.0.3</title>"));

    HttpResponse<String> robots = get(web.robotsUrl(1));
    assertEquals(200, robots.statusCode());
    assertTrue(robots.body().contains("Disallow: /private/"));

    String ok = pageOfKind(web, 1, Kind.OK);
    HttpResponse<String> page = get(ok);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<title>" + web.titleOf(ok) + "</title>"));
    assertTrue(page.headers().firstValue("Last-Modified").isPresent());

    String redirect = pageOfKind(web, 1, Kind.REDIRECT);
    HttpResponse<String> moved = get(redirect);
    assertEquals(web.redirectStatus(redirect), moved.statusCode());
    assertEquals(web.redirectTarget(redirect), moved.headers().firstValue("Location").orElse(null));

    assertEquals(404, get(pageOfKind(web, 1, Kind.NOT_FOUND)).statusCode());
    assertEquals(500, get(pageOfKind(web, 1, Kind.ERROR)).statusCode());
    assertEquals(200, get(pageOfKind(web, 1, Kind.DISALLOWED)).statusCode());
    assertEquals(404, get(web.homeUrl(1) + "no/such/page").statusCode());

    assertEquals(304, get(ok, "If-Modified-Since", "Tue, 02 Jan 2024 00:00:00 GMT").statusCode());
    assertEquals(200, get(ok, "If-Modified-Since", "Sun, 31 Dec 2023 00:00:00 GMT").statusCode());

    assertEquals(3, requests.count(ok));
    assertEquals(1, requests.count(web.robotsUrl(1)));
    assertEquals(1, requests.count(web.homeUrl(1)));
    assertEquals(10, requests.host(1).total());
    assertEquals(1, requests.host(1).otherPaths());
    assertEquals(0, requests.host(0).total());
    assertEquals(10, requests.total());
  }

  @Test
  public void resetPagesCloseTheConnectionUnansweredAndHugePagesStreamTheirLength()
      throws Exception {
    SimWebServer server =
        start(
            SiteModel.builder()
                .hosts(1)
                .pages(200)
                .port(0)
                .resetPct(20)
                .hugePct(20)
                .hugeKb(2500)
                .slowPct(20)
                .slowMs(150));
    SiteModel web = server.site();
    String reset = pageOfKind(web, 0, Kind.RESET);
    try {
      get(reset);
      fail("a reset page answered");
    } catch (IOException expected) {
      // the connection closed without a response
    }
    HttpResponse<byte[]> huge =
        client.send(
            HttpRequest.newBuilder(URI.create(pageOfKind(web, 0, Kind.HUGE))).build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, huge.statusCode());
    assertEquals(2500 * 1024, huge.body().length);
    long before = System.nanoTime();
    String slow = pageOfKind(web, 0, Kind.SLOW);
    HttpResponse<String> page = get(slow);
    assertEquals(200, page.statusCode());
    assertTrue(page.body().contains("<title>" + web.titleOf(slow) + "</title>"));
    assertTrue(System.nanoTime() - before >= 150_000_000L);
    // the server goes on answering after a reset
    assertEquals(200, get(web.homeUrl(0)).statusCode());
    assertEquals(0, server.requests().host(0).recent().get(0).status());
  }

  @Test
  public void everyResponseWaitsTheLatencyAndIsLoggedWithItsTimes() throws Exception {
    SimWebServer server =
        start(
            SimWebServer.builder(SiteModel.builder().hosts(2).pages(10).port(0).build())
                .latencyMs(120));
    SiteModel web = server.site();
    long before = System.nanoTime();
    assertEquals(200, get(web.homeUrl(0)).statusCode());
    assertEquals(200, get(web.robotsUrl(0)).statusCode());
    long elapsedMs = (System.nanoTime() - before) / 1_000_000L;
    assertTrue("two requests took " + elapsedMs + " ms", elapsedMs >= 240);

    List<HostRequestLog.Request> log = server.requests().host("127.0.0.2").recent();
    assertEquals(2, log.size());
    assertEquals("/", log.get(0).path());
    assertEquals("/robots.txt", log.get(1).path());
    for (HostRequestLog.Request r : log) {
      assertEquals(200, r.status());
      assertTrue(r.durationMillis() >= 120);
    }
    assertTrue(log.get(1).startNanos() >= log.get(0).endNanos());
  }

  @Test
  public void manyClientsAreServedAtOnce() throws Exception {
    SimWebServer server =
        start(
            SimWebServer.builder(SiteModel.builder().hosts(1).pages(50).port(0).build())
                .latencyMs(300));
    SiteModel web = server.site();
    ExecutorService clients = Executors.newFixedThreadPool(20);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        String url = web.pageUrl(0, i);
        answers.add(clients.submit(() -> get(url).statusCode()));
      }
      for (Future<Integer> f : answers) {
        assertTrue(f.get(30, TimeUnit.SECONDS) > 0);
      }
    } finally {
      clients.shutdownNow();
    }
    HostRequestLog host = server.requests().host(0);
    assertEquals(20, host.total());
    assertTrue("at most " + host.maxConcurrent() + " at once", host.maxConcurrent() >= 10);
  }

  @Test
  public void bindsOnlyItsOwnLoopbackAddresses() throws Exception {
    SimWebServer server = start(SiteModel.builder().hosts(3).pages(5).port(0));
    SiteModel web = server.site();
    int port = server.port();
    for (int h = 0; h < 3; h++) {
      assertTrue(web.address(h), canConnect(web.address(h), port));
    }
    assertFalse("127.0.0.1 answers: bound to the wildcard?", canConnect("127.0.0.1", port));
    assertFalse(canConnect("127.0.0.5", port));
  }

  @Test
  public void fiftyHostsStartAndStopCleanly() throws Exception {
    int threadsBefore = simwebThreads();
    SimWebServer server = start(SiteModel.builder().hosts(50).pages(20).port(0));
    SiteModel web = server.site();
    for (int h = 0; h < 50; h++) {
      assertEquals(200, get(web.homeUrl(h)).statusCode());
    }
    assertEquals(50, server.requests().total());
    int port = server.port();
    server.stop();
    assertFalse(server.isRunning());
    for (int h = 0; h < 50; h += 7) {
      assertFalse(web.address(h) + " still answers", canConnect(web.address(h), port));
    }
    int threadsAfter = simwebThreads();
    // The JDK's HTTP server lets its dispatcher threads finish just after stop() returns.
    for (int i = 0; i < 100 && threadsAfter > threadsBefore; i++) {
      Thread.sleep(50);
      threadsAfter = simwebThreads();
    }
    assertTrue(
        threadsAfter + " server threads left, " + threadsBefore + " before",
        threadsAfter <= threadsBefore);
    server.stop(); // twice is harmless
  }

  @Test
  public void hostsBeyondTheFirstBlockAreServed() throws Exception {
    SimWebServer server = start(SiteModel.builder().hosts(255).pages(1).port(0));
    SiteModel web = server.site();
    assertEquals("127.0.1.3", web.address(254));
    assertEquals(200, get(web.homeUrl(254)).statusCode());
    assertEquals(1, server.requests().host("127.0.1.3").total());
  }

  @Test
  public void portZeroGivesAllHostsOneFreePort() throws Exception {
    SimWebServer server = start(SiteModel.builder().hosts(5).pages(3).port(0));
    SiteModel web = server.site();
    int port = server.port();
    assertTrue(port > 0);
    for (String seed : web.seeds()) {
      assertTrue(seed, seed.endsWith(":" + port + "/"));
      assertEquals(200, get(seed).statusCode());
    }
  }

  @Test
  public void aTakenPortIsABindErrorNamingTheAddress() throws Exception {
    SimWebServer first = start(SiteModel.builder().hosts(2).pages(3).port(0));
    SimWebServer second =
        SimWebServer.builder(SiteModel.builder().hosts(2).pages(3).port(first.port()).build())
            .build();
    try {
      second.start();
      started.add(second);
      fail("bound a taken port");
    } catch (BindException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("127.0.0.2:" + first.port()));
    }
    assertFalse(second.isRunning());
  }

  private static boolean canConnect(String address, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(address, port), 2000);
      return true;
    } catch (ConnectException e) {
      return false;
    } catch (IOException e) {
      return false;
    }
  }

  private static int simwebThreads() {
    int n = 0;
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive()
          && (t.getName().startsWith("simweb-") || t.getName().startsWith("HTTP-Dispatcher"))) {
        n++;
      }
    }
    return n;
  }
}
