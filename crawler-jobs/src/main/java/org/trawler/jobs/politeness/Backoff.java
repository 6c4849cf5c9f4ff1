package org.trawler.jobs.politeness;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;

/**
 * How long a host that answered 429 or 503 without Retry-After is left alone: fetcher.backoff.start
 * doubled with each such answer in a row ({@code level}: 0 for the first), up to a quarter longer
 * by a jitter fixed per host and level, capped at fetcher.backoff.max. updatehostdb applies it
 * across rounds (the level and the end are kept in the host's record); within a fetch task the
 * first backoff is shorter ({@link #withinTaskMillis}: fetcher.backoff.task.factor times the host's
 * delay), so that a host whose limit is a few seconds is asked again, at its slower pace, in the
 * same round.
 */
public final class Backoff {
  /**
   * The jitter's largest share: hosts of one provider backed off at the same instant do not all
   * come back at the same instant.
   */
  private static final double JITTER = 0.25;

  /** Levels beyond this cannot double further within a long. */
  private static final int MAX_LEVEL = 40;

  /**
   * The shortest first backoff within a task, ms: a host asked without a delay
   * (fetcher.server.delay 0) that refuses still gets a pause before it is asked again.
   */
  static final long MIN_WITHIN_TASK_MILLIS = 1000;

  /**
   * fetcher.backoff.start, fetcher.backoff.max and fetcher.backoff.task.factor at their defaults.
   */
  public static final Backoff DEFAULTS =
      new Backoff(
          (long) (PolitenessKeys.DEFAULT_BACKOFF_START * 1000),
          (long) (PolitenessKeys.DEFAULT_BACKOFF_MAX * 1000),
          PolitenessKeys.DEFAULT_BACKOFF_TASK_FACTOR);

  private final long startMillis;
  private final long maxMillis;

  /** The first backoff within a task as a multiple of the host's delay; 0 = as across rounds. */
  private final float taskFactor;

  /** A backoff that is as long within a task as across rounds. */
  public Backoff(long startMillis, long maxMillis) {
    this(startMillis, maxMillis, 0);
  }

  public Backoff(long startMillis, long maxMillis, float taskFactor) {
    this.startMillis = startMillis;
    this.maxMillis = maxMillis;
    this.taskFactor = taskFactor;
  }

  /**
   * Reads fetcher.backoff.start, fetcher.backoff.max and fetcher.backoff.task.factor; a bad value
   * names its key.
   */
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
    float taskFactor =
        Settings.getFloat(
            conf,
            PolitenessKeys.BACKOFF_TASK_FACTOR,
            PolitenessKeys.DEFAULT_BACKOFF_TASK_FACTOR,
            0,
            Float.MAX_VALUE);
    return new Backoff(start, max, taskFactor);
  }

  /** How long {@code host} is left alone after its {@code level}-th busy answer in a row, ms. */
  public long delayMillis(int level, String host) {
    return doubled(startMillis, level, host);
  }

  /**
   * How long the fetch task leaves {@code host} alone after its {@code level}-th busy answer in a
   * row when it was asked every {@code delayMillis}: the task factor times that delay (at least
   * {@value #MIN_WITHIN_TASK_MILLIS} ms), doubled per level with the same jitter, never longer than
   * the backoff across rounds ({@link #delayMillis}). Servers limit rates per second or minute more
   * often than per hour: a short wait, then a slower pace, keeps the host in the round.
   */
  public long withinTaskMillis(int level, String host, long delayMillis) {
    long acrossRounds = delayMillis(level, host);
    if (taskFactor <= 0) {
      return acrossRounds;
    }
    long start = Math.max(MIN_WITHIN_TASK_MILLIS, (long) (taskFactor * (double) delayMillis));
    return Math.min(acrossRounds, doubled(start, level, host));
  }

  /** {@code start} doubled {@code level} times, plus the jitter, at most the cap. */
  private long doubled(long start, int level, String host) {
    long base = start << Math.min(Math.max(level, 0), MAX_LEVEL);
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

  public float taskFactor() {
    return taskFactor;
  }
}
