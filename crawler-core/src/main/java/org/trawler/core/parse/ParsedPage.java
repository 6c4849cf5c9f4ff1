package org.trawler.core.parse;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jsoup.nodes.Document;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;

/**
 * One successfully parsed page as the parse filters see it: the fetched content, its detected type,
 * the parse data whose metadata takes their fields, the text (which a filter may replace) and, for
 * HTML, the jsoup document the parser built. Belongs to one thread for the time of one page.
 */
public final class ParsedPage {
  /** Many values of one field are kept as one metadata value, separated by this. */
  public static final char VALUE_SEPARATOR = '\n';

  private final Content content;
  private final String mimeType;
  private final Document dom;
  private PageElements elements;
  private final ParseData data;
  private final List<ParseNote> notes = new ArrayList<>();
  private final Set<String> fields = new HashSet<>();

  /** The names of {@link #fields} in the order they came, space-separated: the fields entry. */
  private final StringBuilder fieldList = new StringBuilder();

  private String text;
  private String markdown;
  private String filter = "";

  public ParsedPage(Content content, String mimeType, Document dom, ParseData data, String text) {
    this(content, mimeType, dom, null, data, text);
  }

  /** A page whose parser walked {@code dom} and found {@code elements}, or null when it did not. */
  public ParsedPage(
      Content content,
      String mimeType,
      Document dom,
      PageElements elements,
      ParseData data,
      String text) {
    this.content = content;
    this.mimeType = mimeType;
    this.dom = dom;
    this.elements = elements;
    this.data = data;
    this.text = text;
    for (String name : fieldNames(data)) {
      addField(name);
    }
  }

  private void addField(String name) {
    if (fields.add(name)) {
      if (fields.size() > 1) {
        fieldList.append(' ');
      }
      fieldList.append(name);
    }
  }

  /** The URL the page came from in the end: relative links and URL rules apply to it. */
  public String url() {
    return HtmlParser.pageUrl(content);
  }

  public Content content() {
    return content;
  }

  /** The detected MIME type, lower case, without parameters. */
  public String mimeType() {
    return mimeType;
  }

  /** The page's jsoup document when it is HTML, else null. Read it; do not change it. */
  public Document dom() {
    return dom;
  }

  /**
   * The elements of {@link #dom()} (all of them in document order, and its meta tags, scripts and
   * microdata items apart), as the parser's own walk found them: a filter that looks for elements
   * by tag or attribute goes through these lists instead of walking the tree again. Null for a
   * document. Read them; do not change them.
   */
  public PageElements elements() {
    if (elements == null && dom != null) {
      elements = PageElements.of(dom);
    }
    return elements;
  }

  /** The page's metadata: what the parser found and the fields filters added so far. */
  public Map<String, String> meta() {
    return data.getMeta();
  }

  public String title() {
    return data.getTitle();
  }

  public String text() {
    return text;
  }

  public void setText(String text) {
    this.text = text;
  }

  /** The page's Markdown (parser.markdown), or null when no filter made one. */
  public String markdown() {
    return markdown;
  }

  public void setMarkdown(String markdown) {
    this.markdown = markdown;
  }

  /**
   * Sets the index field {@code name} (no spaces) to {@code value}, replacing an earlier value;
   * {@link ParseData#META_FIELDS} lists it.
   */
  public void put(String name, String value) {
    data.getMeta().put(name, value);
    addField(name);
  }

  /** Adds {@code value} to the values of the index field {@code name} unless it has it already. */
  public void add(String name, String value) {
    String old = data.getMeta().get(name);
    if (old == null || !fields.contains(name)) {
      put(name, value);
    } else if (!values(old).contains(value)) {
      data.getMeta().put(name, old + VALUE_SEPARATOR + value);
    }
  }

  /** Whether the page has the index field {@code name}. */
  public boolean has(String name) {
    return fields.contains(name);
  }

  /** The number of index fields the filters added so far. */
  public int fieldCount() {
    return fields.size();
  }

  /** The names of the index fields the parse filters added to {@code data}, in order. */
  public static List<String> fieldNames(ParseData data) {
    String names = data.getMeta().getOrDefault(ParseData.META_FIELDS, "");
    return names.isEmpty() ? List.of() : List.of(names.split(" "));
  }

  /** Records the names of the fields added in the metadata, once the filters are done. */
  void finish() {
    if (!fields.isEmpty()) {
      data.getMeta().put(ParseData.META_FIELDS, fieldList.toString());
    }
  }

  /** The values of a metadata value that may hold many. */
  public static List<String> values(String value) {
    List<String> values = new ArrayList<>();
    int start = 0;
    for (int i = value.indexOf(VALUE_SEPARATOR);
        i >= 0;
        i = value.indexOf(VALUE_SEPARATOR, start)) {
      values.add(value.substring(start, i));
      start = i + 1;
    }
    values.add(value.substring(start));
    return values;
  }

  /** Adds one to the current filter's counter {@code counter} (group parse_filters). */
  public void count(ParseFilter.Counter counter) {
    notes.add(new ParseNote(filter, counter.counterName(), ""));
  }

  /** Notes {@code detail} for check to show, with the counter {@code counter}. */
  public void note(ParseFilter.Counter counter, String detail) {
    note(counter.counterName(), detail);
  }

  /** A note under a counter named at run time: the chain's {@code <filter>_failed}. */
  void note(String counter, String detail) {
    notes.add(new ParseNote(filter, counter, detail));
  }

  List<ParseNote> notes() {
    return notes;
  }

  /** The chain names the filter it hands the page to, for its notes. */
  void enter(String filterName) {
    this.filter = filterName;
  }
}
