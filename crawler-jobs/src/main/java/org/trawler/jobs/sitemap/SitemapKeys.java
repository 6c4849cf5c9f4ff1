package org.trawler.jobs.sitemap;

/** Configuration keys of the sitemap job, with their defaults. */
public final class SitemapKeys {
  /** Try /sitemap.xml on hosts whose robots.txt names no sitemap. */
  public static final String URL_DEFAULT = "sitemap.url.default";

  public static final boolean DEFAULT_URL_DEFAULT = true;

  /** How deep sitemap indexes are followed: 1 = an index's sitemaps, not an index in an index. */
  public static final String INDEX_MAX_DEPTH = "sitemap.index.max.depth";

  public static final int DEFAULT_INDEX_MAX_DEPTH = 2;

  /** At most this many URLs are taken from one sitemap file (sitemaps.org allows 50 000). */
  public static final String MAX_URLS = "sitemap.max.urls";

  public static final int DEFAULT_MAX_URLS = 50000;

  /** A sitemap file larger than this many bytes, decompressed, is refused (sitemaps.org: 50 MB). */
  public static final String SIZE_MAX = "sitemap.size.max";

  public static final int DEFAULT_SIZE_MAX = 52428800;

  /**
   * Seconds one sitemap file may take to decompress and parse; past them it is counted
   * (parse_timeout) and its URLs are not taken. 0: no limit.
   */
  public static final String PARSE_TIMEOUT = "sitemap.parse.timeout";

  public static final int DEFAULT_PARSE_TIMEOUT = 30;

  /**
   * A sitemap may list URLs of another host only when that host's robots.txt names it (the
   * sitemaps.org cross-submit rule); false accepts every URL.
   */
  public static final String STRICT = "sitemap.strict";

  public static final boolean DEFAULT_STRICT = true;

  /**
   * The sites are read by this many tasks, each a share of the host groups (partition.url.mode); 0:
   * as many as the job's reducers (one per core in local mode).
   */
  public static final String FETCH_TASKS = "sitemap.fetch.tasks";

  public static final int DEFAULT_FETCH_TASKS = 0;

  private SitemapKeys() {}
}
