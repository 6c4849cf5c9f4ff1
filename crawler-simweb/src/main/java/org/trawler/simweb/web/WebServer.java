package org.trawler.simweb.web;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.simweb.SimWebServer;

/**
 * Serves a {@link BroadWeb}: one JDK HTTP server per loopback address, all on one port; the site is
 * chosen by the Host header, as virtual hosts are. A rate-limited host asked again within its gap
 * of its last answered request answers 429 without Retry-After, a busy one 503 with Retry-After; a
 * slow one answers late. Every request is logged with what the model says it is.
 */
public final class WebServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WebServer.class);

  private static final int BIND_ATTEMPTS = 10;
  private static final int BACKLOG = 256;

  private final BroadWeb web;
  private final WebPages pages;
  private final List<HttpServer> servers;
  private final ExecutorService executor;
  private final List<WebRequest> log = new ArrayList<>();
  private final long[] lastAnswered;
  private final long startNanos = System.nanoTime();

  private WebServer(BroadWeb web, List<HttpServer> servers, ExecutorService executor) {
    this.web = web;
    this.pages = new WebPages(web);
    this.servers = servers;
    this.executor = executor;
    this.lastAnswered = new long[web.hosts().size()];
  }

  /**
   * Binds every address of {@code web} on its port (0: a free one, the same on every address) and
   * starts serving with {@code threads} threads.
   */
  public static WebServer start(BroadWeb web, int threads) throws IOException {
    List<HttpServer> bound = null;
    for (int attempt = 1; bound == null; attempt++) {
      try {
        bound = bindAll(web);
      } catch (BindException e) {
        if (web.port() != 0 || attempt >= BIND_ATTEMPTS) {
          throw e;
        }
      }
    }
    BroadWeb onPort = web.onPort(bound.get(0).getAddress().getPort());
    AtomicInteger count = new AtomicInteger();
    ExecutorService executor =
        Executors.newFixedThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "simweb-web-" + count.incrementAndGet());
              t.setDaemon(true);
              return t;
            });
    WebServer server = new WebServer(onPort, bound, executor);
    for (HttpServer s : bound) {
      s.setExecutor(executor);
      s.createContext("/", server::serve);
      s.start();
    }
    LOG.info(
        "simweb web: {} hosts on {} addresses, {} real pages, port {}",
        onPort.hosts().size(),
        bound.size(),
        onPort.realPages(),
        onPort.port());
    return server;
  }

  private static List<HttpServer> bindAll(BroadWeb web) throws IOException {
    List<HttpServer> bound = new ArrayList<>();
    int port = web.port();
    try {
      for (String address : web.addresses()) {
        bound.add(
            HttpServer.create(
                new InetSocketAddress(InetAddress.getByName(address), port), BACKLOG));
        port = bound.get(0).getAddress().getPort();
      }
      return bound;
    } catch (IOException | RuntimeException e) {
      bound.forEach(s -> s.stop(0));
      throw e;
    }
  }

  /** The web served, its URLs on the port bound. */
  public BroadWeb web() {
    return web;
  }

  public int port() {
    return web.port();
  }

  /** Every request answered so far, in the order their answers were ready. */
  public List<WebRequest> requests() {
    synchronized (log) {
      return List.copyOf(log);
    }
  }

  private void serve(HttpExchange exchange) throws IOException {
    long arrived = (System.nanoTime() - startNanos) / 1_000_000L;
    String header = exchange.getRequestHeaders().getFirst("Host");
    WebHost host = web.host(header);
    String target = exchange.getRequestURI().getRawPath();
    String query = exchange.getRequestURI().getRawQuery();
    if (query != null) {
      target += "?" + query;
    }
    BroadWeb.Visit visit = web.classify(header, target);
    String name = host != null ? host.name() : String.valueOf(header).toLowerCase(Locale.ROOT);
    boolean logged = false;
    try (InputStream in = exchange.getRequestBody();
        HttpExchange ex = exchange) {
      in.readAllBytes();
      WebResponse r = refusal(host, visit);
      if (r == null) {
        if (host != null && host.has(HostTrait.SLOW)) {
          Thread.sleep(web.shape().slowMs());
        }
        r = pages.respond(host, target, visit);
      }
      // Logged before the client can see the answer, so a caller that got it finds it counted.
      log(new WebRequest(name, target, r.status(), visit.kind(), visit.page(), arrived));
      logged = true;
      r.headers().forEach(ex.getResponseHeaders()::set);
      ex.getResponseHeaders().set("Server", "simweb-web");
      boolean noBody = ex.getRequestMethod().equals("HEAD") || r.body().length == 0;
      ex.sendResponseHeaders(r.status(), noBody ? -1 : r.body().length);
      if (!noBody) {
        try (OutputStream out = ex.getResponseBody()) {
          out.write(r.body());
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      LOG.debug("client of {} went away: {}", header, e.toString());
    } finally {
      if (!logged) {
        log(new WebRequest(name, target, 0, visit.kind(), visit.page(), arrived));
      }
    }
  }

  private void log(WebRequest request) {
    synchronized (log) {
      log.add(request);
    }
  }

  /**
   * The 429 or 503 of a rate-limited or busy host asked within its gap of its last answered request
   * (robots.txt and tdmrep.json are always answered), or null; an answered request starts a new
   * gap.
   */
  private WebResponse refusal(WebHost host, BroadWeb.Visit visit) {
    if (host == null
        || visit.kind() == UrlKind.ROBOTS_TXT
        || visit.kind() == UrlKind.TDMREP_JSON
        || !(host.has(HostTrait.RATE_LIMITED) || host.has(HostTrait.BUSY))) {
      return null;
    }
    long now = System.nanoTime();
    synchronized (lastAnswered) {
      long last = lastAnswered[host.index()];
      if (last != 0 && now - last < web.shape().gapMs() * 1_000_000L) {
        return host.has(HostTrait.RATE_LIMITED)
            ? WebResponse.html(429, "<html><body>Too Many Requests</body></html>")
            : new WebResponse(
                503,
                Map.of(
                    "Retry-After",
                    Integer.toString(web.shape().retryAfterSeconds()),
                    "Content-Type",
                    WebResponse.HTML),
                "<html><body>Service Unavailable</body></html>".getBytes());
      }
      lastAnswered[host.index()] = now;
      return null;
    }
  }

  /** Stops every address and the server threads. */
  @Override
  public void close() {
    SimWebServer.stopAll(servers);
    executor.shutdownNow();
  }
}
