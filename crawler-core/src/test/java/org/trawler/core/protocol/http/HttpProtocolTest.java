package org.trawler.core.protocol.http;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.trawler.core.protocol.http.Outcomes.assertOutcome;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hc.client5.http.utils.DateUtils;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RedirectGate;

/**
 * One test per row of the status mapping (answer or failure to fetch status), against a real server
 * on loopback.
 */
public class HttpProtocolTest {
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

  @Test
  public void okIsSuccessWithContentTypeAndHeaders() {
    server.on(
        "/page",
        exchange -> {
          exchange.getResponseHeaders().set("X-Test", "yes");
          LoopbackHttpServer.send(
              exchange, 200, "Text/HTML; charset=ISO-8859-1", "<html>héllo</html>");
        });
    ProtocolOutput out = protocol.fetch(server.url("/page"), 0);
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(200, out.getHttpCode());
    Content content = out.getContent();
    assertEquals(server.url("/page"), content.getUrl());
    assertEquals(server.url("/page"), content.getFinalUrl());
    assertEquals("text/html", content.getContentType());
    assertEquals("Text/HTML; charset=ISO-8859-1", content.getHeader("content-type"));
    assertEquals("yes", content.getHeader("X-Test"));
    assertArrayEquals("<html>héllo</html>".getBytes(StandardCharsets.UTF_8), content.getContent());
    assertFalse(content.isTruncated());
  }

  @Test
  public void everyTwoHundredIsSuccess() {
    server.on("/created", LoopbackHttpServer.text(201, "text/plain", "made"));
    server.on("/empty", LoopbackHttpServer.text(204, null, ""));
    assertOutcome(protocol.fetch(server.url("/created"), 0), CrawlStatus.FETCH_SUCCESS, "ok");
    ProtocolOutput empty = protocol.fetch(server.url("/empty"), 0);
    assertOutcome(empty, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(0, empty.getContent().getContent().length);
    assertEquals("", empty.getContent().getContentType());
  }

  @Test
  public void movedPermanentlyAndPermanentRedirectAreRedirPermWithResolvedTarget() {
    server.on("/a/301", LoopbackHttpServer.redirect(301, "../b/target?x=1#frag"));
    server.on("/a/308", LoopbackHttpServer.redirect(308, "/abs"));
    ProtocolOutput out301 = protocol.fetch(server.url("/a/301"), 0);
    assertOutcome(out301, CrawlStatus.FETCH_REDIR_PERM, "http_301");
    assertEquals(server.url("/b/target?x=1"), out301.getRedirectTarget());
    assertNull(out301.getContent());
    ProtocolOutput out308 = protocol.fetch(server.url("/a/308"), 0);
    assertOutcome(out308, CrawlStatus.FETCH_REDIR_PERM, "http_308");
    assertEquals(server.url("/abs"), out308.getRedirectTarget());
  }

  @Test
  public void foundSeeOtherAndTemporaryRedirectAreRedirTemp() {
    for (int code : new int[] {302, 303, 307}) {
      server.on("/" + code, LoopbackHttpServer.redirect(code, "http://127.0.0.1:1/elsewhere page"));
      ProtocolOutput out = protocol.fetch(server.url("/" + code), 0);
      assertOutcome(out, CrawlStatus.FETCH_REDIR_TEMP, "http_" + code);
      assertEquals("http://127.0.0.1:1/elsewhere%20page", out.getRedirectTarget());
    }
  }

  @Test
  public void redirectsWithinTheMaximumAreFollowedInline() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.REDIRECT_MAX, 2);
    server.on("/r1", LoopbackHttpServer.redirect(301, "/r2"));
    server.on("/r2", LoopbackHttpServer.redirect(302, server.url("/final")));
    server.on("/final", LoopbackHttpServer.text(200, "text/plain", "here"));
    try (HttpProtocol following = new HttpProtocol(conf)) {
      ProtocolOutput out = following.fetch(server.url("/r1"), 0);
      assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
      assertEquals(server.url("/r1"), out.getContent().getUrl());
      assertEquals(server.url("/final"), out.getContent().getFinalUrl());
      assertEquals("here", new String(out.getContent().getContent(), StandardCharsets.UTF_8));
    }
  }

  @Test
  public void redirectsBeyondTheMaximumReturnTheLastRedirect() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.REDIRECT_MAX, 2);
    server.on("/h1", LoopbackHttpServer.redirect(302, "/h2"));
    server.on("/h2", LoopbackHttpServer.redirect(302, "/h3"));
    server.on("/h3", LoopbackHttpServer.redirect(301, "/h4"));
    server.on("/h4", LoopbackHttpServer.text(200, "text/plain", "too far"));
    try (HttpProtocol following = new HttpProtocol(conf)) {
      ProtocolOutput out = following.fetch(server.url("/h1"), 0);
      assertOutcome(out, CrawlStatus.FETCH_REDIR_PERM, "http_301");
      assertEquals(server.url("/h4"), out.getRedirectTarget());
      assertEquals(0, server.hits("/h4"));
    }
  }

  @Test
  public void aRedirectLoopIsGone() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.REDIRECT_MAX, 5);
    server.on("/loop1", LoopbackHttpServer.redirect(302, "/loop2"));
    server.on("/loop2", LoopbackHttpServer.redirect(302, "/loop1"));
    try (HttpProtocol following = new HttpProtocol(conf)) {
      assertOutcome(
          following.fetch(server.url("/loop1"), 0), CrawlStatus.FETCH_GONE, "redirect_loop");
      assertEquals(1, server.hits("/loop1"));
    }
  }

  @Test
  public void aRedirectToItselfIsALoopEvenWhenNotFollowing() {
    server.on("/self", LoopbackHttpServer.redirect(301, "/self"));
    assertOutcome(protocol.fetch(server.url("/self"), 0), CrawlStatus.FETCH_GONE, "redirect_loop");
  }

  @Test
  public void aRedirectToFileOrFtpIsGone() {
    server.on("/to-file", LoopbackHttpServer.redirect(302, "file:///etc/passwd"));
    server.on("/to-ftp", LoopbackHttpServer.redirect(301, "ftp://127.0.0.1/pub"));
    assertOutcome(
        protocol.fetch(server.url("/to-file"), 0),
        CrawlStatus.FETCH_GONE,
        "redirect_scheme_not_allowed");
    assertOutcome(
        protocol.fetch(server.url("/to-ftp"), 0),
        CrawlStatus.FETCH_GONE,
        "redirect_scheme_not_allowed");
  }

  @Test
  public void aRedirectWithoutLocationIsGone() {
    server.on("/301-bare", LoopbackHttpServer.text(301, "text/plain", "nowhere"));
    server.on("/300", LoopbackHttpServer.text(300, "text/plain", "choose"));
    assertOutcome(protocol.fetch(server.url("/301-bare"), 0), CrawlStatus.FETCH_GONE, "http_301");
    assertOutcome(protocol.fetch(server.url("/300"), 0), CrawlStatus.FETCH_GONE, "http_300");
  }

  @Test
  public void notModifiedAnswersTheConditionalGet() {
    long modified = Instant.parse("2024-03-01T10:00:00Z").toEpochMilli();
    server.on(
        "/cond",
        exchange -> {
          String since = exchange.getRequestHeaders().getFirst("If-Modified-Since");
          boolean unchanged =
              since != null
                  && !DateUtils.parseStandardDate(since).isBefore(Instant.ofEpochMilli(modified));
          LoopbackHttpServer.send(exchange, unchanged ? 304 : 200, "text/plain", "body");
        });
    ProtocolOutput out = protocol.fetch(server.url("/cond"), modified);
    assertOutcome(out, CrawlStatus.FETCH_NOTMODIFIED, "not_modified");
    assertEquals(
        "Fri, 01 Mar 2024 10:00:00 GMT",
        server.lastRequestHeaders("/cond").getFirst("If-Modified-Since"));
    assertOutcome(protocol.fetch(server.url("/cond"), 0), CrawlStatus.FETCH_SUCCESS, "ok");
    assertNull(server.lastRequestHeaders("/cond").getFirst("If-Modified-Since"));
  }

  @Test
  public void anEtagIsSentAsIfNoneMatchAndAMatchIsNotModified() {
    server.on(
        "/etag",
        exchange -> {
          String match = exchange.getRequestHeaders().getFirst("If-None-Match");
          exchange.getResponseHeaders().set("ETag", "\"v1\"");
          LoopbackHttpServer.send(
              exchange, "\"v1\"".equals(match) ? 304 : 200, "text/plain", "body");
        });
    ProtocolOutput first = protocol.fetch(server.url("/etag"), 0);
    assertOutcome(first, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals("\"v1\"", first.getContent().getHeader("ETag"));
    assertNull(server.lastRequestHeaders("/etag").getFirst("If-None-Match"));
    ProtocolOutput again = protocol.fetch(server.url("/etag"), 0, "\"v1\"", RedirectGate.FOLLOW);
    assertOutcome(again, CrawlStatus.FETCH_NOTMODIFIED, "not_modified");
    assertEquals("\"v1\"", server.lastRequestHeaders("/etag").getFirst("If-None-Match"));
    assertOutcome(
        protocol.fetch(server.url("/etag"), 0, "\"v0\"", RedirectGate.FOLLOW),
        CrawlStatus.FETCH_SUCCESS,
        "ok");
  }

  @Test
  public void clientErrorsAreGone() {
    for (int code : new int[] {400, 401, 403, 404, 410}) {
      server.on("/" + code, LoopbackHttpServer.text(code, "text/html", "no"));
      ProtocolOutput out = protocol.fetch(server.url("/" + code), 0);
      assertOutcome(out, CrawlStatus.FETCH_GONE, "http_" + code);
      assertEquals(code, out.getHttpCode());
    }
  }

  @Test
  public void otherClientErrorsAreGone() {
    server.on("/418", LoopbackHttpServer.text(418, "text/plain", "teapot"));
    assertOutcome(protocol.fetch(server.url("/418"), 0), CrawlStatus.FETCH_GONE, "http_418");
  }

  @Test
  public void tooManyRequestsIsRetriedAfterRetryAfterSeconds() {
    server.on(
        "/429",
        exchange -> {
          exchange.getResponseHeaders().set("Retry-After", "7");
          LoopbackHttpServer.send(exchange, 429, "text/plain", "slow down");
        });
    ProtocolOutput out = protocol.fetch(server.url("/429"), 0);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "http_429");
    assertEquals(7000, out.getRetryAfterMillis());
  }

  @Test
  public void unavailableIsRetriedAfterRetryAfterDate() {
    server.on(
        "/503",
        exchange -> {
          exchange
              .getResponseHeaders()
              .set("Retry-After", DateUtils.formatStandardDate(Instant.now().plusSeconds(20)));
          LoopbackHttpServer.send(exchange, 503, "text/plain", "later");
        });
    ProtocolOutput out = protocol.fetch(server.url("/503"), 0);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "http_503");
    assertTrue(
        out.toString(), out.getRetryAfterMillis() > 17000 && out.getRetryAfterMillis() <= 20000);
  }

  @Test
  public void retryAfterIsCappedByMaxCrawlDelay() {
    server.on(
        "/503",
        exchange -> {
          exchange.getResponseHeaders().set("Retry-After", "86400");
          LoopbackHttpServer.send(exchange, 503, "text/plain", "much later");
        });
    ProtocolOutput out = protocol.fetch(server.url("/503"), 0);
    assertEquals(30_000, out.getRetryAfterMillis()); // fetcher.max.crawl.delay default 30 s
  }

  @Test
  public void serverErrorsAreRetried() {
    for (int code : new int[] {500, 502, 504}) {
      server.on("/" + code, LoopbackHttpServer.text(code, "text/plain", "oops"));
      ProtocolOutput out = protocol.fetch(server.url("/" + code), 0);
      assertOutcome(out, CrawlStatus.FETCH_RETRY, "http_" + code);
      assertEquals(-1, out.getRetryAfterMillis());
    }
  }

  @Test
  public void aSlowServerIsATimeoutAndTheCallReturnsPromptly() {
    server.on(
        "/slow",
        exchange -> {
          try {
            Thread.sleep(10_000);
          } catch (InterruptedException e) {
            return;
          }
          LoopbackHttpServer.send(exchange, 200, "text/plain", "late");
        });
    long start = System.nanoTime();
    ProtocolOutput out = protocol.fetch(server.url("/slow"), 0);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "timeout");
    assertTrue("took " + millis + " ms", millis < ShortTimeouts.TIMEOUT_MILLIS + 1500);
  }

  @Test
  public void aClosedPortIsConnectionRefused() throws IOException {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = socket.getLocalPort();
    }
    ProtocolOutput out = protocol.fetch("http://127.0.0.1:" + port + "/", 0);
    assertOutcome(out, CrawlStatus.FETCH_RETRY, "connection_refused");
    assertEquals(0, out.getHttpCode());
  }

  @Test
  public void anUnresolvableHostIsDnsFailure() {
    try (HttpProtocol withDns = new HttpProtocol(ShortTimeouts.conf(), new FakeDns())) {
      assertOutcome(
          withDns.fetch("http://no-such-host.test/", 0), CrawlStatus.FETCH_RETRY, "dns_failure");
    }
  }

  @Test
  public void hostNamesAreResolvedThroughTheResolver() {
    server.on("/named", LoopbackHttpServer.text(200, "text/plain", "by name"));
    try (HttpProtocol withDns =
        new HttpProtocol(ShortTimeouts.conf(), new FakeDns().map("site-a.test", "127.0.0.1"))) {
      ProtocolOutput out = withDns.fetch("http://site-a.test:" + server.port() + "/named", 0);
      assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
      assertEquals(
          "site-a.test:" + server.port(), server.lastRequestHeaders("/named").getFirst("Host"));
    }
  }

  @Test
  public void malformedUrlsAreGone() {
    assertOutcome(protocol.fetch("not a url at all", 0), CrawlStatus.FETCH_GONE, "malformed_url");
    assertOutcome(protocol.fetch("http://", 0), CrawlStatus.FETCH_GONE, "malformed_url");
    assertOutcome(protocol.fetch("http:///path-only", 0), CrawlStatus.FETCH_GONE, "malformed_url");
    assertOutcome(
        protocol.fetch("ftp://127.0.0.1/file", 0), CrawlStatus.FETCH_GONE, "scheme_not_allowed");
  }

  @Test
  public void userAgentAndAcceptHeadersAreSentAsConfigured() {
    Configuration conf = ShortTimeouts.conf();
    conf.set(ProtocolKeys.AGENT_NAME, "TestBot/2.0");
    conf.set(ProtocolKeys.AGENT_URL, "https://bot.example/info");
    conf.set(ProtocolKeys.AGENT_EMAIL, "bot@example.org");
    conf.set(ProtocolKeys.ACCEPT, "text/html;q=1");
    conf.set(ProtocolKeys.ACCEPT_LANGUAGE, "fr");
    server.on("/hdr", LoopbackHttpServer.text(200, "text/plain", "ok"));
    try (HttpProtocol configured = new HttpProtocol(conf)) {
      configured.fetch(server.url("/hdr"), 0);
    }
    assertEquals(
        "TestBot/2.0 (+https://bot.example/info; bot@example.org)",
        server.lastRequestHeaders("/hdr").getFirst("User-Agent"));
    assertEquals("text/html;q=1", server.lastRequestHeaders("/hdr").getFirst("Accept"));
    assertEquals("fr", server.lastRequestHeaders("/hdr").getFirst("Accept-Language"));
    assertTrue(server.lastRequestHeaders("/hdr").getFirst("Accept-Encoding").contains("gzip"));
  }

  @Test
  public void defaultUserAgentIsTheAgentName() {
    server.on("/hdr", LoopbackHttpServer.text(200, "text/plain", "ok"));
    protocol.fetch(server.url("/hdr"), 0);
    assertEquals("Trawler/0.1.0", server.lastRequestHeaders("/hdr").getFirst("User-Agent"));
  }

  @Test
  public void gzipResponsesAreDecoded() {
    String text = "<html>" + "compressible ".repeat(1000) + "</html>";
    server.on(
        "/gz",
        LoopbackHttpServer.encoded(
            "text/html; charset=utf-8", "gzip", GZIPOutputStream::new, text));
    ProtocolOutput out = protocol.fetch(server.url("/gz"), 0);
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(text, new String(out.getContent().getContent(), StandardCharsets.UTF_8));
    assertNull(out.getContent().getHeader("Content-Encoding"));
    assertEquals("text/html; charset=utf-8", out.getContent().getHeader("Content-Type"));
  }

  @Test
  public void deflateResponsesAreDecoded() {
    String text = "deflated ".repeat(500);
    server.on(
        "/deflate",
        LoopbackHttpServer.encoded("text/plain", "deflate", DeflaterOutputStream::new, text));
    ProtocolOutput out = protocol.fetch(server.url("/deflate"), 0);
    assertOutcome(out, CrawlStatus.FETCH_SUCCESS, "ok");
    assertEquals(text, new String(out.getContent().getContent(), StandardCharsets.UTF_8));
  }

  @Test
  public void aBodyLargerThanTheLimitIsTruncatedAtTheLimit() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 10_000);
    server.on("/big", LoopbackHttpServer.text(200, "text/plain", "x".repeat(50_000)));
    server.on("/exact", LoopbackHttpServer.text(200, "text/plain", "y".repeat(10_000)));
    try (HttpProtocol limited = new HttpProtocol(conf)) {
      Content big = limited.fetch(server.url("/big"), 0).getContent();
      assertEquals(10_000, big.getContent().length);
      assertTrue(big.isTruncated());
      Content exact = limited.fetch(server.url("/exact"), 0).getContent();
      assertEquals(10_000, exact.getContent().length);
      assertFalse(exact.isTruncated());
    }
  }

  @Test
  public void documentsKeepHttpContentLimitDocumentsAndPagesHttpContentLimit() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, 10_000);
    conf.setInt(ProtocolKeys.CONTENT_LIMIT_DOCUMENTS, 100_000);
    server.on("/manual.pdf", LoopbackHttpServer.text(200, "application/pdf", "p".repeat(50_000)));
    server.on("/page", LoopbackHttpServer.text(200, "text/html", "h".repeat(50_000)));
    server.on(
        "/blob", LoopbackHttpServer.text(200, "application/octet-stream", "b".repeat(200_000)));
    try (HttpProtocol limited = new HttpProtocol(conf)) {
      Content pdf = limited.fetch(server.url("/manual.pdf"), 0).getContent();
      assertEquals(50_000, pdf.getContent().length);
      assertFalse(pdf.isTruncated());
      Content page = limited.fetch(server.url("/page"), 0).getContent();
      assertEquals(10_000, page.getContent().length);
      assertTrue(page.isTruncated());
      Content blob = limited.fetch(server.url("/blob"), 0).getContent();
      assertEquals(100_000, blob.getContent().length);
      assertTrue(blob.isTruncated());
    }
  }

  @Test
  public void noContentLimitKeepsEverything() {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, -1);
    server.on("/big", LoopbackHttpServer.text(200, "text/plain", "x".repeat(3_000_000)));
    try (HttpProtocol unlimited = new HttpProtocol(conf)) {
      Content big = unlimited.fetch(server.url("/big"), 0).getContent();
      assertEquals(3_000_000, big.getContent().length);
      assertFalse(big.isTruncated());
    }
  }

  @Test
  public void connectionsAreReusedAcrossRequests() {
    server.on("/one", LoopbackHttpServer.text(200, "text/plain", "1"));
    server.on("/404", LoopbackHttpServer.text(404, "text/plain", "missing"));
    for (int i = 0; i < 5; i++) {
      assertOutcome(protocol.fetch(server.url("/one"), 0), CrawlStatus.FETCH_SUCCESS, "ok");
      assertOutcome(protocol.fetch(server.url("/404"), 0), CrawlStatus.FETCH_GONE, "http_404");
    }
    assertEquals(5, server.hits("/one"));
  }

  @Test
  public void theConfiguredClassIsCreatedByReflection() throws Exception {
    Configuration conf = ShortTimeouts.conf();
    String className =
        conf.get(
            "fetcher.protocol.class"); // the fetcher's key: trawler-default.xml names this class
    assertEquals(HttpProtocol.class.getName(), className);
    server.on("/page", LoopbackHttpServer.text(200, "text/plain", "made by name"));
    try (Protocol created =
        Class.forName(className)
            .asSubclass(Protocol.class)
            .getConstructor(Configuration.class)
            .newInstance(conf)) {
      assertOutcome(created.fetch(server.url("/page"), 0), CrawlStatus.FETCH_SUCCESS, "ok");
    }
  }

  @Test
  public void manyThreadsShareOneInstance() throws Exception {
    Configuration conf = ShortTimeouts.conf();
    conf.setInt(ProtocolKeys.FETCHER_THREADS, 8);
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 4);
    try (LoopbackHttpServer other = LoopbackHttpServer.start("127.0.0.2");
        HttpProtocol shared = new HttpProtocol(conf)) {
      server.on("/p", LoopbackHttpServer.text(200, "text/plain", "one"));
      other.on("/p", LoopbackHttpServer.text(200, "text/plain", "two"));
      ExecutorService threads = Executors.newFixedThreadPool(8);
      try {
        List<Future<String>> bodies = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
          String url = (i % 2 == 0 ? server : other).url("/p");
          bodies.add(
              threads.submit(
                  () ->
                      new String(
                          shared.fetch(url, 0).getContent().getContent(), StandardCharsets.UTF_8)));
        }
        for (int i = 0; i < bodies.size(); i++) {
          assertEquals(i % 2 == 0 ? "one" : "two", bodies.get(i).get(30, TimeUnit.SECONDS));
        }
      } finally {
        threads.shutdownNow();
      }
      assertEquals(40, server.hits("/p"));
      assertEquals(40, other.hits("/p"));
    }
  }
}
