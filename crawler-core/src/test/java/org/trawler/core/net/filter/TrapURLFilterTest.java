package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLFilters;
import org.trawler.core.plugin.Plugin;

public class TrapURLFilterTest {
  /** The filter with the defaults of trawler-default.xml. */
  private static TrapURLFilter defaults() {
    return Plugin.configured(new TrapURLFilter(), CrawlerConfiguration.create());
  }

  private static TrapURLFilter with(String key, int value) {
    Configuration conf = CrawlerConfiguration.create();
    conf.setInt(key, value);
    return Plugin.configured(new TrapURLFilter(), conf);
  }

  @Test
  public void realUrlsOfManyShapesPass() {
    TrapURLFilter filter = defaults();
    String longTitle =
        "https://en.wikipedia.org/wiki/List_of_Justice_League_episodes_(2001%E2%80%932004)_and_"
            + "the_%22Justice_League_Unlimited%22_series_%28season_1%E2%80%933%29";
    String shop =
        "https://www.amazon.com/Sony-WH-1000XM5-Canceling-Headphones-Hands-Free/dp/B09XS7JWHH/"
            + "ref=sr_1_3?crid=2Z6ZRDWV9L0XB&keywords=headphones&qid=1700000000&sprefix=head"
            + "%2Caps%2C283&sr=8-3&th=1";
    String[] urls = {
      "http://x",
      "https://example.com/",
      longTitle,
      shop,
      "https://docs.oracle.com/en/java/javase/17/docs/api/java.base/java/util/concurrent/"
          + "atomic/AtomicLong.html",
      "https://github.com/apache/nutch/blob/master/src/java/org/apache/nutch/crawl/"
          + "Generator.java#L120",
      "https://www.example.org/2024/01/01/new-year/",
      "https://shop.example/search?q=a&cat=1&brand=2&color=3&size=4&sort=5&page=6&view=7"
          + "&min=8&max=9&in_stock=1&utm_source=x",
      "https://example.com/a/b/a/b/", // one segment twice is a real path (/en/docs/en/)
      "https://example.com/?" + "q=" + "x".repeat(1500),
      "https://example.com/p?a=1&&&b=2&", // empty parameters do not count
    };
    for (String url : urls) {
      assertEquals(url, filter.filter(url));
      assertEquals(null, filter.reason(url));
    }
  }

  @Test
  public void aUrlOverTheLengthCapIsTooLong() {
    TrapURLFilter filter = defaults();
    String url = "https://example.com/?q=" + "x".repeat(2048);
    assertNull(filter.filter(url));
    assertEquals(TrapReason.URL_TOO_LONG, filter.reason(url));
    assertEquals("url_too_long", filter.rejectingRule(url));
    String atCap = "https://example.com/?q=";
    atCap += "x".repeat(2048 - atCap.length());
    assertEquals(atCap, filter.filter(atCap));
  }

  @Test
  public void aPathOverTheDepthCapIsTooDeep() {
    TrapURLFilter filter = defaults();
    StringBuilder path = new StringBuilder("https://example.com");
    for (int i = 1; i <= 20; i++) {
      path.append("/s").append(i);
    }
    assertEquals(path.toString(), filter.filter(path.toString()));
    String deeper = path + "/s21";
    assertNull(filter.filter(deeper));
    assertEquals(TrapReason.PATH_TOO_DEEP, filter.reason(deeper));
  }

  @Test
  public void aQueryOverTheParameterCapHasTooManyParams() {
    TrapURLFilter filter = defaults();
    StringBuilder url = new StringBuilder("https://shop.example/facets?p0=0");
    for (int i = 1; i < 12; i++) {
      url.append("&p").append(i).append('=').append(i);
    }
    assertEquals(url.toString(), filter.filter(url.toString()));
    String more = url + "&p12=12";
    assertEquals(TrapReason.TOO_MANY_PARAMS, filter.reason(more));
    // a fragment is not part of the query
    assertEquals(url + "#a&b&c", filter.filter(url + "#a&b&c"));
  }

  @Test
  public void aSegmentThreeTimesIsARepeatingPath() {
    TrapURLFilter filter = defaults();
    assertEquals(TrapReason.REPEATING_PATH, filter.reason("http://x/a/b/a/b/a/b"));
    assertEquals(TrapReason.REPEATING_PATH, filter.reason("http://x/news/img/img/img/1.png"));
    assertEquals("http://x/a/b/a/b/c", filter.filter("http://x/a/b/a/b/c"));
    // the query is not the path
    assertEquals("http://x/a?p=/a/a/a", filter.filter("http://x/a?p=/a/a/a"));
  }

  @Test
  public void minusOneTurnsACapOff() {
    assertEquals("http://x/a/a/a/a", with(NetKeys.TRAP_REPEATS, -1).filter("http://x/a/a/a/a"));
    String deep = "http://x/a1/a2/a3/a4/a5/a6/a7/a8/a9/b1/b2/b3/b4/b5/b6/b7" + "/b8/b9/c1/c2/c3/c4";
    assertEquals(deep, with(NetKeys.TRAP_DEPTH_MAX, -1).filter(deep));
    String longUrl = "http://x/" + "y".repeat(3000);
    assertEquals(longUrl, with(NetKeys.TRAP_LENGTH_MAX, -1).filter(longUrl));
  }

  @Test
  public void theDefaultFiltersNameTheTrapReason() {
    URLFilters filters = new URLFilters(CrawlerConfiguration.create());
    URLFilters.Verdict verdict = filters.verdict("http://x/a/b/c/d/a/b/c/d/a/b/c/d");
    assertEquals("TrapURLFilter", verdict.filter());
    assertEquals("repeating_path", verdict.rule());
  }
}
