package org.trawler.jobs.fetch;

/** Configuration keys of the fetcher (conf/trawler-default.xml, Fetcher section). */
public final class FetcherKeys {
  /** Fetcher threads per fetch task; -threads overrides it. */
  public static final String THREADS = "fetcher.threads.fetch";
  /** At most this many requests in flight to one queue (host, domain or IP). */
  public static final String THREADS_PER_QUEUE = "fetcher.threads.per.queue";
  /** Seconds between the end of one request to a queue and the start of the next (threads.per.queue = 1). */
  public static final String SERVER_DELAY = "fetcher.server.delay";
  /** Seconds between requests to one queue when threads.per.queue &gt; 1. */
  public static final String SERVER_MIN_DELAY = "fetcher.server.min.delay";
  /** Seconds: a larger robots.txt Crawl-delay makes the host's URLs fetch_gone (crawl_delay_too_long); -1 = no cap. */
  public static final String MAX_CRAWL_DELAY = "fetcher.max.crawl.delay";
  /** Items in memory per fetcher thread, queued and in flight. */
  public static final String QUEUE_DEPTH_MULTIPLIER = "fetcher.queue.depth.multiplier";
  /** What a politeness queue groups: byHost, byDomain or byIP (as partition.url.mode groups fetch lists). */
  public static final String QUEUE_MODE = "fetcher.queue.mode";
  public static final String QUEUE_MODE_VALUE = "byHost";
  /** After this many transient failures in a queue its remaining URLs are dropped (queue_dropped); -1 = never. */
  public static final String MAX_EXCEPTIONS_PER_QUEUE = "fetcher.max.exceptions.per.queue";
  /** Minutes (fractions allowed) after which feeding stops; -1 = no limit. */
  public static final String TIMELIMIT_MINS = "fetcher.timelimit.mins";
  /** Set by the fetch command, not by users: when feeding stops, ms epoch, the same for every task. */
  public static final String INTERNAL_TIMELIMIT_END = "fetcher.timelimit.end";
  /** Store the fetched content in the segment's content part. */
  public static final String STORE_CONTENT = "fetcher.store.content";
  /** MB of records a fetch task sorts in memory before it writes a sorted run to local disk. */
  public static final String SORT_BUFFER_MB = "fetcher.sort.buffer.mb";
  /** Parse in the fetch task. */
  public static final String PARSE = "fetcher.parse";
  /** Seconds between progress lines. */
  public static final String PROGRESS_INTERVAL = "fetcher.progress.interval";
  /** The Protocol implementation: a public class with a constructor taking a Hadoop Configuration. */
  public static final String PROTOCOL_CLASS = "fetcher.protocol.class";
  /** The HTTP section's limit on one request, ms: the watchdog calls a fetch stuck after twice this. */
  public static final String REQUEST_DEADLINE = "http.request.deadline";

  public static final String DEFAULT_PROTOCOL_CLASS = "org.trawler.core.protocol.http.HttpProtocol";

  private FetcherKeys() {}
}
