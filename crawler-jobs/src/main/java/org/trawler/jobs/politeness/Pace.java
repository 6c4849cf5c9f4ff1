package org.trawler.jobs.politeness;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.RobotsRules;

/**
 * A host's own delay between requests (its pace) after it answered 429 or 503 without Retry-After:
 * the delay it was asked at times fetcher.pace.factor, at most fetcher.max.crawl.delay, and halved
 * again after rounds without such answers until it is back at the server delay (0: no pace of its
 * own). A backoff alone lets the host be asked again at the pace that made it refuse; a slower pace
 * asks it as often as it answers (Heritrix, StormCrawler). It rises fast and relaxes slowly: each
 * refusal costs the host's URLs a backoff that doubles (a minute, then two, ...), while a pace
 * slower than the host needs costs only that host's throughput, for a few rounds.
 */
public final class Pace {
  /** What a round without refusal divides the pace by, whatever the factor that raised it. */
  private static final double RELAX_STEP = 2;

  /** fetcher.pace.factor at 1: no host gets a pace of its own. */
  public static final Pace OFF = new Pace(0, -1, 1);

  private final long serverDelayMillis;
  private final long maxMillis;
  private final float factor;

  /**
   * @param serverDelayMillis the configured delay between requests
   * @param maxMillis the slowest pace (fetcher.max.crawl.delay), ms; -1 = no cap
   * @param factor how much a refusal raises the pace; 1 = off
   */
  public Pace(long serverDelayMillis, long maxMillis, float factor) {
    this.serverDelayMillis = serverDelayMillis;
    this.maxMillis = maxMillis;
    this.factor = factor;
  }

  /** Reads fetcher.pace.factor, the server delay and fetcher.max.crawl.delay. */
  public static Pace from(Configuration conf) {
    int threadsPerQueue =
        PolitenessSettings.positive(
            conf,
            ProtocolKeys.FETCHER_THREADS_PER_QUEUE,
            ProtocolKeys.DEFAULT_FETCHER_THREADS_PER_QUEUE);
    return from(
        conf,
        PolitenessSettings.delayMillis(conf, threadsPerQueue),
        RobotsRules.maxCrawlDelayMillis(conf));
  }

  /** Reads fetcher.pace.factor; the server delay and its cap as already read. */
  static Pace from(Configuration conf, long serverDelayMillis, long maxMillis) {
    return new Pace(
        serverDelayMillis,
        maxMillis,
        Settings.getFloat(
            conf, PolitenessKeys.PACE_FACTOR, PolitenessKeys.DEFAULT_PACE_FACTOR, 1, 1000));
  }

  public boolean isOn() {
    return factor > 1;
  }

  /**
   * The pace after a refusal by a host asked every {@code askedAtMillis} (0 or less: at the server
   * delay): slower by the factor, at most the cap; 0 when off.
   */
  public int raised(long askedAtMillis) {
    if (!isOn()) {
      return 0;
    }
    long raised = (long) (Math.max(askedAtMillis, serverDelayMillis) * (double) factor);
    if (maxMillis >= 0) {
      raised = Math.min(raised, maxMillis);
    }
    return (int) Math.min(Integer.MAX_VALUE, Math.max(raised, serverDelayMillis));
  }

  /**
   * The pace after {@code refusals} refusals (at least one) by a host asked every {@code
   * askedAtMillis}: each raised the pace the host was asked at, as the fetch task did.
   */
  public int raised(long askedAtMillis, int refusals) {
    int pace = raised(askedAtMillis);
    for (int i = 1; i < refusals && pace < raised(pace); i++) {
      pace = raised(pace);
    }
    return pace;
  }

  /**
   * The pace after a run of answers without refusal at {@code paceMillis}: one step back towards
   * the server delay (halved); 0 once there (the host has no pace of its own again).
   */
  public int relaxed(int paceMillis) {
    long relaxed = (long) (paceMillis / RELAX_STEP);
    return relaxed <= serverDelayMillis || !isOn() ? 0 : (int) relaxed;
  }
}
