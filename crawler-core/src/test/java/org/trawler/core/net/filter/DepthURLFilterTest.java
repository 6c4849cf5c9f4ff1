package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.NetKeys;
import org.trawler.core.plugin.Plugin;

public class DepthURLFilterTest {
  private static DepthURLFilter withMax(int max) {
    Configuration conf = new Configuration(false);
    conf.setInt(NetKeys.DEPTH_FILTER_MAX, max);
    return Plugin.configured(new DepthURLFilter(), conf);
  }

  @Test
  public void urlsUpToTheMaximumAreAccepted() {
    DepthURLFilter filter = withMax(2);
    for (String url :
        new String[] {
          "http://x/",
          "http://x",
          "http://x/a",
          "http://x/a/b",
          "http://x/a/b/",
          "http://x//a//b//",
          "http://x/a/b?c=/d/e/f",
          "http://x/a/b#/c/d",
          "http://[::1]:8080/a/b",
          "mailto:a/b/c/d"
        }) {
      assertEquals(url, filter.filter(url));
    }
  }

  @Test
  public void deeperUrlsAreRejected() {
    DepthURLFilter filter = withMax(2);
    assertNull(filter.filter("http://x/a/b/c"));
    assertNull(filter.filter("http://x/a/b/c/"));
    assertNull(filter.filter("http://x" + "/s".repeat(5_000)));
  }

  @Test
  public void zeroAcceptsOnlyTheRoot() {
    DepthURLFilter filter = withMax(0);
    assertEquals("http://x/?q=1", filter.filter("http://x/?q=1"));
    assertNull(filter.filter("http://x/a"));
  }

  @Test
  public void defaultMinusOneAcceptsAnyDepth() {
    DepthURLFilter filter = Plugin.configured(new DepthURLFilter(), CrawlerConfiguration.create());
    String deep = "http://x" + "/s".repeat(5_000);
    assertEquals(deep, filter.filter(deep));
  }
}
