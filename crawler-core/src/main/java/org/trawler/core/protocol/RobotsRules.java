package org.trawler.core.protocol;

import crawlercommons.robots.BaseRobotRules;
import crawlercommons.robots.SimpleRobotRules;
import crawlercommons.robots.SimpleRobotRules.RobotRulesMode;

/**
 * A host's robots.txt as the fetcher needs it: whether a URL may be fetched, the Crawl-delay, or
 * that robots.txt could not be had (5xx, unreachable), which makes the host's URLs fetch_retry with
 * reason robots_unavailable.
 */
public final class RobotsRules {
  private final BaseRobotRules rules;
  private final boolean unavailable;
  private final String reason;

  private RobotsRules(BaseRobotRules rules, boolean unavailable, String reason) {
    this.rules = rules;
    this.unavailable = unavailable;
    this.reason = reason;
  }

  /** Parsed rules (an allow-all rule set for a 4xx robots.txt). */
  public static RobotsRules of(BaseRobotRules rules) {
    return new RobotsRules(rules, false, "");
  }

  /**
   * No restrictions: robots.txt is missing (4xx) or cannot be had for good (redirect loop, denied
   * address).
   */
  public static RobotsRules allowAll() {
    return of(new SimpleRobotRules(RobotRulesMode.ALLOW_ALL));
  }

  /** robots.txt could not be fetched now; {@code reason} says why (e.g. http_503, timeout). */
  public static RobotsRules unavailable(String reason) {
    return new RobotsRules(null, true, reason);
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

  /** The Sitemap: URLs robots.txt lists. */
  public java.util.List<String> getSitemaps() {
    return unavailable ? java.util.List.of() : rules.getSitemaps();
  }
}
