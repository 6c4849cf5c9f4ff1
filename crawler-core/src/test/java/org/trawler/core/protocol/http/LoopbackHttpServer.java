package org.trawler.core.protocol.http;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

/**
 * A JDK HTTP(S) server on one loopback address for tests: exact-path handlers, a hit count and the
 * last request headers per path, 404 for everything else. Handlers run on their own threads, so a
 * slow one does not hold the others; close() interrupts them.
 */
final class LoopbackHttpServer implements Closeable {

  /** Answers one request. */
  interface Handler {
    void handle(HttpExchange exchange) throws IOException;
  }

  private final HttpServer server;
  private final ExecutorService threads =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "test-http-server");
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Handler> handlers = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
  private final Map<String, Headers> lastHeaders = new ConcurrentHashMap<>();
  private final AtomicInteger totalHits = new AtomicInteger();

  private LoopbackHttpServer(HttpServer server) {
    this.server = server;
    server.setExecutor(threads);
    server.createContext("/", this::dispatch);
    server.start();
  }

  /** An HTTP server on {@code address} (127.0.0.x), any free port. */
  static LoopbackHttpServer start(String address) throws IOException {
    return new LoopbackHttpServer(HttpServer.create(new InetSocketAddress(address, 0), 50));
  }

  /** An HTTPS server on {@code address} with the certificate of {@code tls}. */
  static LoopbackHttpServer startHttps(String address, SSLContext tls) throws IOException {
    HttpsServer server = HttpsServer.create(new InetSocketAddress(address, 0), 50);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
    return new LoopbackHttpServer(server);
  }

  LoopbackHttpServer on(String path, Handler handler) {
    handlers.put(path, handler);
    return this;
  }

  String url(String path) {
    String scheme = server instanceof HttpsServer ? "https" : "http";
    InetSocketAddress address = server.getAddress();
    return scheme + "://" + address.getAddress().getHostAddress() + ":" + address.getPort() + path;
  }

  int port() {
    return server.getAddress().getPort();
  }

  int hits(String path) {
    AtomicInteger n = hits.get(path);
    return n == null ? 0 : n.get();
  }

  int totalHits() {
    return totalHits.get();
  }

  Headers lastRequestHeaders(String path) {
    return lastHeaders.get(path);
  }

  private void dispatch(HttpExchange exchange) throws IOException {
    // A proxied request names the whole URL; its path is what we route on.
    String path = exchange.getRequestURI().getRawPath();
    totalHits.incrementAndGet();
    hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
    lastHeaders.put(path, exchange.getRequestHeaders());
    Handler handler = handlers.get(path);
    try {
      if (handler == null) {
        send(exchange, 404, "text/plain", "not found");
      } else {
        handler.handle(exchange);
      }
    } catch (IOException e) {
      // The client went away (limit reached, deadline): nothing to answer.
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
    try {
      threads.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---- ready-made answers ----

  static Handler text(int code, String contentType, String body) {
    return exchange -> send(exchange, code, contentType, body);
  }

  static Handler redirect(int code, String location) {
    return exchange -> {
      exchange.getResponseHeaders().set("Location", location);
      send(exchange, code, "text/html", "moved");
    };
  }

  /**
   * Wraps a response body in a content coding (GZIPOutputStream::new, DeflaterOutputStream::new).
   */
  interface Encoder {
    OutputStream wrap(OutputStream body) throws IOException;
  }

  static Handler encoded(String contentType, String encoding, Encoder encoder, String body) {
    return exchange -> {
      exchange.getResponseHeaders().set("Content-Type", contentType);
      exchange.getResponseHeaders().set("Content-Encoding", encoding);
      exchange.sendResponseHeaders(200, 0);
      try (OutputStream out = encoder.wrap(exchange.getResponseBody())) {
        out.write(body.getBytes(StandardCharsets.UTF_8));
      }
    };
  }

  static void send(HttpExchange exchange, int code, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    if (contentType != null) {
      exchange.getResponseHeaders().set("Content-Type", contentType);
    }
    boolean noBody = code == 304 || code == 204 || bytes.length == 0;
    exchange.sendResponseHeaders(code, noBody ? -1 : bytes.length);
    if (!noBody) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    }
  }
}
