package org.trawler.jobs.fetch;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.HostGroup;
import org.trawler.core.protocol.Protocol;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/** The fetcher's configuration, read once per task (and checked once by the fetch command). */
public final class FetcherSettings {
  public final int threads;
  public final int threadsPerQueue;

  /**
   * Pause after a request to a queue ends before the next may start, ms (server.delay or
   * min.delay).
   */
  public final long delayMillis;

  /** Largest Crawl-delay (and Retry-After) honoured, ms; -1 = no cap. */
  public final long maxCrawlDelayMillis;

  /** Items held in memory at most, queued and in flight. */
  public final int capacity;

  public final HostGroup queueMode;

  /** Transient failures after which a queue is dropped; -1 = never. */
  public final int maxExceptionsPerQueue;

  /** When feeding stops, ms epoch; -1 = no limit. */
  public final long timeLimitEnd;

  public final boolean storeContent;
  public final long progressIntervalMillis;

  /** A fetch in flight longer than this is stuck, ms. */
  public final long stuckAfterMillis;

  /** Bytes of records a task sorts in memory before it writes a run to local disk. */
  public final long sortBufferBytes;

  /** How long robots.txt answers are reused, ms: a good one, an unreachable one. */
  public final long robotsCacheMillis;

  public final long robotsRetryMillis;

  /** How long an unreachable robots.txt without an earlier copy disallows everything, ms. */
  public final long robotsOutageMillis;

  /** The robots.txt agent names. */
  public final List<String> robotsAgents;

  private FetcherSettings(Configuration conf, long start) {
    threads = positive(conf, ProtocolKeys.FETCHER_THREADS, ProtocolKeys.DEFAULT_FETCHER_THREADS);
    threadsPerQueue =
        positive(
            conf,
            ProtocolKeys.FETCHER_THREADS_PER_QUEUE,
            ProtocolKeys.DEFAULT_FETCHER_THREADS_PER_QUEUE);
    delayMillis =
        threadsPerQueue > 1
            ? seconds(conf, FetcherKeys.SERVER_MIN_DELAY, FetcherKeys.DEFAULT_SERVER_MIN_DELAY)
            : seconds(conf, FetcherKeys.SERVER_DELAY, FetcherKeys.DEFAULT_SERVER_DELAY);
    long maxCrawlDelay =
        Settings.getLong(
            conf,
            ProtocolKeys.FETCHER_MAX_CRAWL_DELAY,
            ProtocolKeys.DEFAULT_FETCHER_MAX_CRAWL_DELAY);
    maxCrawlDelayMillis = maxCrawlDelay < 0 ? -1 : maxCrawlDelay * 1000;
    int depthMultiplier =
        positive(
            conf, FetcherKeys.QUEUE_DEPTH_MULTIPLIER, FetcherKeys.DEFAULT_QUEUE_DEPTH_MULTIPLIER);
    capacity = (int) Math.min(Integer.MAX_VALUE, (long) depthMultiplier * threads);
    queueMode = HostGroup.byMode(conf, FetcherKeys.QUEUE_MODE, FetcherKeys.DEFAULT_QUEUE_MODE);
    maxExceptionsPerQueue =
        Settings.getInt(
            conf,
            FetcherKeys.MAX_EXCEPTIONS_PER_QUEUE,
            FetcherKeys.DEFAULT_MAX_EXCEPTIONS_PER_QUEUE);
    long end = conf.getLong(FetcherKeys.INTERNAL_TIMELIMIT_END, -1);
    timeLimitEnd = end > 0 ? end : timeLimitEnd(conf, start);
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
    robotsCacheMillis =
        hours(conf, FetcherKeys.ROBOTS_CACHE_HOURS, FetcherKeys.DEFAULT_ROBOTS_CACHE_HOURS);
    robotsRetryMillis =
        hours(conf, FetcherKeys.ROBOTS_RETRY_HOURS, FetcherKeys.DEFAULT_ROBOTS_RETRY_HOURS);
    robotsOutageMillis =
        24 * hours(conf, FetcherKeys.ROBOTS_OUTAGE_DAYS, FetcherKeys.DEFAULT_ROBOTS_OUTAGE_DAYS);
    robotsAgents = RobotsRules.agents(conf);
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

  /** The configured Protocol class, checked to be one with a (Configuration) constructor. */
  public static Constructor<? extends Protocol> protocolConstructor(Configuration conf) {
    String name = conf.getTrimmed(FetcherKeys.PROTOCOL_CLASS, FetcherKeys.DEFAULT_PROTOCOL_CLASS);
    try {
      Class<? extends Protocol> c = conf.getClassByName(name).asSubclass(Protocol.class);
      return c.getConstructor(Configuration.class);
    } catch (ClassNotFoundException e) {
      throw new BadSettingException(
          FetcherKeys.PROTOCOL_CLASS, "class " + name + " is not on the classpath");
    } catch (ClassCastException e) {
      throw new BadSettingException(
          FetcherKeys.PROTOCOL_CLASS, name + " is not a " + Protocol.class.getName());
    } catch (NoSuchMethodException e) {
      throw new BadSettingException(
          FetcherKeys.PROTOCOL_CLASS, name + " has no public constructor taking a Configuration");
    }
  }

  /**
   * Creates and closes the configured Protocol once, so that a setting it reads (a truststore it
   * cannot read, say) fails in the client, before any task.
   */
  public static void checkProtocol(Configuration conf) throws IOException {
    newProtocol(conf).close();
  }

  /** A new instance of the configured Protocol; a bad setting it reads is thrown as it is. */
  public static Protocol newProtocol(Configuration conf) {
    try {
      return protocolConstructor(conf).newInstance(conf);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof BadSettingException bad) {
        throw bad; // the protocol's own setting, e.g. http.timeout
      }
      throw new IllegalStateException(
          "cannot create the protocol " + conf.get(FetcherKeys.PROTOCOL_CLASS), e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "cannot create the protocol " + conf.get(FetcherKeys.PROTOCOL_CLASS), e);
    }
  }

  private static int positive(Configuration conf, String key, int defaultValue) {
    int v = Settings.getInt(conf, key, defaultValue);
    if (v < 1) {
      throw new BadSettingException(key, "must be at least 1, not " + v);
    }
    return v;
  }

  private static long hours(Configuration conf, String key, float defaultValue) {
    return seconds(conf, key, defaultValue) * 3600;
  }

  private static long seconds(Configuration conf, String key, float defaultValue) {
    float v = Settings.getFloat(conf, key, defaultValue);
    if (v < 0) {
      throw new BadSettingException(key, "must not be negative, not " + v);
    }
    return (long) (v * 1000);
  }
}
