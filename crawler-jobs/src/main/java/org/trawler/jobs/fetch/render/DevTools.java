package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One browser's Chrome DevTools Protocol connection over the JDK's WebSocket client: commands with
 * their answers, and events handed to a listener (sessions flattened: a page's messages carry its
 * sessionId). Thread-safe.
 */
final class DevTools implements AutoCloseable {
  /** Receives the browser's events, on the WebSocket's thread: it must not block. */
  interface Listener {
    void event(String method, JsonNode params, String sessionId);

    /** The connection is gone (the browser exited or was killed). */
    void closed();
  }

  /** A command the browser refused, or a connection that is gone. */
  static final class DevToolsException extends IOException {
    DevToolsException(String message) {
      super(message);
    }
  }

  static final ObjectMapper JSON = new ObjectMapper();

  private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();
  private final Listener listener;
  private final Object sending = new Object();
  private volatile WebSocket socket;
  private volatile boolean closed;

  private DevTools(Listener listener) {
    this.listener = listener;
  }

  static DevTools connect(URI endpoint, Listener listener, Duration timeout) throws IOException {
    DevTools devTools = new DevTools(listener);
    try {
      devTools.socket =
          HttpClient.newHttpClient()
              .newWebSocketBuilder()
              .connectTimeout(timeout)
              .buildAsync(endpoint, devTools.new Receiver())
              .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("cannot reach the browser's DevTools at " + endpoint + ": " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while connecting to the browser", e);
    }
    return devTools;
  }

  /** A new params object. */
  static ObjectNode params() {
    return JSON.createObjectNode();
  }

  /**
   * Sends {@code method} (to the page {@code sessionId}, or the browser when null) and waits for
   * its result until {@code deadlineNanos} (System.nanoTime()).
   */
  JsonNode call(String sessionId, String method, ObjectNode params, long deadlineNanos)
      throws IOException, TimeoutException, InterruptedException {
    CompletableFuture<JsonNode> answer = send(sessionId, method, params);
    try {
      return answer.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
    } finally {
      answer.cancel(false);
    }
  }

  /** Sends {@code method} without waiting for its answer (errors come back in the future). */
  CompletableFuture<JsonNode> send(String sessionId, String method, ObjectNode params) {
    long id = ids.incrementAndGet();
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    answer.whenComplete((r, e) -> pending.remove(id));
    if (closed) {
      answer.completeExceptionally(new DevToolsException("the browser connection is closed"));
      return answer;
    }
    pending.put(id, answer);
    ObjectNode message = JSON.createObjectNode();
    message.put("id", id);
    message.put("method", method);
    message.set("params", params == null ? params() : params);
    if (sessionId != null) {
      message.put("sessionId", sessionId);
    }
    try {
      String text = JSON.writeValueAsString(message);
      synchronized (sending) { // one message at a time on a WebSocket
        socket.sendText(text, true).get(10, TimeUnit.SECONDS);
      }
    } catch (IOException | ExecutionException | TimeoutException e) {
      answer.completeExceptionally(new DevToolsException("cannot send " + method + ": " + e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      answer.completeExceptionally(new DevToolsException("interrupted sending " + method));
    }
    return answer;
  }

  boolean isOpen() {
    return !closed;
  }

  @Override
  public void close() {
    if (socket != null && !closed) {
      socket.abort();
    }
    gone();
  }

  private void gone() {
    if (closed) {
      return;
    }
    closed = true;
    for (CompletableFuture<JsonNode> answer : pending.values()) {
      answer.completeExceptionally(new DevToolsException("the browser connection closed"));
    }
    listener.closed();
  }

  private void receive(String text) {
    JsonNode message;
    try {
      message = JSON.readTree(text);
    } catch (IOException e) {
      return; // not a DevTools message: nothing waits for it
    }
    JsonNode id = message.get("id");
    if (id != null) {
      CompletableFuture<JsonNode> answer = pending.get(id.asLong());
      if (answer != null) {
        JsonNode error = message.get("error");
        if (error != null) {
          answer.completeExceptionally(new DevToolsException(error.path("message").asText()));
        } else {
          answer.complete(message.path("result"));
        }
      }
    } else if (message.has("method")) {
      listener.event(
          message.get("method").asText(),
          message.path("params"),
          message.hasNonNull("sessionId") ? message.get("sessionId").asText() : null);
    }
  }

  private final class Receiver implements WebSocket.Listener {
    private final StringBuilder parts = new StringBuilder();

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
      parts.append(data);
      if (last) {
        String text = parts.toString();
        parts.setLength(0);
        receive(text);
      }
      webSocket.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
      gone();
      return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
      gone();
    }
  }
}
