package org.trawler.jobs.linkdb;

/** Names of invertlinks' Hadoop counters (group {@link #GROUP}). */
public final class LinkDbCounters {
  public static final String GROUP = "linkdb";
  /** Links recorded as an inlink of their target. */
  public static final String INVERTED = "links_inverted";
  /** Outlinks whose target a normalizer or filter refused, or that could not be parsed. */
  public static final String REJECTED = "links_rejected";
  /** Outlinks inside one host, dropped by linkdb.ignore.internal.links. */
  public static final String INTERNAL = "links_internal_ignored";
  /** Pages whose own URL a normalizer or filter refused: none of their links are kept. */
  public static final String PAGES_REJECTED = "pages_rejected";

  private LinkDbCounters() {}
}
