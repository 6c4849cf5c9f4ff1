package org.trawler.simweb.demo;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.simweb.SiteModel;

public class DemoCommandTest {
  private static final List<String> SERVED = SiteModel.addresses(5);

  @Test
  public void loopbackSettingsReplaceTheDefaults() {
    Configuration conf = DemoCommand.loopbackConf(CrawlerConfiguration.create(), SERVED);
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
    Configuration conf = DemoCommand.loopbackConf(given, SERVED);
    assertEquals(3, conf.getInt(ProtocolKeys.FETCHER_THREADS, 0));
    assertEquals(777, conf.getInt(ProtocolKeys.TIMEOUT, 0));
    assertEquals("0.05", conf.get(PolitenessKeys.SERVER_DELAY));
  }

  @Test
  public void theAddressPolicyLetsTheSitesAddressesThroughAndNoOther() {
    Configuration bare = new Configuration(false); // not the tests' core-site.xml
    bare.addResource(CrawlerConfiguration.DEFAULT_RESOURCE);
    Configuration conf = DemoCommand.loopbackConf(bare, SERVED);
    assertEquals("127.0.0.2/31,127.0.0.4/31,127.0.0.6/32", conf.get(ProtocolKeys.ADDRESS_ALLOW));
    assertEquals("trawler demo", conf.getPropertySources(ProtocolKeys.ADDRESS_ALLOW)[0]);
  }
}
