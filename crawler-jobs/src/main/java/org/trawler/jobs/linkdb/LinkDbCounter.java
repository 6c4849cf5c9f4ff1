package org.trawler.jobs.linkdb;

import org.trawler.jobs.JobCounter;

/** invertlinks' Hadoop counters (group {@value #GROUP}). */
public enum LinkDbCounter implements JobCounter {
  /** Links recorded as an inlink of their target. */
  LINKS_INVERTED,
  /** Outlinks whose target a normalizer or filter refused, or that could not be parsed. */
  LINKS_REJECTED,
  /** Outlinks inside one host, dropped by linkdb.ignore.internal.links. */
  LINKS_INTERNAL_IGNORED,
  /** Pages whose own URL a normalizer or filter refused: none of their links are kept. */
  PAGES_REJECTED;

  public static final String GROUP = "linkdb";

  @Override
  public String group() {
    return GROUP;
  }
}
