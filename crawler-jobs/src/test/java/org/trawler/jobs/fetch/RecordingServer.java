package org.trawler.jobs.fetch;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * An HTTP server on one loopback address that records every request it serves (path, start, end) so
 * tests can check politeness from the server's side. Requests are served concurrently, so
 * overlapping requests are visible. Unknown paths get a 200 HTML page; /.well-known/tdmrep.json a
 * 404, as on most sites.
 */
final class RecordingServer implements AutoCloseable {

  /** One request as the server saw it; times in ms from a monotonic clock. */
  record Request(String host, String path, double start, double end) {}

  /** One canned answer. */
  record Response(int status, String body, long delayMillis, Map<String, String> headers) {
    static Response page(long delayMillis) {
      return new Response(200, "<html><body>page</body></html>", delayMillis, Map.of());
    }

    static Response status(int status, Map<String, String> headers) {
      return new Response(status, "status " + status, 0, headers);
    }
  }

  private final String host;
  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, Deque<Response>> responses = new HashMap<>();
  private final List<Request> requests = new ArrayList<>();
  private Response defaultResponse = Response.page(0);

  /** The files the fetcher asks each site for besides its pages, in the order it asks them. */
  static final List<String> SITE_FILES = List.of("/robots.txt", "/.well-known/tdmrep.json");

  RecordingServer(String host) throws IOException {
    this.host = host;
    server = HttpServer.create(new InetSocketAddress(host, 0), 100);
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    respond(SITE_FILES.get(1), Response.status(404, Map.of()));
    server.start();
  }

  /** The absolute URL of {@code path} on this server. */
  String url(String path) {
    return "http://" + host + ":" + server.getAddress().getPort() + path;
  }

  /** Answers for {@code path}, one per request; the last one repeats. */
  synchronized RecordingServer respond(String path, Response... answers) {
    responses.put(path, new ArrayDeque<>(List.of(answers)));
    return this;
  }

  /** What a path without its own answers gets. */
  synchronized RecordingServer respondByDefault(Response answer) {
    defaultResponse = answer;
    return this;
  }

  synchronized RecordingServer robots(String robotsTxt) {
    return respond(
        "/robots.txt", new Response(200, robotsTxt, 0, Map.of("Content-Type", "text/plain")));
  }

  /** Every request served, in order of arrival. */
  synchronized List<Request> requests() {
    return new ArrayList<>(requests);
  }

  /** The requests for pages, robots.txt and tdmrep.json left out. */
  synchronized List<Request> pageRequests() {
    List<Request> pages = new ArrayList<>();
    for (Request r : requests) {
      if (!SITE_FILES.contains(r.path())) {
        pages.add(r);
      }
    }
    return pages;
  }

  /** The paths of the requests for the site's files (robots.txt, tdmrep.json), in order. */
  synchronized List<String> siteFileRequests() {
    List<String> files = new ArrayList<>();
    for (Request r : requests) {
      if (SITE_FILES.contains(r.path())) {
        files.add(r.path());
      }
    }
    return files;
  }

  private synchronized Response answerFor(String path) {
    Deque<Response> answers = responses.get(path);
    if (answers == null) {
      return defaultResponse;
    }
    return answers.size() > 1 ? answers.poll() : answers.peek();
  }

  private void handle(HttpExchange exchange) throws IOException {
    double start = System.nanoTime() / 1e6;
    String path = exchange.getRequestURI().getPath();
    Response answer = answerFor(path);
    try {
      if (answer.delayMillis() > 0) {
        Thread.sleep(answer.delayMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/html; charset=utf-8");
    answer.headers().forEach((k, v) -> exchange.getResponseHeaders().set(k, v));
    exchange.sendResponseHeaders(answer.status(), body.length);
    // the end is taken before the body goes out: the client cannot have the whole answer sooner,
    // so a gap measured from here is never shorter than the fetcher's (a stamp taken after close()
    // came late whenever this thread lost the CPU after writing, on a loaded machine)
    double end = System.nanoTime() / 1e6;
    // noted before the body goes out too: a client that has its answer finds the request counted
    // (noted after close(), it could be missing when a test counted right after the fetch returned)
    synchronized (this) {
      requests.add(new Request(host, path, start, end));
    }
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
    exchange.close();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
