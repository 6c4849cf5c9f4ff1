package org.trawler.simweb.demo;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.politeness.PolitenessKeys;

public class DemoCommandTest {

  @Test
  public void loopbackSettingsReplaceTheDefaults() {
    Configuration conf = DemoCommand.loopbackConf(CrawlerConfiguration.create());
    assertEquals("0.05", conf.get(PolitenessKeys.SERVER_DELAY));
    assertEquals(10, conf.getInt(ProtocolKeys.FETCHER_THREADS, 0));
    assertEquals(5, conf.getInt(FetcherKeys.PROGRESS_INTERVAL, 0));
    assertEquals(5000, conf.getInt(ProtocolKeys.TIMEOUT, 0));
  }

  @Test
  public void settingsTheUserGaveWinOverTheLoopbackOnes() {
    Configuration given = CrawlerConfiguration.create();
    given.set(ProtocolKeys.FETCHER_THREADS, "3", "from command line");
    given.set(ProtocolKeys.TIMEOUT, "777");
    Configuration conf = DemoCommand.loopbackConf(given);
    assertEquals(3, conf.getInt(ProtocolKeys.FETCHER_THREADS, 0));
    assertEquals(777, conf.getInt(ProtocolKeys.TIMEOUT, 0));
    assertEquals("0.05", conf.get(PolitenessKeys.SERVER_DELAY));
  }
}
