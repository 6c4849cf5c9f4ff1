package org.trawler.core.net.filter;

import java.util.Locale;

/**
 * Why {@link TrapURLFilter} held a URL back: the closed set of its caps. Each names a counter of
 * parse (group {@code parse_filters}) and the rule urlcheck prints.
 */
public enum TrapReason {
  /** Longer than urlfilter.trap.length.max characters. */
  URL_TOO_LONG,
  /** More path segments than urlfilter.trap.depth.max. */
  PATH_TOO_DEEP,
  /** More query parameters than urlfilter.trap.params.max. */
  TOO_MANY_PARAMS,
  /** One path segment repeated urlfilter.trap.repeats times or more (/a/b/a/b/a/b). */
  REPEATING_PATH;

  private final String name = name().toLowerCase(Locale.ROOT);

  /** The counter and rule name: url_too_long, path_too_deep, too_many_params, repeating_path. */
  public String reasonName() {
    return name;
  }
}
