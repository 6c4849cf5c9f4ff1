package org.trawler.core.schedule;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.Plugins;

/**
 * Decides when a URL is due again after a fetch. Chosen by {@code db.fetch.schedule.class}: {@code
 * default} (fixed interval), {@code adaptive}, or a class name; made by {@link Plugins}.
 */
public interface FetchSchedule extends Plugin {

  /**
   * The next fetch of a URL.
   *
   * @param datum the URL's entry before this fetch: its interval and metadata ({@link
   *     org.trawler.core.datum.MetadataKeys#FIXED_INTERVAL} pins the interval)
   * @param fetchStatus the outcome, one of the {@code CrawlStatus.FETCH_*} bytes; fetch_gone and
   *     fetch_retry get their own delays, the others the (possibly adapted) interval
   * @param fetchTime when the fetch happened, ms epoch
   * @param modifiedTime the last time the content was seen to change, ms epoch (0 = unknown)
   * @param change what this fetch found out about the content
   */
  NextFetch next(
      CrawlDatum datum,
      CrawlStatus fetchStatus,
      long fetchTime,
      long modifiedTime,
      PageChange change);

  /**
   * The schedule {@code db.fetch.schedule.class} names ({@code default}, {@code adaptive} or a
   * class name); an unknown or unusable class is a BadSettingException.
   */
  static FetchSchedule create(Configuration conf) {
    String name = conf.getTrimmed(ScheduleKeys.SCHEDULE_CLASS, ScheduleKeys.DEFAULT_SCHEDULE_CLASS);
    return Plugins.create(
        conf,
        ScheduleKeys.SCHEDULE_CLASS,
        name.isEmpty() ? ScheduleKeys.SCHEDULE_DEFAULT_VALUE : name,
        FetchSchedule.class);
  }
}
