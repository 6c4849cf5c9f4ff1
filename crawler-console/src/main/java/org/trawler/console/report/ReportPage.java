package org.trawler.console.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.function.UnaryOperator;
import org.jsoup.nodes.Element;
import org.trawler.console.page.Assets;
import org.trawler.console.page.Page;

/**
 * The report as one self-contained HTML page: tiles with the crawl's headline figures, Chart.js
 * charts drawn by our script from the report's JSON (inline, not executable), and the hosts as a
 * sortable table. Its Content-Security-Policy allows exactly its two scripts and its style sheet,
 * by hash, so nothing the crawl put into the data can run.
 */
public final class ReportPage {
  static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
          .withZone(ZoneOffset.UTC);

  /** The page's policy: its own inline scripts and style, nothing else. */
  public static final String POLICY =
      "default-src 'none'; script-src "
          + Assets.hashSource(Assets.CHART)
          + " "
          + Assets.hashSource(Assets.REPORT_JS)
          + "; style-src "
          + Assets.hashSource(Assets.STYLE_CSS)
          + "; img-src data:; base-uri 'none'; form-action 'none'";

  private ReportPage() {}

  /** The page of {@code report}; {@code served}: inside the console (with its links). */
  public static String html(JsonNode report, boolean served) {
    Page page =
        Page.create(
            "crawl report",
            report.path("crawl").asText()
                + " · made "
                + TIME.format(Instant.ofEpochMilli(report.path("generated").asLong())),
            served);
    if (!served) {
      page.metaPolicy(POLICY);
    }
    page.inlineStyle(Assets.STYLE_CSS);
    Element main = page.main();
    tiles(main.appendElement("section").addClass("tiles"), report);
    Element grid = main.appendElement("section").addClass("grid");
    card(grid, "chart-outcomes", "URLs fetched per round, by outcome", "from rounds.jsonl");
    card(
        grid,
        "chart-phases",
        "Time per round by phase, and pages/s",
        "pages/s: the round's fetches over its fetch time");
    card(grid, "chart-crawldb", "The crawldb by status after each round", "growing, or done?");
    card(grid, "chart-http", "HTTP status codes", "all fetches in the segments (0: no answer)");
    card(grid, "chart-reasons", "Fetch reasons", "why a URL was or was not fetched");
    card(grid, "chart-types", "Content types", "stored pages by media type");
    card(grid, "chart-depth", "Link depth", "crawldb URLs by distance from the seeds");
    JsonNode ms = report.path("responseMs");
    card(
        grid,
        "chart-times",
        "Response time (ms)",
        String.format(
            "p50 %s, p90 %s, p99 %s",
            ms(ms.path("p50").asLong(-1)),
            ms(ms.path("p90").asLong(-1)),
            ms(ms.path("p99").asLong(-1))));
    JsonNode bytes = report.path("bytes");
    card(
        grid,
        "chart-bytes",
        "Page size (bytes)",
        String.format(
            "p50 %s, p90 %s, p99 %s; %s fetched in all",
            size(bytes.path("p50").asLong(-1)),
            size(bytes.path("p90").asLong(-1)),
            size(bytes.path("p99").asLong(-1)),
            size(bytes.path("fetched").asLong())));
    keptOut(main, report.path("keptOut"));
    hosts(main, report);
    centralHosts(main, report.path("topHostsByCentrality"));
    page.jsonData("report-data", report);
    page.inlineScript(Assets.CHART);
    page.inlineScript(Assets.REPORT_JS);
    return page.html();
  }

  private static void tiles(Element tiles, JsonNode r) {
    JsonNode rounds = r.path("rounds");
    JsonNode last = rounds.size() > 0 ? rounds.get(rounds.size() - 1) : null;
    tile(tiles, Long.toString(rounds.size()), "rounds recorded");
    tile(tiles, Long.toString(r.path("urls").asLong()), "URLs in the crawldb");
    tile(
        tiles,
        Long.toString(r.path("crawldb").path("db_fetched").asLong()),
        "fetched (db_fetched)");
    tile(
        tiles,
        Long.toString(r.path("crawldb").path("db_unfetched").asLong()),
        "still unfetched (db_unfetched)");
    tile(tiles, Long.toString(r.path("hostCount").asLong()), "hosts");
    tile(tiles, ms(r.path("responseMs").path("p50").asLong(-1)), "median response time");
    if (last != null) {
      tile(tiles, last.path("pagesPerSecond").asText(), "pages/s in the last round");
      tile(tiles, Long.toString(last.path("newUrls").asLong()), "new URLs in the last round");
    }
    JsonNode run = r.path("run");
    if (run.isObject()) {
      tile(
          tiles,
          run.path("state").asText(),
          "run: round " + run.path("round").asInt() + " of " + run.path("rounds").asInt());
    }
  }

  private static void tile(Element tiles, String value, String label) {
    Element t = tiles.appendElement("div").addClass("tile");
    t.appendElement("div").addClass("v").text(value);
    t.appendElement("div").addClass("k").text(label);
  }

  private static void card(Element grid, String id, String title, String note) {
    Element card = grid.appendElement("div").addClass("card");
    card.appendElement("h2").text(title);
    card.appendElement("p").addClass("note").text(note);
    card.appendElement("div").addClass("chart").appendElement("canvas").attr("id", id);
  }

  /**
   * What the crawl kept out of its budget and its index, one row per kind with its count, the rows
   * with none left out: a broad crawl's waste, and what it did about it.
   */
  private static void keptOut(Element main, JsonNode k) {
    Element card = main.appendElement("section").addClass("card").attr("id", "kept-out");
    card.appendElement("h2").text("Kept out: duplicates, soft 404s, backoffs, URLs held back");
    Element table = card.appendElement("table").attr("id", "kept-out-table");
    Element head = table.appendElement("thead").appendElement("tr");
    head.appendElement("th").text("what");
    head.appendElement("th").text("reason");
    head.appendElement("th").addClass("n").text("count");
    head.appendElement("th").text("what it means");
    Element body = table.appendElement("tbody");
    keptOutRows(
        body,
        k.path("duplicates"),
        "duplicates (db_duplicate)",
        kind ->
            "exact".equals(kind)
                ? "the same content as a page kept: deleted from the index"
                : "nearly the same text as a page kept: deleted from the index");
    keptOutRows(
        body,
        k.path("gone"),
        "gone (db_gone)",
        reason ->
            "soft_404".equals(reason)
                ? "the host's answer for a missing page, though it said 200"
                : "the server said the page is not there");
    keptOutRows(
        body,
        k.path("pushback"),
        "fetches a host pushed back",
        reason ->
            "host_backoff".equals(reason)
                ? "URLs put back, still due, while their host was backed off"
                : "answers refusing the request: the host backs off");
    if (k.path("hostsBackedOffNow").asLong() > 0) {
      keptOutRow(
          body,
          "hosts backed off now",
          "host_backoff",
          k.path("hostsBackedOffNow").asLong(),
          "generate leaves them out until "
              + TIME.format(Instant.ofEpochMilli(k.path("backoffUntil").asLong()))
              + " at the latest");
    }
    keptOutRows(body, k.path("skipped"), "URLs generate left out", r -> "summed over the rounds");
    keptOutRows(
        body,
        k.path("heldBack"),
        "outlinks the trap filter held back",
        r -> "summed over the rounds");
    if (body.childrenSize() == 0) {
      card.appendElement("p").addClass("note").text("nothing kept out");
    }
  }

  /** A row per reason of {@code counts} (reason → count), {@code means} saying what it means. */
  private static void keptOutRows(
      Element body, JsonNode counts, String what, UnaryOperator<String> means) {
    counts
        .properties()
        .forEach(
            e ->
                keptOutRow(body, what, e.getKey(), e.getValue().asLong(), means.apply(e.getKey())));
  }

  private static void keptOutRow(Element body, String what, String reason, long n, String means) {
    if (n <= 0) {
      return;
    }
    Element tr = body.appendElement("tr");
    tr.appendElement("td").text(what);
    tr.appendElement("td").addClass("url").text(reason);
    tr.appendElement("td").addClass("n").text(Long.toString(n));
    tr.appendElement("td").addClass("note").text(means);
  }

  private static void hosts(Element main, JsonNode r) {
    Element card = main.appendElement("section").addClass("card");
    card.appendElement("h2")
        .text(
            "Hosts: the biggest, the failing and the slowest ("
                + r.path("hosts").size()
                + " of "
                + r.path("hostCount").asLong()
                + "; click a column to sort)");
    Element table = card.appendElement("table").addClass("sortable").attr("id", "hosts");
    Element head = table.appendElement("thead").appendElement("tr");
    String[][] cols = {
      {"host", ""},
      {"URLs", "n"},
      {"fetched", "n"},
      {"errors", "n"},
      {"robots denied", "n"},
      {"mean response ms", "n"},
      {"robots.txt", ""},
      {"failed rounds", "n"}
    };
    for (String[] c : cols) {
      head.appendElement("th").addClass(c[1]).text(c[0]);
    }
    Element body = table.appendElement("tbody");
    for (JsonNode h : r.path("hosts")) {
      Element tr = body.appendElement("tr");
      cell(tr, h.path("host").asText(), h.path("host").asText(), "url");
      number(tr, h.path("urls").asLong(), false);
      number(tr, h.path("fetched").asLong(), false);
      number(tr, h.path("errors").asLong(), h.path("errors").asLong() > 0);
      number(tr, h.path("robotsDenied").asLong(), false);
      long mean = h.path("meanMs").asLong(-1);
      cell(tr, mean < 0 ? "" : Long.toString(mean), Long.toString(mean), "n");
      cell(tr, h.path("robots").asText(""), h.path("robots").asText(""), "");
      cell(
          tr,
          h.has("failedRounds") ? h.path("failedRounds").asText() : "",
          Long.toString(h.path("failedRounds").asLong(0)),
          "n");
    }
  }

  /** The hosts of highest harmonic centrality, when hostrank ranked them; nothing otherwise. */
  private static void centralHosts(Element main, JsonNode top) {
    if (top.size() == 0) {
      return;
    }
    Element card = main.appendElement("section").addClass("card");
    card.appendElement("h2").text("Most central hosts (hostrank: harmonic centrality, host rank)");
    Element table = card.appendElement("table").attr("id", "central-hosts");
    Element head = table.appendElement("thead").appendElement("tr");
    head.appendElement("th").text("host");
    head.appendElement("th").addClass("n").text("harmonic centrality");
    head.appendElement("th").addClass("n").text("host rank");
    Element body = table.appendElement("tbody");
    for (JsonNode h : top) {
      Element tr = body.appendElement("tr");
      cell(tr, h.path("host").asText(), h.path("host").asText(), "url");
      String harmonic = String.format(Locale.ROOT, "%.2f", h.path("harmonicCentrality").asDouble());
      cell(tr, harmonic, harmonic, "n");
      String rank = String.format(Locale.ROOT, "%.3f", h.path("hostRank").asDouble());
      cell(tr, rank, rank, "n");
    }
  }

  private static void number(Element tr, long value, boolean bad) {
    Element td = cell(tr, Long.toString(value), Long.toString(value), "n");
    if (bad) {
      td.addClass("bad");
    }
  }

  private static Element cell(Element tr, String text, String sortValue, String cls) {
    Element td = tr.appendElement("td").text(text).attr("data-value", sortValue);
    if (!cls.isEmpty()) {
      td.addClass(cls);
    }
    return td;
  }

  static String ms(long ms) {
    return ms < 0 ? "n/a" : ms + " ms";
  }

  static String size(long bytes) {
    if (bytes < 0) {
      return "n/a";
    }
    if (bytes < 10_000) {
      return bytes + " B";
    }
    if (bytes < 10_000_000) {
      return (bytes / 1000) + " kB";
    }
    return (bytes / 1_000_000) + " MB";
  }
}
