package org.trawler.console.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.console.page.Assets;
import org.trawler.console.page.Page;
import org.trawler.console.report.ReportPage;
import org.trawler.core.UserException;
import org.trawler.jobs.index.Search;

/**
 * The read-only console: the JDK's HTTP server on one address, GET only. Every page is built from
 * the JSON its /api twin returns; every answer carries a Content-Security-Policy. A bad request
 * gets a page saying what was wrong and its status (400, 404, 405, 413, 414, 421, 431), never a
 * stack trace. A request is checked in this order before anything is decoded or read: the size of
 * its headers, its Host (only the names the console was bound to, see {@link ServedHosts}), its
 * method, that it has no body, the length of its path and query. (The JDK's server has read the
 * header block itself, up to its own 380 KB; a body it leaves unread is drained up to 64 KB, then
 * the connection is closed.) No request starts a job: the report is the one {@code report} wrote.
 */
public final class ConsoleServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);

  /** Longest query accepted (characters). */
  static final int MAX_QUERY = 1000;

  /** Longest URL accepted by /url. */
  static final int MAX_URL = 8192;

  /**
   * Longest raw (still percent-encoded) path or query accepted, checked before decoding: room for
   * the longest URL fully percent-encoded, and no more.
   */
  static final int MAX_RAW = 3 * MAX_URL + 1024;

  /**
   * Most bytes of request headers accepted (names, values and their separators), as Node's HTTP
   * server: room for a browser's headers and its cookies for localhost, which other local
   * applications set too.
   */
  static final int MAX_HEADER_BYTES = 16 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final CrawlData data;
  private final HttpServer server;
  private final ExecutorService threads;
  private final ServedHosts hosts;

  /** A bad request: its status and one line for the user. */
  static final class BadRequest extends Exception {
    final int status;

    BadRequest(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  private ConsoleServer(
      CrawlData data, HttpServer server, ExecutorService threads, ServedHosts hosts) {
    this.data = data;
    this.server = server;
    this.threads = threads;
    this.hosts = hosts;
  }

  /**
   * Starts serving {@code data} on {@code address} (port 0: any free port), for requests whose Host
   * is the address's name (as given, or its literal), {@code localhost} or, bound to every address,
   * one of this machine's names, with the bound port.
   */
  public static ConsoleServer start(CrawlData data, InetSocketAddress address) throws IOException {
    HttpServer http = HttpServer.create(address, 50);
    ServedHosts hosts =
        ServedHosts.of(new InetSocketAddress(address.getAddress(), http.getAddress().getPort()));
    ExecutorService threads = Executors.newFixedThreadPool(4);
    ConsoleServer console = new ConsoleServer(data, http, threads, hosts);
    http.createContext("/", console::handle);
    http.setExecutor(threads);
    http.start();
    return console;
  }

  public InetSocketAddress address() {
    return server.getAddress();
  }

  /** http://host:port */
  public String base() {
    return "http://" + server.getAddress().getHostString() + ":" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }

  private void handle(HttpExchange ex) throws IOException {
    try {
      if (headerBytes(ex.getRequestHeaders()) > MAX_HEADER_BYTES) {
        throw new BadRequest(
            431, "the request's headers are too large: at most " + MAX_HEADER_BYTES + " bytes");
      }
      String host = ex.getRequestHeaders().getFirst("Host");
      if (!hosts.serves(host)) {
        LOG.warn("refused a request for Host {}: not one of {}", host, hosts.names());
        throw new BadRequest(
            421, "this console answers only for " + String.join(", ", hosts.names()) + " (Host)");
      }
      String method = ex.getRequestMethod();
      if (!method.equals("GET") && !method.equals("HEAD")) {
        ex.getResponseHeaders().set("Allow", "GET, HEAD");
        throw new BadRequest(405, "the console is read-only: only GET and HEAD");
      }
      if (hasBody(ex.getRequestHeaders())) {
        throw new BadRequest(413, "the console takes no request body");
      }
      String rawPath = ex.getRequestURI().getRawPath();
      String rawQuery = ex.getRequestURI().getRawQuery();
      if ((rawPath != null && rawPath.length() > MAX_RAW)
          || (rawQuery != null && rawQuery.length() > MAX_RAW)) {
        throw new BadRequest(414, "the request is too long: at most " + MAX_RAW + " characters");
      }
      route(ex, ex.getRequestURI().getPath(), query(rawQuery));
    } catch (BadRequest e) {
      errorPage(ex, e.status, e.getMessage());
    } catch (Exception e) {
      LOG.error("{} failed", ex.getRequestURI(), e);
      errorPage(ex, 500, "the console failed to answer: see its log");
    } finally {
      ex.close();
    }
  }

  private void route(HttpExchange ex, String path, Map<String, String> q) throws Exception {
    boolean api = path.startsWith("/api/");
    String name = api ? path.substring(4) : path;
    switch (name) {
      case "/" -> {
        if (api) {
          throw new BadRequest(404, "no such page: " + path);
        }
        html(ex, 200, ConsolePages.overview(data.overview()), Page.CONSOLE_CSP);
      }
      case "/overview" -> answer(ex, api, data.overview(), null);
      case "/status" -> answer(ex, api, data.status(), null);
      case "/search" -> {
        String query = q.getOrDefault("q", "").strip();
        if (query.length() > MAX_QUERY) {
          throw new BadRequest(400, "the query is too long: at most " + MAX_QUERY + " characters");
        }
        JsonNode result;
        if (query.isEmpty()) {
          result = JSON.createObjectNode().put("q", "").put("host", "").put("type", "");
        } else {
          result = search(query, q.getOrDefault("host", ""), q.getOrDefault("type", ""), page(q));
        }
        answer(ex, api, result, ConsolePages::searchPage);
      }
      case "/url" -> {
        String u = q.getOrDefault("u", "").strip();
        if (u.isEmpty()) {
          throw new BadRequest(400, "give a URL: /url?u=https://...");
        }
        if (u.length() > MAX_URL) {
          throw new BadRequest(400, "the URL is too long: at most " + MAX_URL + " characters");
        }
        try {
          answer(ex, api, data.story(u), ConsolePages::story);
        } catch (CrawlData.NotFoundException e) {
          throw new BadRequest(404, e.getMessage());
        }
      }
      case "/report" -> {
        JsonNode report;
        try {
          report = data.report();
        } catch (CrawlData.NotFoundException e) {
          throw new BadRequest(404, e.getMessage());
        }
        if (api) {
          json(ex, report);
        } else {
          html(ex, 200, ReportPage.html(report, true), ReportPage.POLICY);
        }
      }
      case "/static/style.css" -> asset(ex, Assets.STYLE_CSS, "text/css");
      case "/static/console.js" -> asset(ex, Assets.CONSOLE_JS, "text/javascript");
      default -> throw new BadRequest(404, "no such page: " + path);
    }
  }

  private JsonNode search(String query, String host, String type, int page) throws Exception {
    try {
      return data.search(query, host, type, page);
    } catch (Search.BadQueryException e) {
      throw new BadRequest(400, "the query does not parse: " + e.getMessage());
    } catch (UserException e) {
      throw new BadRequest(404, e.getMessage());
    }
  }

  private static int page(Map<String, String> q) throws BadRequest {
    String p = q.getOrDefault("page", "1");
    try {
      int n = Integer.parseInt(p);
      if (n < 1 || n > CrawlData.MAX_PAGE) {
        throw new BadRequest(400, "page must be 1 to " + CrawlData.MAX_PAGE);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new BadRequest(400, "page must be a whole number");
    }
  }

  /** A page from JSON. */
  @FunctionalInterface
  private interface Render {
    String html(JsonNode data);
  }

  private void answer(HttpExchange ex, boolean api, JsonNode body, Render render)
      throws IOException, BadRequest {
    if (api) {
      json(ex, body);
    } else if (render == null) {
      throw new BadRequest(
          404, "no such page: " + ex.getRequestURI().getPath() + " (try /api/...)");
    } else {
      html(ex, 200, render.html(body), Page.CONSOLE_CSP);
    }
  }

  /** The size of the header block as sent: each name, value, ": " and line break. */
  static long headerBytes(Headers headers) {
    long bytes = 0;
    for (Map.Entry<String, List<String>> h : headers.entrySet()) {
      for (String value : h.getValue()) {
        bytes += h.getKey().length() + value.length() + 4;
      }
    }
    return bytes;
  }

  /** Whether a body follows the headers (a length above zero, or chunks). */
  static boolean hasBody(Headers headers) {
    String length = headers.getFirst("Content-Length");
    return headers.containsKey("Transfer-Encoding")
        || (length != null && !length.strip().equals("0"));
  }

  private static Map<String, String> query(String raw) throws BadRequest {
    Map<String, String> q = new HashMap<>();
    if (raw == null || raw.isEmpty()) {
      return q;
    }
    try {
      for (String pair : raw.split("&")) {
        int eq = pair.indexOf('=');
        String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        q.putIfAbsent(k, v);
      }
    } catch (IllegalArgumentException e) {
      throw new BadRequest(400, "the request's parameters are not well encoded");
    }
    return q;
  }

  private static void html(HttpExchange ex, int status, String html, String policy)
      throws IOException {
    ex.getResponseHeaders().set("Content-Security-Policy", policy);
    send(ex, status, "text/html; charset=utf-8", html);
  }

  private static void json(HttpExchange ex, JsonNode body) throws IOException {
    ex.getResponseHeaders().set("Content-Security-Policy", "default-src 'none'");
    send(ex, 200, "application/json; charset=utf-8", JSON.writeValueAsString(body));
  }

  private static void asset(HttpExchange ex, String text, String type) throws IOException {
    ex.getResponseHeaders().set("Cache-Control", "max-age=300");
    send(ex, 200, type + "; charset=utf-8", text);
  }

  private static void errorPage(HttpExchange ex, int status, String message) throws IOException {
    String path = ex.getRequestURI().getPath();
    if (path.startsWith("/api/")) {
      ex.getResponseHeaders().set("Content-Security-Policy", "default-src 'none'");
      send(
          ex,
          status,
          "application/json; charset=utf-8",
          JSON.writeValueAsString(
              JSON.createObjectNode().put("status", status).put("error", message)));
    } else {
      html(ex, status, ConsolePages.error(status, title(status), message), Page.CONSOLE_CSP);
    }
  }

  private static String title(int status) {
    return switch (status) {
      case 400 -> "bad request";
      case 404 -> "not found";
      case 405 -> "method not allowed";
      case 413 -> "request body not accepted";
      case 414 -> "request too long";
      case 421 -> "misdirected request";
      case 431 -> "request headers too large";
      default -> "error";
    };
  }

  private static void send(HttpExchange ex, int status, String type, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type);
    ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
    ex.getResponseHeaders().set("Referrer-Policy", "no-referrer");
    boolean head = ex.getRequestMethod().equals("HEAD");
    ex.sendResponseHeaders(status, head ? -1 : bytes.length);
    if (!head) {
      try (OutputStream out = ex.getResponseBody()) {
        out.write(bytes);
      }
    }
  }
}
