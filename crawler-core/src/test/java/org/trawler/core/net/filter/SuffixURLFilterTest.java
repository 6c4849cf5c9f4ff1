package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class SuffixURLFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final SuffixURLFilter shipped =
      Plugin.configured(
          new SuffixURLFilter(),
          RuleFileFixture.confWithShipped(NetKeys.SUFFIX_FILTER_FILE, "suffix-urlfilter.txt"));

  @Test
  public void shippedSuffixesRejectBinaryFilesInAnyCase() {
    for (String url :
        new String[] {
          "http://x/a.jpg",
          "http://x/a.JPG",
          "http://x/a.Gif",
          "http://x/a.png?w=100",
          "http://x/a.zip#part",
          "http://x/a.exe?x#y"
        }) {
      assertNull(url, shipped.filter(url));
    }
  }

  @Test
  public void shippedSuffixesAcceptPages() {
    for (String url :
        new String[] {
          "http://x/",
          "http://x/a.html",
          "http://x/a.php?f=b.jpg",
          "http://x/jpg",
          "http://x/a.html#b.jpg",
          "mailto:a@b.pdf.com"
        }) {
      assertEquals(url, shipped.filter(url));
    }
  }

  @Test
  public void customSuffixesAreRejected() throws Exception {
    SuffixURLFilter filter =
        Plugin.configured(
            new SuffixURLFilter(),
            RuleFileFixture.confWithRules(tmp, NetKeys.SUFFIX_FILTER_FILE, "/print", ".XML"));
    assertNull(filter.filter("http://x/a/print"));
    assertNull(filter.filter("http://x/feed.xml"));
    assertEquals("http://x/printer", filter.filter("http://x/printer"));
  }

  @Test
  public void emptyFileRejectsNothing() throws Exception {
    SuffixURLFilter filter =
        Plugin.configured(
            new SuffixURLFilter(),
            RuleFileFixture.confWithRules(tmp, NetKeys.SUFFIX_FILTER_FILE, "# none"));
    assertEquals("http://x/a.jpg", filter.filter("http://x/a.jpg"));
  }
}
