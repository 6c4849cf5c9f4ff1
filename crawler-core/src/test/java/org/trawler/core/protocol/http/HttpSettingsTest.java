package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.protocol.ProtocolKeys;

public class HttpSettingsTest {
  @Test
  public void userAgentAppendsUrlAndEmailWhenSet() {
    assertEquals("Bot/1", HttpSettings.userAgent("Bot/1", "", ""));
    assertEquals(
        "Bot/1 (+http://bot.example)", HttpSettings.userAgent("Bot/1", "http://bot.example", ""));
    assertEquals("Bot/1 (ops@bot.example)", HttpSettings.userAgent("Bot/1", "", "ops@bot.example"));
    assertEquals(
        "Bot/1 (+http://bot.example; ops@bot.example)",
        HttpSettings.userAgent("Bot/1", "http://bot.example", "ops@bot.example"));
  }

  @Test
  public void defaultsComeFromTrawlerDefaultXml() {
    HttpSettings settings = new HttpSettings(CrawlerConfiguration.create());
    assertEquals("Trawler/0.1.0", settings.userAgent);
    assertEquals(10_000, settings.timeoutMillis);
    assertEquals(60_000, settings.deadlineMillis);
    assertEquals(1_048_576, settings.contentLimit);
    assertEquals(0, settings.redirectMax);
    assertEquals(30_000, settings.maxRetryAfterMillis);
  }

  @Test
  public void theConnectionPoolFitsTheFetcherThreads() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setInt(ProtocolKeys.FETCHER_THREADS, 50);
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 4);
    HttpSettings settings = new HttpSettings(conf);
    assertEquals(5, settings.maxConnectionsPerRoute);
    assertEquals(100, settings.maxConnectionsTotal);
  }

  @Test
  public void aNegativeContentLimitMeansNoLimit() {
    Configuration conf = CrawlerConfiguration.create();
    conf.setInt(ProtocolKeys.CONTENT_LIMIT, -1);
    assertEquals(HttpSettings.UNLIMITED, new HttpSettings(conf).contentLimit);
  }
}
