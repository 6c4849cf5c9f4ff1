package org.trawler.core.usage;

import java.util.Locale;

/**
 * What went wrong reading a page's signals: each a counter of group {@code parse_filters} (the
 * lower-case name) and a log line with the URL; the page is parsed all the same.
 */
public enum UsageNote {
  /**
   * A value that does not read as the signal's grammar (e.g. "ai-train=maybe", "tdm-reservation:
   * 2").
   */
  MALFORMED_SIGNAL,
  /** A key no vocabulary we follow defines (Content-Signal, Content-Usage). */
  UNKNOWN_SIGNAL_KEY,
  /** Two places disagree (header yes, meta no): the stricter wins. */
  CONFLICTING_SIGNALS,
  /** /.well-known/tdmrep.json is not a JSON array of rules: no reservation is read from it. */
  BROKEN_TDMREP,
  /** /.well-known/tdmrep.json is larger than the fetcher reads (64 KiB): no rules are read. */
  TDMREP_TOO_LARGE;

  /** The note's filter name in {@link org.trawler.core.parse.ParseNote}. */
  public static final String FILTER = "usage";

  /** The counter name, e.g. "conflicting_signals". */
  public String counterName() {
    return name().toLowerCase(Locale.ROOT);
  }
}
