package org.trawler.core.parse;

import java.io.Closeable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.plugin.PluginNames;
import org.trawler.core.plugin.Plugins;

/**
 * The composite parse filter: the filters {@code parsefilter.order} names (each a name of {@code
 * parsefilter.classes}), run in that order on every page that parsed. A filter that throws on a
 * page costs the page that filter's fields, a counter {@code <name>_failed} and a log line with the
 * URL; the others still run. Thread-safe; close it to close the filters.
 */
public class ParseFilters implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ParseFilters.class);

  /** The counter a filter that threw on a page adds one to: {@code <name>} + this. */
  public static final String FAILED_SUFFIX = "_failed";

  private final Map<String, ParseFilter> filters;

  /** The filters and their names, in order: what every page runs through, without an iterator. */
  private final String[] chainNames;

  private final ParseFilter[] chain;

  public ParseFilters(Configuration conf) {
    this(conf, new PluginNames(conf));
  }

  /**
   * As {@link #ParseFilters(Configuration)}, a short name of a filter looked up in {@code names}.
   */
  public ParseFilters(Configuration conf, PluginNames names) {
    Map<String, String> classes =
        Parsers.classes(
            ParseKeys.FILTER_CLASSES,
            conf.get(ParseKeys.FILTER_CLASSES, ParseKeys.DEFAULT_FILTER_CLASSES));
    Map<String, ParseFilter> made = new LinkedHashMap<>();
    try {
      String order = conf.get(ParseKeys.FILTER_ORDER, ParseKeys.DEFAULT_FILTER_ORDER);
      for (String name : names(order)) {
        String className = classes.get(name);
        if (className == null) {
          throw new BadSettingException(
              ParseKeys.FILTER_ORDER,
              "\""
                  + order
                  + "\" names the filter \""
                  + name
                  + "\", which "
                  + ParseKeys.FILTER_CLASSES
                  + " does not name "
                  + classes.keySet());
        }
        if (!made.containsKey(name)) {
          made.put(
              name,
              Plugins.create(conf, names, ParseKeys.FILTER_CLASSES, className, ParseFilter.class));
        }
      }
    } catch (RuntimeException e) {
      made.values().forEach(ParseFilter::close);
      throw e;
    }
    this.filters = Collections.unmodifiableMap(made);
    this.chainNames = made.keySet().toArray(new String[0]);
    this.chain = made.values().toArray(new ParseFilter[0]);
  }

  /** The names of a parsefilter.order value: commas or spaces between them. */
  public static List<String> names(String order) {
    return Plugins.splitNames(order);
  }

  /** The filters' names, in the order they run. */
  public List<String> names() {
    return new ArrayList<>(filters.keySet());
  }

  /**
   * Runs the filters on {@code result}, the parse of {@code content}, of type {@code mimeType}: the
   * result with the fields they added to its metadata, the text they left and their notes. A page
   * that did not parse is returned as it is.
   */
  public ParseResult filter(Content content, String mimeType, ParseResult result) {
    if (filters.isEmpty() || result.status() != ParseData.SUCCESS) {
      return result;
    }
    String text = result.text().getText();
    ParsedPage page =
        new ParsedPage(content, mimeType, result.dom(), result.elements(), result.data(), text);
    for (int i = 0; i < chain.length; i++) {
      page.enter(chainNames[i]);
      try {
        chain[i].filter(page);
      } catch (RuntimeException | StackOverflowError e) {
        page.note(chainNames[i] + FAILED_SUFFIX, e.toString());
        LOG.warn("parse filter {} failed on {}: {}", chainNames[i], page.url(), e.toString());
      }
    }
    page.finish();
    ParseText newText =
        page.text() == text && page.markdown() == null
            ? result.text()
            : new ParseText(page.text(), page.markdown());
    // the page, and with it its list of notes, is done with: no copy
    List<ParseNote> notes = page.notes();
    if (!result.notes().isEmpty()) {
      notes.addAll(0, result.notes()); // the parser's own (links held back) first
    }
    return new ParseResult(
        result.data(),
        newText,
        result.signature(),
        result.redirect(),
        result.dom(),
        result.elements(),
        notes.isEmpty() ? List.of() : Collections.unmodifiableList(notes));
  }

  @Override
  public void close() {
    filters.values().forEach(ParseFilter::close);
  }
}
