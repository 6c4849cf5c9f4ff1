package org.trawler.index.opensearch;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;

/**
 * A reverse proxy on 127.0.0.1 in front of the test node, playing what a real cluster does that the
 * embedded node does not: HTTPS with a self-signed certificate and basic authentication (the
 * security plugin), a cluster too busy for every second new bulk request (429), or one that dies in
 * the middle of a job.
 */
final class NodeProxy implements AutoCloseable {
  private final HttpServer server;
  private final String nodeUrl;
  private final String authorization;
  private final boolean busyEverySecondBulk;
  private final int bulksBeforeDeath;
  private final AtomicInteger bulks = new AtomicInteger();
  private final AtomicInteger refused = new AtomicInteger();
  private final Set<Integer> seenBulks = ConcurrentHashMap.newKeySet();
  private final AtomicInteger newBulks = new AtomicInteger();
  private final HttpClient client = HttpClient.newHttpClient();

  private NodeProxy(
      String nodeUrl,
      SSLContext tls,
      String authorization,
      boolean busyEverySecondBulk,
      int bulksBeforeDeath)
      throws IOException {
    this.nodeUrl = nodeUrl;
    this.authorization = authorization;
    this.busyEverySecondBulk = busyEverySecondBulk;
    this.bulksBeforeDeath = bulksBeforeDeath;
    InetSocketAddress address = new InetSocketAddress("127.0.0.1", 0);
    if (tls == null) {
      server = HttpServer.create(address, 0);
    } else {
      HttpsServer https = HttpsServer.create(address, 0);
      https.setHttpsConfigurator(new HttpsConfigurator(tls));
      server = https;
    }
    server.createContext("/", this::forward);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
  }

  /** Answers 429 once to every second new bulk request, forwards everything else. */
  static NodeProxy busy(String nodeUrl) throws IOException {
    return new NodeProxy(nodeUrl, null, null, true, -1);
  }

  /**
   * Forwards everything until the bulk request after the first {@code bulks}: then the "cluster"
   * dies, that request unanswered and every later connection refused.
   */
  static NodeProxy dyingAfter(String nodeUrl, int bulks) throws IOException {
    return new NodeProxy(nodeUrl, null, null, false, bulks);
  }

  /**
   * HTTPS with the server's key (plain HTTP with none), and only requests with this Authorization
   * header get through.
   */
  static NodeProxy secured(String nodeUrl, SSLContext tls, String authorization)
      throws IOException {
    return new NodeProxy(nodeUrl, tls, authorization, false, -1);
  }

  String url() {
    String scheme = server instanceof HttpsServer ? "https" : "http";
    return scheme + "://127.0.0.1:" + server.getAddress().getPort();
  }

  /** Bulk requests that reached the proxy. */
  int bulks() {
    return bulks.get();
  }

  /** Requests answered 429 or 401 by the proxy itself. */
  int refused() {
    return refused.get();
  }

  private void forward(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().toString();
      if (authorization != null
          && !authorization.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
        refused.incrementAndGet();
        reply(exchange, 401, "{\"error\":\"unauthorized\",\"status\":401}");
        return;
      }
      int bulk = path.contains("_bulk") ? bulks.incrementAndGet() : 0;
      if (bulksBeforeDeath >= 0 && bulk > bulksBeforeDeath) {
        new Thread(() -> server.stop(0)).start();
        return;
      }
      byte[] body = exchange.getRequestBody().readAllBytes();
      // every second new bulk is refused once, its retry let through: counted over new bodies, so
      // retries and two senders' timing change neither how many are refused nor which
      if (busyEverySecondBulk
          && bulk > 0
          && seenBulks.add(Arrays.hashCode(body))
          && newBulks.incrementAndGet() % 2 == 0) {
        refused.incrementAndGet();
        reply(
            exchange,
            429,
            "{\"error\":{\"type\":\"rejected_execution_exception\",\"reason\":\"busy\"},"
                + "\"status\":429}");
        return;
      }
      HttpRequest.Builder request =
          HttpRequest.newBuilder(URI.create(nodeUrl + path))
              .method(
                  exchange.getRequestMethod(),
                  body.length == 0
                      ? HttpRequest.BodyPublishers.noBody()
                      : HttpRequest.BodyPublishers.ofByteArray(body));
      String type = exchange.getRequestHeaders().getFirst("Content-Type");
      if (type != null) {
        request.header("Content-Type", type);
      }
      HttpResponse<byte[]> answer =
          client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
      answer
          .headers()
          .firstValue("Content-Type")
          .ifPresent(t -> exchange.getResponseHeaders().set("Content-Type", t));
      boolean head = exchange.getRequestMethod().equals("HEAD");
      exchange.sendResponseHeaders(
          answer.statusCode(), head || answer.body().length == 0 ? -1 : answer.body().length);
      if (!head && answer.body().length > 0) {
        try (OutputStream out = exchange.getResponseBody()) {
          out.write(answer.body());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void reply(HttpExchange exchange, int status, String json) throws IOException {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
