package org.trawler.console.serve;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.jsoup.nodes.Element;
import org.trawler.console.page.Page;

/**
 * The console's pages, drawn from the same JSON objects /api returns, with jsoup's element API:
 * crawled strings go in as text or as attribute values, and a crawled URL becomes a link only when
 * it is http or https.
 */
final class ConsolePages {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);

  private ConsolePages() {}

  static String overview(JsonNode o) {
    Page page = Page.create("crawl console", o.path("crawl").asText(), true).linked();
    Element main = page.main();
    Element progress = main.appendElement("div").addClass("progress").attr("id", "progress");
    progress.text(runLine(o.path("run")));
    JsonNode rounds = o.path("rounds");
    JsonNode last = rounds.size() > 0 ? rounds.get(rounds.size() - 1) : null;
    Element tiles = main.appendElement("section").addClass("tiles");
    tile(tiles, Integer.toString(rounds.size()), "rounds recorded");
    tile(tiles, Integer.toString(o.path("segments").asInt()), "segments");
    if (last != null) {
      tile(tiles, last.path("crawldbUrls").asText(), "URLs in the crawldb");
      tile(tiles, last.path("crawldb").path("db_fetched").asText("0"), "fetched (db_fetched)");
      tile(tiles, last.path("newUrls").asText(), "new URLs in the last round");
      tile(tiles, last.path("pagesPerSecond").asText(), "pages/s in the last round");
    }
    Element search = main.appendElement("section").addClass("card");
    search.appendElement("h2").text("Search the crawl");
    searchForm(search, "", "", "");
    if (!o.path("indexPresent").asBoolean()) {
      search
          .appendElement("p")
          .addClass("note")
          .text(
              "No index at "
                  + o.path("index").asText()
                  + ": crawl with run --index, or give serve -index.");
    }
    if (last != null) {
      Element db = main.appendElement("section").addClass("card");
      db.appendElement("h2").text("After round " + last.path("round").asInt());
      db.appendElement("p").addClass("note").attr("id", "last-round").text(roundLine(last));
      Element table = db.appendElement("table").addClass("compact").attr("id", "crawldb");
      Element head = table.appendElement("tr");
      Element row = table.appendElement("tr");
      head.appendElement("th").text("crawldb");
      row.appendElement("td").text("URLs");
      for (Iterator<Map.Entry<String, JsonNode>> it = last.path("crawldb").fields();
          it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        head.appendElement("th").addClass("n").text(e.getKey());
        row.appendElement("td").addClass("n").text(e.getValue().asText());
      }
      head.appendElement("th").addClass("n").text("total");
      row.appendElement("td").addClass("n").text(last.path("crawldbUrls").asText());
    }
    Element card = main.appendElement("section").addClass("card");
    card.appendElement("h2").text("Rounds");
    if (rounds.isEmpty()) {
      card.appendElement("p")
          .addClass("empty")
          .text("No rounds recorded yet (bin/crawl run writes rounds.jsonl).");
    } else {
      Element table = card.appendElement("table").attr("id", "rounds");
      Element head = table.appendElement("tr");
      for (String h :
          new String[] {
            "round",
            "segment",
            "generated",
            "ok",
            "redirect",
            "gone",
            "retry",
            "notmodified",
            "new URLs",
            "crawldb",
            "seconds",
            "pages/s"
          }) {
        head.appendElement("th").text(h);
      }
      for (JsonNode r : rounds) {
        Element tr = table.appendElement("tr");
        tr.appendElement("td").addClass("n").text(r.path("round").asText());
        tr.appendElement("td").addClass("url").text(r.path("segment").asText());
        tr.appendElement("td").addClass("n").text(r.path("generated").asText());
        for (String k : new String[] {"ok", "redirect", "gone", "retry", "notmodified"}) {
          tr.appendElement("td").addClass("n").text(r.path("fetched").path(k).asText("0"));
        }
        tr.appendElement("td").addClass("n").text(r.path("newUrls").asText());
        tr.appendElement("td").addClass("n").text(r.path("crawldbUrls").asText());
        tr.appendElement("td").addClass("n").text(r.path("totalSeconds").asText());
        tr.appendElement("td").addClass("n").text(r.path("pagesPerSecond").asText());
      }
    }
    main.appendElement("p")
        .appendElement("a")
        .attr("href", "/report")
        .text("The full report, with charts →");
    return page.html();
  }

  /** A round's record in words, as run's round line says it. */
  static String roundLine(JsonNode r) {
    JsonNode f = r.path("fetched");
    StringBuilder sb =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "Round %d: generated %d; fetched ok %d, redirect %d, gone %d, retry %d,"
                    + " notmodified %d; %d new URLs; %.1f s, %s pages/s.",
                r.path("round").asInt(),
                r.path("generated").asLong(),
                f.path("ok").asLong(),
                f.path("redirect").asLong(),
                f.path("gone").asLong(),
                f.path("retry").asLong(),
                f.path("notmodified").asLong(),
                r.path("newUrls").asLong(),
                r.path("totalSeconds").asDouble(),
                r.path("pagesPerSecond").asText()));
    JsonNode reasons = r.path("reasons");
    if (reasons.size() > 0) {
      sb.append(" Reasons:");
      for (Iterator<Map.Entry<String, JsonNode>> it = reasons.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        sb.append(' ').append(e.getKey()).append(' ').append(e.getValue().asLong());
        sb.append(it.hasNext() ? "," : ".");
      }
    }
    return sb.toString();
  }

  /** The running crawl's line: "running: round 2 of 5, fetch since 12:00:01", or finished. */
  static String runLine(JsonNode run) {
    if (!run.isObject()) {
      return "No run recorded for this crawl.";
    }
    String since = TIME.format(Instant.ofEpochMilli(run.path("since").asLong())) + " UTC";
    if ("running".equals(run.path("state").asText())) {
      return "Running: round "
          + run.path("round").asInt()
          + " of "
          + run.path("rounds").asInt()
          + ", "
          + run.path("phase").asText()
          + " since "
          + since;
    }
    return "Finished: "
        + run.path("round").asInt()
        + " rounds (of "
        + run.path("rounds").asInt()
        + " asked) at "
        + since;
  }

  private static void tile(Element tiles, String value, String label) {
    Element t = tiles.appendElement("div").addClass("tile");
    t.appendElement("div").addClass("v").text(value);
    t.appendElement("div").addClass("k").text(label);
  }

  private static void searchForm(Element parent, String q, String host, String type) {
    Element form =
        parent
            .appendElement("form")
            .addClass("search")
            .attr("action", "/search")
            .attr("method", "get");
    form.appendElement("input")
        .attr("type", "text")
        .attr("name", "q")
        .attr("value", q)
        .attr(
            "placeholder",
            "Lucene query syntax: lantern AND harbor, title:\"a phrase\", host:example.org")
        .attr("autofocus", "");
    if (!host.isEmpty()) {
      form.appendElement("input").attr("type", "hidden").attr("name", "host").attr("value", host);
    }
    if (!type.isEmpty()) {
      form.appendElement("input").attr("type", "hidden").attr("name", "type").attr("value", type);
    }
    form.appendElement("button").attr("type", "submit").text("Search");
  }

  static String searchPage(JsonNode o) {
    String q = o.path("q").asText();
    String host = o.path("host").asText();
    String type = o.path("type").asText();
    Page page = Page.create("search", q.isEmpty() ? null : "“" + q + "”", true).linked();
    Element main = page.main();
    searchForm(main, q, host, type);
    if (q.isEmpty()) {
      main.appendElement("p")
          .addClass("note")
          .text("Type a query: Lucene's syntax, as bin/crawl search.");
      return page.html();
    }
    long total = o.path("total").asLong();
    int p = o.path("page").asInt();
    int per = o.path("perPage").asInt();
    Element facets = main.appendElement("div").addClass("facets");
    facet(facets, "Host", "host", o.path("hosts"), q, host, type);
    facet(facets, "Type", "type", o.path("types"), q, host, type);
    Element count = main.appendElement("p").attr("id", "hit-count");
    count.text(
        total == 0
            ? "No page matches."
            : String.format(
                "%d pages match; %d to %d:",
                total, (p - 1) * per + 1, Math.min(total, (long) p * per)));
    for (JsonNode h : o.path("hits")) {
      Element hit = main.appendElement("div").addClass("hit");
      String title = h.path("title").asText();
      hit.appendElement("a")
          .addClass("title")
          .attr("href", storyHref(h.path("url").asText()))
          .text(title.isBlank() ? h.path("url").asText() : title);
      Element meta = hit.appendElement("div").addClass("meta");
      externalLink(meta, h.path("url").asText());
      meta.appendText(
          " · "
              + h.path("contentType").asText()
              + " · score "
              + String.format(Locale.ROOT, "%.2f", h.path("score").asDouble()));
      snippet(hit.appendElement("div").addClass("snippet"), h.path("snippet").asText());
    }
    Element pager = main.appendElement("div").addClass("pager");
    if (p > 1) {
      pager
          .appendElement("a")
          .attr("href", searchHref(q, host, type, p - 1))
          .attr("rel", "prev")
          .text("← previous");
    }
    pager.appendElement("span").text("page " + p);
    if ((long) p * per < total && p < CrawlData.MAX_PAGE) {
      pager
          .appendElement("a")
          .attr("href", searchHref(q, host, type, p + 1))
          .attr("rel", "next")
          .text("next →");
    }
    return page.html();
  }

  private static void facet(
      Element facets,
      String label,
      String param,
      JsonNode counts,
      String q,
      String host,
      String type) {
    Element div = facets.appendElement("div").attr("id", "facet-" + param);
    div.appendElement("strong").text(label + ": ");
    String chosen = param.equals("host") ? host : type;
    if (!chosen.isEmpty()) {
      div.appendElement("span").text(chosen + " ");
      div.appendElement("a")
          .attr(
              "href",
              param.equals("host") ? searchHref(q, "", type, 1) : searchHref(q, host, "", 1))
          .text("(any)");
      return;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = counts.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String href =
          param.equals("host")
              ? searchHref(q, e.getKey(), type, 1)
              : searchHref(q, host, e.getKey(), 1);
      div.appendElement("a")
          .attr("href", href)
          .text(e.getKey() + " (" + e.getValue().asLong() + ")");
    }
  }

  /** The snippet's text with its matched words in mark elements. */
  static void snippet(Element parent, String snippet) {
    int at = 0;
    while (at < snippet.length()) {
      int open = snippet.indexOf(CrawlData.MARK_OPEN, at);
      if (open < 0) {
        parent.appendText(snippet.substring(at));
        break;
      }
      int close = snippet.indexOf(CrawlData.MARK_CLOSE, open);
      if (close < 0) {
        parent.appendText(snippet.substring(at).replace(CrawlData.MARK_OPEN, ""));
        break;
      }
      parent.appendText(snippet.substring(at, open));
      parent.appendElement("mark").text(snippet.substring(open + 1, close));
      at = close + 1;
    }
  }

  static String storyHref(String url) {
    return "/url?u=" + enc(url);
  }

  static String searchHref(String q, String host, String type, int page) {
    return "/search?q="
        + enc(q)
        + (host.isEmpty() ? "" : "&host=" + enc(host))
        + (type.isEmpty() ? "" : "&type=" + enc(type))
        + (page > 1 ? "&page=" + page : "");
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  /** The URL as text, a link only when it is http(s): a javascript: or data: URL stays text. */
  static void externalLink(Element parent, String url) {
    String lower = url.strip().toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      parent
          .appendElement("a")
          .addClass("url")
          .attr("href", url)
          .attr("rel", "noreferrer noopener")
          .text(url);
    } else {
      parent.appendElement("span").addClass("url").text(url);
    }
  }

  static String story(JsonNode o) {
    String url = o.path("url").asText();
    Page page = Page.create("one URL's story", null, true).linked();
    Element main = page.main();
    Element head = main.appendElement("section").addClass("card");
    head.appendElement("h2").text("URL");
    externalLink(head.appendElement("p"), url);
    Element db = main.appendElement("section").addClass("card");
    db.appendElement("h2").text("crawldb record");
    datum(db, o.path("crawldb"), "Not in the crawldb.");
    Element segs = main.appendElement("section").addClass("card");
    segs.appendElement("h2").text("Fetches per segment");
    Element table = segs.appendElement("table").attr("id", "segments");
    Element tr = table.appendElement("tr");
    for (String h :
        new String[] {
          "segment", "fetch status", "protocol status", "fetched at", "parse", "title"
        }) {
      tr.appendElement("th").text(h);
    }
    for (JsonNode s : o.path("segments")) {
      Element row = table.appendElement("tr");
      row.appendElement("td").addClass("url").text(s.path("segment").asText());
      JsonNode f = s.path("fetch");
      row.appendElement("td").text(f.path("status").asText(""));
      row.appendElement("td").text(f.path("metadata").path("_pst_").asText(""));
      row.appendElement("td")
          .text(
              f.isObject() ? TIME.format(Instant.ofEpochMilli(f.path("fetchTime").asLong())) : "");
      row.appendElement("td").text(s.path("parse").asText(""));
      row.appendElement("td").text(s.path("title").asText(""));
    }
    Element owner = main.appendElement("section").addClass("card");
    owner.appendElement("h2").text("What the site owner allows");
    if (o.path("signals").isEmpty()) {
      owner.appendElement("p").addClass("empty").text("No signal (or not parsed).");
    } else {
      Element signals = owner.appendElement("table").attr("id", "signals");
      Element titles = signals.appendElement("tr");
      titles.appendElement("th").text("signal");
      titles.appendElement("th").text("value");
      titles.appendElement("th").text("from");
      for (Iterator<Map.Entry<String, JsonNode>> it = o.path("signals").fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        Element row = signals.appendElement("tr");
        row.appendElement("td").text(e.getKey());
        row.appendElement("td").text(e.getValue().path("value").asText());
        row.appendElement("td").text(e.getValue().path("from").asText());
      }
    }
    links(main, "Inlinks (with anchors)", "inlinks", o.path("inlinks"));
    links(main, "Outlinks", "outlinks", o.path("outlinks"));
    Element idx = main.appendElement("section").addClass("card");
    idx.appendElement("h2").text("Indexed document");
    JsonNode doc = o.path("indexed");
    if (!doc.isObject()) {
      idx.appendElement("p").addClass("empty").text("Not in the index.");
    } else {
      Element dl = idx.appendElement("dl").addClass("kv");
      for (Iterator<Map.Entry<String, JsonNode>> it = doc.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        dl.appendElement("dt").text(e.getKey());
        dl.appendElement("dd").text(e.getValue().asText());
      }
    }
    return page.html();
  }

  private static void datum(Element parent, JsonNode d, String none) {
    if (!d.isObject()) {
      parent.appendElement("p").addClass("empty").text(none);
      return;
    }
    Element dl = parent.appendElement("dl").addClass("kv");
    dl.appendElement("dt").text("status");
    dl.appendElement("dd").text(d.path("status").asText());
    dl.appendElement("dt").text("fetch time (next due)");
    dl.appendElement("dd")
        .text(TIME.format(Instant.ofEpochMilli(d.path("fetchTime").asLong())) + " UTC");
    dl.appendElement("dt").text("retries");
    dl.appendElement("dd").text(d.path("retries").asText());
    dl.appendElement("dt").text("interval (s)");
    dl.appendElement("dd").text(d.path("fetchInterval").asText());
    dl.appendElement("dt").text("score");
    dl.appendElement("dd").text(d.path("score").asText());
    for (Iterator<Map.Entry<String, JsonNode>> it = d.path("metadata").fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      dl.appendElement("dt").text(e.getKey());
      dl.appendElement("dd").text(e.getValue().asText());
    }
  }

  private static void links(Element main, String title, String id, JsonNode links) {
    Element card = main.appendElement("section").addClass("card");
    card.appendElement("h2").text(title + ": " + links.size());
    Element table = card.appendElement("table").attr("id", id);
    for (JsonNode l : links) {
      Element tr = table.appendElement("tr");
      tr.appendElement("td")
          .appendElement("a")
          .addClass("url")
          .attr("href", storyHref(l.path("url").asText()))
          .text(l.path("url").asText());
      tr.appendElement("td").text(l.path("anchor").asText());
    }
  }

  /** A page saying what went wrong, in one line. */
  static String error(int status, String title, String message) {
    Page page = Page.create(title, null, true).linked();
    Element box = page.main().appendElement("div").addClass("error").attr("id", "error");
    box.appendElement("h2").text(status + " · " + title);
    box.appendElement("p").text(message);
    return page.html();
  }
}
