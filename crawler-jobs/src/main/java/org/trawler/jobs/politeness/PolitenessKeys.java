package org.trawler.jobs.politeness;

/**
 * Configuration keys of politeness (conf/trawler-default.xml, Fetcher section), with their
 * defaults: the delay between requests to one queue, what a queue groups, when a failing queue is
 * dropped, and how robots.txt answers are kept. Every request Trawler makes obeys them: the
 * fetcher's, and those of {@link HostFetcher} (sitemap, check).
 */
public final class PolitenessKeys {
  /**
   * Seconds between the end of one request to a queue and the start of the next (threads.per.queue
   * = 1).
   */
  public static final String SERVER_DELAY = "fetcher.server.delay";

  public static final float DEFAULT_SERVER_DELAY = 5.0f;

  /** Seconds between requests to one queue when threads.per.queue &gt; 1. */
  public static final String SERVER_MIN_DELAY = "fetcher.server.min.delay";

  public static final float DEFAULT_SERVER_MIN_DELAY = 0.0f;

  /**
   * What a politeness queue groups: byHost, byDomain or byIP (as partition.url.mode groups fetch
   * lists).
   */
  public static final String QUEUE_MODE = "fetcher.queue.mode";

  public static final String DEFAULT_QUEUE_MODE = "byHost";

  /**
   * How fetch lists (and the sitemap job's site lists) are partitioned ({@link HostPartition}):
   * byHost, byDomain or byIP (as fetcher.queue.mode groups queues).
   */
  public static final String PARTITION_MODE = "partition.url.mode";

  public static final String DEFAULT_PARTITION_MODE = "byHost";

  /**
   * After this many transient failures in a queue its remaining URLs are dropped (queue_dropped);
   * -1 = never.
   */
  public static final String MAX_EXCEPTIONS_PER_QUEUE = "fetcher.max.exceptions.per.queue";

  public static final int DEFAULT_MAX_EXCEPTIONS_PER_QUEUE = -1;

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
   * Whether a site's /.well-known/tdmrep.json (W3C TDM Reservation Protocol) is asked for, once per
   * robots.txt answer, right after robots.txt and before the page in the same turn of the host's
   * queue, and kept with robots.txt. On by default: a site that reserves its TDM rights only
   * through the file would otherwise show no reservation; docs/site-owner-signals.md.
   */
  public static final String TDMREP = "fetcher.tdmrep";

  public static final boolean DEFAULT_TDMREP = true;

  /**
   * Where robots.txt answers are kept across rounds; empty = {@code <crawl>/robots} for a segment
   * in {@code <crawl>/segments/}, none for a segment elsewhere.
   */
  public static final String ROBOTS_DB = "fetcher.robots.db";

  public static final String DEFAULT_ROBOTS_DB = "";

  /**
   * Seconds a host that answered 429 or 503 without Retry-After is first left alone; each further
   * such answer in a row doubles it (StormCrawler's backoff), in the task and across rounds.
   */
  public static final String BACKOFF_START = "fetcher.backoff.start";

  public static final float DEFAULT_BACKOFF_START = 60;

  /** The longest backoff, seconds. */
  public static final String BACKOFF_MAX = "fetcher.backoff.max";

  public static final float DEFAULT_BACKOFF_MAX = 86400;

  /**
   * The first backoff within a fetch task, as a multiple of the delay the host was asked at (at
   * least 1 s), doubled with each refusal in a row and never longer than the backoff across rounds:
   * a host whose limit is a few seconds is asked again at its slower pace in the same round. 0 (the
   * default) = the task backs off as long as the rounds do (fetcher.backoff.start), as StormCrawler
   * does: a host that refused is not asked again within a minute.
   */
  public static final String BACKOFF_TASK_FACTOR = "fetcher.backoff.task.factor";

  public static final float DEFAULT_BACKOFF_TASK_FACTOR = 0;

  /**
   * The delay after a request follows the host's response time (Heritrix's delay factor): delay =
   * max(server delay, min(fetcher.max.crawl.delay, factor × response time)); 0 = off.
   */
  public static final String SERVER_DELAY_FACTOR = "fetcher.server.delay.factor";

  public static final float DEFAULT_SERVER_DELAY_FACTOR = 0;

  /**
   * How much a 429 or 503 without Retry-After raises the host's own delay between requests (its
   * pace, kept in the hostdb): times the delay it was asked at, at most fetcher.max.crawl.delay;
   * rounds without such answers halve it back towards the server delay. 1 = off.
   */
  public static final String PACE_FACTOR = "fetcher.pace.factor";

  public static final float DEFAULT_PACE_FACTOR = 4;

  private PolitenessKeys() {}
}
