package org.trawler.jobs.linkdb;

/** Configuration keys of invertlinks. */
public final class LinkDbKeys {
  /** Inlinks kept per URL; the first ones by (from URL, anchor) are kept. Negative = no cap. */
  public static final String MAX_INLINKS = "db.max.inlinks";
  /** Characters of anchor text kept per inlink. */
  public static final String MAX_ANCHOR_LENGTH = "db.max.anchor.length";
  /** Drop links between pages of the same host. */
  public static final String IGNORE_INTERNAL_LINKS = "linkdb.ignore.internal.links";
  /** Normalize link URLs in scope linkdb (the -noNormalize option turns it off). */
  public static final String NORMALIZE = "linkdb.url.normalizers";
  /** Filter link URLs (the -noFilter option turns it off). */
  public static final String FILTER = "linkdb.url.filters";

  private LinkDbKeys() {}
}
