package org.trawler.core.schedule;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

public class FetchScheduleFactoryTest {

  /** A user's schedule: everything due an hour later. */
  public static class HourlySchedule implements FetchSchedule {
    @Override
    public NextFetch next(
        CrawlDatum datum,
        CrawlStatus fetchStatus,
        long fetchTime,
        long modifiedTime,
        PageChange change) {
      return new NextFetch(fetchTime + 3_600_000L, 3600);
    }
  }

  private static FetchSchedule create(String name) {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(ScheduleKeys.SCHEDULE_CLASS, name);
    return FetchSchedule.create(conf);
  }

  @Test
  public void defaultConfigurationGivesTheFixedPeriodSchedule() {
    assertTrue(FetchSchedule.create(CrawlerConfiguration.create()) instanceof DefaultFetchSchedule);
  }

  @Test
  public void namesAndClassNamesChooseTheSchedule() {
    assertTrue(create("default") instanceof DefaultFetchSchedule);
    assertTrue(create("adaptive") instanceof AdaptiveFetchSchedule);
    assertTrue(create(AdaptiveFetchSchedule.class.getName()) instanceof AdaptiveFetchSchedule);
    assertTrue(create(HourlySchedule.class.getName()) instanceof HourlySchedule);
  }

  @Test
  public void unknownClassIsReportedByName() {
    try {
      create("com.example.NoSuchSchedule");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("com.example.NoSuchSchedule"));
    }
  }

  @Test
  public void classThatIsNotAScheduleIsRejected() {
    try {
      create(String.class.getName());
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          ScheduleKeys.SCHEDULE_CLASS
              + ": class java.lang.String is not a "
              + FetchSchedule.class.getName(),
          e.getMessage());
    }
  }
}
