package org.trawler.simweb;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Two hosts whose owners say what they allow in every place (docs/site-owner-signals.md): on
 * 127.0.0.4 a robots.txt whose {@code *} group has a Content-Signal (and another agent's group a
 * stricter one, not ours), on 127.0.0.5 one with a group for our agent (trawler) with a
 * Content-Signal and a Content-Usage line for a path; pages sending X-Robots-Tag, Content-Usage and
 * TDMRep headers and meta tags; robots unavailable_after (past: the page leaves the index) and
 * max-snippet; a PDF (written with PDFBox) sending the headers. 127.0.0.5 has a
 * /.well-known/tdmrep.json with path rules, 127.0.0.4 a broken one (a note per page, no fields).
 * Close it to stop it.
 */
final class SignalsSite implements AutoCloseable {
  /** A page: its headers (name, value pairs) and its head's meta tags, or a body of its own. */
  private record Page(String[] headers, String metas, byte[] body, String type) {
    Page(String[] headers, String metas) {
      this(headers, metas, null, null);
    }
  }

  /** 127.0.0.5's TDMRep rules: the first match applies (W3C TDMRep). */
  static final String TDMREP =
      "[{\"location\": \"/open/*\", \"tdm-reservation\": 0},"
          + " {\"location\": \"/reserved/\", \"tdm-reservation\": 1,"
          + " \"tdm-policy\": \"https://owner.test/tdm.json\"}]";

  private static byte[] pdf() {
    return SimWebDocs.pdf(
        new SimWebDocs.Doc(
            "signals pdf", null, List.of("Quolls of doc.pdf hunt at night."), List.of()),
        1,
        0);
  }

  private final List<HttpServer> servers = new ArrayList<>();
  private final Map<String, Map<String, Page>> pagesByHost = new LinkedHashMap<>();

  static SignalsSite start() {
    SignalsSite site = new SignalsSite();
    site.host(
        "127.0.0.4",
        "User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\n"
            + "User-agent: otherbot\nContent-Signal: search=no\n",
        Map.of(
            "/header-usage",
            new Page(new String[] {"Content-Usage", "train-ai=y"}, ""),
            "/noindex",
            new Page(new String[] {"X-Robots-Tag", "noindex"}, ""),
            "/nosnippet",
            new Page(new String[0], "<meta name=robots content=nosnippet>"),
            "/tdm",
            new Page(
                new String[] {"tdm-reservation", "1", "tdm-policy", "https://owner.test/p.json"},
                ""),
            "/agents",
            new Page(
                new String[] {"X-Robots-Tag", "googlebot: noindex"},
                "<meta name=trawler content=noarchive><meta name=otherbot content=noindex>"),
            "/dated",
            new Page(
                new String[] {"X-Robots-Tag", "unavailable_after: Sunday, 01-Jan-23 00:00:00 GMT"},
                ""),
            "/snippet",
            new Page(new String[0], "<meta name=robots content='max-snippet:12'>"),
            "/doc.pdf",
            new Page(
                new String[] {"X-Robots-Tag", "noarchive", "tdm-reservation", "1"},
                "",
                pdf(),
                "application/pdf")),
        "{not json");
    site.host(
        "127.0.0.5",
        "User-agent: *\nContent-Signal: search=no\n\n"
            + "User-agent: trawler\nContent-Signal: ai-input=no\n"
            + "Content-Usage: /open/ train-ai=y\nAllow: /\n",
        Map.of(
            "/open/page", new Page(new String[0], ""),
            "/tdm-meta", new Page(new String[0], "<meta name=tdm-reservation content=1>"),
            "/reserved/page", new Page(new String[0], ""),
            "/bad", new Page(new String[] {"Content-Usage", "train-ai=maybe"}, "")),
        TDMREP);
    return site;
  }

  private void host(String address, String robotsTxt, Map<String, Page> pages, String tdmRep) {
    HttpServer http;
    try {
      http = HttpServer.create(new InetSocketAddress(address, 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    servers.add(http);
    String home = "http://" + address + ":" + http.getAddress().getPort();
    pagesByHost.put(home, new java.util.TreeMap<>(pages));
    http.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          Page page = pages.get(path);
          String body;
          String type = "text/html; charset=utf-8";
          int status = 200;
          byte[] own = null;
          if (path.equals("/robots.txt")) {
            body = robotsTxt;
            type = "text/plain";
          } else if (path.equals("/.well-known/tdmrep.json")) {
            body = tdmRep;
            type = "application/json";
          } else if (page != null && page.body() != null) {
            for (int i = 0; i < page.headers().length; i += 2) {
              exchange.getResponseHeaders().set(page.headers()[i], page.headers()[i + 1]);
            }
            body = "";
            own = page.body();
            type = page.type();
          } else if (path.equals("/")) {
            StringBuilder html = new StringBuilder("<title>signals</title><p>Signals home</p>");
            for (String p : new java.util.TreeSet<>(pages.keySet())) {
              html.append("<a href='").append(p).append("'>").append(p).append("</a> ");
            }
            body = html.toString();
          } else if (page != null) {
            for (int i = 0; i < page.headers().length; i += 2) {
              exchange.getResponseHeaders().set(page.headers()[i], page.headers()[i + 1]);
            }
            body =
                "<html><head><title>"
                    + path
                    + "</title>"
                    + page.metas()
                    + "</head><body><p>Quolls of "
                    + path.substring(1)
                    + " hunt at night.</p></body></html>";
          } else {
            body = "";
            status = 404;
          }
          byte[] bytes = own != null ? own : body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().set("Content-Type", type);
          exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
          }
        });
    http.start();
  }

  /** The home pages: the seeds. */
  List<String> homes() {
    List<String> homes = new ArrayList<>();
    for (String home : pagesByHost.keySet()) {
      homes.add(home + "/");
    }
    return homes;
  }

  /** Every URL the hosts serve: the home pages and their pages. */
  List<String> urls() {
    List<String> urls = new ArrayList<>();
    pagesByHost.forEach(
        (home, pages) -> {
          urls.add(home + "/");
          pages.keySet().forEach(p -> urls.add(home + p));
        });
    return urls;
  }

  /** The URL of {@code path} on host number {@code host} (0: 127.0.0.4, 1: 127.0.0.5). */
  String url(int host, String path) {
    return new ArrayList<>(pagesByHost.keySet()).get(host) + path;
  }

  @Override
  public void close() {
    servers.forEach(s -> s.stop(0));
  }
}
