package org.trawler.core.schedule;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/**
 * The rules every schedule shares: gone URLs are due again after {@code db.fetch.interval.max},
 * transient failures after {@code db.fetch.retry.delay}, a fixed interval is kept for ever, a feed
 * ({@link MetadataKeys#FEED}) is re-fetched as often as its items appear ({@link FeedInterval}),
 * and intervals never exceed the maximum. Subclasses only decide the interval after a good fetch of
 * a page.
 */
public abstract class AbstractFetchSchedule implements FetchSchedule {
  protected int defaultInterval;
  protected int maxInterval;
  protected int retryDelay;
  private FeedInterval feeds;

  /** Reads the shared settings; a subclass that reads its own calls this first. */
  @Override
  public void configure(Configuration conf) {
    defaultInterval = Settings.getInt(conf, ScheduleKeys.INTERVAL, ScheduleKeys.DEFAULT_INTERVAL);
    maxInterval =
        Settings.getInt(conf, ScheduleKeys.INTERVAL_MAX, ScheduleKeys.DEFAULT_INTERVAL_MAX);
    retryDelay = Settings.getInt(conf, ScheduleKeys.RETRY_DELAY, ScheduleKeys.DEFAULT_RETRY_DELAY);
    feeds = new FeedInterval(conf);
  }

  @Override
  public final NextFetch next(
      CrawlDatum datum,
      CrawlStatus fetchStatus,
      long fetchTime,
      long modifiedTime,
      PageChange change) {
    int fixed = datum.getMetaInt(MetadataKeys.FIXED_INTERVAL, 0);
    int interval = fixed > 0 ? fixed : intervalOf(datum);
    switch (fetchStatus) {
      case FETCH_GONE:
        return new NextFetch(fetchTime + seconds(maxInterval), interval);
      case FETCH_RETRY:
        return new NextFetch(fetchTime + seconds(retryDelay), interval);
      case FETCH_SUCCESS:
      case FETCH_NOTMODIFIED:
      case FETCH_REDIR_TEMP:
      case FETCH_REDIR_PERM:
        if (fixed > 0) {
          return new NextFetch(fetchTime + seconds(fixed), fixed);
        }
        if (fetchStatus != CrawlStatus.FETCH_REDIR_TEMP
            && fetchStatus != CrawlStatus.FETCH_REDIR_PERM
            && datum.getMetadata().containsKey(MetadataKeys.FEED)) {
          int next =
              feeds.next(datum.getFetchInterval(), datum.getMetaInt(MetadataKeys.FEED, 0), change);
          return new NextFetch(fetchTime + seconds(next), next);
        }
        return afterFetch(interval, fetchTime, modifiedTime, change);
      default:
        throw new IllegalArgumentException("not a fetch status: " + fetchStatus.label());
    }
  }

  /**
   * The next fetch after a fetch that reached the server and got an answer.
   *
   * @param interval the URL's current interval, seconds, at most {@code db.fetch.interval.max}
   */
  protected abstract NextFetch afterFetch(
      int interval, long fetchTime, long modifiedTime, PageChange change);

  /** The datum's interval, the default when it has none, capped at the maximum. */
  private int intervalOf(CrawlDatum datum) {
    int interval = datum.getFetchInterval() > 0 ? datum.getFetchInterval() : defaultInterval;
    return Math.min(interval, maxInterval);
  }

  protected static long seconds(long seconds) {
    return seconds * 1000L;
  }
}
