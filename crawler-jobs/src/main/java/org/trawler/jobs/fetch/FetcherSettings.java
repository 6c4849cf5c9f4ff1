package org.trawler.jobs.fetch;

import java.lang.reflect.Constructor;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.HostGroup;
import org.trawler.core.protocol.Protocol;

/** The fetcher's configuration, read once per task (and checked once by the fetch command). */
final class FetcherSettings {
  final int threads;
  final int threadsPerQueue;
  /** Pause after a request to a queue ends before the next may start, ms (server.delay or min.delay). */
  final long delayMillis;
  /** Largest Crawl-delay (and Retry-After) honoured, ms; -1 = no cap. */
  final long maxCrawlDelayMillis;
  /** Items held in memory at most, queued and in flight. */
  final int capacity;
  final HostGroup queueMode;
  /** Transient failures after which a queue is dropped; -1 = never. */
  final int maxExceptionsPerQueue;
  /** When feeding stops, ms epoch; -1 = no limit. */
  final long timeLimitEnd;
  final boolean storeContent;
  final long progressIntervalMillis;
  /** A fetch in flight longer than this is stuck, ms. */
  final long stuckAfterMillis;

  private FetcherSettings(Configuration conf, long start) {
    threads = positive(conf, FetcherKeys.THREADS, 10);
    threadsPerQueue = positive(conf, FetcherKeys.THREADS_PER_QUEUE, 1);
    delayMillis = threadsPerQueue > 1
        ? seconds(conf, FetcherKeys.SERVER_MIN_DELAY, 0.0f)
        : seconds(conf, FetcherKeys.SERVER_DELAY, 5.0f);
    long maxCrawlDelay = conf.getLong(FetcherKeys.MAX_CRAWL_DELAY, 30);
    maxCrawlDelayMillis = maxCrawlDelay < 0 ? -1 : maxCrawlDelay * 1000;
    capacity = (int) Math.min(Integer.MAX_VALUE,
        (long) positive(conf, FetcherKeys.QUEUE_DEPTH_MULTIPLIER, 50) * threads);
    queueMode = HostGroup.byMode(conf, FetcherKeys.QUEUE_MODE, FetcherKeys.QUEUE_MODE_VALUE);
    maxExceptionsPerQueue = conf.getInt(FetcherKeys.MAX_EXCEPTIONS_PER_QUEUE, -1);
    long end = conf.getLong(FetcherKeys.INTERNAL_TIMELIMIT_END, -1);
    timeLimitEnd = end > 0 ? end : timeLimitEnd(conf, start);
    storeContent = conf.getBoolean(FetcherKeys.STORE_CONTENT, true);
    progressIntervalMillis = Math.max(1, seconds(conf, FetcherKeys.PROGRESS_INTERVAL, 10));
    stuckAfterMillis = 2 * Math.max(1, conf.getLong(FetcherKeys.REQUEST_DEADLINE, 60000));
  }

  /** Reads the settings; a bad value becomes an IllegalArgumentException naming the key. */
  static FetcherSettings from(Configuration conf, long start) {
    return new FetcherSettings(conf, start);
  }

  /** When feeding stops for a fetch starting at {@code start}: fetcher.timelimit.mins later, or -1. */
  static long timeLimitEnd(Configuration conf, long start) {
    float minutes = conf.getFloat(FetcherKeys.TIMELIMIT_MINS, -1);
    return minutes > 0 ? start + (long) (minutes * 60_000) : -1;
  }

  /** The configured Protocol class, checked to be one with a (Configuration) constructor. */
  static Constructor<? extends Protocol> protocolConstructor(Configuration conf) {
    String name = conf.getTrimmed(FetcherKeys.PROTOCOL_CLASS, FetcherKeys.DEFAULT_PROTOCOL_CLASS);
    try {
      Class<? extends Protocol> c = conf.getClassByName(name).asSubclass(Protocol.class);
      return c.getConstructor(Configuration.class);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(FetcherKeys.PROTOCOL_CLASS + ": class " + name + " is not on the classpath");
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(FetcherKeys.PROTOCOL_CLASS + ": " + name + " is not a "
          + Protocol.class.getName());
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(FetcherKeys.PROTOCOL_CLASS + ": " + name
          + " has no public constructor taking a Configuration");
    }
  }

  /** A new instance of the configured Protocol. */
  static Protocol newProtocol(Configuration conf) {
    try {
      return protocolConstructor(conf).newInstance(conf);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create the protocol " + conf.get(FetcherKeys.PROTOCOL_CLASS), e);
    }
  }

  private static int positive(Configuration conf, String key, int defaultValue) {
    int v = conf.getInt(key, defaultValue);
    if (v < 1) {
      throw new IllegalArgumentException(key + " must be at least 1, not " + v);
    }
    return v;
  }

  private static long seconds(Configuration conf, String key, float defaultValue) {
    float v = conf.getFloat(key, defaultValue);
    if (v < 0) {
      throw new IllegalArgumentException(key + " must not be negative, not " + v);
    }
    return (long) (v * 1000);
  }
}
