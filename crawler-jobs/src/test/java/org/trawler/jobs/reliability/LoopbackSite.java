package org.trawler.jobs.reliability;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A website on 127.0.0.1 (any free port): pages made from their path, HTML but for .xml paths
 * (sitemaps), no robots.txt and no /.well-known/tdmrep.json (404, as on most sites).
 */
final class LoopbackSite implements AutoCloseable {
  private final HttpServer server;
  private final List<String> pageRequests = Collections.synchronizedList(new ArrayList<>());

  /** The site's own files, which it does not have. */
  private static final List<String> SITE_FILES = List.of("/robots.txt", "/.well-known/tdmrep.json");

  /** Serves {@code pageFor.apply(path)} for every path but robots.txt and tdmrep.json. */
  LoopbackSite(UnaryOperator<String> pageFor) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          boolean robots = SITE_FILES.contains(path);
          if (!robots) {
            pageRequests.add(path);
          }
          byte[] body =
              (robots ? "not here" : pageFor.apply(path)).getBytes(StandardCharsets.UTF_8);
          exchange
              .getResponseHeaders()
              .set(
                  "Content-Type",
                  path.endsWith(".xml") ? "application/xml" : "text/html; charset=utf-8");
          exchange.sendResponseHeaders(robots ? 404 : 200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
  }

  /** The absolute URL of {@code path}. */
  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  /** The paths requested so far, robots.txt and tdmrep.json left out. */
  List<String> pageRequests() {
    synchronized (pageRequests) {
      return new ArrayList<>(pageRequests);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
