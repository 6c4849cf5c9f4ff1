package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.net.normalize.LearnedParamsURLNormalizer;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.hostdb.UrlTemplate;

/**
 * What the host database says about a host for generate: a host whose last rounds all failed more
 * than generate.host.max.failures times in a row is skipped until generate.host.failure.delay after
 * its last failed round; a host whose last round failed gets at most
 * generate.hostdb.max.count.failing URLs; a host backed off after 429/503 answers is skipped until
 * its backoff ends (its URLs stay due). A URL carrying a parameter learned irrelevant on its host
 * (found before the learning) is skipped as a duplicate of its twin without it; a URL of a learned
 * trap template gets the template's budget ({@link #trapBudget}). Only failing and backed-off hosts
 * (the watched ones) and hosts with learned parameters or traps are kept in memory.
 */
public final class HostPolicy {
  private final Map<String, HostDatum> watched;
  private final Map<String, Map<String, Integer>> traps;
  private final LearnedParamsURLNormalizer learned;
  private final long now;
  private final int maxFailures;
  private final long delayMillis;
  private final int failingMaxCount;

  public HostPolicy(
      Map<String, HostDatum> watched,
      long now,
      int maxFailures,
      long delaySeconds,
      int failingMaxCount) {
    this(watched, Map.of(), Map.of(), now, maxFailures, delaySeconds, failingMaxCount);
  }

  /**
   * @param traps host → trap template → its budget this round
   * @param learnedParams host → the parameters learned irrelevant there
   */
  public HostPolicy(
      Map<String, HostDatum> watched,
      Map<String, Map<String, Integer>> traps,
      Map<String, Set<String>> learnedParams,
      long now,
      int maxFailures,
      long delaySeconds,
      int failingMaxCount) {
    this.watched = watched;
    this.traps = traps;
    this.learned = LearnedParamsURLNormalizer.of(learnedParams);
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

  /**
   * The policy of a generate task: the failing and backed-off hosts of the hostdb the Generator
   * found, if any.
   */
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
    Map<String, HostDatum> watched = new HashMap<>();
    Map<String, Map<String, Integer>> traps = new HashMap<>();
    Map<String, Set<String>> params = new HashMap<>();
    long now = conf.getLong(GeneratorKeys.TIME, System.currentTimeMillis());
    if (current != null) {
      PartFiles.read(
          conf,
          current,
          new Text(),
          new HostDatum(),
          (host, datum) -> {
            if (datum.getFailedRounds() > 0 || datum.getBackoffUntil() > now) {
              watched.put(host.toString(), new HostDatum(datum));
            }
            if (!datum.getTraps().isEmpty()) {
              Map<String, Integer> budgets = new HashMap<>();
              datum.getTraps().forEach((t, trap) -> budgets.put(t, trap.budget()));
              traps.put(host.toString(), budgets);
            }
            if (!datum.getIrrelevantParams().isEmpty()) {
              params.put(host.toString(), Set.copyOf(datum.getIrrelevantParams().keySet()));
            }
          });
    }
    return new HostPolicy(
        watched,
        traps,
        params,
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

  /** Whether the policy knows nothing of any host: then nothing needs checking. */
  public boolean isEmpty() {
    return watched.isEmpty() && traps.isEmpty() && learned.learned().isEmpty();
  }

  /**
   * Why {@code url} of {@code host} is skipped now: its host's ({@link #skipReason(String)}), or
   * {@link SkipReason#DUPLICATE_PARAM} when it carries a parameter learned irrelevant there (its
   * twin without it is the one fetched), or {@link SkipReason#TRAP_PATTERN} when its trap
   * template's budget is spent; else null.
   */
  public SkipReason skipReason(String url, String host) {
    SkipReason reason = skipReason(host);
    if (reason != null || host == null) {
      return reason;
    }
    if (!learned.normalize(url, null).equals(url)) {
      return SkipReason.DUPLICATE_PARAM;
    }
    return trapBudget(host, url) == 0 ? SkipReason.TRAP_PATTERN : null;
  }

  /**
   * How many URLs of {@code url}'s trap template generate takes on {@code host} this round, or -1
   * when the URL is of no trap template there.
   */
  public int trapBudget(String host, String url) {
    Map<String, Integer> budgets = host == null ? null : traps.get(host);
    if (budgets == null) {
      return -1;
    }
    Integer budget = budgets.get(UrlTemplate.of(url));
    return budget == null ? -1 : budget;
  }

  /** Whether {@code host} has trap templates: only then are its URLs' templates worked out. */
  public boolean hasTraps(String host) {
    return traps.containsKey(host);
  }

  /**
   * {@link SkipReason#HOST_FAILING} or {@link SkipReason#HOST_BACKOFF} for a host skipped now, else
   * null.
   */
  public SkipReason skipReason(String host) {
    HostDatum h = host == null ? null : watched.get(host);
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
    for (String host : watched.keySet()) {
      if (skipReason(host) != null) {
        skipped.add(host);
      }
    }
    Collections.sort(skipped);
    return skipped;
  }

  /** The most URLs the host may have in this segment; negative = no cap of the hostdb's own. */
  public int maxCount(String host) {
    HostDatum h = watched.get(host);
    return h != null && h.getFailedRounds() > 0 ? failingMaxCount : -1;
  }
}
