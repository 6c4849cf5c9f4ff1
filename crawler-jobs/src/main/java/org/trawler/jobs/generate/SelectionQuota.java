package org.trawler.jobs.generate;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * The limits a select reducer applies while it reads its URLs best-first: at most maxPerGroup per
 * host or domain, at most topN in all. Because the URLs come in rank order, each group keeps its
 * best ones. Memory: one counter per host seen before topN was reached.
 */
public final class SelectionQuota {
  private final int maxPerGroup;
  private final long topN;
  private final Map<String, Integer> perGroup = new HashMap<>();
  private final Map<String, Integer> perHost = new HashMap<>();
  private long admitted;

  /**
   * @param maxPerGroup at most this many URLs per group; below 1 = no limit
   * @param topN at most this many URLs in all; below 1 = no limit
   */
  public SelectionQuota(int maxPerGroup, long topN) {
    this.maxPerGroup = maxPerGroup;
    this.topN = topN;
  }

  /** The quota of generate.max.count per group, and {@code topN} in all. */
  public static SelectionQuota from(Configuration conf, long topN) {
    return new SelectionQuota(
        Settings.getInt(conf, GeneratorKeys.MAX_COUNT, GeneratorKeys.DEFAULT_MAX_COUNT), topN);
  }

  /** Why the next URL of {@code group} cannot be taken, or null when it can. */
  public SkipReason refusal(String group) {
    if (topN > 0 && admitted >= topN) {
      return SkipReason.TOP_N;
    }
    if (maxPerGroup > 0 && perGroup.getOrDefault(group, 0) >= maxPerGroup) {
      return SkipReason.HOST_CAP;
    }
    return null;
  }

  /**
   * Takes the next URL of {@code host} in {@code group} (after a null {@link #refusal}); returns
   * its slot.
   */
  /**
   * As {@link #refusal(String)}, and at most {@code hostMax} for {@code host} (negative = none).
   */
  public SkipReason refusal(String group, String host, int hostMax) {
    SkipReason reason = refusal(group);
    if (reason == null && hostMax >= 0 && perHost.getOrDefault(host, 0) >= hostMax) {
      return SkipReason.HOST_CAP;
    }
    return reason;
  }

  public int admit(String group, String host) {
    admitted++;
    if (maxPerGroup > 0) {
      perGroup.merge(group, 1, Integer::sum);
    }
    int slot = perHost.getOrDefault(host, 0);
    perHost.put(host, slot + 1);
    return slot;
  }

  public long admitted() {
    return admitted;
  }
}
