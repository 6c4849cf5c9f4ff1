package org.trawler.jobs.warc;

/**
 * Configuration keys of WARC writing (conf/trawler-default.xml, section WARC): the export job's
 * options set them, and the fetch task reads them for fetcher.store.warc.
 */
public final class WarcKeys {
  /** A WARC file is closed and the next one begun once it reaches this many bytes. */
  public static final String MAX_SIZE = "warc.max.size";

  public static final long DEFAULT_MAX_SIZE = 1L << 30;

  /** File names begin with this: {@code <prefix>-<timestamp>-<task>-<serial>.warc.gz}. */
  public static final String PREFIX = "warc.prefix";

  public static final String DEFAULT_PREFIX = "trawler";

  /** Write a CDXJ index beside each WARC file. */
  public static final String CDX = "warc.cdx";

  public static final boolean DEFAULT_CDX = false;

  /** Write a WAT file (Common Crawl's metadata of every record) beside each WARC file. */
  public static final String WAT = "warc.wat";

  public static final boolean DEFAULT_WAT = false;

  /** Write a WET file (Common Crawl's text of every parsed page) beside each WARC file. */
  public static final String WET = "warc.wet";

  public static final boolean DEFAULT_WET = false;

  /**
   * Write a Markdown file beside each WARC file: a WET-like conversion record (text/markdown) of
   * every parsed page's Markdown (parser.markdown).
   */
  public static final String MARKDOWN = "warc.markdown";

  public static final boolean DEFAULT_MARKDOWN = false;

  /**
   * Leave pages that say noarchive (X-Robots-Tag, meta robots) out of the WARC export. Off by
   * default: noarchive asks a search engine not to show a cached copy, while web archives keep
   * records under their own (legal deposit, research) rules.
   */
  public static final String HONOR_NOARCHIVE = "warc.honor.noarchive";

  public static final boolean DEFAULT_HONOR_NOARCHIVE = false;

  /** Payload digests remembered per task to write revisits of identical payloads. */
  public static final String REVISIT_MEMORY = "warc.revisit.memory";

  public static final int DEFAULT_REVISIT_MEMORY = 100000;

  /**
   * The URL index's crawl partition, {@code crawl=<name>}; empty means the WARC files' prefix
   * (warc.prefix, their warcinfo's isPartOf).
   */
  public static final String URL_INDEX_CRAWL = "urlindex.crawl";

  public static final String DEFAULT_URL_INDEX_CRAWL = "";

  /**
   * Bytes of a row group of the URL index's Parquet files: the unit a range read skips or reads.
   */
  public static final String URL_INDEX_ROW_GROUP_SIZE = "urlindex.rowgroup.size";

  public static final long DEFAULT_URL_INDEX_ROW_GROUP_SIZE = 8L << 20;

  private WarcKeys() {}
}
