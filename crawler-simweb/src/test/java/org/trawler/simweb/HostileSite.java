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
import java.util.TreeMap;
import org.trawler.parse.tika.HostileDocuments;

/**
 * A host on 127.0.0.3 serving the hostile set of HostileDocuments (each file written here, by the
 * test) and a home page linking to every file, for a crawl to meet among good pages. Knows the
 * status and reason each file must end with. Close it to stop it.
 */
final class HostileSite implements AutoCloseable {
  private record File(String path, String type, byte[] body, String outcome) {}

  private final HttpServer server;
  private final Map<String, File> files = new LinkedHashMap<>();

  private HostileSite(HttpServer server) {
    this.server = server;
  }

  static HostileSite start() {
    HttpServer http;
    try {
      http = HttpServer.create(new InetSocketAddress("127.0.0.3", 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    HostileSite site = new HostileSite(http);
    String docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    site.add("/bomb.docx", docx, HostileDocuments.zipBombDocx(64 << 20), "parse_failed zip_bomb");
    site.add(
        "/encrypted.pdf",
        "application/pdf",
        HostileDocuments.encryptedPdf(),
        "parse_failed encrypted");
    site.add(
        "/password.docx",
        "application/octet-stream",
        HostileDocuments.passwordDocx(),
        "parse_failed encrypted");
    site.add(
        "/cyclic.pdf", "application/pdf", HostileDocuments.cyclicPageTreePdf(), "success null");
    site.add("/not-a.pdf", "application/pdf", HostileDocuments.notAPdf(), "parse_failed malformed");
    site.add("/empty.pdf", "application/pdf", new byte[0], "notparsed empty");
    // text is a page: cut at http.content.limit (1 MB) and parsed in part
    site.add("/big.txt", "text/plain", HostileDocuments.bigText(50 << 20), "success null");
    http.createContext(
        "/",
        exchange -> {
          String path = exchange.getRequestURI().getPath();
          File f = site.files.get(path);
          byte[] body;
          String type;
          int status = 200;
          if (path.equals("/")) {
            StringBuilder html = new StringBuilder("<title>hostile</title>");
            for (String p : site.files.keySet()) {
              html.append("<a href='").append(p).append("'>").append(p).append("</a> ");
            }
            body = html.toString().getBytes(StandardCharsets.UTF_8);
            type = "text/html; charset=utf-8";
          } else if (f != null) {
            body = f.body();
            type = f.type();
          } else {
            body = new byte[0];
            type = "text/plain";
            status = 404;
          }
          exchange.getResponseHeaders().set("Content-Type", type);
          exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          } catch (IOException e) {
            // the fetcher stopped reading at its content limit
          }
        });
    http.start();
    return site;
  }

  private void add(String path, String type, byte[] body, String outcome) {
    files.put(path, new File(path, type, body, outcome));
  }

  /** The home page's URL: the seed. */
  String home() {
    return "http://127.0.0.3:" + server.getAddress().getPort() + "/";
  }

  /** Every URL the site serves: the home page and the hostile files. */
  List<String> urls() {
    List<String> urls = new ArrayList<>();
    urls.add(home());
    for (String path : files.keySet()) {
      urls.add(home() + path.substring(1));
    }
    return urls;
  }

  /** "status reason" each URL's parse must end with. */
  Map<String, String> expectedOutcomes() {
    Map<String, String> outcomes = new TreeMap<>();
    outcomes.put(home(), "success null");
    for (File f : files.values()) {
      outcomes.put(home() + f.path().substring(1), f.outcome());
    }
    return outcomes;
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
