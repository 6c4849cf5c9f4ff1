package org.trawler.jobs.crawl;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Hex;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;

/**
 * {@code check <url> [-json]}: fetches and parses one URL now with the crawl's settings and prints
 * what the crawl would record (see {@link PageCheck}). Exit 0 when the fetch is a fetch_success, 1
 * when it is anything else (robots denied, redirect, 404, unreachable...), with one line on stderr
 * saying so; a URL that does not parse is a usage error.
 */
public class CheckCommand extends CrawlTool {
  /** Characters of the page text shown. */
  static final int TEXT_CHARS = 400;

  @Override
  public String name() {
    return "check";
  }

  @Override
  public String synopsis() {
    return "<url> [-json] [-force] [-hostdb <hostdb>]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(Option.builder("json").desc("print one JSON object").build());
    o.addOption(
        Option.builder("force")
            .desc("fetch the URL even when the URL filters reject it (the crawl would not)")
            .build());
    o.addOption(
        Option.builder("hostdb")
            .hasArg()
            .argName("hostdb")
            .desc(
                "say what this host database knows of the URL's host: a backoff in force"
                    + " (host_backoff), the page being its missing-page answer (soft_404)")
            .build());
    return o;
  }

  @Override
  protected int execute(CommandLine cmd) throws IOException, UserException, UsageException {
    String url = cmd.getArgList().get(0);
    boolean forced = false;
    PageCheck.Report report;
    try (PageCheck check = new PageCheck(getConf(), System::currentTimeMillis)) {
      URLCheck.Result filtered = check.seedCheck(url);
      if (!filtered.accepted() && !filtered.rule().startsWith("malformed")) {
        if (!cmd.hasOption("force")) {
          err()
              .println(
                  "trawler check: the crawl would not fetch "
                      + url
                      + ": "
                      + filtered.describe()
                      + "; -force fetches it anyway");
          return UserException.NOTHING_TO_DO;
        }
        forced = true;
      }
      report = check.check(url);
    }
    ProtocolOutput fetched = report.fetch().output();
    if (fetched.getReasonName().equals(Reason.MALFORMED_URL.nameFor(0))) {
      throw new UsageException("'" + url + "' is not a URL: " + fetched.getMessage());
    }
    Map<String, Object> fields = fields(report);
    if (cmd.hasOption("hostdb")) {
      fields.put("hostdb", hostNotes(new Path(cmd.getOptionValue("hostdb")), report));
    }
    if (cmd.hasOption("json")) {
      PrintWriter w = new PrintWriter(new OutputStreamWriter(out(), StandardCharsets.UTF_8), false);
      JsonOutput json = new JsonOutput(w);
      writeJson(json, fields);
      json.newLine().flush();
    } else {
      printText(fields);
      out().flush();
    }
    if (forced) {
      err().println("trawler check: fetched because of -force; the crawl would not fetch " + url);
    }
    if (report.fetched()) {
      return 0;
    }
    if (report.redirectTarget() != null) {
      err()
          .println(
              "trawler check: "
                  + url
                  + " is a redirect ("
                  + report.status().label()
                  + ") to "
                  + report.redirectTarget());
    } else {
      err().println("trawler check: " + url + " not fetched: " + fetched.toProtocolStatus());
    }
    return UserException.NOTHING_TO_DO;
  }

  /**
   * The report as named values in print order: String, Long, Map (of String) or List (of Map); both
   * outputs render it, so text and JSON cannot differ.
   */
  static Map<String, Object> fields(PageCheck.Report r) {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("url", r.input());
    URLCheck.Result u = r.urlCheck();
    f.put("normalized", u.normalized() == null ? "" : u.normalized());
    f.put("filter", u.describe());
    ProtocolOutput verdict = r.fetch().robotsVerdict();
    f.put(
        "robots",
        verdict == null
            ? "allowed"
            : "not fetched: "
                + verdict.getReasonName()
                + (verdict.getMessage().isEmpty() ? "" : " " + verdict.getMessage()));
    if (!r.fetch().tdmRep().isEmpty()) {
      f.put("tdmrep", r.fetch().tdmRep()); // ok, or why there is no file: no reservation from it
    }
    ProtocolOutput out = r.fetch().output();
    if (r.rendering() != null) {
      f.put("rendered", r.rendering().rendered() ? "yes" : "no");
      if (!r.rendering().reason().isEmpty()) {
        f.put("renderReason", r.rendering().reason());
      }
    }
    f.put("status", r.status().label());
    f.put("protocolStatus", out.toProtocolStatus());
    if (r.redirectTarget() != null) {
      f.put("redirect", r.redirectTarget());
    }
    if (r.refresh() != null) {
      f.put("redirectBy", "meta refresh");
    }
    Content c = out.getContent();
    if (c == null) {
      return f;
    }
    f.put("finalUrl", c.getFinalUrl().isEmpty() ? c.getUrl() : c.getFinalUrl());
    f.put("headers", new LinkedHashMap<>(c.getHeaders()));
    f.put("contentType", c.getContentType());
    f.put("detectedType", r.parse().data().getMeta().getOrDefault(ParseData.META_TYPE, ""));
    f.put("contentLength", (long) c.getContent().length);
    if (c.isTruncated()) {
      f.put("truncated", "true");
    }
    if (r.charset() != null) {
      f.put("charset", r.charset().charset().name());
      f.put("charsetSource", r.charset().source().name().toLowerCase(java.util.Locale.ROOT));
    }
    ParseData data = r.parse().data();
    f.put("parseStatus", ParseData.statusName(data.getStatus()));
    if (!data.getStatusMessage().isEmpty()) {
      f.put("parseMessage", data.getStatusMessage());
    }
    f.put("title", data.getTitle());
    if (data.getMeta().containsKey("robots")) {
      f.put("metaRobots", data.getMeta().get("robots"));
    }
    f.put("parseMeta", new LinkedHashMap<>(data.getMeta()));
    Map<String, String> extracted = new LinkedHashMap<>();
    for (String name : ParsedPage.fieldNames(data)) {
      extracted.put(name, String.join(" | ", ParsedPage.values(data.getMeta().get(name))));
    }
    f.put("fields", extracted);
    f.put("parseFilters", filterNotes(r.parse()));
    f.put("signature", Hex.encode(r.parse().signature()));
    String text = r.parse().text().getText();
    f.put("text", text.length() > TEXT_CHARS ? text.substring(0, TEXT_CHARS) + "…" : text);
    List<Map<String, String>> outlinks = new ArrayList<>();
    for (Outlink o : r.parse().outlinks()) {
      outlinks.add(Map.of("url", o.getToUrl(), "anchor", o.getAnchor()));
    }
    f.put("outlinks", outlinks);
    List<Map<String, String>> dropped = new ArrayList<>();
    for (PageCheck.DroppedLink d : r.dropped()) {
      dropped.add(Map.of("url", d.url(), "reason", d.reason()));
    }
    f.put("dropped", dropped);
    return f;
  }

  /**
   * The reasons the host database at {@code hostDb} gives against the checked page (host_backoff,
   * soft_404), or that it does not know the host.
   */
  private Map<String, String> hostNotes(Path hostDb, PageCheck.Report report)
      throws IOException, UserException {
    Path current = VersionedDb.currentForReading(getConf(), hostDb, VersionedDb.Kind.HOSTDB);
    String host = URLParts.host(report.input());
    HostDatum datum = new HostDatum();
    if (host == null || !PartFiles.lookup(getConf(), current, new Text(host), datum)) {
      return Map.of("unknown", "the host database does not know " + host);
    }
    String text = report.parse() == null ? null : report.parse().text().getText();
    return new HostCheck(getConf()).notes(datum, text, System.currentTimeMillis());
  }

  /**
   * What the parse filters noted on the page, e.g. which selector rules applied and what each
   * found, keyed "filter n".
   */
  static Map<String, String> filterNotes(ParseResult parse) {
    Map<String, String> notes = new LinkedHashMap<>();
    Map<String, Integer> perFilter = new HashMap<>();
    for (ParseNote note : parse.notes()) {
      if (!note.detail().isEmpty()) {
        int n = perFilter.merge(note.filter(), 1, Integer::sum);
        notes.put(note.filter() + " " + n, note.detail());
      }
    }
    return notes;
  }

  private void printText(Map<String, Object> fields) {
    for (Map.Entry<String, Object> e : fields.entrySet()) {
      Object v = e.getValue();
      if (v instanceof Map<?, ?> map) {
        out().println(e.getKey() + ":");
        map.forEach((k, value) -> out().println("  " + k + ": " + value));
      } else if (v instanceof List<?> list) {
        out().println(e.getKey() + ": " + list.size());
        for (Object item : list) {
          Map<?, ?> link = (Map<?, ?>) item;
          out()
              .println(
                  "  "
                      + link.get("url")
                      + (link.containsKey("reason")
                          ? "  [" + link.get("reason") + "]"
                          : "  \"" + link.get("anchor") + "\""));
        }
      } else {
        out().println(e.getKey() + ": " + v);
      }
    }
  }

  private static void writeJson(JsonOutput json, Map<?, ?> fields) throws IOException {
    json.beginObject();
    for (Map.Entry<?, ?> e : fields.entrySet()) {
      json.name(String.valueOf(e.getKey()));
      Object v = e.getValue();
      if (v instanceof Long n) {
        json.value(n);
      } else if (v instanceof Map<?, ?> map) {
        writeJson(json, map);
      } else if (v instanceof List<?> list) {
        json.beginArray();
        for (Object item : list) {
          writeJson(json, (Map<?, ?>) item);
        }
        json.endArray();
      } else {
        json.value(String.valueOf(v));
      }
    }
    json.endObject();
  }
}
