package org.trawler.index.solr;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An HTTP proxy in front of a real Solr node that answers the next updates with an error status
 * instead of forwarding them, and records the update requests it saw.
 */
final class FlakyProxy implements AutoCloseable {
  private final HttpServer server;
  private final HttpClient client = HttpClient.newHttpClient();
  private final String target;
  private final List<String> updates = new ArrayList<>();
  private int failures;
  private int failureStatus;
  private int slowUpdates;
  private long slowMs;

  /** Proxies to {@code target}, a Solr node's base URL (http://host:port/solr). */
  FlakyProxy(String target) throws IOException {
    this.target = target;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/", this::handle);
    // A request held back (a slow Solr) must not hold up the client's retry.
    server.setExecutor(Executors.newCachedThreadPool());
    server.start();
  }

  /** The proxy's URL of a collection. */
  String collectionUrl(String collection) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/solr/" + collection;
  }

  /** Answers the next {@code count} update requests with {@code status}. */
  synchronized void failNextUpdates(int count, int status) {
    failures = count;
    failureStatus = status;
  }

  /** Holds the next {@code count} update requests for {@code ms} before answering 200 unseen. */
  synchronized void slowNextUpdates(int count, long ms) {
    slowUpdates = count;
    slowMs = ms;
  }

  /** The bodies of the update requests the proxy saw, failed or forwarded. */
  synchronized List<String> updates() {
    return new ArrayList<>(updates);
  }

  private void handle(HttpExchange exchange) throws IOException {
    byte[] body;
    try (InputStream in = exchange.getRequestBody()) {
      body = in.readAllBytes();
    }
    String path = exchange.getRequestURI().toString();
    int fail = 0;
    long slow = 0;
    synchronized (this) {
      if (path.contains("/update")) {
        updates.add(new String(body, java.nio.charset.StandardCharsets.UTF_8));
        if (failures > 0) {
          failures--;
          fail = failureStatus;
        } else if (slowUpdates > 0) {
          slowUpdates--;
          slow = slowMs;
        }
      }
    }
    if (slow > 0) {
      try {
        Thread.sleep(slow);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      exchange.sendResponseHeaders(200, -1);
      exchange.close();
      return;
    }
    if (fail != 0) {
      byte[] error = ("{\"error\":{\"msg\":\"proxy says no\",\"code\":" + fail + "}}").getBytes();
      exchange.sendResponseHeaders(fail, error.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(error);
      }
      return;
    }
    HttpRequest.Builder forward =
        HttpRequest.newBuilder(URI.create(target + path.substring("/solr".length())))
            .method(exchange.getRequestMethod(), HttpRequest.BodyPublishers.ofByteArray(body));
    String type = exchange.getRequestHeaders().getFirst("Content-Type");
    if (type != null) {
      forward.header("Content-Type", type);
    }
    String authorization = exchange.getRequestHeaders().getFirst("Authorization");
    if (authorization != null) {
      forward.header("Authorization", authorization);
    }
    HttpResponse<byte[]> response;
    try {
      response = client.send(forward.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
    response
        .headers()
        .firstValue("Content-Type")
        .ifPresent(t -> exchange.getResponseHeaders().set("Content-Type", t));
    exchange.sendResponseHeaders(response.statusCode(), response.body().length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(response.body());
    }
  }

  @Override
  public void close() {
    server.stop(0);
    ((ExecutorService) server.getExecutor()).shutdownNow();
  }
}
