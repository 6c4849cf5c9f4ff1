package org.trawler.core.schedule;

/** A fixed period: the next fetch is the fetch time plus the URL's interval. */
public class DefaultFetchSchedule extends AbstractFetchSchedule {

  @Override
  protected NextFetch afterFetch(
      int interval, long fetchTime, long modifiedTime, PageChange change) {
    return new NextFetch(fetchTime + seconds(interval), interval);
  }
}
