package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

public class WebServerTest {
  /** A gap no test run comes near: the second request always falls within it. */
  private static final WebShape SHAPE =
      new WebShape(4, 60, 1, 600_000, 7, 0, BroadWebTest.TINY.wwwTraits());

  private WebServer server;
  private BroadWeb web;

  /** A response as a client reads it: status, headers (lower-case names), body. */
  record Answer(int status, Map<String, String> headers, String body) {}

  @Before
  public void setUp() throws IOException {
    server = WebServer.start(BroadWeb.build(SHAPE, 0), 8);
    web = server.web();
  }

  @After
  public void tearDown() {
    server.close();
  }

  /** GET {@code target} from {@code hostName}'s address, with {@code hostName} as Host header. */
  private Answer get(String hostName, String target) throws IOException {
    WebHost host = web.host(hostName);
    String address = host == null ? web.addresses().get(0) : host.address();
    try (Socket socket = new Socket(address, web.port())) {
      OutputStream out = socket.getOutputStream();
      out.write(
          ("GET "
                  + target
                  + " HTTP/1.1\r\nHost: "
                  + hostName
                  + ":"
                  + web.port()
                  + "\r\nConnection: close\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      int end = all.indexOf("\r\n\r\n");
      String[] head = all.substring(0, end).split("\r\n");
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < head.length; i++) {
        int colon = head[i].indexOf(':');
        headers.put(
            head[i].substring(0, colon).toLowerCase(Locale.ROOT),
            head[i].substring(colon + 1).trim());
      }
      return new Answer(Integer.parseInt(head[0].split(" ")[1]), headers, all.substring(end + 4));
    }
  }

  private static String title(String html) {
    return html.substring(html.indexOf("<title>") + 7, html.indexOf("</title>"));
  }

  @Test
  public void hostsSharingAnAddressAreToldApartByTheHostHeader() throws IOException {
    WebHost www = web.host("www.amber-0.test");
    WebHost bare = web.host("amber-0.test");
    WebHost harbor = web.host("www.harbor-1.test");
    assertEquals(www.address(), bare.address());
    assertEquals(www.address(), harbor.address());
    String amberHome = get("www.amber-0.test", "/").body();
    String harborHome = get("www.harbor-1.test", "/").body();
    assertTrue(
        amberHome,
        amberHome.contains("http://www.harbor-1.test:" + web.port() + "/")
            || amberHome.contains("http://harbor-1.test:" + web.port() + "/"));
    assertTrue(!title(amberHome).equals(title(harborHome)));
    assertEquals(404, get("www.nowhere.test", "/").status());
  }

  @Test
  public void aBareDomainRedirectsToItsWwwHost() throws IOException {
    Answer a = get("amber-0.test", "/p/3.html?x=1");
    assertEquals(301, a.status());
    assertEquals(
        "http://www.amber-0.test:" + web.port() + "/p/3.html?x=1", a.headers().get("location"));
  }

  @Test
  public void aRateLimitedHostAskedWithinItsGapAnswers429WithoutRetryAfter() throws IOException {
    assertEquals(200, get("www.lantern-2.test", "/").status());
    Answer again = get("www.lantern-2.test", "/");
    assertEquals(429, again.status());
    assertNull(again.headers().get("retry-after"));
    assertEquals(200, get("www.lantern-2.test", "/robots.txt").status());
  }

  @Test
  public void aBusyHostAskedWithinItsGapAnswers503WithRetryAfter() throws IOException {
    assertEquals(200, get("www.meadow-3.test", "/").status());
    Answer again = get("www.meadow-3.test", "/");
    assertEquals(503, again.status());
    assertEquals("7", again.headers().get("retry-after"));
  }

  @Test
  public void aSoft404IsAnOrdinaryLookingPageAnswered200() throws IOException {
    Answer soft = get("www.lantern-2.test", "/no/such/page.html");
    assertEquals(200, soft.status());
    assertEquals("Page not found", title(soft.body()));
    assertTrue(soft.headers().get("content-type").startsWith("text/html"));
    assertEquals(404, get("www.harbor-1.test", "/no/such/page.html").status());
  }

  @Test
  public void theLogSaysWhatEachRequestWas() throws IOException {
    WebHost amber = web.host("www.amber-0.test");
    get("www.amber-0.test", "/robots.txt");
    get("www.amber-0.test", amber.pagePath(2));
    get("mirror.amber-0.test", amber.pagePath(2));
    get("www.amber-0.test", "/calendar/2026-11/");
    get("www.harbor-1.test", "/gone");
    List<String> logged =
        server.requests().stream()
            .map(r -> r.host() + " " + r.kind() + " " + r.status())
            .collect(Collectors.toList());
    assertEquals(
        List.of(
            "www.amber-0.test ROBOTS_TXT 200",
            "www.amber-0.test REAL 200",
            "mirror.amber-0.test DUPLICATE 200",
            "www.amber-0.test TRAP 200",
            "www.harbor-1.test DEAD 404"),
        logged);
    BroadScore score = BroadScore.of(web, server.requests(), 60_000);
    assertEquals(4, score.fetches());
    assertEquals(1, score.realPages());
    assertEquals(0.25, score.harvest(), 1e-9);
  }

  @Test
  public void reAsksWithinTheBackoffAfterARefusalAreCounted() throws IOException {
    get("www.lantern-2.test", "/");
    get("www.lantern-2.test", "/");
    get("www.lantern-2.test", "/");
    get("www.lantern-2.test", "/robots.txt");
    BroadScore score = BroadScore.of(web, server.requests(), 600_000);
    assertEquals(3, score.fetches());
    assertEquals(2, score.refused());
    assertEquals(2, score.reasks());
    assertEquals(1, score.refusingHosts());
    assertEquals(0, BroadScore.of(web, server.requests(), 0).reasks());
  }
}
