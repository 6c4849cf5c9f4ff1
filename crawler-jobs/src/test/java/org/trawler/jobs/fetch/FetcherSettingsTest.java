package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.HostGroup;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.politeness.PolitenessKeys;

public class FetcherSettingsTest {

  private static Configuration conf() {
    return CrawlerConfiguration.create();
  }

  @Test
  public void defaultsFollowTheDesign() {
    FetcherSettings s = FetcherSettings.from(conf(), 0);
    assertEquals(10, s.threads);
    assertEquals(1, s.threadsPerQueue);
    assertEquals(5000, s.delayMillis);
    assertEquals(30_000, s.maxCrawlDelayMillis);
    assertEquals(500, s.capacity);
    assertEquals(HostGroup.HOST, s.queueMode);
    assertEquals(-1, s.timeLimitEnd);
    assertEquals(120_000, s.stuckAfterMillis);
  }

  @Test
  public void severalThreadsPerQueueUseTheMinimumDelay() {
    Configuration conf = conf();
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 3);
    conf.set(PolitenessKeys.SERVER_MIN_DELAY, "0.25");
    assertEquals(250, FetcherSettings.from(conf, 0).delayMillis);
  }

  @Test
  public void theTimeLimitCountsFromTheStartUnlessTheCommandFixedIt() {
    Configuration conf = conf();
    conf.set(FetcherKeys.TIMELIMIT_MINS, "0.5");
    assertEquals(1000 + 30_000, FetcherSettings.from(conf, 1000).timeLimitEnd);
    conf.setLong(FetcherKeys.INTERNAL_TIMELIMIT_END, 77_000);
    assertEquals(77_000, FetcherSettings.from(conf, 1000).timeLimitEnd);
  }

  @Test
  public void badValuesNameTheirKey() {
    Configuration conf = conf();
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 0);
    expectMessage(conf, ProtocolKeys.FETCHER_THREADS_PER_QUEUE);
    conf = conf();
    conf.set(PolitenessKeys.SERVER_DELAY, "-1");
    expectMessage(conf, PolitenessKeys.SERVER_DELAY);
    conf = conf();
    conf.set(PolitenessKeys.QUEUE_MODE, "byPort");
    expectMessage(conf, PolitenessKeys.QUEUE_MODE);
  }

  @Test
  public void theProtocolClassIsCheckedAndCreated() throws Exception {
    Configuration conf = conf();
    conf.set(ProtocolKeys.PROTOCOL_CLASS, ScriptedProtocol.class.getName());
    assertTrue(FetcherSettings.newProtocol(conf) instanceof ScriptedProtocol);
    conf.set(ProtocolKeys.PROTOCOL_CLASS, "org.example.NoSuchProtocol");
    expectProtocolMessage(conf, "is not on the classpath");
    conf.set(ProtocolKeys.PROTOCOL_CLASS, String.class.getName());
    expectProtocolMessage(conf, "is not a org.trawler.core.protocol.Protocol");
  }

  @Test
  public void aSettingTheProtocolReadsFailsTheCheckInTheClient() throws Exception {
    Configuration conf = conf();
    conf.set(ProtocolKeys.TLS_TRUSTSTORE, "/no/such/truststore.p12");
    try {
      FetcherSettings.checkProtocol(conf);
      fail("accepted a truststore that does not exist");
    } catch (BadSettingException e) {
      assertEquals(ProtocolKeys.TLS_TRUSTSTORE, e.key());
      assertEquals("http.tls.truststore: /no/such/truststore.p12 does not exist", e.getMessage());
    }
  }

  private static void expectMessage(Configuration conf, String key) {
    try {
      FetcherSettings.from(conf, 0);
      fail("accepted a bad " + key);
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(key));
    }
  }

  private static void expectProtocolMessage(Configuration conf, String message) {
    try {
      FetcherSettings.protocolClass(conf);
      fail("accepted " + conf.get(ProtocolKeys.PROTOCOL_CLASS));
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(message));
    }
  }
}
