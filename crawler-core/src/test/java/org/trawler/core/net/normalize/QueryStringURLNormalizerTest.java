package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.NetKeys;
import org.trawler.core.plugin.Plugin;

public class QueryStringURLNormalizerTest {
  private final QueryStringURLNormalizer normalizer =
      Plugin.configured(new QueryStringURLNormalizer(), CrawlerConfiguration.create());

  private String normalize(String url) {
    return normalizer.normalize(url, "outlink");
  }

  @Test
  public void parametersAreSortedByName() {
    assertEquals("http://x.org/a?a=3&b=2&c=1", normalize("http://x.org/a?c=1&b=2&a=3"));
    assertEquals("http://x.org/?a&ab=1&b", normalize("http://x.org/?b&ab=1&a"));
  }

  @Test
  public void repeatedParametersKeepTheirOrder() {
    assertEquals("http://x.org/?a=2&a=1&b=0", normalize("http://x.org/?b=0&a=2&a=1"));
  }

  @Test
  public void defaultSessionIdParametersAreDroppedIgnoringCase() {
    assertEquals("http://x.org/?id=7", normalize("http://x.org/?JSESSIONID=abc&id=7&PHPSESSID=x"));
    assertEquals("http://x.org/?sidebar=1", normalize("http://x.org/?sid=1&sidebar=1"));
  }

  @Test
  public void queryWithNothingLeftLosesItsQuestionMark() {
    assertEquals("http://x.org/a", normalize("http://x.org/a?sid=1"));
    assertEquals("http://x.org/a", normalize("http://x.org/a?&&"));
    assertEquals("http://x.org/a", normalize("http://x.org/a?"));
  }

  @Test
  public void emptyParametersAreDropped() {
    assertEquals("http://x.org/?a=1&b", normalize("http://x.org/?&b&&a=1&"));
  }

  @Test
  public void fragmentIsKept() {
    assertEquals("http://x.org/?a=1&b=2#f&z", normalize("http://x.org/?b=2&a=1#f&z"));
  }

  @Test
  public void urlWithoutQueryIsUnchanged() {
    assertEquals("http://x.org/a#b?c", normalize("http://x.org/a#b?c"));
    assertEquals("http://x.org/a#b?z=1&a=2", normalize("http://x.org/a#b?z=1&a=2"));
  }

  @Test
  public void configuredParametersAreDropped() {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.QUERYSTRING_DROP, " utm_source , UTM_Medium ");
    QueryStringURLNormalizer custom = Plugin.configured(new QueryStringURLNormalizer(), conf);
    assertEquals(
        "http://x.org/?sid=1",
        custom.normalize("http://x.org/?utm_medium=a&sid=1&utm_source=b", "inject"));
  }
}
