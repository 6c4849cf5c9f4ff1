package org.trawler.jobs.hostdb;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * The soft-404 probe's settings ({@link Soft404Keys}), read in this one place: whether the fetcher
 * probes (fetcher.soft404.probe), and with it what its segments hold, what the parse fingerprints
 * and what updatedb and the tasks read of the hostdb.
 *
 * @param on whether the fetcher probes each host
 * @param intervalMillis age after which a host's kept answer is asked again
 * @param afterPages pages a host answers with 200 in a task before it is probed there
 */
public record Soft404Probe(boolean on, long intervalMillis, int afterPages) {

  /** The settings of {@code conf}; a bad number is a BadSettingException. */
  public static Soft404Probe from(Configuration conf) {
    return new Soft404Probe(
        on(conf),
        Settings.getInt(
                conf, Soft404Keys.PROBE_INTERVAL_DAYS, Soft404Keys.DEFAULT_PROBE_INTERVAL_DAYS)
            * 86_400_000L,
        Settings.getInt(
            conf, Soft404Keys.PROBE_AFTER_PAGES, Soft404Keys.DEFAULT_PROBE_AFTER_PAGES));
  }

  /** Whether {@code conf} has the fetcher probe (the numbers not read: a driver asks only this). */
  public static boolean on(Configuration conf) {
    return conf.getBoolean(Soft404Keys.PROBE, Soft404Keys.DEFAULT_PROBE);
  }
}
