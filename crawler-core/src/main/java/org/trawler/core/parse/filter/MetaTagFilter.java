package org.trawler.core.parse.filter;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Element;
import org.trawler.core.conf.Settings;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParsedPage;
import org.trawler.core.parse.Whitespace;

/**
 * Every {@code <meta name|property=... content=...>} of an HTML page (Open Graph, Twitter cards,
 * Dublin Core, article:published_time) as the field {@code meta.<name>}, name in lower case; a name
 * given several times (article:tag) gets several values. At most parsefilter.meta.max.count fields,
 * each value cut at parsefilter.value.max.length: a page can carry thousands of meta tags.
 */
public class MetaTagFilter implements ParseFilter {
  /** The prefix of this filter's fields. */
  public static final String PREFIX = "meta.";

  /** Characters kept of a meta name: longer ones are not names people search by. */
  private static final int MAX_NAME_LENGTH = 64;

  private int maxCount;
  private int maxLength;

  @Override
  public void configure(Configuration conf) {
    this.maxCount =
        Settings.getInt(conf, FilterKeys.META_MAX_COUNT, FilterKeys.DEFAULT_META_MAX_COUNT);
    this.maxLength =
        Settings.getInt(conf, FilterKeys.VALUE_MAX_LENGTH, FilterKeys.DEFAULT_VALUE_MAX_LENGTH);
  }

  @Override
  public void filter(ParsedPage page) {
    if (page.dom() == null) {
      return;
    }
    int count = 0;
    for (Element meta : page.elements().metas()) {
      String name = fieldName(meta.hasAttr("name") ? meta.attr("name") : meta.attr("property"));
      String value = Whitespace.cap(Whitespace.collapse(meta.attr("content")), maxLength);
      if (name == null || value.isEmpty()) {
        continue;
      }
      String field = PREFIX + name;
      if (!page.has(field) && count++ >= maxCount) {
        page.count(FilterCounter.META_CAPPED);
        return;
      }
      page.add(field, value);
    }
  }

  /**
   * The meta name as a field name: lower case, letters, digits and {@code :._-} only; null when
   * nothing is left or it is too long.
   */
  static String fieldName(String raw) {
    String name = raw.strip().toLowerCase(Locale.ROOT);
    if (name.isEmpty() || name.length() > MAX_NAME_LENGTH) {
      return null;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= '0' && c <= '9')
              || c == ':'
              || c == '.'
              || c == '_'
              || c == '-';
      if (!ok) {
        return null;
      }
    }
    return name;
  }
}
