package org.trawler.jobs.politeness;

import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.Reason;
import org.trawler.core.protocol.RobotsRules;

/**
 * The fetcher's politeness decisions, as plain functions of what robots.txt and the server said.
 */
public final class Politeness {

  private Politeness() {}

  /**
   * Whether robots.txt lets {@code url} be fetched: null if so, else the outcome to record
   * unfetched. robots.txt that cannot be had now holds the host back (fetch_retry); a Crawl-delay
   * above {@code maxCrawlDelayMillis} (if not negative) skips it: fetch_gone, because waiting that
   * long is not what this crawl does, and updatedb retries gone pages after db.fetch.interval.max.
   */
  public static ProtocolOutput robotsVerdict(
      RobotsRules rules, String url, long maxCrawlDelayMillis) {
    if (rules.isUnavailable()) {
      return ProtocolOutput.retry(0, Reason.ROBOTS_UNAVAILABLE, rules.getUnavailableReason(), -1);
    }
    if (!rules.isAllowed(url)) {
      return ProtocolOutput.gone(0, Reason.ROBOTS_DENIED, "");
    }
    long crawlDelay = rules.getCrawlDelayMillis();
    if (maxCrawlDelayMillis >= 0 && crawlDelay > maxCrawlDelayMillis) {
      return ProtocolOutput.gone(
          0,
          Reason.CRAWL_DELAY_TOO_LONG,
          "Crawl-delay "
              + crawlDelay
              + " ms > "
              + ProtocolKeys.FETCHER_MAX_CRAWL_DELAY
              + " "
              + maxCrawlDelayMillis
              + " ms");
    }
    return null;
  }

  /**
   * How long the host's queue stays away after this outcome, ms: the server's Retry-After (capped
   * at {@code maxCrawlDelayMillis} unless that is negative) for a 429 or 503, else 0.
   */
  public static long backoffMillis(ProtocolOutput out, long maxCrawlDelayMillis) {
    boolean busy =
        out.getStatus() == CrawlStatus.FETCH_RETRY
            && (out.getHttpCode() == 429 || out.getHttpCode() == 503);
    if (!busy && out.getRetryAfterMillis() < 0) {
      return 0;
    }
    long retryAfter = Math.max(0, out.getRetryAfterMillis());
    return maxCrawlDelayMillis >= 0 ? Math.min(retryAfter, maxCrawlDelayMillis) : retryAfter;
  }

  /**
   * The server said it is busy without saying for how long (429 or 503 without Retry-After): the
   * host is backed off ({@link Backoff}).
   */
  public static boolean isRateLimited(ProtocolOutput out) {
    return out.getStatus() == CrawlStatus.FETCH_RETRY
        && (out.getHttpCode() == 429 || out.getHttpCode() == 503)
        && out.getRetryAfterMillis() < 0;
  }

  /** A transient failure of a request: what counts towards fetcher.max.exceptions.per.queue. */
  public static boolean isError(ProtocolOutput out) {
    return out.getStatus() == CrawlStatus.FETCH_RETRY;
  }
}
