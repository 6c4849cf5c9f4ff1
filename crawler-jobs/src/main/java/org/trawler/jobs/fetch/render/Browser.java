package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A started browser of the pool: its process, the page it renders now (one at a time), and the one
 * thread that answers that page's intercepted requests in order.
 */
final class Browser implements DevTools.Listener, AutoCloseable {
  private final ExecutorService requests;
  private final BrowserProcess process;
  private volatile PageRender page;
  private int pages;

  private Browser(String binary, Path tempDir) throws IOException {
    requests =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "render-requests");
              t.setDaemon(true); // a request stuck in the network must not keep the task alive
              return t;
            });
    try {
      process = BrowserProcess.start(binary, tempDir, this);
    } catch (IOException | RuntimeException e) {
      requests.shutdownNow();
      throw e;
    }
  }

  static Browser start(String binary, Path tempDir) throws IOException {
    return new Browser(binary, tempDir);
  }

  /** Renders {@code render}'s page by {@code deadlineNanos}. */
  PageRender.Result render(PageRender render, long deadlineNanos) throws InterruptedException {
    pages++;
    page = render;
    try {
      return render.run(process.devTools(), deadlineNanos);
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
    PageRender current = page;
    if (current == null || sessionId == null || !sessionId.equals(current.session())) {
      return;
    }
    if (method.equals("Fetch.requestPaused")) {
      requests.execute(() -> current.paused(process.devTools(), params));
    } else {
      current.event(method, params);
    }
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
