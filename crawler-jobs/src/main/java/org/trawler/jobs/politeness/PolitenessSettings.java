package org.trawler.jobs.politeness;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.HostAddresses;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.PinnedNames;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/**
 * The politeness configuration every request obeys, read once: the fetcher's settings extend it,
 * and {@link HostFetcher} (sitemap, check) reads it alone.
 */
public class PolitenessSettings {
  /** Requests in flight per queue at most. */
  public final int threadsPerQueue;

  /**
   * Pause after a request to a queue ends before the next may start, ms (server.delay or
   * min.delay).
   */
  public final long delayMillis;

  /** Largest Crawl-delay (and Retry-After) honoured, ms; -1 = no cap. */
  public final long maxCrawlDelayMillis;

  public final HostGroup queueMode;

  /** Names pinned by http.resolve: byIP queues group a pinned host by its pinned address. */
  public final PinnedNames pinnedNames;

  /** Transient failures after which a queue is dropped; -1 = never. */
  public final int maxExceptionsPerQueue;

  /** How long robots.txt answers are reused, ms: a good one, an unreachable one. */
  public final long robotsCacheMillis;

  public final long robotsRetryMillis;

  /** How long an unreachable robots.txt without an earlier copy disallows everything, ms. */
  public final long robotsOutageMillis;

  /** The robots.txt agent names. */
  public final List<String> robotsAgents;

  /** Whether sites' /.well-known/tdmrep.json is asked for (fetcher.tdmrep). */
  public final boolean tdmRep;

  /** How long a host that answered 429/503 without Retry-After is left alone. */
  public final Backoff backoff;

  /** A host's own pace after 429/503 without Retry-After (fetcher.pace.factor). */
  public final Pace pace;

  /** fetcher.server.delay.factor: the delay follows the response time; 0 = off. */
  public final float delayFactor;

  protected PolitenessSettings(Configuration conf) {
    threadsPerQueue =
        positive(
            conf,
            ProtocolKeys.FETCHER_THREADS_PER_QUEUE,
            ProtocolKeys.DEFAULT_FETCHER_THREADS_PER_QUEUE);
    delayMillis = delayMillis(conf, threadsPerQueue);
    maxCrawlDelayMillis = RobotsRules.maxCrawlDelayMillis(conf);
    queueMode =
        HostGroup.byMode(conf, PolitenessKeys.QUEUE_MODE, PolitenessKeys.DEFAULT_QUEUE_MODE);
    pinnedNames = PinnedNames.fromSettings(conf);
    maxExceptionsPerQueue =
        Settings.getInt(
            conf,
            PolitenessKeys.MAX_EXCEPTIONS_PER_QUEUE,
            PolitenessKeys.DEFAULT_MAX_EXCEPTIONS_PER_QUEUE);
    robotsCacheMillis =
        hours(conf, PolitenessKeys.ROBOTS_CACHE_HOURS, PolitenessKeys.DEFAULT_ROBOTS_CACHE_HOURS);
    robotsRetryMillis =
        hours(conf, PolitenessKeys.ROBOTS_RETRY_HOURS, PolitenessKeys.DEFAULT_ROBOTS_RETRY_HOURS);
    robotsOutageMillis =
        24
            * hours(
                conf, PolitenessKeys.ROBOTS_OUTAGE_DAYS, PolitenessKeys.DEFAULT_ROBOTS_OUTAGE_DAYS);
    robotsAgents = RobotsRules.agents(conf);
    tdmRep = Settings.getBoolean(conf, PolitenessKeys.TDMREP, PolitenessKeys.DEFAULT_TDMREP);
    backoff = Backoff.from(conf);
    delayFactor =
        Settings.getFloat(
            conf,
            PolitenessKeys.SERVER_DELAY_FACTOR,
            PolitenessKeys.DEFAULT_SERVER_DELAY_FACTOR,
            0,
            Float.MAX_VALUE);
    pace = Pace.from(conf, delayMillis, maxCrawlDelayMillis);
  }

  /** The pause after a request, ms: fetcher.server.min.delay with several threads a queue. */
  static long delayMillis(Configuration conf, int threadsPerQueue) {
    return threadsPerQueue > 1
        ? seconds(conf, PolitenessKeys.SERVER_MIN_DELAY, PolitenessKeys.DEFAULT_SERVER_MIN_DELAY)
        : seconds(conf, PolitenessKeys.SERVER_DELAY, PolitenessKeys.DEFAULT_SERVER_DELAY);
  }

  /** Reads the settings; a bad value is a BadSettingException naming the key. */
  public static PolitenessSettings from(Configuration conf) {
    return new PolitenessSettings(conf);
  }

  /** An int setting of at least 1. */
  protected static int positive(Configuration conf, String key, int defaultValue) {
    return Settings.getInt(conf, key, defaultValue, 1, Integer.MAX_VALUE);
  }

  private static long hours(Configuration conf, String key, float defaultValue) {
    return seconds(conf, key, defaultValue) * 3600;
  }

  /** A setting in seconds (fractions allowed, not negative), in ms. */
  protected static long seconds(Configuration conf, String key, float defaultValue) {
    return (long) (Settings.getFloat(conf, key, defaultValue, 0, Float.MAX_VALUE) * 1000);
  }

  /** A thread's own queue ids, resolving names as the fetcher's connections do. */
  public QueueIds queueIds() {
    return new QueueIds(
        queueMode, new HostAddresses(pinnedNames::resolve, HostAddresses.DEFAULT_CAPACITY));
  }
}
