package org.trawler.jobs.index;

/** Configuration keys of the index job, its writers and search, with their defaults. */
public final class IndexerKeys {
  /** The writers the index job feeds, comma-separated names (lucene, solr, opensearch, jsonl). */
  public static final String WRITERS = "indexer.writers";

  public static final String DEFAULT_WRITERS = "lucene";

  /**
   * Field renames and drops, comma-separated: {@code title:headline} renames, {@code keywords:}
   * drops.
   */
  public static final String FIELDS = "indexer.fields";

  public static final String DEFAULT_FIELDS = "";

  /** The content field is cut at this many characters; negative = no cut. */
  public static final String MAX_CONTENT_LENGTH = "indexer.max.content.length";

  public static final int DEFAULT_MAX_CONTENT_LENGTH = 100000;

  /** Anchors (distinct inlink texts) kept per document; negative = all. */
  public static final String MAX_ANCHORS = "indexer.max.anchors";

  public static final int DEFAULT_MAX_ANCHORS = 100;

  /**
   * Delete gone, redirected, duplicate and noindex pages from the index (the -deleteGone option).
   */
  public static final String DELETE = "indexer.delete";

  public static final boolean DEFAULT_DELETE = false;

  /** Commit the writers at the end of each task (-noCommit turns it off). */
  public static final String COMMIT = "indexer.commit";

  public static final boolean DEFAULT_COMMIT = true;

  /**
   * The Lucene analyzer for text fields, index and search alike: {@code standard} or the class name
   * of a Lucene Analyzer with a no-argument constructor (e.g.
   * org.apache.lucene.analysis.en.EnglishAnalyzer).
   */
  public static final String LUCENE_ANALYZER = "indexer.lucene.analyzer";

  public static final String DEFAULT_LUCENE_ANALYZER = "standard";

  /** Memory a Lucene shard writer buffers documents in before it writes a segment, MB. */
  public static final String LUCENE_RAM_BUFFER_MB = "indexer.lucene.ram.buffer.mb";

  public static final int DEFAULT_LUCENE_RAM_BUFFER_MB = 64;

  /**
   * How a Lucene shard stores field values (a page's text, for the highlighter): none (plain: the
   * least CPU), lz4 (Lucene's default codec) or deflate (Lucene's BEST_COMPRESSION: the smallest).
   */
  public static final String LUCENE_STORED_COMPRESSION = "indexer.lucene.stored.compression";

  public static final String DEFAULT_LUCENE_STORED_COMPRESSION = "lz4";

  /** The jsonl writer gzips its files (documents-r-NNNNN.jsonl.gz). */
  public static final String JSONL_GZIP = "indexer.jsonl.gzip";

  public static final boolean DEFAULT_JSONL_GZIP = false;

  /** Characters of a search hit's snippet (about: it breaks between words). */
  public static final String SEARCH_SNIPPET_LENGTH = "search.snippet.length";

  public static final int DEFAULT_SEARCH_SNIPPET_LENGTH = 160;

  /**
   * How the words of a search combine: AND (a page must have every word, as search engines do) or
   * OR (any word will do, the more the better).
   */
  public static final String SEARCH_DEFAULT_OPERATOR = "search.default.operator";

  public static final String DEFAULT_SEARCH_DEFAULT_OPERATOR = "AND";

  private IndexerKeys() {}
}
