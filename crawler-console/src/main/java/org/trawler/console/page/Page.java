package org.trawler.console.page;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A page of the console or the report, built with jsoup's element API: crawled strings only ever go
 * in as text or attribute values, which jsoup escapes; markup is never pasted from strings.
 */
public final class Page {
  /** The console's policy: only our own scripts and styles, from our own origin. */
  public static final String CONSOLE_CSP =
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
          + " connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

  private static final ObjectMapper SCRIPT_JSON = new ObjectMapper();

  static {
    SCRIPT_JSON.getFactory().setCharacterEscapes(new ScriptSafeEscapes());
  }

  private final Document doc;

  private Page(Document doc) {
    this.doc = doc;
  }

  /**
   * A page titled {@code title}; with {@code nav} the console's links are in its header (not in the
   * standalone report, where they would lead nowhere).
   */
  public static Page create(String title, String subtitle, boolean nav) {
    Document doc = Document.createShell("");
    doc.outputSettings().prettyPrint(false);
    doc.head().appendElement("meta").attr("charset", "utf-8");
    doc.head()
        .appendElement("meta")
        .attr("name", "viewport")
        .attr("content", "width=device-width, initial-scale=1");
    doc.title(title);
    Element header = doc.body().appendElement("header").addClass("top");
    header.appendElement("h1").text("Trawler · " + title);
    if (nav) {
      Element links = header.appendElement("nav");
      links.appendElement("a").attr("href", "/").text("Overview");
      links.appendElement("a").attr("href", "/search").text("Search");
      links.appendElement("a").attr("href", "/report").text("Report");
      links.appendElement("a").attr("href", "/api/overview").text("JSON");
    }
    if (subtitle != null) {
      header.appendElement("span").addClass("sub").text(subtitle);
    }
    doc.body().appendElement("main");
    return new Page(doc);
  }

  public Document document() {
    return doc;
  }

  public Element main() {
    return doc.body().selectFirst("main");
  }

  /** Links the console's style sheet and script (served by the console itself). */
  public Page linked() {
    doc.head().appendElement("link").attr("rel", "stylesheet").attr("href", "/static/style.css");
    doc.head().appendElement("script").attr("src", "/static/console.js").attr("defer", "");
    return this;
  }

  /** Puts {@code css} into the page (the standalone report). */
  public Page inlineStyle(String css) {
    doc.head().appendElement("style").appendChild(new DataNode(css));
    return this;
  }

  /** Puts {@code js} at the end of the body (the standalone report). */
  public Page inlineScript(String js) {
    doc.body().appendElement("script").appendChild(new DataNode(js));
    return this;
  }

  /**
   * Puts {@code data} in a non-executable JSON block the page's script reads; {@code <}, {@code >}
   * and {@code &} are escaped, so a crawled "&lt;/script&gt;" cannot end the block.
   */
  public Page jsonData(String id, JsonNode data) {
    try {
      String json = SCRIPT_JSON.writeValueAsString(data);
      doc.body()
          .appendElement("script")
          .attr("type", "application/json")
          .attr("id", id)
          .appendChild(new DataNode(json));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    return this;
  }

  /** A Content-Security-Policy meta element, for the report opened as a file. */
  public Page metaPolicy(String policy) {
    doc.head()
        .prependElement("meta")
        .attr("http-equiv", "Content-Security-Policy")
        .attr("content", policy);
    doc.head().prependElement("meta").attr("charset", "utf-8");
    doc.head().select("meta[charset]").last().remove();
    return this;
  }

  public String html() {
    return "<!DOCTYPE html>\n" + doc.outerHtml();
  }

  /** JSON escapes for text inside a script element. */
  private static final class ScriptSafeEscapes extends CharacterEscapes {
    private final int[] escapes;

    ScriptSafeEscapes() {
      escapes = standardAsciiEscapesForJSON();
      escapes['<'] = CharacterEscapes.ESCAPE_STANDARD;
      escapes['>'] = CharacterEscapes.ESCAPE_STANDARD;
      escapes['&'] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return escapes;
    }

    @Override
    public SerializableString getEscapeSequence(int ch) {
      // U+2028 and U+2029 end a line in older script parsers.
      if (ch == 0x2028 || ch == 0x2029) {
        return new SerializedString(String.format("\\u%04x", ch));
      }
      return null;
    }
  }
}
