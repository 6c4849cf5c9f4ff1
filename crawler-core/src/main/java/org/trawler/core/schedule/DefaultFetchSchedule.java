package org.trawler.core.schedule;

import org.apache.hadoop.conf.Configuration;

/** A fixed period: the next fetch is the fetch time plus the URL's interval. */
public class DefaultFetchSchedule extends AbstractFetchSchedule {

  public DefaultFetchSchedule(Configuration conf) {
    super(conf);
  }

  @Override
  protected NextFetch afterFetch(
      int interval, long fetchTime, long modifiedTime, PageChange change) {
    return new NextFetch(fetchTime + seconds(interval), interval);
  }
}
