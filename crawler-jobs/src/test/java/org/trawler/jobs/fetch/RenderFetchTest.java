package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.fetch.render.RenderCounter;
import org.trawler.jobs.fetch.render.RenderKeys;
import org.trawler.jobs.fetch.render.Renderer;

/**
 * A fetched page rendered in a real headless Chromium, as the fetcher thread does it: script-made
 * links and text end up in the rendered DOM, the page's HTML is asked for once, and every request
 * the browser makes passes the address guard, the robots rules and the third-party rule. A page
 * that never goes quiet, a script that never ends and a browser killed mid-page each end with a
 * reason, and the next page renders.
 */
public class RenderFetchTest {
  private static final String JS_PAGE =
      "<html><head><title>js</title></head><body><div id=app>loading</div>"
          + "<img src=/logo.png>"
          + "<script>fetch('/data.json').then(r => r.json()).then(d => {"
          + " const app = document.getElementById('app'); app.textContent = d.text;"
          + " for (const href of d.links) { const a = document.createElement('a');"
          + " a.href = href; a.textContent = href; document.body.appendChild(a); } });"
          + "</script></body></html>";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private final Map<String, Long> counts = new ConcurrentHashMap<>();
  private final CounterSink counters = (group, name, n) -> counts.merge(name, n, Long::sum);
  private RecordingServer site;
  private RecordingServer other;
  private Protocol protocol;
  private Renderer renderer;

  @Before
  public void start() throws IOException {
    site = new RecordingServer("127.0.0.2");
    other = new RecordingServer("127.0.0.3");
    site.respond("/js.html", html(JS_PAGE))
        .respond(
            "/data.json",
            new RecordingServer.Response(
                200,
                "{\"text\":\"zanzibarwords from script\",\"links\":[\"/made1\",\"/made2\"]}",
                0,
                Map.of("Content-Type", "application/json")));
  }

  @After
  public void stop() throws IOException {
    if (renderer != null) {
      renderer.close();
    }
    if (protocol != null) {
      protocol.close();
    }
    site.close();
    other.close();
  }

  private Configuration conf(String... settings) {
    Configuration conf = Segments.localConf(tmp.getRoot());
    conf.setBoolean(ProtocolKeys.RENDER, true);
    conf.set(RenderKeys.TIMEOUT, "15"); // a shared, loaded test machine; the timeout tests set 5
    conf.set(RenderKeys.BROWSERS, "1");
    conf.set(ProtocolKeys.TIMEOUT, "5000");
    for (String s : settings) {
      int eq = s.indexOf('=');
      conf.set(s.substring(0, eq), s.substring(eq + 1));
    }
    return conf;
  }

  private void open(Configuration conf) {
    protocol = FetcherSettings.newProtocol(conf);
    renderer = Renderer.open(conf, protocol, counters);
  }

  private ProtocolOutput fetchAndRender(String url) throws InterruptedException {
    return renderer.render(
        protocol.fetch(url, 0), RobotsRules.allowAll(), this::robotsOf, Renderer.Watch.NONE);
  }

  /** A site's robots.txt rules, asked for now (what the fetch task's robots cache does). */
  private RobotsRules robotsOf(String url) {
    long now = System.currentTimeMillis();
    return RobotsRules.of(
        protocol.fetchRobots(url, now), RobotsRules.agents(new Configuration()), now, 0);
  }

  private static RecordingServer.Response html(String body) {
    return new RecordingServer.Response(200, body, 0, Map.of());
  }

  private long count(RenderCounter c) {
    return counts.getOrDefault(c.counterName(), 0L);
  }

  private static String dom(ProtocolOutput out) {
    return new String(out.getContent().getRendered(), StandardCharsets.UTF_8);
  }

  private List<String> paths(RecordingServer server) {
    List<String> paths = new ArrayList<>();
    server.requests().forEach(r -> paths.add(r.path()));
    return paths;
  }

  @Test
  public void scriptWrittenLinksAndTextAreInTheRenderedDom() throws Exception {
    open(conf());
    ProtocolOutput out = fetchAndRender(site.url("/js.html"));
    assertEquals("ok", out.getReasonName());
    Content content = out.getContent();
    assertTrue(content.isRendered());
    String dom = dom(out);
    assertTrue(dom, dom.contains("zanzibarwords from script"));
    assertTrue(dom, dom.contains("href=\"/made1\"") && dom.contains("href=\"/made2\""));
    assertFalse(new String(content.getContent(), StandardCharsets.UTF_8).contains("zanzibar"));
    // the page's HTML once (by the fetch), its JSON once (for the browser), no image, no favicon
    assertEquals(List.of("/js.html", "/data.json"), paths(site));
    assertEquals(1, count(RenderCounter.RENDERED));
    assertEquals(1, count(RenderCounter.SUBREQUESTS));
    assertEquals(2, count(RenderCounter.SUBREQUESTS_BLOCKED_TYPE));
    Content parsed = content.forParse();
    assertEquals("text/html; charset=UTF-8", parsed.getHeader("Content-Type"));
  }

  @Test
  public void aDeniedAddressSeesNoRequestFromTheBrowser() throws Exception {
    site.respond(
        "/leak.html",
        html(
            "<html><body><p>leak</p><script>fetch('"
                + other.url("/secret.json")
                + "').catch(e => 0); const s = document.createElement('script'); s.src = '"
                + other.url("/secret.js")
                + "'; document.body.appendChild(s);</script></body></html>"));
    open(conf(RenderKeys.THIRD_PARTY + "=true", ProtocolKeys.ADDRESS_DENY + "=127.0.0.3/32"));
    ProtocolOutput out = fetchAndRender(site.url("/leak.html"));
    assertTrue(out.getContent().isRendered());
    assertEquals(List.of(), other.requests());
    assertEquals(2, count(RenderCounter.SUBREQUESTS_BLOCKED_GUARD));
  }

  @Test
  public void otherHostsAndRobotsDisallowedPathsAreNotRequested() throws Exception {
    site.respond(
        "/mixed.html",
        html(
            "<html><body><script>fetch('"
                + other.url("/tracker.json")
                + "').catch(e => 0); fetch('/private/x.json').catch(e => 0);"
                + " fetch('/public.json').catch(e => 0);</script></body></html>"));
    site.robots("User-agent: *\nDisallow: /private\n");
    Configuration conf = conf();
    open(conf);
    RobotsRules rules =
        RobotsRules.of(
            protocol.fetchRobots(site.url("/"), System.currentTimeMillis()),
            RobotsRules.agents(conf),
            System.currentTimeMillis(),
            Long.MAX_VALUE);
    ProtocolOutput out =
        renderer.render(
            protocol.fetch(site.url("/mixed.html"), 0), rules, this::robotsOf, Renderer.Watch.NONE);
    assertTrue(out.getContent().isRendered());
    assertEquals(List.of(), other.requests());
    assertEquals(List.of("/robots.txt", "/mixed.html", "/public.json"), paths(site));
    assertEquals(1, count(RenderCounter.SUBREQUESTS_BLOCKED_THIRD_PARTY));
    assertEquals(1, count(RenderCounter.SUBREQUESTS_BLOCKED_ROBOTS));
  }

  @Test
  public void aThirdPartyIsAskedByItsOwnRobotsTxtNotThePages() throws Exception {
    site.respond(
        "/cdn.html",
        html(
            "<html><body><script>fetch('"
                + other.url("/open.json")
                + "').catch(e => 0); fetch('"
                + other.url("/closed.json")
                + "').catch(e => 0);</script></body></html>"));
    site.robots("User-agent: *\nDisallow: /open\n");
    other.robots("User-agent: *\nDisallow: /closed\n");
    Configuration conf = conf(RenderKeys.THIRD_PARTY + "=true");
    open(conf);
    RobotsRules rules = robotsOf(site.url("/"));
    ProtocolOutput out =
        renderer.render(
            protocol.fetch(site.url("/cdn.html"), 0), rules, this::robotsOf, Renderer.Watch.NONE);
    assertTrue(out.getContent().isRendered());
    // the page's robots.txt disallows /open and allows /closed; the third party's, the reverse
    List<String> asked = new ArrayList<>();
    other.pageRequests().forEach(r -> asked.add(r.path()));
    assertEquals(List.of("/open.json"), asked);
    assertTrue(paths(other).contains("/robots.txt"));
    assertEquals(1, count(RenderCounter.SUBREQUESTS_BLOCKED_ROBOTS));
    assertEquals(0, count(RenderCounter.SUBREQUESTS_BLOCKED_THIRD_PARTY));
  }

  @Test
  public void aPageThatNeverGoesQuietIsRenderTimeoutAndTheNextPageRenders() throws Exception {
    site.respond(
        "/forever.html",
        html(
            "<html><body><p>raw words</p><script>setInterval(() => fetch('/poll').catch(e => 0),"
                + " 100);</script></body></html>"));
    // the bound holds for the next page too, the restarted browser's first: on a loaded CI machine
    // that one has taken more than 5 s
    open(conf(RenderKeys.TIMEOUT + "=8"));
    ProtocolOutput out = fetchAndRender(site.url("/forever.html"));
    assertEquals("render_timeout", out.getReasonName());
    assertFalse(out.getContent().isRendered());
    assertTrue(fetchAndRender(site.url("/js.html")).getContent().isRendered());
    assertEquals(1, count(RenderCounter.RENDER_TIMEOUTS));
    assertEquals(1, count(RenderCounter.BROWSER_RESTARTS));
  }

  @Test
  public void aScriptThatNeverEndsIsRenderTimeoutAndTheNextPageRenders() throws Exception {
    site.respond(
        "/loop.html", html("<html><body><p>x</p><script>for (;;) {}</script></body></html>"));
    // the bound holds for the next page too, the restarted browser's first: on a loaded CI machine
    // that one has taken more than 5 s
    open(conf(RenderKeys.TIMEOUT + "=8"));
    ProtocolOutput out = fetchAndRender(site.url("/loop.html"));
    assertEquals("render_timeout", out.getReasonName());
    assertFalse(out.getContent().isRendered());
    assertTrue(fetchAndRender(site.url("/js.html")).getContent().isRendered());
  }

  @Test
  public void aBrowserKilledMidPageIsRenderFailedAndTheNextPageRenders() throws Exception {
    site.respond(
        "/slow.html",
        html(
            "<html><body><script>setInterval(() => fetch('/poll').catch(e => 0), 100);"
                + "</script></body></html>"));
    open(conf(RenderKeys.TIMEOUT + "=20"));
    Thread killer =
        new Thread(
            () -> {
              try {
                while (!paths(site).contains("/poll")) {
                  Thread.sleep(20);
                }
                browsers().forEach(ProcessHandle::destroyForcibly);
              } catch (InterruptedException | IOException e) {
                // the test ends
              }
            });
    killer.start();
    long start = System.nanoTime();
    ProtocolOutput out = fetchAndRender(site.url("/slow.html"));
    killer.join();
    assertEquals("render_failed", out.getReasonName());
    assertTrue("took the whole timeout", System.nanoTime() - start < 15_000_000_000L);
    assertTrue(fetchAndRender(site.url("/js.html")).getContent().isRendered());
    assertEquals(1, count(RenderCounter.RENDER_FAILURES));
    assertEquals(1, count(RenderCounter.BROWSER_RESTARTS));
  }

  /**
   * A pop-up without a user's click (a render has none) is refused by Chromium's pop-up blocker; a
   * worker is attached before it runs, and its request to a denied address is intercepted and
   * refused like the page's own.
   */
  @Test
  public void aPopUpIsRefusedAndAWorkersRequestsAreIntercepted() throws Exception {
    site.respond(
        "/opener.html",
        html(
            "<html><body><p>opener</p><script>"
                + "const w = window.open('"
                + other.url("/popup.html")
                + "'); if (w) w.fetch('"
                + other.url("/popup.json")
                + "').catch(e => 0);"
                + " new Worker(URL.createObjectURL(new Blob([\"fetch('"
                + other.url("/worker.json")
                + "').catch(e => 0)\"], {type: 'text/javascript'})));"
                + "</script></body></html>"));
    open(conf(RenderKeys.THIRD_PARTY + "=true", ProtocolKeys.ADDRESS_DENY + "=127.0.0.3/32"));
    ProtocolOutput out = fetchAndRender(site.url("/opener.html"));
    assertEquals("ok", out.getReasonName());
    assertEquals(List.of(), other.requests());
    assertEquals(1, count(RenderCounter.TARGETS_ATTACHED)); // the worker
    assertEquals(1, count(RenderCounter.SUBREQUESTS_BLOCKED_GUARD)); // its fetch
    assertEquals(List.of("/opener.html"), paths(site));
  }

  /**
   * A page that sends itself to file:///etc/passwd, then to chrome://version, stays where it is
   * (Chromium refuses a page's navigation to a local file or its own pages; the render counts
   * each), and a frame of file: never loads.
   */
  @Test
  public void aPageGoingToALocalFileIsRefused() throws Exception {
    site.respond(
        "/file.html",
        html(
            "<html><body><p>before</p><iframe src='file:///etc/passwd'></iframe>"
                + "<script>setTimeout(() => location.href = 'file:///etc/passwd', 50);"
                + " setTimeout(() => location.href = 'chrome://version/', 100);</script>"
                + "</body></html>"));
    open(conf());
    ProtocolOutput out = fetchAndRender(site.url("/file.html"));
    assertEquals("ok", out.getReasonName());
    String dom = dom(out);
    assertTrue(dom, dom.contains("<p>before</p>"));
    assertFalse(dom, dom.contains("root:"));
    assertFalse(dom, dom.contains("Command Line"));
    assertEquals(2, count(RenderCounter.SUBREQUESTS_BLOCKED_SCHEME));
  }

  @Test
  public void aWebSocketToADeniedHostIsRefused() throws Exception {
    site.respond(
        "/ws.html",
        html(
            "<html><body><p>ws</p><script>const s = new WebSocket('"
                + other.url("/socket").replace("http:", "ws:")
                + "'); s.onerror = () => 0;</script></body></html>"));
    open(conf(RenderKeys.THIRD_PARTY + "=true", ProtocolKeys.ADDRESS_DENY + "=127.0.0.3/32"));
    ProtocolOutput out = fetchAndRender(site.url("/ws.html"));
    assertTrue(out.getContent().isRendered());
    assertEquals(List.of(), other.requests());
    assertEquals(1, count(RenderCounter.SUBREQUESTS_BLOCKED_WEBSOCKET));
  }

  @Test
  public void aDomOverTheCapIsCutWithItsReason() throws Exception {
    site.respond(
        "/big.html",
        html(
            "<html><body><p id=p></p><script>document.getElementById('p').textContent ="
                + " '\u00e9'.repeat(5000);</script></body></html>"));
    open(conf(RenderKeys.MAX_BYTES + "=1002"));
    ProtocolOutput out = fetchAndRender(site.url("/big.html"));
    assertEquals("render_truncated", out.getReasonName());
    byte[] dom = out.getContent().getRendered();
    // 35 bytes of tags, then 483 é of two bytes: the 484th would be split, so it is left out
    assertEquals(1001, dom.length);
    assertEquals("<html><head></head><body><p id=\"p\">" + "\u00e9".repeat(483), dom(out));
    assertEquals(1, count(RenderCounter.RENDER_TRUNCATIONS));
    assertEquals(1, count(RenderCounter.RENDERED));
  }

  /** This JVM's Chromium processes. */
  private static List<ProcessHandle> browsers() throws IOException {
    List<ProcessHandle> found = new ArrayList<>();
    for (ProcessHandle p : ProcessHandle.current().descendants().toList()) {
      try {
        String cmd =
            Files.readString(java.nio.file.Path.of("/proc", Long.toString(p.pid()), "cmdline"));
        if (cmd.contains("chromium") && !cmd.contains("watchdog")) {
          found.add(p);
        }
      } catch (IOException e) {
        // gone already
      }
    }
    return found;
  }
}
