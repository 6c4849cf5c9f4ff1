package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.net.filter.DepthURLFilter;
import org.trawler.core.net.filter.DomainURLFilter;
import org.trawler.core.net.filter.PrefixURLFilter;
import org.trawler.core.net.filter.RegexURLFilter;
import org.trawler.core.net.filter.SuffixURLFilter;
import org.trawler.core.net.normalize.BasicURLNormalizer;
import org.trawler.core.net.normalize.HostURLNormalizer;
import org.trawler.core.net.normalize.PassURLNormalizer;
import org.trawler.core.net.normalize.QueryStringURLNormalizer;
import org.trawler.core.net.normalize.RegexURLNormalizer;

/** The shipped trawler-default.xml and rule files, as a first crawl sees them. */
public class DefaultConfigurationTest {
  private final Configuration conf = CrawlerConfiguration.create();
  private final URLNormalizers normalizers = new URLNormalizers(conf);
  private final URLFilters filters = new URLFilters(conf);

  /** Normalized and filtered as the injector does it; null when rejected. */
  private String admit(String url) throws MalformedURLException {
    String normal = normalizers.normalize(url, URLNormalizers.SCOPE_INJECT);
    return normal == null ? null : filters.filter(normal);
  }

  @Test
  public void webPageIsAccepted() throws Exception {
    assertEquals("http://example.com/a/b.html", admit("http://example.com/a/b.html"));
    assertEquals("http://example.com/a/b.html", admit("HTTP://Example.com:80/a//./b.html#top"));
    assertEquals("https://example.com/a?x=1", admit("https://example.com/a;jsessionid=12AB?x=1"));
  }

  @Test
  public void nonWebSchemesAreRejected() throws Exception {
    assertNull(admit("ftp://x/"));
    assertNull(admit("mailto:"));
    assertNull(admit("mailto:someone@example.com"));
    assertNull(admit("javascript:void(0)"));
  }

  @Test
  public void binaryFilesAreRejected() throws Exception {
    assertNull(admit("http://x/a.jpg"));
    assertNull(admit("http://x/a.JPG?size=2"));
  }

  @Test
  public void repeatedSegmentsAreRejected() throws Exception {
    assertNull(admit("http://x/a/b/a/b/a/b/"));
    assertNull(admit("http://x/a//b/./a/b/a/b/"));
  }

  @Test
  public void everyShippedImplementationLoadsItsShippedRules() throws Exception {
    String order =
        String.join(
            ",",
            BasicURLNormalizer.class.getName(),
            PassURLNormalizer.class.getName(),
            RegexURLNormalizer.class.getName(),
            HostURLNormalizer.class.getName(),
            QueryStringURLNormalizer.class.getName());
    Configuration all = CrawlerConfiguration.create();
    all.set(NetKeys.NORMALIZER_ORDER, order);
    all.set(
        NetKeys.FILTER_ORDER,
        String.join(
            ",",
            RegexURLFilter.class.getName(),
            PrefixURLFilter.class.getName(),
            SuffixURLFilter.class.getName(),
            DomainURLFilter.class.getName(),
            DepthURLFilter.class.getName()));
    String url =
        new URLNormalizers(all)
            .normalize(
                "http://www.Example.com/a/../b.html?sid=1&z=2&a=1", URLNormalizers.SCOPE_OUTLINK);
    assertEquals("http://www.example.com/b.html?a=1&z=2", url);
    assertEquals(url, new URLFilters(all).filter(url));
    assertNull(new URLFilters(all).filter("http://www.example.com/b.zip"));
    assertEquals(
        "http://www.example.com/b.pdf", new URLFilters(all).filter("http://www.example.com/b.pdf"));
  }

  @Test
  public void sharedInstancesGiveTheSameAnswersFromManyThreads() throws Exception {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      urls.add(
          "HTTP://Host"
              + (i % 7)
              + ".example.com:80/a/"
              + i
              + "/../b"
              + (i % 3 == 0 ? ".jpg" : ".html"));
    }
    List<String> expected = new ArrayList<>();
    for (String url : urls) {
      expected.add(admit(url));
    }
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<List<String>>> results = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        results.add(
            pool.submit(
                () -> {
                  List<String> got = new ArrayList<>();
                  for (String url : urls) {
                    got.add(admit(url));
                  }
                  return got;
                }));
      }
      for (Future<List<String>> result : results) {
        assertEquals(expected, result.get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
