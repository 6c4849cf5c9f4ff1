package org.trawler.core.parse.filter;

import java.util.Locale;
import org.trawler.core.parse.ParseFilter;

/**
 * The counters of the parse filters in this package (group parse_filters), as docs/extraction.md
 * lists them. A bound named parsefilter.X.max.Y counts X_capped, X_too_deep or X_limit, as
 * parser.links.max counts links_limit and parser.embedded.max.depth embedded_too_deep.
 */
public enum FilterCounter implements ParseFilter.Counter {
  /** A page kept its whole text, having no main content apart from boilerplate. */
  CONTENT_KEPT_ALL,
  /** A page had more meta tags than parsefilter.meta.max.count. */
  META_CAPPED,
  /** A JSON-LD block that does not parse. */
  JSONLD_MALFORMED,
  /** A page had more jsonld.* (or microdata.*) paths than parsefilter.structured.max.fields. */
  STRUCTURED_CAPPED,
  /**
   * A page's JSON-LD objects or microdata items nested deeper than
   * parsefilter.structured.max.depth: the deeper ones are not followed.
   */
  STRUCTURED_TOO_DEEP,
  /** A selector rule that applied to a page and gave its field a value. */
  SELECTOR_RULES_FIRED,
  /** A selector rule that applied to a page but found nothing. */
  SELECTOR_RULES_EMPTY,
  /** An "all" selector rule found more values than parsefilter.selectors.max.values. */
  SELECTOR_VALUES_LIMIT;

  private final String name = name().toLowerCase(Locale.ROOT);

  /** The name counted and shown by check: {@code jsonld_malformed}. */
  @Override
  public String counterName() {
    return name;
  }
}
