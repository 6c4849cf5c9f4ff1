package org.trawler.jobs.sitemap;

import crawlercommons.sitemaps.SiteMapURL;
import java.util.Date;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.schedule.ScheduleKeys;

/**
 * How a sitemap entry meets the crawldb. A new URL becomes db_unfetched, due now, its score the
 * entry's priority (0.0-1.0; 0.5 when absent). changefreq sets the fetch interval (always → the
 * schedule's minimum, hourly 1 h, daily 1 d, weekly 7 d, monthly 30 d, yearly 365 d, never → the
 * maximum), within db.fetch.schedule.adaptive.min_interval and db.fetch.interval.max. A lastmod
 * later than a known page's modifiedTime makes it due now. A lastmod in the future is ignored:
 * sites stamp pages with the time they are served, or with a wrong time zone.
 */
public final class SitemapMapping {
  private static final int HOUR = 3600;
  private static final int DAY = 24 * HOUR;

  private final int minInterval;
  private final int maxInterval;
  private final int defaultInterval;

  public SitemapMapping(int minInterval, int maxInterval, int defaultInterval) {
    this.minInterval = minInterval;
    this.maxInterval = maxInterval;
    this.defaultInterval = defaultInterval;
  }

  public static SitemapMapping fromConf(Configuration conf) {
    return new SitemapMapping(
        Settings.getInt(
            conf, ScheduleKeys.ADAPTIVE_MIN_INTERVAL, ScheduleKeys.DEFAULT_ADAPTIVE_MIN_INTERVAL),
        Settings.getInt(conf, ScheduleKeys.INTERVAL_MAX, ScheduleKeys.DEFAULT_INTERVAL_MAX),
        Settings.getInt(conf, ScheduleKeys.INTERVAL, ScheduleKeys.DEFAULT_INTERVAL));
  }

  /** The fetch interval (seconds) of a changefreq; the default interval when there is none. */
  public int interval(SiteMapURL.ChangeFrequency frequency) {
    if (frequency == null) {
      return defaultInterval;
    }
    int seconds =
        switch (frequency) {
          case ALWAYS -> minInterval;
          case HOURLY -> HOUR;
          case DAILY -> DAY;
          case WEEKLY -> 7 * DAY;
          case MONTHLY -> 30 * DAY;
          case YEARLY -> 365 * DAY;
          case NEVER -> maxInterval;
        };
    return Math.max(minInterval, Math.min(maxInterval, seconds));
  }

  /** The entry's lastmod (ms epoch), or 0 when it has none or it lies after {@code now}. */
  public static long lastModified(SiteMapURL entry, long now) {
    Date lastmod = entry.getLastModified();
    if (lastmod == null || lastmod.getTime() > now) {
      return 0;
    }
    return lastmod.getTime();
  }

  /**
   * A sitemap entry as the job carries it to the crawldb merge: status linked, modifiedTime its
   * lastmod (0: none or in the future), fetchInterval its changefreq's interval (0: none), score
   * its priority.
   */
  public CrawlDatum entry(SiteMapURL entry, long now) {
    CrawlDatum d =
        new CrawlDatum(
            CrawlStatus.LINKED,
            entry.getChangeFrequency() == null ? 0 : interval(entry.getChangeFrequency()),
            (float) entry.getPriority());
    d.setModifiedTime(lastModified(entry, now));
    return d;
  }

  /**
   * The crawldb datum after a sitemap {@link #entry}: for a new URL ({@code known} null),
   * db_unfetched, due now, the entry's priority as score; a known URL is due now when the entry's
   * lastmod is later than its modifiedTime, and takes the entry's interval when it has one. A known
   * URL's score and status stay.
   */
  public CrawlDatum merge(CrawlDatum known, CrawlDatum entry, long now) {
    int interval = entry.getFetchInterval();
    if (known == null) {
      CrawlDatum d =
          new CrawlDatum(
              CrawlStatus.DB_UNFETCHED,
              interval > 0 ? interval : defaultInterval,
              entry.getScore());
      d.setFetchTime(now);
      return d;
    }
    CrawlDatum d = new CrawlDatum(known);
    long lastmod = entry.getModifiedTime();
    if (lastmod > known.getModifiedTime() && known.getFetchTime() > now) {
      d.setFetchTime(now);
    }
    if (interval > 0) {
      d.setFetchInterval(interval);
    }
    return d;
  }
}
