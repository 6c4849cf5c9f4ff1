package org.trawler.jobs.fetch;

/**
 * Configuration keys of the fetcher (conf/trawler-default.xml, Fetcher section), with their
 * defaults. The fetcher keys the protocol reads too (threads, threads per queue, the Crawl-delay
 * cap) and the HTTP request deadline are in {@link org.trawler.core.protocol.ProtocolKeys}.
 */
public final class FetcherKeys {
  /** Items in memory per fetcher thread, queued and in flight. */
  public static final String QUEUE_DEPTH_MULTIPLIER = "fetcher.queue.depth.multiplier";

  public static final int DEFAULT_QUEUE_DEPTH_MULTIPLIER = 50;

  /** Minutes (fractions allowed) after which feeding stops; -1 = no limit. */
  public static final String TIMELIMIT_MINS = "fetcher.timelimit.mins";

  public static final float DEFAULT_TIMELIMIT_MINS = -1;

  /**
   * Set by the fetch command, not by users: when feeding stops, ms epoch, the same for every task.
   */
  public static final String INTERNAL_TIMELIMIT_END = "fetcher.timelimit.end";

  /**
   * Set by the fetch and run commands, not by users: the local file whose existence asks their
   * fetch tasks to stop feeding (the first Ctrl-C, {@link FetchStop}).
   */
  public static final String INTERNAL_STOP_MARKER = "fetcher.stop.marker";

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

  /**
   * Internal (issue 39 item 3): a fetch task sorts its own output ({@code SortingSegmentWriter});
   * false = the plain Hadoop path, a fetch job with a reduce whose shuffle sorts the records.
   */
  public static final String SORT_IN_TASK = "fetcher.output.sort.in.task";

  public static final boolean DEFAULT_SORT_IN_TASK = true;

  /**
   * Internal (issue 39 item 3): the sorted output is copied into the MapFiles as raw bytes ({@code
   * RawMapFileWriter}); false = Hadoop's MapFile.Writer, each record read back and written again.
   */
  public static final String RAW_MAPFILE = "fetcher.output.raw.mapfile";

  public static final boolean DEFAULT_RAW_MAPFILE = true;

  /** Parse in the fetch task. */
  public static final String PARSE = "fetcher.parse";

  public static final boolean DEFAULT_PARSE = false;

  /** Seconds between progress lines. */
  public static final String PROGRESS_INTERVAL = "fetcher.progress.interval";

  public static final float DEFAULT_PROGRESS_INTERVAL = 10;

  private FetcherKeys() {}
}
