package org.trawler.simweb;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * What each path of a {@link SiteModel} answers, as the server sends it: status, headers and body.
 * Pages are HTML from {@link SimWebHtml}; robots.txt disallows {@code /private/}; every page claims
 * one modification time, so a conditional GET gets 304.
 */
final class SiteResponses {
  /** Every page claims this modification time. */
  static final Instant LAST_MODIFIED = Instant.parse("2024-01-01T00:00:00Z");

  private static final String LAST_MODIFIED_HEADER =
      DateTimeFormatter.RFC_1123_DATE_TIME.format(
          ZonedDateTime.ofInstant(LAST_MODIFIED, ZoneOffset.UTC));
  private static final String HTML = "text/html; charset=utf-8";

  /** The status of "no answer": the server closes the connection instead (Kind.RESET). */
  static final int NO_ANSWER = 0;

  /** The piece a huge page repeats up to its length. */
  private static final byte[] HUGE_CHUNK = hugeChunk();

  /**
   * An HTTP answer: status ({@link #NO_ANSWER} for none), headers in the order they are sent, body
   * (empty for none) and the body's length: when longer than {@code body}, the body is sent again
   * and again up to it, so a huge page is streamed, never held whole.
   */
  record Response(int status, Map<String, String> headers, byte[] body, long length) {
    Response(int status, Map<String, String> headers, byte[] body) {
      this(status, headers, body, body.length);
    }
  }

  /** Bytes of generated documents kept, at most: a PDF costs milliseconds to write, a hit none. */
  private static final long DOCUMENT_CACHE_BYTES = 64L * 1024 * 1024;

  private static final ObjectMapper JSON = new ObjectMapper();

  private final SiteModel site;
  private final DocumentCache documents = new DocumentCache(DOCUMENT_CACHE_BYTES);

  /** The answers of {@code site}, whose port must be known: redirects name absolute URLs. */
  SiteResponses(SiteModel site) {
    this.site = site;
  }

  /**
   * The answer to a request; only GET and HEAD are allowed ({@code ifModifiedSince} may be null).
   */
  Response respond(String method, int host, String path, String ifModifiedSince) {
    if (!method.equals("GET") && !method.equals("HEAD")) {
      return new Response(405, Map.of("Allow", "GET, HEAD"), new byte[0]);
    }
    return get(host, path, ifModifiedSince);
  }

  /** The answer to a GET of a path on a host; {@code ifModifiedSince} may be null. */
  Response get(int host, String path, String ifModifiedSince) {
    int loopBack = site.loopPageAt(host, path);
    if (loopBack >= 0) {
      return redirect(302, site.pageUrl(host, loopBack));
    }
    int scriptPage = site.scriptPageAt(host, path);
    if (scriptPage >= 0) {
      return bytes(200, "application/json", scriptData(host, scriptPage));
    }
    int page = site.pageAt(host, path);
    if (page == SiteModel.ROBOTS_PAGE) {
      return text(200, "text/plain; charset=utf-8", robotsTxt(host));
    }
    if (page == SiteModel.UNKNOWN_PAGE) {
      return text(404, HTML, SimWebHtml.message("Not found", path + " is not here."));
    }
    switch (site.kindOf(host, page)) {
      case REDIRECT:
        return redirect(site.redirectStatus(host, page), site.redirectTarget(host, page));
      case LOOP:
        return redirect(302, site.loopUrl(host, page));
      case RESET:
        return new Response(NO_ANSWER, Map.of(), new byte[0]);
      case HUGE:
        {
          Map<String, String> headers = new LinkedHashMap<>();
          headers.put("Content-Type", HTML);
          return new Response(200, headers, HUGE_CHUNK, site.hugeKb() * 1024L);
        }
      case NOT_FOUND:
        return text(404, HTML, SimWebHtml.message("Not found", path + " is gone."));
      case ERROR:
        return text(500, HTML, SimWebHtml.message("Server error", "Something broke."));
      default:
        if (notModifiedSince(ifModifiedSince)) {
          return new Response(304, Map.of(), new byte[0]);
        }
        String docType = site.servedType(host, page);
        if (docType != null) {
          String url = site.pageUrl(host, page);
          return bytes(200, docType, documents.get(url, () -> document(host, page)));
        }
        Response page200 = text(200, HTML, render(host, page));
        return site.isGzipped(host, page) ? gzipped(page200) : page200;
    }
  }

  private static Response redirect(int status, String target) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", HTML);
    headers.put("Location", target);
    return new Response(
        status, headers, bytes(SimWebHtml.message("Moved", "This page moved to " + target)));
  }

  /** 64 kB of paragraphs without links: a huge page is this, over and over. */
  private static byte[] hugeChunk() {
    StringBuilder sb = new StringBuilder(65536);
    String line = "<p>All work and no play makes a huge page; this one has no links at all.</p>\n";
    while (sb.length() + line.length() <= 65536) {
      sb.append(line);
    }
    return bytes(sb.toString());
  }

  /** The robots.txt every host serves. */
  String robotsTxt(int host) {
    return "# simweb " + site.address(host) + "\nUser-agent: *\nDisallow: /private/\n";
  }

  /**
   * A page with its links: relative on the same host, absolute to another, each with its target's
   * title.
   */
  String render(int host, int page) {
    List<SimWebHtml.Link> links = new ArrayList<>();
    for (SiteModel.Page target : site.links(host, page)) {
      int h = target.host();
      int p = target.page();
      String href = h == host ? site.pathOf(h, p) : site.pageUrl(h, p);
      links.add(new SimWebHtml.Link(href, site.title(h, p)));
    }
    int nav = site.navBar(host, page).size(); // the nav bar's links come first
    boolean script = site.isScriptPage(host, page);
    String html =
        SimWebHtml.page(
            site.textSeed(host, page),
            site.title(host, page),
            site.hasMarkerWord(host, page) ? SiteModel.MARKER_WORD : null,
            links.subList(0, nav),
            script ? List.of() : links.subList(nav, links.size()),
            site.pageBytes(host, page),
            site.layout(),
            site.langOf(host, page),
            site.declaredLangOf(host, page));
    if (!script) {
      return html;
    }
    String data = site.scriptDataPath(host, page);
    int end = html.lastIndexOf("</body>");
    return html.substring(0, end)
        + SimWebHtml.scriptApp(data.substring(data.lastIndexOf('/') + 1))
        + html.substring(end);
  }

  /**
   * A script page's data, as a single-page app's API answers: {"text": a sentence with the page's
   * script word, "links": [{"href", "title"}, ...] its links after the nav bar}.
   */
  byte[] scriptData(int host, int page) {
    ObjectNode data = JSON.createObjectNode();
    data.put("text", "Written by script: " + site.scriptWord(host, page) + " was here.");
    ArrayNode list = data.putArray("links");
    List<SiteModel.Page> links = site.links(host, page);
    for (SiteModel.Page target : links.subList(site.navBar(host, page).size(), links.size())) {
      int h = target.host();
      int p = target.page();
      list.addObject()
          .put("href", h == host ? site.pathOf(h, p) : site.pageUrl(h, p))
          .put("title", site.title(h, p));
    }
    try {
      return JSON.writeValueAsBytes(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory: cannot happen
    }
  }

  /** The bytes of a document page, written as its {@link SiteModel.DocType} says. */
  byte[] document(int host, int page) {
    SiteModel.DocType type = site.docType(host, page);
    String url = site.pageUrl(host, page);
    if (type.isFeed()) {
      List<SiteModel.FeedItem> items = site.feedItems(host, page);
      String title = site.title(host, page);
      return type == SiteModel.DocType.RSS
          ? SimWebDocs.rss(title, url, items)
          : SimWebDocs.atom(title, url, items);
    }
    List<SimWebDocs.Link> links = new ArrayList<>();
    for (SiteModel.Page target : site.links(host, page)) {
      String to = site.urlOf(target.host(), target.page());
      links.add(new SimWebDocs.Link(to, site.title(target.host(), target.page())));
    }
    SimWebDocs.Doc doc =
        new SimWebDocs.Doc(
            site.title(host, page),
            site.authorOf(host, page),
            site.documentLines(host, page),
            links);
    switch (type) {
      case PDF:
        int pad = site.isBigPdf(host, page) ? SiteModel.BIG_PDF_BYTES : 0;
        return SimWebDocs.pdf(doc, site.textSeed(host, page), pad);
      case DOCX:
        return SimWebDocs.docx(doc);
      case ODT:
        return SimWebDocs.odt(doc);
      default:
        return SimWebDocs.text(doc);
    }
  }

  private static boolean notModifiedSince(String ifModifiedSince) {
    if (ifModifiedSince == null) {
      return false;
    }
    try {
      Instant since =
          ZonedDateTime.parse(ifModifiedSince.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
              .toInstant();
      return !since.isBefore(LAST_MODIFIED);
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  private static Response text(int status, String contentType, String body) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", contentType);
    if (status == 200) {
      headers.put("Last-Modified", LAST_MODIFIED_HEADER);
    }
    return new Response(status, headers, bytes(body));
  }

  private static Response bytes(int status, String contentType, byte[] body) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", contentType);
    headers.put("Last-Modified", LAST_MODIFIED_HEADER);
    return new Response(status, headers, body);
  }

  /** The same answer with its body gzip-encoded, as sent over the wire. */
  static Response gzipped(Response plain) {
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
      out.write(plain.body());
    } catch (IOException e) {
      throw new UncheckedIOException(e); // in memory: cannot happen
    }
    Map<String, String> headers = new LinkedHashMap<>(plain.headers());
    headers.put("Content-Encoding", "gzip");
    return new Response(plain.status(), headers, gz.toByteArray());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
