package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.store.PartFiles;

/**
 * What the host database says about a host for generate: a host whose last rounds all failed more
 * than generate.host.max.failures times in a row is skipped until generate.host.failure.delay after
 * its last failed round; a host whose last round failed gets at most
 * generate.hostdb.max.count.failing URLs; a host backed off after 429/503 answers is skipped until
 * its backoff ends (its URLs stay due). Only failing and backed-off hosts are kept in memory.
 */
public final class HostPolicy {
  private final Map<String, HostDatum> failing;
  private final long now;
  private final int maxFailures;
  private final long delayMillis;
  private final int failingMaxCount;

  public HostPolicy(
      Map<String, HostDatum> failing,
      long now,
      int maxFailures,
      long delaySeconds,
      int failingMaxCount) {
    this.failing = failing;
    this.now = now;
    this.maxFailures = maxFailures;
    this.delayMillis = delaySeconds * 1000L;
    this.failingMaxCount = failingMaxCount;
  }

  /**
   * Has the tasks of a job read their policy ({@link #fromConf}) from the hostdb version {@code
   * current}.
   */
  public static void useHostDb(Configuration jobConf, Path current) {
    jobConf.set(GeneratorKeys.HOSTDB_CURRENT, current.toString());
  }

  /** The policy of a generate task: the failing hosts of the hostdb the Generator found, if any. */
  public static HostPolicy fromConf(Configuration conf) throws IOException {
    String current = conf.get(GeneratorKeys.HOSTDB_CURRENT);
    try {
      return of(conf, current == null ? null : new Path(current));
    } catch (UserException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  /**
   * The policy of the installed hostdb version {@code current} (null: no hostdb) under {@code
   * conf}'s generate.host.* keys, as generate and the sitemap job apply it.
   */
  public static HostPolicy of(Configuration conf, Path current) throws IOException, UserException {
    Map<String, HostDatum> failing = new HashMap<>();
    long now = conf.getLong(GeneratorKeys.TIME, System.currentTimeMillis());
    if (current != null) {
      PartFiles.read(
          conf,
          current,
          new Text(),
          new HostDatum(),
          (host, datum) -> {
            if (datum.getFailedRounds() > 0 || datum.getBackoffUntil() > now) {
              failing.put(host.toString(), new HostDatum(datum));
            }
          });
    }
    return new HostPolicy(
        failing,
        now,
        Settings.getInt(
            conf, GeneratorKeys.HOST_MAX_FAILURES, GeneratorKeys.DEFAULT_HOST_MAX_FAILURES),
        Settings.getLong(
            conf, GeneratorKeys.HOST_FAILURE_DELAY, GeneratorKeys.DEFAULT_HOST_FAILURE_DELAY),
        Settings.getInt(
            conf,
            GeneratorKeys.HOSTDB_MAX_COUNT_FAILING,
            GeneratorKeys.DEFAULT_HOSTDB_MAX_COUNT_FAILING));
  }

  /** Whether any host is failing: when none, nothing needs checking. */
  public boolean isEmpty() {
    return failing.isEmpty();
  }

  /**
   * {@link SkipReason#HOST_FAILING} or {@link SkipReason#HOST_BACKOFF} for a host skipped now, else
   * null.
   */
  public SkipReason skipReason(String host) {
    HostDatum h = host == null ? null : failing.get(host);
    if (h == null) {
      return null;
    }
    if (maxFailures >= 0
        && h.getFailedRounds() > maxFailures
        && now < h.getLastFailedRoundTime() + delayMillis) {
      return SkipReason.HOST_FAILING;
    }
    return now < h.getBackoffUntil() ? SkipReason.HOST_BACKOFF : null;
  }

  /** The hosts skipped now, sorted. */
  public List<String> skippedHosts() {
    List<String> skipped = new ArrayList<>();
    for (String host : failing.keySet()) {
      if (skipReason(host) != null) {
        skipped.add(host);
      }
    }
    Collections.sort(skipped);
    return skipped;
  }

  /** The most URLs the host may have in this segment; negative = no cap of the hostdb's own. */
  public int maxCount(String host) {
    HostDatum h = failing.get(host);
    return h != null && h.getFailedRounds() > 0 ? failingMaxCount : -1;
  }
}
