package org.trawler.core.datum;

import org.apache.hadoop.io.Text;

/** Reserved keys of {@link CrawlDatum#getMetadata()}. */
public final class MetadataKeys {
  /** int: link distance from the seeds, seeds are 0. */
  public static final Text DEPTH = new Text("_depth_");

  /** long: when generate selected the URL, ms epoch. */
  public static final Text GENERATE_TIME = new Text("_ngt_");

  /** Text: redirect target. */
  public static final Text REDIRECT_TARGET = new Text("_repr_");

  /** Text: protocol status of the last fetch, "code reason message". */
  public static final Text PROTOCOL_STATUS = new Text("_pst_");

  /** int: per-URL maximum depth, overrides scoring.depth.max. */
  public static final Text MAX_DEPTH = new Text("_maxdepth_");

  /** int: seconds; set from the seed's nutch.fetchInterval.fixed, pins the interval for ever. */
  public static final Text FIXED_INTERVAL = new Text("_fixedinterval_");

  /** Text: the ETag of the last fetched copy, sent back as If-None-Match. */
  public static final Text ETAG = new Text("_etag_");

  /**
   * int: milliseconds the fetch's requests took (redirect hops followed inline included, the waits
   * between them not); only in a segment's crawl_fetch, for the host database. Nutch's name.
   */
  public static final Text RESPONSE_TIME = new Text("_rs_");

  /**
   * Text: on the parse_meta datum of a page whose meta refresh is a redirect, the fetch status
   * (name) the page's fetch becomes; never in the crawldb.
   */
  public static final Text REFRESH_STATUS = new Text("_refresh_");

  /**
   * long: a link from a feed item carries the item's date (published, else updated; the feed's
   * fetch time when it has none), ms epoch; a URL new to the crawldb keeps the newest, and generate
   * takes it before other new URLs of the same score, newest first. Dropped once fetched.
   */
  public static final Text FEED_ITEM = new Text("_feeditem_");

  /**
   * int: seconds between the items of a feed, from their dates (0 = unknown): on the signature
   * datum of a parsed feed and on the feed's crawldb entry, whose interval it sets.
   */
  public static final Text FEED = new Text("_feed_");

  /**
   * long: on a crawl_parse linked datum that stands for several links to its URL (a parse task
   * combines them), how many. Read by updatedb; never in the crawldb.
   */
  public static final Text LINK_COUNT = new Text("_links_");

  /**
   * long: on such a combined linked datum, the exact sum of the links' score shares (the bits of a
   * double), so that updatedb adds up the same sum as from the links one by one; the datum's float
   * score is that sum rounded. Never in the crawldb.
   */
  public static final Text LINK_SCORE_SUM = new Text("_linkscore_");

  /**
   * long: the page's near-duplicate fingerprint ({@link org.trawler.core.parse.SimHash}), from the
   * signature datum parse writes into the crawldb entry; absent when its text was too short.
   */
  public static final Text FINGERPRINT = new Text("_simhash_");

  /**
   * Text: the URL the page names its canonical (rel=canonical) when that is another URL; from the
   * signature datum into the crawldb entry, where dedup keeps the named page rather than this one.
   */
  public static final Text CANONICAL = new Text("_canonical_");

  /**
   * Text: on a db_duplicate entry marked by dedup, the URL of the page kept in its place (the
   * best-ranked page it is a near or exact copy of); removed when the page is fetched again.
   */
  public static final Text DUPLICATE_OF = new Text("duplicateOf");

  /**
   * Text: beside {@link #DUPLICATE_OF}, how the page copies the one kept: "exact" (the same
   * signature) or "near" (a fingerprint within dedup.near.distance bits); readdb -stats splits
   * db_duplicate by it. Removed with it.
   */
  public static final Text DUPLICATE_KIND = new Text("duplicateKind");

  /**
   * int 1: on a db_duplicate entry, dedup marked it in its last run (it was no duplicate before),
   * so that the index step deletes it though no segment of the round fetched it (a copy indexed in
   * an earlier round whose better page came later). The next dedup run removes it.
   */
  public static final Text DUPLICATE_NEW = new Text("_dupnew_");

  /**
   * long: the page's fingerprint from as few words as make one shingle, on the signature datum
   * parse writes (never kept in the crawldb): updatedb compares it with the host's answer to the
   * soft-404 probe, whose "not found" pages are often too short for {@link #FINGERPRINT}. Only on a
   * page without that fingerprint, and only with fetcher.soft404.probe on.
   */
  public static final Text SHORT_FINGERPRINT = new Text("_shortprint_");

  /**
   * float: the page's PageRank from the last {@code rank} run, times the number of pages ranked
   * (1.0 is an average page's); generate orders by it with scoring.order pagerank or combined.
   */
  public static final Text PAGE_RANK = new Text("_pr_");

  /**
   * float: the URL's topic relevance (scoring filter {@code topic}), 0 to 1: the similarity of its
   * text to the topic once parsed, and what the pages linking it pass on (their relevance times
   * scoring.topic.decay); updatedb keeps the largest. Generate orders by it when scoring.filters
   * names topic.
   */
  public static final Text TOPIC_SCORE = new Text("_topic_");

  private MetadataKeys() {}
}
