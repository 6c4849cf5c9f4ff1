package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class PrefixURLFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private PrefixURLFilter withRules(String... lines) throws Exception {
    return Plugin.configured(
        new PrefixURLFilter(),
        RuleFileFixture.confWithRules(tmp, NetKeys.PREFIX_FILTER_FILE, lines));
  }

  @Test
  public void shippedPrefixesAcceptHttpAndHttpsOnly() {
    PrefixURLFilter shipped =
        Plugin.configured(
            new PrefixURLFilter(),
            RuleFileFixture.confWithShipped(NetKeys.PREFIX_FILTER_FILE, "prefix-urlfilter.txt"));
    assertEquals("http://x/", shipped.filter("http://x/"));
    assertEquals("https://[::1]:8080/", shipped.filter("https://[::1]:8080/"));
    assertNull(shipped.filter("ftp://x/"));
    assertNull(shipped.filter("mailto:a@b"));
    assertNull(shipped.filter("http:"));
  }

  @Test
  public void urlIsAcceptedWhenAnyPrefixMatches() throws Exception {
    PrefixURLFilter filter =
        withRules(
            "https://b.org/docs/",
            "http://a.com/",
            "http://a.com/x/",
            "http://c.net",
            "https://b.org/blog/2020/");
    assertEquals("http://a.com/", filter.filter("http://a.com/"));
    assertEquals("http://a.com/x/y", filter.filter("http://a.com/x/y"));
    assertEquals("http://a.com/y", filter.filter("http://a.com/y"));
    assertEquals("https://b.org/docs/a", filter.filter("https://b.org/docs/a"));
    assertEquals("https://b.org/blog/2020/x", filter.filter("https://b.org/blog/2020/x"));
    assertEquals("http://c.net.evil.com/", filter.filter("http://c.net.evil.com/"));
    assertNull(filter.filter("https://b.org/blog/2021/x"));
    assertNull(filter.filter("https://b.org/doc"));
    assertNull(filter.filter("http://a.co/"));
    assertNull(filter.filter("http://0/"));
    assertNull(filter.filter("zzz"));
  }

  @Test
  public void manyPrefixesAreAllFound() throws Exception {
    String[] lines = new String[500];
    for (int i = 0; i < lines.length; i++) {
      lines[i] = "http://site" + i + ".com/";
    }
    PrefixURLFilter filter = withRules(lines);
    for (int i = 0; i < lines.length; i++) {
      assertEquals(lines[i] + "page", filter.filter(lines[i] + "page"));
      assertNull(filter.filter("http://site" + i + ".org/"));
    }
  }

  @Test
  public void fileWithoutPrefixesAcceptsEverything() throws Exception {
    assertEquals("ftp://x/", withRules("# none").filter("ftp://x/"));
  }
}
