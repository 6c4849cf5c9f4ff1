package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.trawler.core.conf.Settings;
import org.trawler.core.net.HostGroup;
import org.trawler.core.net.URLParts;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.hostdb.HostPolicy;
import org.trawler.jobs.hostdb.UrlTemplate;
import org.trawler.jobs.politeness.PolitenessKeys;

/**
 * Select's decision for each due URL, read best-first: the URL's slot within its host, or why it is
 * skipped (a learned trap template's budget, generate.max.count per host or domain, the hostdb's
 * per-host cap, topN in all). The select reducer and the one-job fetch list reducer both decide
 * through it.
 */
final class Selector {
  private final HostGroup grouping;
  private final SelectionQuota quota;
  private final HostPolicy hosts;
  private final RankBudget budgets;
  private String host;
  private String group;
  private String trapKey;
  private int trapBudget;
  private final Map<String, Integer> trapTaken = new HashMap<>();

  Selector(HostGroup grouping, SelectionQuota quota, HostPolicy hosts) {
    this(grouping, quota, hosts, RankBudget.OFF);
  }

  Selector(HostGroup grouping, SelectionQuota quota, HostPolicy hosts, RankBudget budgets) {
    this.grouping = grouping;
    this.quota = quota;
    this.hosts = hosts;
    this.budgets = budgets;
  }

  /** The selector of generate's settings in {@code conf}, with at most {@code topN} in all. */
  static Selector fromConf(Configuration conf, long topN) throws IOException {
    long now = now(conf);
    HostKnowledge known = HostKnowledgeReader.read(conf, now);
    return new Selector(
        SelectReducer.countMode(conf),
        SelectionQuota.from(conf, topN),
        HostPolicy.from(conf, known, now, fetchMillis(conf)),
        RankBudget.from(conf, topN, known));
  }

  /**
   * How long the round's fetch is meant to take, ms: fetcher.timelimit.mins; without one, the time
   * a host's full list (generate.max.count) takes at fetcher.server.delay, so that a slowed host's
   * turn is no longer than an unslowed host's and does not hold up the round; -1 when neither is
   * set.
   */
  static long fetchMillis(Configuration conf) {
    float minutes =
        Settings.getFloat(conf, FetcherKeys.TIMELIMIT_MINS, FetcherKeys.DEFAULT_TIMELIMIT_MINS);
    if (minutes > 0) {
      return (long) (minutes * 60_000);
    }
    int maxCount = Settings.getInt(conf, GeneratorKeys.MAX_COUNT, GeneratorKeys.DEFAULT_MAX_COUNT);
    float delaySeconds =
        Settings.getFloat(conf, PolitenessKeys.SERVER_DELAY, PolitenessKeys.DEFAULT_SERVER_DELAY);
    return maxCount > 0 && delaySeconds > 0 ? (long) (maxCount * delaySeconds * 1000) : -1;
  }

  /** The generate time of a task's settings: what "now" is for backoffs and failure delays. */
  static long now(Configuration conf) {
    return conf.getLong(GeneratorKeys.TIME, System.currentTimeMillis());
  }

  /** Moves on to the URL {@code url}: the datums that follow are this URL's. */
  void url(Text url) {
    String h = URLParts.host(url.toString());
    host = h == null ? "" : h; // no authority: the fetcher decides about such URLs
    group = grouping.of(host, null); // host or domain: no addresses needed
    trapBudget = hosts.hasTraps(host) ? hosts.trapBudget(host, url.toString()) : -1;
    trapKey = trapBudget < 0 ? null : host + " " + UrlTemplate.of(url.toString());
  }

  /** Why the current URL cannot be taken, or null when it can. */
  SkipReason refusal() {
    if (trapKey != null && trapTaken.getOrDefault(trapKey, 0) >= trapBudget) {
      return SkipReason.TRAP_PATTERN; // before topN: a trap URL is not a page topN cut
    }
    return quota.refusal(group, host, RankBudget.tighter(hosts.maxCount(host), budgets.of(host)));
  }

  /** Takes the current URL (after a null {@link #refusal}); returns its slot within its host. */
  int admit() {
    if (trapKey != null) {
      trapTaken.merge(trapKey, 1, Integer::sum);
    }
    return quota.admit(group, host);
  }

  /**
   * Takes the current URL when it can be, returning its slot within its host; else counts why not
   * (its {@link SkipReason}) in {@code context} and returns -1.
   */
  int admitOrCount(TaskAttemptContext context) {
    SkipReason reason = refusal();
    if (reason != null) {
      reason.in(context).increment(1);
      return -1;
    }
    return admit();
  }

  /** How many URLs were taken so far. */
  long admitted() {
    return quota.admitted();
  }
}
