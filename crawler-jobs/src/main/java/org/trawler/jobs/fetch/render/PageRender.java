package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;
import org.trawler.jobs.CounterSink;

/**
 * One page rendered in one browser: a new tab whose every request, and those of every pop-up, frame
 * and worker it starts (attached by {@link Browser} before they run), is intercepted (DevTools
 * {@code Fetch} domain). The page's own HTML is answered from the bytes the fetcher already has;
 * what its scripts and styles ask for passes {@link SubRequestPolicy} and is fetched through the
 * fetcher's protocol, so the address guard holds; the rest fails. Done when the network has been
 * quiet (Chromium's {@code networkIdle}: no request for 500 ms), then the DOM is read, with the
 * page's location (a page no longer on http(s) is not taken) and at most fetcher.render.max.bytes
 * of it.
 */
final class PageRender {
  /** How a render ended. */
  enum Outcome {
    RENDERED,
    /** Rendered, its DOM cut at fetcher.render.max.bytes. */
    TRUNCATED,
    TIMEOUT,
    FAILED
  }

  /** The outcome, the DOM when rendered, and a message otherwise. */
  record Result(Outcome outcome, byte[] dom, String message) {}

  /** The targets a page can start (the browser's own, browser_ui, are not counted). */
  private static final Set<String> STARTED_TYPES =
      Set.of("page", "iframe", "worker", "shared_worker", "service_worker");

  /** Response headers not passed to the browser: the body it gets is decoded and whole. */
  private static final Set<String> HOP_HEADERS =
      Set.of("content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive");

  private final Content page;
  private final RobotsRules robots;
  private final SiteRobots otherSites;
  private final Protocol protocol;
  private final SubRequestPolicy policy;
  private final CounterSink counters;

  private final long maxBytes;
  private final Set<String> quietLoaders = new HashSet<>();

  /** The render's attached targets: target id to session id. */
  private final Map<String, String> sessions = new HashMap<>();

  private final List<String> popups = new ArrayList<>();

  /** Navigations to a scheme but the web's, by frame and URL. */
  private final Set<String> refusedNavigations = new HashSet<>();

  private volatile String session;
  private volatile String mainFrame;
  private volatile boolean pageServed;
  private volatile boolean finished;
  private String crash;

  PageRender(
      Content page,
      RobotsRules robots,
      SiteRobots otherSites,
      Protocol protocol,
      SubRequestPolicy policy,
      CounterSink counters,
      long maxBytes) {
    this.page = page;
    this.maxBytes = maxBytes;
    this.robots = robots;
    this.otherSites = otherSites;
    this.protocol = protocol;
    this.policy = policy;
    this.counters = counters;
  }

  /** Renders the page in {@code browser} by {@code deadlineNanos}. */
  Result run(DevTools browser, long deadlineNanos) throws InterruptedException {
    try {
      String target =
          browser
              .call(null, "Target.createTarget", params("url", "about:blank"), deadlineNanos)
              .path("targetId")
              .asText();
      awaitSession(target, deadlineNanos);
      JsonNode nav =
          browser.call(session, "Page.navigate", params("url", page.getFinalUrl()), deadlineNanos);
      if (nav.hasNonNull("errorText")) {
        return new Result(Outcome.FAILED, null, "navigation failed: " + nav.get("errorText"));
      }
      awaitQuiet(nav.path("loaderId").asText(), deadlineNanos);
      ObjectNode read = params("expression", readDom(maxBytes));
      read.put("returnByValue", true);
      JsonNode value = browser.call(session, "Runtime.evaluate", read, deadlineNanos);
      JsonNode got = value.path("result").path("value");
      String location = got.path(0).asText("");
      if (!SubRequestPolicy.isWeb(location)) {
        counters.count(RenderCounter.SUBREQUESTS_BLOCKED_SCHEME, 1);
        return new Result(Outcome.FAILED, null, "the page went to " + location + ": refused");
      }
      String html = got.path(1).asText("");
      if (html.isEmpty()) {
        return new Result(Outcome.FAILED, null, "the page has no document element");
      }
      return dom(html, maxBytes);
    } catch (TimeoutException e) {
      return new Result(Outcome.TIMEOUT, null, "not rendered in time");
    } catch (IOException e) {
      return new Result(Outcome.FAILED, null, e.getMessage());
    } finally {
      finished = true;
      if (browser.isOpen()) {
        for (String tab : tabs()) {
          browser.send(null, "Target.closeTarget", params("targetId", tab));
        }
      }
    }
  }

  /**
   * The script that reads the page: its location (a page that went to file: or data: is not taken)
   * and its DOM, at most one character past {@code maxBytes} (a longer DOM is cut here, in the
   * browser, and never crosses the pipe whole).
   */
  static String readDom(long maxBytes) {
    return "[String(location.href), document.documentElement"
        + " ? document.documentElement.outerHTML.substring(0, "
        + (maxBytes + 1)
        + ") : '']";
  }

  /**
   * The rendered DOM as UTF-8, cut to at most {@code maxBytes} bytes at a character's boundary:
   * cut, it is still the render, with the outcome {@link Outcome#TRUNCATED}.
   */
  static Result dom(String html, long maxBytes) {
    byte[] bytes = html.getBytes(StandardCharsets.UTF_8);
    if (bytes.length <= maxBytes) {
      return new Result(Outcome.RENDERED, bytes, "");
    }
    int end = (int) maxBytes;
    while (end > 0 && (bytes[end] & 0xC0) == 0x80) {
      end--; // not inside a character's bytes
    }
    return new Result(
        Outcome.TRUNCATED,
        Arrays.copyOf(bytes, end),
        "the rendered DOM has over " + maxBytes + " bytes");
  }

  /** Waits until the tab {@code target} is attached, intercepted and running. */
  private synchronized void awaitSession(String target, long deadlineNanos)
      throws TimeoutException, InterruptedException, IOException {
    mainFrame = target;
    while ((session = sessions.get(target)) == null) {
      waitUntil(deadlineNanos);
    }
  }

  /** Waits for the main frame's network to go quiet for the navigation {@code loaderId}. */
  private synchronized void awaitQuiet(String loaderId, long deadlineNanos)
      throws TimeoutException, InterruptedException, IOException {
    while (!quietLoaders.contains(loaderId)) {
      waitUntil(deadlineNanos);
    }
  }

  /** One wait for news, or the reason there will be none. */
  private void waitUntil(long deadlineNanos)
      throws TimeoutException, InterruptedException, IOException {
    if (crash != null) {
      throw new IOException(crash);
    }
    long left = deadlineNanos - System.nanoTime();
    if (left <= 0) {
      throw new TimeoutException();
    }
    TimeUnit.NANOSECONDS.timedWait(this, left);
  }

  /** The tabs of this render (its page and its pop-ups), closed when it ends. */
  private synchronized List<String> tabs() {
    List<String> tabs = new ArrayList<>(popups);
    if (mainFrame != null) {
      tabs.add(mainFrame);
    }
    return tabs;
  }

  /**
   * A target this render opened (its tab, a pop-up, a frame, a worker) now attached with
   * interception and running, at {@code sessionId}.
   */
  synchronized void attached(Browser.Attached target, String sessionId) {
    sessions.put(target.targetId(), sessionId);
    if (!target.targetId().equals(mainFrame) && STARTED_TYPES.contains(target.type())) {
      counters.count(RenderCounter.TARGETS_ATTACHED, 1);
      if (target.type().equals("page")) {
        popups.add(target.targetId());
      }
    }
    notifyAll();
  }

  /**
   * An event of a target of this render; on the connection's reading thread, so it does not block.
   */
  synchronized void event(
      String method, JsonNode params, String sessionId, Browser.Attached target) {
    switch (method) {
      case "Page.lifecycleEvent" -> {
        if ("networkIdle".equals(params.path("name").asText())
            && params.path("frameId").asText().equals(mainFrame)) {
          quietLoaders.add(params.path("loaderId").asText());
          notifyAll();
        }
      }
      case "Page.frameRequestedNavigation", "Page.frameScheduledNavigation" -> {
        // Chromium tells one navigation by either event or by both: counted once
        String url = params.path("url").asText();
        if (!SubRequestPolicy.isNavigable(url)
            && refusedNavigations.add(params.path("frameId").asText() + " " + url)) {
          counters.count(RenderCounter.SUBREQUESTS_BLOCKED_SCHEME, 1);
        }
      }
      case "Network.webSocketCreated" ->
          counters.count(RenderCounter.SUBREQUESTS_BLOCKED_WEBSOCKET, 1);
      case "Inspector.targetCrashed" -> {
        if (target.targetId().equals(mainFrame)) {
          crashed("the page's renderer crashed");
        }
      }
      default -> {
        // not needed
      }
    }
  }

  /** The browser or its connection is gone. */
  synchronized void crashed(String why) {
    crash = why;
    notifyAll();
  }

  /**
   * Answers one intercepted request (DevTools {@code Fetch.requestPaused}) of the target {@code
   * target} at {@code sessionId}; may block on the network, so it runs on the browser's requests
   * thread, one request at a time.
   */
  void paused(DevTools browser, String sessionId, Browser.Attached target, JsonNode params) {
    String id = params.path("requestId").asText();
    if (finished) {
      fail(browser, sessionId, id, "BlockedByClient");
      return;
    }
    JsonNode request = params.path("request");
    String url = request.path("url").asText();
    String type = params.path("resourceType").asText();
    if (!pageServed
        && "Document".equals(type)
        && target.targetId().equals(mainFrame)
        && mainFrame.equals(params.path("frameId").asText())) {
      pageServed = true;
      Map<String, String> headers = page.getHeaders();
      fulfill(browser, sessionId, id, 200, headers, page.getContent());
      return;
    }
    SubRequestPolicy.Verdict verdict =
        policy.decide(
            page.getFinalUrl(), url, request.path("method").asText(), type, robots, otherSites);
    if (verdict != SubRequestPolicy.Verdict.FETCH) {
      counters.count(verdict.counter, 1);
      fail(browser, sessionId, id, "BlockedByClient");
      return;
    }
    ProtocolOutput got = protocol.fetch(url, 0, t -> false);
    if (got.getReasonName().equals(Reason.ADDRESS_DENIED.nameFor(0))) {
      counters.count(RenderCounter.SUBREQUESTS_BLOCKED_GUARD, 1);
      fail(browser, sessionId, id, "AddressUnreachable");
      return;
    }
    counters.count(RenderCounter.SUBREQUESTS, 1);
    if (got.getStatus() == CrawlStatus.FETCH_SUCCESS && got.getContent() != null) {
      fulfill(
          browser,
          sessionId,
          id,
          got.getHttpCode(),
          got.getContent().getHeaders(),
          got.getContent().getContent());
    } else if (got.getRedirectTarget() != null) {
      fulfill(
          browser,
          sessionId,
          id,
          got.getHttpCode(),
          Map.of("Location", got.getRedirectTarget()),
          new byte[0]);
    } else if (got.getHttpCode() >= 400) {
      fulfill(browser, sessionId, id, got.getHttpCode(), Map.of(), new byte[0]);
    } else {
      fail(browser, sessionId, id, "Failed");
    }
  }

  private static void fulfill(
      DevTools browser,
      String sessionId,
      String id,
      int code,
      Map<String, String> headers,
      byte[] body) {
    ObjectNode p = params("requestId", id);
    p.put("responseCode", code);
    ArrayNode list = p.putArray("responseHeaders");
    for (Map.Entry<String, String> h : headers.entrySet()) {
      if (!HOP_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT))) {
        list.addObject().put("name", h.getKey()).put("value", h.getValue());
      }
    }
    p.put("body", Base64.getEncoder().encodeToString(body));
    browser.send(sessionId, "Fetch.fulfillRequest", p);
  }

  private static void fail(DevTools browser, String sessionId, String id, String reason) {
    ObjectNode p = params("requestId", id);
    p.put("errorReason", reason);
    browser.send(sessionId, "Fetch.failRequest", p);
  }

  private static ObjectNode params(String name, String value) {
    ObjectNode p = DevTools.params();
    p.put(name, value);
    return p;
  }
}
