package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
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
 * One page rendered in one browser: a new tab whose every request is intercepted (DevTools {@code
 * Fetch} domain). The page's own HTML is answered from the bytes the fetcher already has; what its
 * scripts and styles ask for passes {@link SubRequestPolicy} and is fetched through the fetcher's
 * protocol, so the address guard holds; the rest fails. Done when the network has been quiet
 * (Chromium's {@code networkIdle}: no request for 500 ms), then the DOM is read.
 */
final class PageRender {
  /** How a render ended. */
  enum Outcome {
    RENDERED,
    TIMEOUT,
    FAILED
  }

  /** The outcome, the DOM when rendered, and a message otherwise. */
  record Result(Outcome outcome, byte[] dom, String message) {}

  /** Response headers not passed to the browser: the body it gets is decoded and whole. */
  private static final Set<String> HOP_HEADERS =
      Set.of("content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive");

  private final Content page;
  private final RobotsRules robots;
  private final SiteRobots otherSites;
  private final Protocol protocol;
  private final SubRequestPolicy policy;
  private final CounterSink counters;

  private final Set<String> quietLoaders = new HashSet<>();
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
      CounterSink counters) {
    this.page = page;
    this.robots = robots;
    this.otherSites = otherSites;
    this.protocol = protocol;
    this.policy = policy;
    this.counters = counters;
  }

  /** Renders the page in {@code browser} by {@code deadlineNanos}. */
  Result run(DevTools browser, long deadlineNanos) throws InterruptedException {
    String target = null;
    try {
      target =
          browser
              .call(null, "Target.createTarget", params("url", "about:blank"), deadlineNanos)
              .path("targetId")
              .asText();
      mainFrame = target;
      ObjectNode attach = params("targetId", target);
      attach.put("flatten", true);
      session =
          browser
              .call(null, "Target.attachToTarget", attach, deadlineNanos)
              .path("sessionId")
              .asText();
      ObjectNode intercept = DevTools.params();
      ArrayNode patterns = intercept.putArray("patterns");
      patterns.addObject().put("urlPattern", "*").put("requestStage", "Request");
      browser.call(session, "Fetch.enable", intercept, deadlineNanos);
      browser.call(session, "Page.enable", null, deadlineNanos);
      ObjectNode lifecycle = DevTools.params();
      lifecycle.put("enabled", true);
      browser.call(session, "Page.setLifecycleEventsEnabled", lifecycle, deadlineNanos);
      JsonNode nav =
          browser.call(session, "Page.navigate", params("url", page.getFinalUrl()), deadlineNanos);
      if (nav.hasNonNull("errorText")) {
        return new Result(Outcome.FAILED, null, "navigation failed: " + nav.get("errorText"));
      }
      awaitQuiet(nav.path("loaderId").asText(), deadlineNanos);
      ObjectNode read = params("expression", "document.documentElement.outerHTML");
      read.put("returnByValue", true);
      JsonNode value = browser.call(session, "Runtime.evaluate", read, deadlineNanos);
      String html = value.path("result").path("value").asText("");
      if (html.isEmpty()) {
        return new Result(Outcome.FAILED, null, "the page has no document element");
      }
      return new Result(Outcome.RENDERED, html.getBytes(StandardCharsets.UTF_8), "");
    } catch (TimeoutException e) {
      return new Result(Outcome.TIMEOUT, null, "not rendered in time");
    } catch (IOException e) {
      return new Result(Outcome.FAILED, null, e.getMessage());
    } finally {
      finished = true;
      if (target != null && browser.isOpen()) {
        browser.send(null, "Target.closeTarget", params("targetId", target));
      }
    }
  }

  /** Waits for the main frame's network to go quiet for the navigation {@code loaderId}. */
  private synchronized void awaitQuiet(String loaderId, long deadlineNanos)
      throws TimeoutException, InterruptedException, IOException {
    while (!quietLoaders.contains(loaderId)) {
      if (crash != null) {
        throw new IOException(crash);
      }
      long left = deadlineNanos - System.nanoTime();
      if (left <= 0) {
        throw new TimeoutException();
      }
      TimeUnit.NANOSECONDS.timedWait(this, left);
    }
  }

  /** The session's id once attached, or null. */
  String session() {
    return session;
  }

  /** An event of this page's session; on the WebSocket thread, so it does not block. */
  synchronized void event(String method, JsonNode params) {
    if (method.equals("Page.lifecycleEvent")
        && "networkIdle".equals(params.path("name").asText())
        && params.path("frameId").asText().equals(mainFrame)) {
      quietLoaders.add(params.path("loaderId").asText());
      notifyAll();
    } else if (method.equals("Inspector.targetCrashed")) {
      crashed("the page's renderer crashed");
    }
  }

  /** The browser or its connection is gone. */
  synchronized void crashed(String why) {
    crash = why;
    notifyAll();
  }

  /**
   * Answers one intercepted request (DevTools {@code Fetch.requestPaused}); may block on the
   * network, so it runs on the browser's event thread, one request at a time.
   */
  void paused(DevTools browser, JsonNode params) {
    if (finished) {
      return;
    }
    String id = params.path("requestId").asText();
    JsonNode request = params.path("request");
    String url = request.path("url").asText();
    String type = params.path("resourceType").asText();
    if (!pageServed
        && "Document".equals(type)
        && mainFrame.equals(params.path("frameId").asText())) {
      pageServed = true;
      Map<String, String> headers = page.getHeaders();
      fulfill(browser, id, 200, headers, page.getContent());
      return;
    }
    SubRequestPolicy.Verdict verdict =
        policy.decide(
            page.getFinalUrl(), url, request.path("method").asText(), type, robots, otherSites);
    if (verdict != SubRequestPolicy.Verdict.FETCH) {
      counters.count(verdict.counter, 1);
      fail(browser, id, "BlockedByClient");
      return;
    }
    ProtocolOutput got = protocol.fetch(url, 0, target -> false);
    if (got.getReasonName().equals(Reason.ADDRESS_DENIED.nameFor(0))) {
      counters.count(RenderCounter.SUBREQUESTS_BLOCKED_GUARD, 1);
      fail(browser, id, "AddressUnreachable");
      return;
    }
    counters.count(RenderCounter.SUBREQUESTS, 1);
    if (got.getStatus() == CrawlStatus.FETCH_SUCCESS && got.getContent() != null) {
      fulfill(
          browser,
          id,
          got.getHttpCode(),
          got.getContent().getHeaders(),
          got.getContent().getContent());
    } else if (got.getRedirectTarget() != null) {
      fulfill(
          browser, id, got.getHttpCode(), Map.of("Location", got.getRedirectTarget()), new byte[0]);
    } else if (got.getHttpCode() >= 400) {
      fulfill(browser, id, got.getHttpCode(), Map.of(), new byte[0]);
    } else {
      fail(browser, id, "Failed");
    }
  }

  private void fulfill(
      DevTools browser, String id, int code, Map<String, String> headers, byte[] body) {
    ObjectNode p = params("requestId", id);
    p.put("responseCode", code);
    ArrayNode list = p.putArray("responseHeaders");
    for (Map.Entry<String, String> h : headers.entrySet()) {
      if (!HOP_HEADERS.contains(h.getKey().toLowerCase(Locale.ROOT))) {
        list.addObject().put("name", h.getKey()).put("value", h.getValue());
      }
    }
    p.put("body", Base64.getEncoder().encodeToString(body));
    browser.send(session, "Fetch.fulfillRequest", p);
  }

  private void fail(DevTools browser, String id, String reason) {
    ObjectNode p = params("requestId", id);
    p.put("errorReason", reason);
    browser.send(session, "Fetch.failRequest", p);
  }

  private static ObjectNode params(String name, String value) {
    ObjectNode p = DevTools.params();
    p.put(name, value);
    return p;
  }
}
