package org.trawler.console;

import static org.junit.Assert.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.crawl.CrawlKeys;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * A crawl of a hostile little web, made once per test JVM: two hosts (127.0.0.1 and 127.0.0.2)
 * whose pages put script payloads in titles, descriptions, anchors, URLs and body text. Every
 * payload, if it ever ran, would set the attribute {@value #PWNED} on the document element. The
 * word {@value #HARBOR} is on every page (for paging), {@value #MARKER} on one page only.
 */
public final class HostileCrawl {
  public static final String PWNED = "data-pwned";
  public static final String MARKER = "quillwort";
  public static final String HARBOR = "harbor";
  public static final int PAGES = 14;
  public static final String MARKER_TITLE = "Page 7 of the marsh";

  private static HostileCrawl made;

  public final File crawl;
  public final List<String> hosts = new ArrayList<>();

  private HostileCrawl(File crawl) {
    this.crawl = crawl;
  }

  static String payload(String where) {
    return "document.documentElement.setAttribute('" + PWNED + "','" + where + "')";
  }

  /** The crawl (made on first use; the sites are stopped once it is made). */
  public static synchronized HostileCrawl get() throws Exception {
    if (made == null) {
      File dir = Files.createTempDirectory("hostile-crawl").toFile();
      dir.deleteOnExit();
      made = new HostileCrawl(new File(dir, "crawl"));
      made.crawlIt(dir);
    }
    return made;
  }

  private void crawlIt(File dir) throws Exception {
    List<HttpServer> servers = new ArrayList<>();
    try {
      for (String host : new String[] {"127.0.0.1", "127.0.0.2"}) {
        HttpServer s = HttpServer.create(new InetSocketAddress(host, 0), 0);
        s.createContext("/", ex -> answer(ex, host));
        s.start();
        servers.add(s);
        hosts.add(host + ":" + s.getAddress().getPort());
      }
      File seeds = new File(dir, "seeds");
      seeds.mkdirs();
      StringBuilder seedText = new StringBuilder();
      for (String h : hosts) {
        seedText.append("http://").append(h).append("/\n");
      }
      Files.writeString(new File(seeds, "seed.txt").toPath(), seedText);
      Configuration conf = LocalJobFixtures.localConf();
      conf.set(PolitenessKeys.SERVER_DELAY, "0");
      // its pages share their hostile text: run's dedup would mark most of them, not this crawl's
      // matter
      conf.setBoolean(CrawlKeys.DEDUP, false);
      conf.set(ProtocolKeys.FETCHER_THREADS, "4");
      conf.set(ProtocolKeys.TIMEOUT, "5000");
      CommandRun run =
          CommandRun.run(
              conf,
              "run",
              seeds.getPath(),
              crawl.getPath(),
              "3",
              "--index",
              new File(crawl, "index").getPath(),
              "--hostdb");
      assertEquals(run.toString(), 0, run.exitCode);
    } finally {
      servers.forEach(s -> s.stop(0));
    }
  }

  private static void answer(com.sun.net.httpserver.HttpExchange ex, String host)
      throws IOException {
    String path = ex.getRequestURI().getPath();
    int status = 200;
    String type = "text/html; charset=utf-8";
    String body;
    if (path.equals("/robots.txt")) {
      status = 404;
      body = "none";
      type = "text/plain";
    } else if (path.equals("/")) {
      body = index(host);
    } else if (path.equals("/notes.txt")) {
      type = "text/plain; charset=utf-8";
      body = "Plain notes about the " + HARBOR + " <script>" + payload("text") + "</script>";
    } else if (path.startsWith("/p/")) {
      body = page(host, path.substring(3));
    } else {
      status = 404;
      body = "<html><title>gone</title></html>";
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", type);
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
    ex.close();
  }

  private static String index(String host) {
    StringBuilder sb = new StringBuilder("<!doctype html><html><head>");
    // A title holding markup: as text it must show as written, never be parsed.
    sb.append("<title>Start &lt;script&gt;")
        .append(payload("title"))
        .append("&lt;/script&gt; &lt;img src=x onerror=\"")
        .append(payload("title-img"))
        .append("\"&gt;</title>");
    sb.append("<meta name=\"description\" content=\"&lt;script&gt;")
        .append(payload("description"))
        .append("&lt;/script&gt;\">");
    sb.append("</head><body><h1>The ").append(HARBOR).append(" start page</h1>");
    sb.append("<p>Body text &lt;script&gt;")
        .append(payload("body"))
        .append("&lt;/script&gt; &lt;/script&gt;&lt;img src=x onerror=")
        .append(payload("body-img"))
        .append("&gt;</p>");
    for (int i = 1; i <= PAGES; i++) {
      sb.append("<a href=\"/p/").append(i).append(".html\">page ").append(i);
      if (i == 1) {
        // an anchor holding markup
        sb.append(" &lt;img src=x onerror=\"").append(payload("anchor")).append("\"&gt;");
      }
      sb.append("</a> ");
    }
    sb.append("<a href=\"/notes.txt\">notes</a> ");
    // URLs a browser would run if they became links
    sb.append("<a href=\"javascript:").append(payload("javascript-url")).append("\">js</a> ");
    sb.append("<a href=\"/p/%22%3E%3Cscript%3E")
        .append(payload("url").replace("'", "%27"))
        .append("%3C/script%3E.html\">odd</a>");
    sb.append("</body></html>");
    return sb.toString();
  }

  private static String page(String host, String name) {
    String n = name.replace(".html", "");
    boolean marker = n.equals("7") && host.equals("127.0.0.1");
    String title = n.equals("7") ? MARKER_TITLE : "Page " + n + " &lt;b onmouseover=x&gt;";
    return "<!doctype html><html><head><title>"
        + title
        + "</title></head><body><p>A "
        + HARBOR
        + " page, number "
        + n
        + (marker ? ", where the " + MARKER + " grows" : "")
        + ". <a href=\"/\">home &lt;svg onload="
        + payload("anchor-svg")
        + "&gt;</a></p></body></html>";
  }
}
