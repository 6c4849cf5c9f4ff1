package org.trawler.jobs.fetch;

/**
 * Configuration keys of the fetcher (conf/trawler-default.xml, Fetcher section), with their
 * defaults. The fetcher keys the protocol reads too (threads, threads per queue, the Crawl-delay
 * cap) and the HTTP request deadline are in {@link org.trawler.core.protocol.ProtocolKeys}.
 */
public final class FetcherKeys {
  /**
   * Seconds between the end of one request to a queue and the start of the next (threads.per.queue
   * = 1).
   */
  public static final String SERVER_DELAY = "fetcher.server.delay";

  public static final float DEFAULT_SERVER_DELAY = 5.0f;

  /** Seconds between requests to one queue when threads.per.queue &gt; 1. */
  public static final String SERVER_MIN_DELAY = "fetcher.server.min.delay";

  public static final float DEFAULT_SERVER_MIN_DELAY = 0.0f;

  /** Items in memory per fetcher thread, queued and in flight. */
  public static final String QUEUE_DEPTH_MULTIPLIER = "fetcher.queue.depth.multiplier";

  public static final int DEFAULT_QUEUE_DEPTH_MULTIPLIER = 50;

  /**
   * What a politeness queue groups: byHost, byDomain or byIP (as partition.url.mode groups fetch
   * lists).
   */
  public static final String QUEUE_MODE = "fetcher.queue.mode";

  public static final String DEFAULT_QUEUE_MODE = "byHost";

  /**
   * After this many transient failures in a queue its remaining URLs are dropped (queue_dropped);
   * -1 = never.
   */
  public static final String MAX_EXCEPTIONS_PER_QUEUE = "fetcher.max.exceptions.per.queue";

  public static final int DEFAULT_MAX_EXCEPTIONS_PER_QUEUE = -1;

  /** Minutes (fractions allowed) after which feeding stops; -1 = no limit. */
  public static final String TIMELIMIT_MINS = "fetcher.timelimit.mins";

  public static final float DEFAULT_TIMELIMIT_MINS = -1;

  /**
   * Set by the fetch command, not by users: when feeding stops, ms epoch, the same for every task.
   */
  public static final String INTERNAL_TIMELIMIT_END = "fetcher.timelimit.end";

  /** Store the fetched content in the segment's content part. */
  public static final String STORE_CONTENT = "fetcher.store.content";

  public static final boolean DEFAULT_STORE_CONTENT = true;

  /**
   * The fetch task also writes WARC files to the segment's warc/ as pages arrive (the export's
   * records, through the same builder; the warc.* keys apply).
   */
  public static final String STORE_WARC = "fetcher.store.warc";

  public static final boolean DEFAULT_STORE_WARC = false;

  /** MB of records a fetch task sorts in memory before it writes a sorted run to local disk. */
  public static final String SORT_BUFFER_MB = "fetcher.sort.buffer.mb";

  public static final long DEFAULT_SORT_BUFFER_MB = 64;

  /** Parse in the fetch task. */
  public static final String PARSE = "fetcher.parse";

  public static final boolean DEFAULT_PARSE = false;

  /** Seconds between progress lines. */
  public static final String PROGRESS_INTERVAL = "fetcher.progress.interval";

  public static final float DEFAULT_PROGRESS_INTERVAL = 10;

  /**
   * The Protocol implementation: a public class with a constructor taking a Hadoop Configuration.
   */
  public static final String PROTOCOL_CLASS = "fetcher.protocol.class";

  public static final String DEFAULT_PROTOCOL_CLASS = "org.trawler.core.protocol.http.HttpProtocol";

  /**
   * Hours a site's robots.txt (a file, or a 4xx: none) is reused before it is asked again (RFC 9309
   * §2.4); 0 = asked once per fetch task.
   */
  public static final String ROBOTS_CACHE_HOURS = "fetcher.robots.cache.hours";

  public static final float DEFAULT_ROBOTS_CACHE_HOURS = 24;

  /**
   * Hours an unreachable robots.txt (5xx, timeout, refused) is remembered before it is asked again;
   * meanwhile the site's last good copy applies, or, without one, nothing is fetched.
   */
  public static final String ROBOTS_RETRY_HOURS = "fetcher.robots.retry.hours";

  public static final float DEFAULT_ROBOTS_RETRY_HOURS = 12;

  /**
   * Days after which a robots.txt unreachable all along, with no earlier copy, counts as missing
   * (allow all), as RFC 9309 §2.3.1.4 allows.
   */
  public static final String ROBOTS_OUTAGE_DAYS = "fetcher.robots.outage.days";

  public static final float DEFAULT_ROBOTS_OUTAGE_DAYS = 30;

  /**
   * Where robots.txt answers are kept across rounds; empty = {@code <crawl>/robots} for a segment
   * in {@code <crawl>/segments/}, none for a segment elsewhere.
   */
  public static final String ROBOTS_DB = "fetcher.robots.db";

  public static final String DEFAULT_ROBOTS_DB = "";

  private FetcherKeys() {}
}
