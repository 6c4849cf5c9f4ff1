package org.trawler.jobs.politeness;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/**
 * How long a host that answered 429 or 503 without Retry-After is left alone: fetcher.backoff.start
 * doubled with each such answer in a row ({@code level}: 0 for the first), up to a quarter longer
 * by a jitter fixed per host and level, capped at fetcher.backoff.max. The fetcher applies it
 * within a task, updatehostdb across rounds (the level and the end are kept in the host's record).
 */
public final class Backoff {
  /**
   * The jitter's largest share: hosts of one provider backed off at the same instant do not all
   * come back at the same instant.
   */
  private static final double JITTER = 0.25;

  /** Levels beyond this cannot double further within a long. */
  private static final int MAX_LEVEL = 40;

  /** fetcher.backoff.start and fetcher.backoff.max at their defaults. */
  public static final Backoff DEFAULTS =
      new Backoff(
          (long) (PolitenessKeys.DEFAULT_BACKOFF_START * 1000),
          (long) (PolitenessKeys.DEFAULT_BACKOFF_MAX * 1000));

  private final long startMillis;
  private final long maxMillis;

  public Backoff(long startMillis, long maxMillis) {
    this.startMillis = startMillis;
    this.maxMillis = maxMillis;
  }

  /** Reads fetcher.backoff.start and fetcher.backoff.max; a bad value names its key. */
  public static Backoff from(Configuration conf) {
    long start =
        PolitenessSettings.seconds(
            conf, PolitenessKeys.BACKOFF_START, PolitenessKeys.DEFAULT_BACKOFF_START);
    long max =
        PolitenessSettings.seconds(
            conf, PolitenessKeys.BACKOFF_MAX, PolitenessKeys.DEFAULT_BACKOFF_MAX);
    if (max < start) {
      throw new BadSettingException(
          PolitenessKeys.BACKOFF_MAX,
          "must not be less than " + PolitenessKeys.BACKOFF_START + ", not " + max / 1000.0);
    }
    return new Backoff(start, max);
  }

  /** How long {@code host} is left alone after its {@code level}-th busy answer in a row, ms. */
  public long delayMillis(int level, String host) {
    long base = startMillis << Math.min(Math.max(level, 0), MAX_LEVEL);
    if (base < 0 || base > maxMillis) {
      return maxMillis;
    }
    long jittered = base + (long) (base * JITTER * jitter(host, level));
    return Math.min(maxMillis, jittered);
  }

  /** The jitter share of {@code host} at {@code level}, in [0, 1): fixed, so reruns agree. */
  private static double jitter(String host, int level) {
    int h = (host == null ? 0 : host.hashCode()) * 31 + level;
    h ^= h >>> 16;
    h *= 0x45d9f3b;
    h ^= h >>> 16;
    return (h & 0xffff) / 65536.0;
  }

  public long startMillis() {
    return startMillis;
  }

  public long maxMillis() {
    return maxMillis;
  }
}
