package org.trawler.core.schedule;

import java.lang.reflect.Constructor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/**
 * Decides when a URL is due again after a fetch. Chosen by {@code db.fetch.schedule.class}: {@code
 * default} (fixed interval), {@code adaptive}, or the name of a class with a public constructor
 * taking a {@link Configuration} (or a no-argument one).
 */
public interface FetchSchedule {

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
   * The schedule {@code db.fetch.schedule.class} names; an unknown or unusable class is a
   * BadSettingException.
   */
  static FetchSchedule create(Configuration conf) {
    String name = conf.getTrimmed(ScheduleKeys.SCHEDULE_CLASS, ScheduleKeys.DEFAULT_SCHEDULE_CLASS);
    if (name.isEmpty() || name.equals(ScheduleKeys.SCHEDULE_DEFAULT_VALUE)) {
      return new DefaultFetchSchedule(conf);
    }
    if (name.equals(ScheduleKeys.SCHEDULE_ADAPTIVE_VALUE)) {
      return new AdaptiveFetchSchedule(conf);
    }
    Class<?> c;
    try {
      c = conf.getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new BadSettingException(
          ScheduleKeys.SCHEDULE_CLASS,
          "class "
              + name
              + " is not on the classpath (use "
              + ScheduleKeys.SCHEDULE_DEFAULT_VALUE
              + ", "
              + ScheduleKeys.SCHEDULE_ADAPTIVE_VALUE
              + " or a class name)");
    }
    if (!FetchSchedule.class.isAssignableFrom(c)) {
      throw new BadSettingException(ScheduleKeys.SCHEDULE_CLASS, name + " is not a FetchSchedule");
    }
    try {
      Constructor<?> withConf = c.getConstructor(Configuration.class);
      return (FetchSchedule) withConf.newInstance(conf);
    } catch (NoSuchMethodException e) {
      return (FetchSchedule) ReflectionUtils.newInstance(c, conf);
    } catch (ReflectiveOperationException e) {
      throw new BadSettingException(
          ScheduleKeys.SCHEDULE_CLASS, "cannot create " + name + ": " + e, e);
    }
  }
}
