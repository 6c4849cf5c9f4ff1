package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.trawler.core.io.JsonOutput;

/**
 * A WAT record's {@code HTML-Metadata} of one HTML page, found in the archived payload the way
 * Common Crawl's WAT files describe a page: {@code Head} (Title, Base, Metas, Link, Scripts) and
 * {@code Links}, each link {@code path} (element{@value #PATH_SEPARATOR}attribute, e.g. {@code
 * A@/href}), {@code url} as written in the page, and the element's attributes that say what the
 * link is (rel, title, alt...), an anchor's text last. Made from the payload, not from the parse: a
 * WAT lists every link as written, including those the crawl does not follow (images, forms,
 * nofollow).
 */
final class HtmlMetadata {
  /** Anchor texts are cut at this many characters, as in Common Crawl's WAT files. */
  static final int MAX_TEXT = 128;

  static final String PATH_SEPARATOR = "@/";

  /** Per element, the attributes holding a URL, each a link of its own in {@code Links}. */
  private static final Map<String, List<String>> URL_ATTRIBUTES =
      Map.ofEntries(
          Map.entry("a", List.of("href")),
          Map.entry("area", List.of("href")),
          Map.entry("img", List.of("src", "longdesc")),
          Map.entry("iframe", List.of("src")),
          Map.entry("frame", List.of("src")),
          Map.entry("form", List.of("action")),
          Map.entry("embed", List.of("src")),
          Map.entry("object", List.of("data")),
          Map.entry("audio", List.of("src")),
          Map.entry("video", List.of("src", "poster")),
          Map.entry("source", List.of("src")),
          Map.entry("track", List.of("src")),
          Map.entry("input", List.of("src", "formaction")),
          Map.entry("button", List.of("formaction")),
          Map.entry("blockquote", List.of("cite")),
          Map.entry("q", List.of("cite")),
          Map.entry("del", List.of("cite")),
          Map.entry("ins", List.of("cite")));

  /** The attributes kept with a link of an element (after path and url), when present. */
  private static final Map<String, List<String>> LINK_DETAILS =
      Map.of(
          "a", List.of("target", "alt", "title", "rel", "hreflang", "type"),
          "img", List.of("alt", "title"));

  /** A meta element's attributes kept, in this order; one alone says nothing and is left out. */
  private static final List<String> META_ATTRIBUTES =
      List.of("name", "rel", "content", "http-equiv", "property");

  private String title;
  private String base;
  private final List<Map<String, String>> metas = new ArrayList<>();
  private final List<Map<String, String>> linkTags = new ArrayList<>();
  private final List<Map<String, String>> scripts = new ArrayList<>();
  private final List<Map<String, String>> links = new ArrayList<>();

  private HtmlMetadata() {}

  /** The metadata of the page {@code html} (decoded), fetched from {@code pageUrl}. */
  static HtmlMetadata of(String html, String pageUrl) {
    Document doc = Jsoup.parse(html, pageUrl);
    HtmlMetadata m = new HtmlMetadata();
    m.title = title(doc);
    Element root = doc.selectFirst("html");
    if (root != null) {
      for (String attr : List.of("lang", "xml:lang")) {
        if (root.hasAttr(attr)) {
          m.metas.add(entry("name", path("HTML", attr), "content", root.attr(attr)));
        }
      }
    }
    for (Element e : doc.getAllElements()) {
      m.add(e);
    }
    return m;
  }

  /** The first title outside an SVG image (whose titles name shapes, not the page). */
  private static String title(Document doc) {
    for (Element t : doc.getElementsByTag("title")) {
      if (t.closest("svg") == null) {
        return t.text();
      }
    }
    return null;
  }

  private void add(Element e) {
    String tag = e.normalName();
    switch (tag) {
      case "base" -> {
        if (base == null && e.hasAttr("href")) {
          base = e.attr("href");
        }
      }
      case "meta" -> {
        Map<String, String> meta = new LinkedHashMap<>();
        for (String attr : META_ATTRIBUTES) {
          if (e.hasAttr(attr)) {
            meta.put(attr, e.attr(attr));
          }
        }
        if (meta.size() > 1) {
          metas.add(meta);
        }
      }
      case "link" -> {
        if (e.hasAttr("href")) {
          linkTags.add(link(e, "href", List.of("rel", "type")));
        }
      }
      case "script" -> {
        if (e.hasAttr("src")) {
          scripts.add(link(e, "src", List.of("type")));
        }
      }
      default -> {
        for (String attr : URL_ATTRIBUTES.getOrDefault(tag, List.of())) {
          if (e.hasAttr(attr)) {
            Map<String, String> link = link(e, attr, LINK_DETAILS.getOrDefault(tag, List.of()));
            String text = tag.equals("a") ? anchorText(e) : "";
            if (!text.isEmpty()) {
              link.put("text", text);
            }
            links.add(link);
          }
        }
      }
    }
  }

  private static Map<String, String> link(Element e, String urlAttribute, List<String> details) {
    Map<String, String> link = entry("path", path(e.normalName(), urlAttribute));
    link.put("url", e.attr(urlAttribute));
    for (String attr : details) {
      if (e.hasAttr(attr)) {
        link.put(attr, e.attr(attr));
      }
    }
    return link;
  }

  private static String anchorText(Element a) {
    String text = a.text().trim();
    return text.length() > MAX_TEXT ? text.substring(0, MAX_TEXT) : text;
  }

  /** {@code A@/href}: element name upper case, as Common Crawl's paths are. */
  static String path(String element, String attribute) {
    return element.toUpperCase(Locale.ROOT) + PATH_SEPARATOR + attribute;
  }

  private static Map<String, String> entry(String... nameValues) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      m.put(nameValues[i], nameValues[i + 1]);
    }
    return m;
  }

  /** Writes the {@code HTML-Metadata} object's members (Head, Links) into the open object. */
  void write(JsonOutput json) throws IOException {
    json.name("Head").beginObject();
    if (title != null) {
      json.name("Title").value(title);
    }
    if (base != null) {
      json.name("Base").value(base);
    }
    array(json, "Metas", metas);
    array(json, "Link", linkTags);
    array(json, "Scripts", scripts);
    json.endObject();
    array(json, "Links", links);
  }

  private static void array(JsonOutput json, String name, List<Map<String, String>> entries)
      throws IOException {
    if (entries.isEmpty()) {
      return;
    }
    json.name(name).beginArray();
    for (Map<String, String> e : entries) {
      json.beginObject();
      for (Map.Entry<String, String> member : e.entrySet()) {
        json.name(member.getKey()).value(member.getValue());
      }
      json.endObject();
    }
    json.endArray();
  }
}
