package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.fail;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.net.filter.DepthURLFilter;
import org.trawler.core.net.filter.PrefixURLFilter;

public class URLFiltersTest {
  /** Records what it was asked, accepts everything. */
  public static class Recording implements URLFilter {
    final List<String> seen = new ArrayList<>();

    @Override
    public String filter(String url) {
      seen.add(url);
      return url;
    }
  }

  /** Rejects everything. */
  public static class RejectAll implements URLFilter {
    @Override
    public String filter(String url) {
      return null;
    }
  }

  /** Rewrites the URL: the next filter must see the rewritten form. */
  public static class Lowercase implements URLFilter {
    @Override
    public String filter(String url) {
      return url.toLowerCase();
    }
  }

  private static Configuration conf(String order) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.FILTER_ORDER, order);
    return conf;
  }

  @Test
  public void urlPassingEveryFilterIsAccepted() {
    Configuration conf = conf(Lowercase.class.getName() + "," + Recording.class.getName());
    URLFilters filters = new URLFilters(conf);
    assertEquals("http://x/a", filters.filter("HTTP://X/A"));
    assertEquals(List.of("http://x/a"), ((Recording) filters.filters().get(1)).seen);
  }

  @Test
  public void rejectingFilterStopsTheChain() {
    URLFilters filters =
        new URLFilters(
            conf(
                Recording.class.getName()
                    + ","
                    + RejectAll.class.getName()
                    + ","
                    + Recording.class.getName()));
    assertNull(filters.filter("http://x/"));
    assertEquals(List.of("http://x/"), ((Recording) filters.filters().get(0)).seen);
    assertEquals(List.of(), ((Recording) filters.filters().get(2)).seen);
  }

  @Test
  public void configuredFiltersReadTheirConfiguration() {
    Configuration conf =
        conf(PrefixURLFilter.class.getName() + " " + DepthURLFilter.class.getName());
    conf.set(NetKeys.PREFIX_FILTER_FILE, "prefix-urlfilter.txt");
    conf.setInt(NetKeys.DEPTH_FILTER_MAX, 1);
    URLFilters filters = new URLFilters(conf);
    assertEquals("http://x/a", filters.filter("http://x/a"));
    assertNull(filters.filter("http://x/a/b"));
    assertNull(filters.filter("ftp://x/a"));
  }

  @Test
  public void noFiltersAcceptEverything() {
    assertEquals("anything", new URLFilters(conf("")).filter("anything"));
  }

  @Test
  public void unknownClassGivesClearError() {
    try {
      new URLFilters(conf("org.example.NoSuchFilter"));
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          "urlfilter.order: class org.example.NoSuchFilter is not on the classpath",
          e.getMessage());
    }
  }

  @Test
  public void missingRuleFileGivesClearError() {
    Configuration conf = conf(PrefixURLFilter.class.getName());
    conf.set(NetKeys.PREFIX_FILTER_FILE, "missing-prefixes.txt");
    try {
      new URLFilters(conf);
      fail();
    } catch (IllegalArgumentException e) {
      assertEquals(
          "urlfilter.prefix.file: rule file missing-prefixes.txt is neither on the"
              + " classpath nor a readable file",
          e.getMessage());
    }
  }
}
