package org.trawler.jobs.fetch.render;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One browser's Chrome DevTools Protocol connection over {@code --remote-debugging-pipe}: JSON
 * messages, each ended by a NUL byte, written to the browser's fd 3 and read from its fd 4 (here:
 * two anonymous pipes, so nothing listens anywhere). Commands with their answers, and events handed
 * to a listener (sessions flattened: a target's messages carry its sessionId). Thread-safe.
 *
 * <p>One thread reads, one writes: a caller never blocks on a browser that stopped reading (it
 * waits for the answer until its own deadline), and a message longer than the bound given at start
 * (a hostile page's DOM) closes the connection instead of filling the heap.
 */
final class DevTools implements AutoCloseable {
  /** Receives the browser's events, on the reading thread: it must not block. */
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
  private final OutputStream toBrowser;
  private final InputStream fromBrowser;
  private final long maxMessageBytes;
  private final ExecutorService writer;
  private volatile boolean closed;

  private DevTools(
      OutputStream toBrowser, InputStream fromBrowser, Listener listener, long maxMessageBytes) {
    this.toBrowser = toBrowser;
    this.fromBrowser = fromBrowser;
    this.listener = listener;
    this.maxMessageBytes = maxMessageBytes;
    this.writer = Executors.newSingleThreadExecutor(r -> daemon(r, "devtools-writer"));
  }

  /**
   * Speaks DevTools over the pipe {@code toBrowser} (the browser's fd 3) and {@code fromBrowser}
   * (its fd 4); a message from the browser longer than {@code maxMessageBytes} ends the connection.
   */
  static DevTools over(
      OutputStream toBrowser, InputStream fromBrowser, Listener listener, long maxMessageBytes) {
    DevTools devTools = new DevTools(toBrowser, fromBrowser, listener, maxMessageBytes);
    daemon(devTools::readAll, "devtools-reader").start();
    return devTools;
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true); // a browser that hangs must not keep the task alive
    return t;
  }

  /** A new params object. */
  static ObjectNode params() {
    return JSON.createObjectNode();
  }

  /**
   * Sends {@code method} (to the target session {@code sessionId}, or the browser when null) and
   * waits for its result until {@code deadlineNanos} (System.nanoTime()).
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
      byte[] bytes = JSON.writeValueAsBytes(message);
      writer.execute(() -> write(bytes, method));
    } catch (IOException | RejectedExecutionException e) {
      answer.completeExceptionally(new DevToolsException("cannot send " + method + ": " + e));
    }
    return answer;
  }

  /** On the writing thread: one message and its NUL; a pipe that broke ends the connection. */
  private void write(byte[] message, String method) {
    try {
      toBrowser.write(message);
      toBrowser.write(0);
      toBrowser.flush();
    } catch (IOException e) {
      gone();
    }
  }

  boolean isOpen() {
    return !closed;
  }

  @Override
  public void close() {
    gone();
    writer.shutdownNow();
    try {
      toBrowser.close();
    } catch (IOException e) {
      // the browser is gone already
    }
    try {
      fromBrowser.close();
    } catch (IOException e) {
      // the same
    }
  }

  private void gone() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    for (CompletableFuture<JsonNode> answer : pending.values()) {
      answer.completeExceptionally(new DevToolsException("the browser connection closed"));
    }
    listener.closed();
  }

  /** The reading thread: NUL-ended messages until the browser's end of the pipe closes. */
  private void readAll() {
    ByteArrayOutputStream message = new ByteArrayOutputStream();
    byte[] chunk = new byte[65536];
    try {
      int n;
      while ((n = fromBrowser.read(chunk)) >= 0) {
        int from = 0;
        for (int i = 0; i < n; i++) {
          if (chunk[i] == 0) {
            message.write(chunk, from, i - from);
            receive(message.toByteArray());
            message.reset();
            from = i + 1;
          }
        }
        message.write(chunk, from, n - from);
        if (message.size() > maxMessageBytes) {
          break; // a bound broken: the browser is stopped rather than the heap filled
        }
      }
    } catch (IOException e) {
      // the pipe broke: the browser is gone
    } catch (RuntimeException e) {
      // a listener's bug must not leave callers waiting: the connection ends
    }
    gone();
  }

  private void receive(byte[] text) {
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
}
