package org.trawler.jobs.generate;

import java.util.Locale;

/** Why generate left a crawldb URL out of the segment; each reason is a counter of group {@value #GROUP}. */
public enum SkipReason {
  NOT_DUE("not due"),
  DUPLICATE("duplicate"),
  ORPHAN("orphan"),
  GENERATE_MARKED("generate-marked"),
  TOO_DEEP("too deep"),
  FILTERED("filtered"),
  MALFORMED("malformed"),
  HOST_CAP("host cap"),
  TOP_N("topN");

  /** Counter group of generate's counters. */
  public static final String GROUP = "generate";
  /** Counter of the URLs written to the fetch lists. */
  public static final String SELECTED = "selected";

  private final String label;

  SkipReason(String label) {
    this.label = label;
  }

  /** The counter name, e.g. skipped_not_due. */
  public String counter() {
    return "skipped_" + name().toLowerCase(Locale.ROOT);
  }

  /** How the summary line names it. */
  public String label() {
    return label;
  }
}
