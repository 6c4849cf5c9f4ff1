package org.trawler.jobs.linkdb;

/**
 * Configuration keys of invertlinks, with their defaults. Anchor text is cut at {@link
 * org.trawler.core.parse.ParseKeys#MAX_ANCHOR_LENGTH}, as parse cuts it.
 */
public final class LinkDbKeys {
  /** Inlinks kept per URL; the first ones by (from URL, anchor) are kept. Negative = no cap. */
  public static final String MAX_INLINKS = "db.max.inlinks";

  public static final int DEFAULT_MAX_INLINKS = 10000;

  /**
   * Inlinks an invertlinks map task gathers per target URL before it writes them out, merged
   * ({@link InlinksTable}); 0 = one record per link.
   */
  public static final String COMBINE_INLINKS = "linkdb.combine.inlinks";

  public static final int DEFAULT_COMBINE_INLINKS = 100_000;

  /** Drop links between pages of the same host. */
  public static final String IGNORE_INTERNAL_LINKS = "linkdb.ignore.internal.links";

  public static final boolean DEFAULT_IGNORE_INTERNAL_LINKS = false;

  /** Normalize link URLs in scope linkdb (the -noNormalize option turns it off). */
  public static final String NORMALIZE = "linkdb.url.normalizers";

  public static final boolean DEFAULT_NORMALIZE = true;

  /** Filter link URLs (the -noFilter option turns it off). */
  public static final String FILTER = "linkdb.url.filters";

  public static final boolean DEFAULT_FILTER = true;

  /**
   * Generations kept beside the linkdb's base; with this many, invertlinks merges the newest ones
   * into its new generation. 0 = merge into the base every time (every invertlinks rewrites the
   * whole linkdb).
   */
  public static final String MAX_GENERATIONS = "linkdb.generations.max";

  public static final int DEFAULT_MAX_GENERATIONS = 8;

  /**
   * invertlinks merges into a new base when the generations together exceed this fraction of the
   * base's bytes: the base is rewritten only once the new links are worth it.
   */
  public static final String MAX_GENERATION_RATIO = "linkdb.generations.max.ratio";

  public static final double DEFAULT_MAX_GENERATION_RATIO = 0.5;

  private LinkDbKeys() {}
}
