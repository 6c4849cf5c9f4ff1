package org.trawler.simweb;

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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves a {@link SiteModel} over HTTP: one JDK HTTP server per host address (never the wildcard),
 * all on one port and one shared pool of threads; each request waits the configured latency, gets
 * its {@link SiteResponses answer} and is counted in the {@link RequestLog}.
 */
public final class SimWebServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SimWebServer.class);

  /**
   * Told of each request as it arrives, on the serving thread, before it is answered (so the
   * client's connection is still open): which host, the path, and the client's address and port.
   */
  @FunctionalInterface
  public interface RequestObserver {
    void requestArrived(int host, String path, InetSocketAddress client);
  }

  /**
   * The JDK server writes headers and body apart without TCP_NODELAY: with the client's delayed ACK
   * every response would wait for it. Read once, when the first server of the JVM is created; an
   * explicit -D wins.
   */
  public static final String NODELAY_PROPERTY = "sun.net.httpserver.nodelay";

  private static final int BIND_ATTEMPTS = 10;
  private static final int BACKLOG = 256;

  private final int latencyMs;
  private final int threads;
  private final RequestObserver observer;
  private final RequestLog requests;

  private volatile SiteModel site;
  private List<HttpServer> servers = List.of();
  private ThreadPoolExecutor executor;

  private SimWebServer(Builder b) {
    this.site = b.site;
    this.latencyMs = b.latencyMs;
    this.threads = b.threads;
    this.observer = b.observer;
    this.requests = new RequestLog(b.site, b.requestLogSize);
  }

  /** A server for {@code site}, on the site's port (0 = a free one, chosen at {@link #start()}). */
  public static Builder builder(SiteModel site) {
    return new Builder(site);
  }

  /** How the site is served; {@link #build()} checks it. */
  public static final class Builder {
    private final SiteModel site;
    private int latencyMs = 0;
    private int threads = 256;
    private int requestLogSize = 1000;
    private RequestObserver observer;

    private Builder(SiteModel site) {
      this.site = site;
    }

    public Builder latencyMs(int ms) {
      latencyMs = ms;
      return this;
    }

    /** Server threads shared by all hosts; each request holds one for its latency. */
    public Builder threads(int n) {
      threads = n;
      return this;
    }

    /** Recent requests remembered per host. */
    public Builder requestLogSize(int n) {
      requestLogSize = n;
      return this;
    }

    /** Who asked: e.g. the cluster test finds the fetch task behind each client connection. */
    public Builder requestObserver(RequestObserver o) {
      observer = o;
      return this;
    }

    /**
     * The server, not started; an {@link IllegalArgumentException} says which setting is out of
     * range.
     */
    public SimWebServer build() {
      SiteModel.Builder.check(latencyMs >= 0, "latency must not be negative");
      SiteModel.Builder.check(threads >= 1, "threads must be at least 1");
      SiteModel.Builder.check(requestLogSize >= 1, "request log size must be at least 1");
      return new SimWebServer(this);
    }
  }

  /** The site served: after {@link #start()} its URLs carry the port chosen for port 0. */
  public SiteModel site() {
    return site;
  }

  /**
   * The port of every host: the configured one, or after {@link #start()} the one chosen for port
   * 0.
   */
  public int port() {
    return site.port();
  }

  /** What each host was asked since the server was built. */
  public RequestLog requests() {
    return requests;
  }

  /** A one-line description for logs. */
  public String describe() {
    SiteModel s = site;
    return String.format(
        "simweb: %d hosts (%s..%s) x %d pages, %d links/page (%.0f%% cross-host), ~%d kB/page,"
            + " %d ms latency, %.1f%% redirects, %.1f%% 404, %.1f%% 500, %.1f%% disallowed,"
            + " %.1f%% resets, %.1f%% slow (%d ms), %.1f%% redirect loops, %.1f%% huge (%d kB),"
            + "%s seed %d",
        s.hosts(),
        s.address(0),
        s.address(s.hosts() - 1),
        s.pagesPerHost(),
        s.outlinksPerPage(),
        s.crossHostPct(),
        s.pageKb(),
        latencyMs,
        s.redirectPct(),
        s.notFoundPct(),
        s.errorPct(),
        s.disallowPct(),
        s.resetPct(),
        s.slowPct(),
        s.slowMs(),
        s.loopPct(),
        s.hugePct(),
        s.hugeKb(),
        s.docsPct() > 0 ? String.format(" %.1f%% documents,", s.docsPct()) : "",
        s.seed());
  }

  /**
   * Binds every host's address and starts serving. With port 0 the first host gets a free port and
   * the others bind the same one; if another process holds it on one of the addresses, all are
   * released and another port is tried.
   */
  public synchronized SimWebServer start() throws IOException {
    if (!servers.isEmpty()) {
      throw new IllegalStateException("simweb is already running");
    }
    List<HttpServer> bound = null;
    for (int attempt = 1; bound == null; attempt++) {
      try {
        bound = bindAll();
      } catch (BindException e) {
        if (site.configuredPort() != 0 || attempt >= BIND_ATTEMPTS) {
          throw e;
        }
        LOG.debug("port taken on one of the addresses, trying another: {}", e.getMessage());
      }
    }
    int port = bound.get(0).getAddress().getPort();
    if (site.configuredPort() == 0) {
      site = site.onPort(port);
    }
    SiteResponses responses = new SiteResponses(site);
    AtomicInteger threadCount = new AtomicInteger();
    ThreadFactory factory =
        r -> {
          Thread t = new Thread(r, "simweb-" + threadCount.incrementAndGet());
          t.setDaemon(true);
          return t;
        };
    // Each request sleeps its latency on a pool thread: the pool is sized for many waiting clients.
    executor =
        new ThreadPoolExecutor(
            threads, threads, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), factory);
    executor.allowCoreThreadTimeOut(true);
    for (int h = 0; h < bound.size(); h++) {
      HttpServer server = bound.get(h);
      int host = h;
      server.setExecutor(executor);
      server.createContext(
          "/",
          exchange -> {
            if (!serve(responses, host, exchange)) {
              // thrown out of the handler, the JDK server closes the connection unanswered
              throw new IOException("simweb: connection reset on purpose");
            }
          });
      server.start();
    }
    servers = bound;
    LOG.info("{} on port {}", describe(), port);
    return this;
  }

  private List<HttpServer> bindAll() throws IOException {
    if (System.getProperty(NODELAY_PROPERTY) == null) {
      System.setProperty(NODELAY_PROPERTY, "true");
    }
    List<HttpServer> bound = new ArrayList<>(site.hosts());
    int p = site.configuredPort();
    try {
      for (int h = 0; h < site.hosts(); h++) {
        InetAddress address = InetAddress.getByAddress(site.addressBytes(h));
        try {
          bound.add(HttpServer.create(new InetSocketAddress(address, p), BACKLOG));
        } catch (BindException e) {
          BindException named =
              new BindException(
                  "cannot listen on " + site.address(h) + ":" + p + ": " + e.getMessage());
          named.initCause(e);
          throw named;
        }
        p = bound.get(0).getAddress().getPort();
      }
      return bound;
    } catch (IOException | RuntimeException e) {
      for (HttpServer s : bound) {
        s.stop(0);
      }
      throw e;
    }
  }

  /** Answers a request; false when the page's answer is to close the connection (Kind.RESET). */
  private boolean serve(SiteResponses responses, int host, HttpExchange exchange) {
    String path = exchange.getRequestURI().getRawPath();
    if (observer != null) {
      observer.requestArrived(host, path, exchange.getRemoteAddress());
    }
    HostRequestLog log = requests.host(host);
    long start = log.started();
    int page = site.pageAt(host, path);
    boolean logged = false;
    boolean reset = false;
    try (InputStream body = exchange.getRequestBody()) {
      body.readAllBytes();
      int delayMs = latencyMs;
      if (page >= 0 && site.kindOf(host, page) == SiteModel.Kind.SLOW) {
        delayMs += site.slowMs();
      }
      if (delayMs > 0) {
        Thread.sleep(delayMs);
      }
      String method = exchange.getRequestMethod();
      SiteResponses.Response r =
          responses.respond(
              method, host, path, exchange.getRequestHeaders().getFirst("If-Modified-Since"));
      // Logged before the client can see the answer, so a caller that got it finds it counted.
      log.finished(path, page, r.status(), start);
      logged = true;
      if (r.status() == SiteResponses.NO_ANSWER) {
        reset = true;
        return false;
      }
      try (HttpExchange ex = exchange) {
        r.headers().forEach(ex.getResponseHeaders()::set);
        ex.getResponseHeaders().set("Server", "simweb");
        boolean noBody = method.equals("HEAD") || r.length() == 0;
        ex.sendResponseHeaders(r.status(), noBody ? -1 : r.length());
        if (!noBody) {
          try (OutputStream out = ex.getResponseBody()) {
            writeBody(out, r);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // stopping
    } catch (IOException e) {
      LOG.debug("client of {} went away: {}", site.address(host), e.toString());
    } finally {
      if (!logged) {
        log.finished(path, page, 0, start);
      }
      if (!reset) {
        exchange.close();
      }
    }
    return true;
  }

  /** The body, repeated up to the response's length (a huge page streams, never held whole). */
  private static void writeBody(OutputStream out, SiteResponses.Response r) throws IOException {
    byte[] body = r.body();
    for (long left = r.length(); left > 0; left -= body.length) {
      out.write(body, 0, (int) Math.min(left, body.length));
    }
  }

  /**
   * Stops the servers side by side: each stop() waits for its dispatcher thread, so one after
   * another would take a moment per address.
   */
  public static void stopAll(List<HttpServer> servers) {
    List<Thread> stoppers = new ArrayList<>();
    for (HttpServer s : servers) {
      Thread t = new Thread(() -> s.stop(0), "simweb-stop");
      t.start();
      stoppers.add(t);
    }
    for (Thread t : stoppers) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
  }

  public synchronized boolean isRunning() {
    return !servers.isEmpty();
  }

  /**
   * Stops every host and the server threads; requests in progress are cut off. Safe to call twice.
   */
  public synchronized void stop() {
    if (servers.isEmpty()) {
      return;
    }
    stopAll(servers);
    servers = List.of();
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LOG.info("simweb stopped after {} requests", requests.total());
  }

  @Override
  public void close() {
    stop();
  }
}
