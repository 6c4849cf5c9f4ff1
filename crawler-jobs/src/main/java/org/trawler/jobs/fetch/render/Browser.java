package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A started browser of the pool: its process, the page it renders now (one at a time), and the one
 * thread that answers that page's intercepted requests in order.
 *
 * <p>Every target of the browser is attached before it runs ({@code Target.setAutoAttach} with
 * {@code waitForDebuggerOnStart}, on the browser and again on every target it attaches, for their
 * frames and workers): the page's tab, its pop-ups, frames and workers each get request
 * interception and only then may run. A target's requests belong to the page being rendered when it
 * was attached; those of a target no render owns (the start tab, one left from a page already done)
 * are refused.
 */
final class Browser implements DevTools.Listener, AutoCloseable {
  /** One attached target: its id, its type (page, iframe, worker...) and the render it is for. */
  record Attached(String targetId, String type, PageRender owner) {}

  /**
   * Network requests the browser refuses on its own, for every target: WebSockets, which the
   * fetcher's protocol cannot carry and DevTools' request interception does not see.
   */
  static final List<String> BLOCKED_URLS = List.of("ws://*", "wss://*");

  private final ExecutorService requests;
  private final BrowserProcess process;
  private final Map<String, Attached> sessions = new ConcurrentHashMap<>();

  /** Set before the browser can send an event (events come on the connection's reading thread). */
  private volatile DevTools devTools;

  private volatile PageRender page;
  private int pages;

  private Browser(String binary, Path tempDir, long maxMessageBytes) throws IOException {
    requests =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "render-requests");
              t.setDaemon(true); // a request stuck in the network must not keep the task alive
              return t;
            });
    try {
      process = BrowserProcess.start(binary, tempDir, this, maxMessageBytes);
    } catch (IOException | RuntimeException e) {
      requests.shutdownNow();
      throw e;
    }
    devTools = process.devTools();
    try {
      devTools.call(
          null,
          "Target.setAutoAttach",
          autoAttach(),
          System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(BrowserProcess.START_MILLIS));
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    } catch (TimeoutException e) {
      close();
      throw new IOException("the browser did not turn on auto-attach in time");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new IOException("interrupted while the browser started", e);
    }
  }

  static Browser start(String binary, Path tempDir, long maxMessageBytes) throws IOException {
    return new Browser(binary, tempDir, maxMessageBytes);
  }

  /** Attach every new target, paused until it is told to run, in one connection (flatten). */
  private static ObjectNode autoAttach() {
    ObjectNode p = DevTools.params();
    p.put("autoAttach", true);
    p.put("waitForDebuggerOnStart", true);
    p.put("flatten", true);
    return p;
  }

  /** Renders {@code render}'s page by {@code deadlineNanos}. */
  PageRender.Result render(PageRender render, long deadlineNanos) throws InterruptedException {
    pages++;
    page = render;
    try {
      return render.run(devTools, deadlineNanos);
    } finally {
      page = null;
    }
  }

  /** Pages this browser was given. */
  int pages() {
    return pages;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** The process group of the browser (for tests that kill it). */
  long group() {
    return process.group();
  }

  @Override
  public void event(String method, JsonNode params, String sessionId) {
    switch (method) {
      case "Target.attachedToTarget" -> attached(params);
      case "Target.detachedFromTarget" -> sessions.remove(params.path("sessionId").asText());
      case "Fetch.requestPaused" -> paused(params, sessionId);
      default -> {
        Attached target = sessionId == null ? null : sessions.get(sessionId);
        PageRender owner = target == null ? null : target.owner();
        if (owner != null && owner == page) {
          owner.event(method, params, sessionId, target);
        }
      }
    }
  }

  /**
   * A new target, paused: it gets request interception, the same auto-attach for its own frames and
   * workers, WebSockets blocked, page and network events; then it may run. A target whose
   * interception cannot be turned on never runs (it stays paused until its page is closed), but a
   * dedicated worker: it has no Fetch domain of its own, its requests are intercepted in its page's
   * session (RenderFetchTest.aPopUpIsRefusedAndAWorkersRequestsAreIntercepted).
   */
  private void attached(JsonNode params) {
    String session = params.path("sessionId").asText();
    JsonNode info = params.path("targetInfo");
    String type = info.path("type").asText();
    PageRender owner = page;
    Attached target = new Attached(info.path("targetId").asText(), type, owner);
    sessions.put(session, target);
    ObjectNode intercept = DevTools.params();
    ArrayNode patterns = intercept.putArray("patterns");
    patterns.addObject().put("urlPattern", "*").put("requestStage", "Request");
    CompletableFuture<JsonNode> intercepting = devTools.send(session, "Fetch.enable", intercept);
    devTools.send(session, "Target.setAutoAttach", autoAttach());
    ObjectNode blocked = DevTools.params();
    BLOCKED_URLS.forEach(blocked.putArray("urls")::add);
    CompletableFuture<JsonNode> network = devTools.send(session, "Network.enable", null);
    if (type.equals("page") || type.equals("iframe")) {
      devTools.send(session, "Page.enable", null);
      ObjectNode lifecycle = DevTools.params();
      lifecycle.put("enabled", true);
      devTools.send(session, "Page.setLifecycleEventsEnabled", lifecycle);
    }
    CompletableFuture<JsonNode> blocking =
        devTools.send(session, "Network.setBlockedURLs", blocked);
    intercepting.whenComplete(
        (ok, failed) -> {
          if (failed != null && !type.equals("worker")) {
            return; // no interception: it never runs
          }
          // WebSockets blocked where a target has a network domain (not every worker has)
          network
              .handle((r, e) -> null)
              .thenCombine(blocking.handle((r, e) -> null), (a, b) -> null)
              .thenRun(
                  () -> {
                    devTools.send(session, "Runtime.runIfWaitingForDebugger", null);
                    if (owner != null) {
                      owner.attached(target, session);
                    }
                  });
        });
  }

  /**
   * An intercepted request: answered for the render its target belongs to, on the requests thread;
   * one no render in progress owns is refused at once.
   */
  private void paused(JsonNode params, String sessionId) {
    Attached target = sessionId == null ? null : sessions.get(sessionId);
    PageRender owner = target == null ? null : target.owner();
    if (owner == null || owner != page) {
      ObjectNode p = DevTools.params();
      p.put("requestId", params.path("requestId").asText());
      p.put("errorReason", "BlockedByClient");
      devTools.send(sessionId, "Fetch.failRequest", p);
      return;
    }
    requests.execute(() -> owner.paused(devTools, sessionId, target, params));
  }

  @Override
  public void closed() {
    PageRender current = page;
    if (current != null) {
      current.crashed("the browser exited or was killed");
    }
  }

  @Override
  public void close() {
    requests.shutdownNow();
    process.close();
  }
}
