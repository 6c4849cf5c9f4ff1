package org.trawler.core.protocol;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRules.RobotRulesMode;
import crawlercommons.robots.SimpleRobotRulesParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.net.URLParts;
import org.trawler.core.usage.RobotsTxtSignals;
import org.trawler.core.usage.TdmRep;

/**
 * A host's robots.txt as the fetcher needs it: whether a URL may be fetched, the Crawl-delay, or
 * that robots.txt could not be had (5xx, unreachable), which makes the host's URLs fetch_retry with
 * reason robots_unavailable.
 */
public final class RobotsRules {
  private final BaseRobotRules rules;
  private final boolean unavailable;
  private final String reason;

  /** The Content-Signal / Content-Usage lines for our agents (crawler-commons skips them). */
  private final RobotsTxtSignals signals;

  /** The site's /.well-known/tdmrep.json rules, kept with robots.txt. */
  private final TdmRep tdmRep;

  /**
   * The longest Crawl-delay the crawl waits for, ms (fetcher.max.crawl.delay, seconds): a longer
   * one skips the host's URLs, and a Retry-After is cut to it; -1 = no limit.
   */
  public static long maxCrawlDelayMillis(Configuration conf) {
    long seconds =
        Settings.getLong(
            conf,
            ProtocolKeys.FETCHER_MAX_CRAWL_DELAY,
            ProtocolKeys.DEFAULT_FETCHER_MAX_CRAWL_DELAY);
    return seconds < 0 ? -1 : seconds * 1000;
  }

  private RobotsRules(
      BaseRobotRules rules,
      boolean unavailable,
      String reason,
      RobotsTxtSignals signals,
      TdmRep tdmRep) {
    this.rules = rules;
    this.unavailable = unavailable;
    this.reason = reason;
    this.signals = signals;
    this.tdmRep = tdmRep;
  }

  /** Parsed rules (an allow-all rule set for a 4xx robots.txt). */
  public static RobotsRules of(BaseRobotRules rules) {
    return new RobotsRules(rules, false, "", RobotsTxtSignals.NONE, TdmRep.NONE);
  }

  /**
   * No restrictions: robots.txt is missing (4xx) or cannot be had for good (redirect loop, denied
   * address).
   */
  public static RobotsRules allowAll() {
    return of(new SimpleRobotRules(RobotRulesMode.ALLOW_ALL));
  }

  /**
   * The rules a robots.txt answer sets at {@code now} for {@code agents}: the last good copy (a
   * file, or none for a 4xx), also while the site is unreachable (RFC 9309 §2.4 lets a cached copy
   * outlive its cache time then); with no copy, an unreachable robots.txt disallows everything
   * (§2.3.1.4) until the outage is {@code giveUpMillis} old, when it counts as missing: allow all.
   */
  public static RobotsRules of(RobotsTxt txt, List<String> agents, long now, long giveUpMillis) {
    switch (txt.getCopy()) {
      case FILE:
        // No cap on Crawl-delay here: the fetcher decides what a too long delay means.
        SimpleRobotRulesParser parser = new SimpleRobotRulesParser(Long.MAX_VALUE, 5);
        return new RobotsRules(
            parser.parseContent(txt.getUrl(), txt.getContent(), txt.getContentType(), agents),
            false,
            "",
            RobotsTxtSignals.read(txt.getContent(), agents),
            tdmRep(txt));
      case MISSING:
        return allowAll(tdmRep(txt));
      default:
        if (txt.isUnreachable() && now - txt.getUnreachableSince() < giveUpMillis) {
          return unavailable(txt.getReason());
        }
        return allowAll(tdmRep(txt));
    }
  }

  private static RobotsRules allowAll(TdmRep tdmRep) {
    return new RobotsRules(
        new SimpleRobotRules(RobotRulesMode.ALLOW_ALL), false, "", RobotsTxtSignals.NONE, tdmRep);
  }

  /** The tdmrep.json rules kept with {@code txt}: none unless the site had a file. */
  private static TdmRep tdmRep(RobotsTxt txt) {
    switch (txt.getTdmRepReason()) {
      case RobotsTxt.TDMREP_OK:
        return TdmRep.read(txt.getTdmRep());
      case RobotsTxt.TDMREP_TOO_LARGE:
        return TdmRep.tooLarge();
      default:
        return TdmRep.NONE; // 404 and the like: no reservation from the file
    }
  }

  /**
   * The robots.txt agent names: http.robots.agents, else the product token of http.agent.name
   * ("Trawler/0.1" → "trawler"), lower case.
   */
  public static List<String> agents(Configuration conf) {
    return agents(
        conf.getTrimmed(ProtocolKeys.ROBOTS_AGENTS, ""),
        conf.getTrimmed(ProtocolKeys.AGENT_NAME, ProtocolKeys.DEFAULT_AGENT_NAME));
  }

  static List<String> agents(String configured, String agentName) {
    List<String> agents = new ArrayList<>();
    for (String a : configured.split(",")) {
      if (!a.trim().isEmpty()) {
        agents.add(a.trim().toLowerCase(Locale.ROOT));
      }
    }
    if (agents.isEmpty()) {
      String token = agentName.trim().split("[/\\s]", 2)[0];
      agents.add(token.isEmpty() ? "trawler" : token.toLowerCase(Locale.ROOT));
    }
    return agents;
  }

  /** robots.txt could not be fetched now; {@code reason} says why (e.g. http_503, timeout). */
  public static RobotsRules unavailable(String reason) {
    return new RobotsRules(null, true, reason, RobotsTxtSignals.NONE, TdmRep.NONE);
  }

  public boolean isUnavailable() {
    return unavailable;
  }

  public String getUnavailableReason() {
    return reason;
  }

  public boolean isAllowed(String url) {
    return !unavailable && rules.isAllowed(url);
  }

  /** The Crawl-delay in ms, or -1 when robots.txt sets none. */
  public long getCrawlDelayMillis() {
    if (unavailable || rules.getCrawlDelay() == BaseRobotRules.UNSET_CRAWL_DELAY) {
      return -1;
    }
    return rules.getCrawlDelay();
  }

  /**
   * Hands the robots.txt usage lines and the tdmrep.json rule that apply to {@code url} to parse,
   * in the fetched content's metadata ({@link Content#META_ROBOTS_SIGNALS}, {@link
   * Content#META_TDMREP}); nothing when there are none or no content.
   */
  public void addSignals(String url, ProtocolOutput out) {
    Content content = out == null ? null : out.getContent();
    if (content == null || (signals == RobotsTxtSignals.NONE && tdmRep == TdmRep.NONE)) {
      return;
    }
    String path = URLParts.path(url);
    path = path == null || path.isEmpty() ? "/" : path;
    String lines = signals.forPath(path);
    if (!lines.isEmpty()) {
      content.getMeta().put(Content.META_ROBOTS_SIGNALS, lines);
    }
    int query = url.indexOf('?');
    String tdm =
        tdmRep.forPath(
            query < 0 ? path : path + url.substring(query, URLParts.indexOfAny(url, query, "#")));
    if (!tdm.isEmpty()) {
      content.getMeta().put(Content.META_TDMREP, tdm);
    }
  }

  /** The Sitemap: URLs robots.txt lists. */
  public List<String> getSitemaps() {
    return unavailable ? List.of() : rules.getSitemaps();
  }
}
