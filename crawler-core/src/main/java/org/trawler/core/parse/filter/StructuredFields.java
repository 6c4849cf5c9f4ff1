package org.trawler.core.parse.filter;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.parse.Whitespace;

/**
 * Where the JSON-LD and microdata filters put what they find: a field per path ({@code
 * <prefix><Type>.<property>.<property>}), only the paths parsefilter.jsonld.paths keeps, at most
 * parsefilter.structured.max.fields fields per page, each value collapsed and cut.
 */
final class StructuredFields {
  private final List<String> exact = new ArrayList<>();
  private final List<String> prefixes = new ArrayList<>();
  private final int maxFields;
  private final int maxLength;
  private final int maxDepth;

  StructuredFields(Configuration conf) {
    for (String path :
        conf.get(FilterKeys.JSONLD_PATHS, FilterKeys.DEFAULT_JSONLD_PATHS).split("[,\\s]+")) {
      String p = path.startsWith(JsonLdFilter.PREFIX) ? path.substring(7) : path;
      if (p.endsWith(".*")) {
        prefixes.add(p.substring(0, p.length() - 1));
      } else if (!p.isEmpty()) {
        exact.add(p);
      }
    }
    this.maxFields =
        Settings.getInt(
            conf, FilterKeys.STRUCTURED_MAX_FIELDS, FilterKeys.DEFAULT_STRUCTURED_MAX_FIELDS);
    this.maxLength =
        Settings.getInt(conf, FilterKeys.VALUE_MAX_LENGTH, FilterKeys.DEFAULT_VALUE_MAX_LENGTH);
    this.maxDepth =
        Settings.getInt(
            conf, FilterKeys.STRUCTURED_MAX_DEPTH, FilterKeys.DEFAULT_STRUCTURED_MAX_DEPTH);
  }

  /** Objects or items nested deeper than this are not followed. */
  int maxDepth() {
    return maxDepth;
  }

  /** Whether {@code path} (Type.property...) is kept. */
  boolean kept(String path) {
    if (exact.isEmpty() && prefixes.isEmpty()) {
      return true;
    }
    if (exact.contains(path)) {
      return true;
    }
    for (String p : prefixes) {
      if (path.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  /** The fields of one page under {@code prefix}. */
  Page on(ParsedPage page, String prefix) {
    return new Page(page, prefix);
  }

  /** Adds the fields of one page, counting them against the cap. */
  final class Page {
    private final ParsedPage page;
    private final String prefix;
    private int fields;
    private boolean capped;
    private boolean tooDeep;

    private Page(ParsedPage page, String prefix) {
      this.page = page;
      this.prefix = prefix;
    }

    /** Adds {@code value} to the field of {@code path} when the path is kept and there is room. */
    void add(String path, String value) {
      String v = Whitespace.cap(Whitespace.collapse(value), maxLength);
      if (v.isEmpty() || !kept(path)) {
        return;
      }
      String name = prefix + path;
      if (!page.has(name)) {
        if (fields >= maxFields) {
          if (!capped) {
            page.count(FilterCounter.STRUCTURED_CAPPED);
            capped = true;
          }
          return;
        }
        fields++;
      }
      page.add(name, v);
    }

    /** Counts, once a page, that something nested deeper than the depth bound was left out. */
    void cutTooDeep() {
      if (!tooDeep) {
        page.count(FilterCounter.STRUCTURED_TOO_DEEP);
        tooDeep = true;
      }
    }
  }

  /**
   * A schema.org type as a path step: "https://schema.org/NewsArticle" and "schema:NewsArticle"
   * give "NewsArticle"; null when nothing usable is left.
   */
  static String typeName(String raw) {
    String t = raw == null ? "" : raw.strip();
    int cut = Math.max(t.lastIndexOf('/'), Math.max(t.lastIndexOf('#'), t.lastIndexOf(':')));
    t = t.substring(cut + 1);
    return step(t);
  }

  /** A property or type name usable in a field name (letters, digits, _ and -), or null. */
  static String step(String name) {
    if (name.isEmpty() || name.length() > 64) {
      return null;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (!Character.isLetterOrDigit(c) && c != '_' && c != '-') {
        return null;
      }
    }
    return name;
  }
}
