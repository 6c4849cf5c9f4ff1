package org.trawler.jobs.hostdb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.protocol.RobotsRules;

/**
 * What the host database says about a host for generate and the sitemap job: a host whose last
 * rounds all failed more than generate.host.max.failures times in a row is skipped until
 * generate.host.failure.delay after its last failed round; a host whose last round failed gets at
 * most generate.hostdb.max.count.failing URLs; a host backed off after 429/503 answers is skipped
 * until its backoff ends (its URLs stay due), or for generate until it ends within what the fetch
 * task waits for a host ({@link #backoffGrace}): the task waits it out, without a thread. A URL
 * carrying a parameter learned irrelevant on its host (found before the learning) is skipped as a
 * duplicate of its twin without it; a URL of a learned trap template gets the template's budget
 * ({@link #trapBudget}). The facts are the task's {@link HostKnowledge}, read once; this class
 * holds the settings for judging them.
 */
public final class HostPolicy {
  private final HostKnowledge known;
  private final long now;
  private final int maxFailures;
  private final long delayMillis;
  private final int failingMaxCount;

  /** How long a fetch task may fetch (fetcher.timelimit.mins), ms; -1 = no limit. */
  private final long fetchMillis;

  /** A host whose backoff ends within this many ms of {@code now} is not skipped. */
  private final long backoffGraceMillis;

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
    this(
        HostKnowledge.of(watched, traps, learnedParams),
        now,
        maxFailures,
        delaySeconds,
        failingMaxCount);
  }

  /**
   * @param known the task's view of the hostdb
   * @param now the generate time (ms)
   */
  public HostPolicy(
      HostKnowledge known, long now, int maxFailures, long delaySeconds, int failingMaxCount) {
    this(known, now, maxFailures, delaySeconds, failingMaxCount, -1, 0);
  }

  /**
   * @param fetchMillis how long the round's fetch is meant to take, ms; -1 = no limit (a slowed
   *     host's URLs are then not capped by its pace)
   * @param backoffGraceMillis a backed-off host whose backoff ends within this many ms is not
   *     skipped (0: skipped until it ends)
   */
  public HostPolicy(
      HostKnowledge known,
      long now,
      int maxFailures,
      long delaySeconds,
      int failingMaxCount,
      long fetchMillis,
      long backoffGraceMillis) {
    this.fetchMillis = fetchMillis;
    this.backoffGraceMillis = backoffGraceMillis;
    this.known = known;
    this.now = now;
    this.maxFailures = maxFailures;
    this.delayMillis = delaySeconds * 1000L;
    this.failingMaxCount = failingMaxCount;
  }

  /**
   * The policy of a generate (or sitemap) task at {@code now} under {@code conf}'s generate.host.*
   * keys, over the view of the hostdb it read in setup() ({@link HostKnowledgeReader#read}).
   */
  public static HostPolicy from(Configuration conf, HostKnowledge known, long now) {
    return from(conf, known, now, -1);
  }

  /**
   * As {@link #from(Configuration, HostKnowledge, long)} for generate, whose round's fetch is meant
   * to take {@code fetchMillis} (-1: no limit): a slowed host gets no more URLs than its pace
   * fetches in it, and a host whose backoff ends within {@link #backoffGrace} is let in.
   */
  public static HostPolicy from(
      Configuration conf, HostKnowledge known, long now, long fetchMillis) {
    return new HostPolicy(
        known,
        now,
        Settings.getInt(conf, HostDbKeys.HOST_MAX_FAILURES, HostDbKeys.DEFAULT_HOST_MAX_FAILURES),
        Settings.getLong(
            conf, HostDbKeys.HOST_FAILURE_DELAY, HostDbKeys.DEFAULT_HOST_FAILURE_DELAY),
        Settings.getInt(
            conf, HostDbKeys.HOSTDB_MAX_COUNT_FAILING, HostDbKeys.DEFAULT_HOSTDB_MAX_COUNT_FAILING),
        fetchMillis,
        backoffGrace(fetchMillis, RobotsRules.maxCrawlDelayMillis(conf)));
  }

  /**
   * How soon a backed-off host's backoff must end for generate to let it in, ms: within what the
   * fetch task's queue waits for a host (fetcher.max.crawl.delay, {@code maxWaitMillis}) and within
   * the round's fetch ({@code fetchMillis}); 0 (skipped until it ends) when the fetch's length is
   * not known or the queues never wait. A host refused early in a round of half a minute is then
   * asked again in the round its backoff ends in, not the one after it.
   */
  static long backoffGrace(long fetchMillis, long maxWaitMillis) {
    if (fetchMillis < 0 || maxWaitMillis == 0) {
      return 0;
    }
    return maxWaitMillis < 0 ? fetchMillis : Math.min(fetchMillis, maxWaitMillis);
  }

  /** The policy of a sitemap task now: reads the hostdb its job handed over, once. */
  public static HostPolicy fromConf(Configuration conf) throws IOException {
    long now = System.currentTimeMillis();
    return from(conf, HostKnowledgeReader.read(conf, now), now);
  }

  /** Whether the policy knows nothing of any host: then nothing needs checking. */
  public boolean isEmpty() {
    return known.isEmpty();
  }

  /**
   * Why {@code url} of {@code host} is skipped now: its host's ({@link #skipReason(String)}), or
   * {@link HostSkip#DUPLICATE_PARAM} when it carries a parameter learned irrelevant there (its twin
   * without it is the one fetched), or {@link HostSkip#MIRROR_HOST} when its host mirrors another
   * (the original is fetched), or {@link HostSkip#WWW_TWIN} when its host's pages are its www.
   * host's ({@link WwwTwins}), or {@link HostSkip#TRAP_PATTERN} when its trap template's budget is
   * spent; else null.
   */
  public HostSkip skipReason(String url, String host) {
    HostSkip reason = skipReason(host);
    if (reason != null || host == null) {
      return reason;
    }
    if (known.mirrorOf(host) != null) {
      return HostSkip.MIRROR_HOST;
    }
    if (known.wwwTwins().twinHost(host) != null) {
      return HostSkip.WWW_TWIN;
    }
    if (!known.learnedParams().normalize(url, null).equals(url)) {
      return HostSkip.DUPLICATE_PARAM;
    }
    return trapBudget(host, url) == 0 ? HostSkip.TRAP_PATTERN : null;
  }

  /**
   * How many URLs of {@code url}'s trap template generate takes on {@code host} this round, or -1
   * when the URL is of no trap template there.
   */
  public int trapBudget(String host, String url) {
    Map<String, Integer> budgets = known.trapBudgets(host);
    if (budgets == null) {
      return -1;
    }
    Integer budget = budgets.get(UrlTemplate.of(url));
    return budget == null ? -1 : budget;
  }

  /** Whether {@code host} has trap templates: only then are its URLs' templates worked out. */
  public boolean hasTraps(String host) {
    return known.trapBudgets(host) != null;
  }

  /**
   * {@link HostSkip#HOST_FAILING} or {@link HostSkip#HOST_BACKOFF} for a host skipped now, else
   * null.
   */
  public HostSkip skipReason(String host) {
    HostDatum h = known.watched(host);
    if (h == null) {
      return null;
    }
    if (maxFailures >= 0
        && h.getFailedRounds() > maxFailures
        && now < h.getLastFailedRoundTime() + delayMillis) {
      return HostSkip.HOST_FAILING;
    }
    return h.getBackoffUntil() - now > backoffGraceMillis ? HostSkip.HOST_BACKOFF : null;
  }

  /** The hosts skipped now, sorted. */
  public List<String> skippedHosts() {
    List<String> skipped = new ArrayList<>();
    for (String host : known.watchedHosts()) {
      if (skipReason(host) != null) {
        skipped.add(host);
      }
    }
    Collections.sort(skipped);
    return skipped;
  }

  /**
   * The most URLs the host may have in this segment; negative = no cap of the hostdb's own. A
   * failing host gets generate.host.failing.max.count; a slowed host no more than its pace lets it
   * fetch in the fetch task's time left after its backoff ends ({@link #pacedMaxCount}); the
   * smaller when both.
   */
  public int maxCount(String host) {
    HostDatum h = known.watched(host);
    if (h == null) {
      return -1;
    }
    int failing = h.getFailedRounds() > 0 ? failingMaxCount : -1;
    long wait = Math.max(0, h.getBackoffUntil() - now);
    int paced =
        pacedMaxCount(h.getPaceMillis(), fetchMillis < 0 ? -1 : Math.max(0, fetchMillis - wait));
    return failing < 0 ? paced : paced < 0 ? failing : Math.min(failing, paced);
  }

  /**
   * The URLs a host asked every {@code paceMillis} can be fetched in {@code fetchMillis} (at least
   * one); -1 when it has no pace of its own or the fetch has no time limit.
   */
  static int pacedMaxCount(int paceMillis, long fetchMillis) {
    if (paceMillis <= 0 || fetchMillis < 0) {
      return -1;
    }
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, fetchMillis / paceMillis));
  }
}
