package org.trawler.jobs.fetch;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolClass;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.politeness.PolitenessSettings;

/**
 * The fetcher's configuration, read once per task (and checked once by the fetch command): the
 * politeness every request obeys ({@link PolitenessSettings}) and the fetcher's own.
 */
public final class FetcherSettings extends PolitenessSettings {
  public final int threads;

  /** Items held in memory at most, queued and in flight. */
  public final int capacity;

  /** When feeding stops, ms epoch; -1 = no limit. */
  public final long timeLimitEnd;

  /** The file whose existence asks the task to stop feeding ({@link FetchStop}), or null. */
  public final String stopMarker;

  public final boolean storeContent;
  public final long progressIntervalMillis;

  /** A fetch in flight longer than this is stuck, ms. */
  public final long stuckAfterMillis;

  /** Bytes of records a task sorts in memory before it writes a run to local disk. */
  public final long sortBufferBytes;

  private FetcherSettings(Configuration conf, long start) {
    super(conf);
    threads = positive(conf, ProtocolKeys.FETCHER_THREADS, ProtocolKeys.DEFAULT_FETCHER_THREADS);
    int depthMultiplier =
        positive(
            conf, FetcherKeys.QUEUE_DEPTH_MULTIPLIER, FetcherKeys.DEFAULT_QUEUE_DEPTH_MULTIPLIER);
    capacity = (int) Math.min(Integer.MAX_VALUE, (long) depthMultiplier * threads);
    long end = conf.getLong(FetcherKeys.INTERNAL_TIMELIMIT_END, -1);
    timeLimitEnd = end > 0 ? end : timeLimitEnd(conf, start);
    stopMarker = conf.get(FetcherKeys.INTERNAL_STOP_MARKER);
    storeContent = conf.getBoolean(FetcherKeys.STORE_CONTENT, FetcherKeys.DEFAULT_STORE_CONTENT);
    progressIntervalMillis =
        Math.max(
            1, seconds(conf, FetcherKeys.PROGRESS_INTERVAL, FetcherKeys.DEFAULT_PROGRESS_INTERVAL));
    stuckAfterMillis =
        2
            * Math.max(
                1,
                Settings.getLong(
                    conf, ProtocolKeys.REQUEST_DEADLINE, ProtocolKeys.DEFAULT_REQUEST_DEADLINE));
    sortBufferBytes = sortBufferBytes(conf);
  }

  /** Reads the settings; a bad value is a BadSettingException naming the key. */
  public static FetcherSettings from(Configuration conf, long start) {
    return new FetcherSettings(conf, start);
  }

  /**
   * When feeding stops for a fetch starting at {@code start}: fetcher.timelimit.mins later, or -1.
   */
  public static long timeLimitEnd(Configuration conf, long start) {
    float minutes =
        Settings.getFloat(conf, FetcherKeys.TIMELIMIT_MINS, FetcherKeys.DEFAULT_TIMELIMIT_MINS);
    return minutes > 0 ? start + (long) (minutes * 60_000) : -1;
  }

  /** fetcher.sort.buffer.mb in bytes, at least 1 MB. */
  public static long sortBufferBytes(Configuration conf) {
    return Math.max(
            1,
            Settings.getLong(conf, FetcherKeys.SORT_BUFFER_MB, FetcherKeys.DEFAULT_SORT_BUFFER_MB))
        << 20;
  }

  /** The configured Protocol class ({@link ProtocolClass#type}). */
  public static Class<? extends Protocol> protocolClass(Configuration conf) {
    return ProtocolClass.type(conf);
  }

  /** Creates and closes the configured Protocol once ({@link ProtocolClass#check}). */
  public static void checkProtocol(Configuration conf) throws IOException {
    ProtocolClass.check(conf);
  }

  /** A new instance of the configured Protocol ({@link ProtocolClass#newInstance}). */
  public static Protocol newProtocol(Configuration conf) {
    return ProtocolClass.newInstance(conf);
  }
}
