package org.trawler.core.net.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.RuleFileFixture;
import org.trawler.core.plugin.Plugin;

public class RegexURLFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final RegexURLFilter shipped =
      Plugin.configured(
          new RegexURLFilter(),
          RuleFileFixture.confWithShipped(NetKeys.REGEX_FILTER_FILE, "regex-urlfilter.txt"));

  private RegexURLFilter withRules(String... lines) throws Exception {
    return Plugin.configured(
        new RegexURLFilter(), RuleFileFixture.confWithRules(tmp, NetKeys.REGEX_FILTER_FILE, lines));
  }

  private void assertAccepted(RegexURLFilter filter, String url) {
    assertEquals(url, filter.filter(url));
  }

  private void assertRejected(RegexURLFilter filter, String url) {
    assertNull(url, filter.filter(url));
  }

  @Test
  public void shippedRulesAcceptWebPages() {
    for (String url :
        new String[] {
          "http://example.com/",
          "https://example.com/a/b.html",
          "http://example.com/a/b/a/",
          "http://example.com/2020/01/02/",
          "http://example.com/a/ab/abc/a/",
          "http://[::1]:8080/x",
          "https://x.org/jpg/gif.html",
          "http://x.org/a.php?img=1",
          "http://x.org/doc/",
          "http://x.org/a.html?q=/a/a/a/"
        }) {
      assertAccepted(shipped, url);
    }
  }

  @Test
  public void shippedRulesRejectOtherSchemes() {
    for (String url :
        new String[] {
          "ftp://x/",
          "file:///etc/passwd",
          "mailto:someone@example.com",
          "mailto:",
          "javascript:void(0)",
          "data:text/html,x",
          "tel:+123",
          "httpx://x/",
          "//x/"
        }) {
      assertRejected(shipped, url);
    }
  }

  @Test
  public void shippedRulesRejectBinarySuffixesInAnyCase() {
    for (String url :
        new String[] {
          "http://x/a.jpg",
          "http://x/a.JPG",
          "http://x/a.jpeg",
          "http://x/a.png?w=100",
          "http://x/f.zip",
          "http://x/f.tar.gz",
          "http://x/setup.exe",
          "http://x/m.mp4",
          "http://x/s.css",
          "http://x/s.js",
          "http://x/f.woff2",
          "http://x/i.svg",
          "http://x/a.html?file=b.zip"
        }) {
      assertRejected(shipped, url);
    }
  }

  @Test
  public void shippedRulesAcceptDocumentsAndFeeds() {
    for (String url :
        new String[] {
          "http://x/f.pdf",
          "http://x/f.PDF",
          "http://x/f.doc",
          "http://x/f.docx",
          "http://x/f.xls",
          "http://x/f.xlsx",
          "http://x/f.ppt",
          "http://x/f.pptx",
          "http://x/f.odt",
          "http://x/f.ods",
          "http://x/f.odp",
          "http://x/f.rtf",
          "http://x/f.csv",
          "http://x/f.txt",
          "http://x/f.epub",
          "http://x/feed.rss",
          "http://x/feed.atom",
          "http://x/feed.xml"
        }) {
      assertEquals(url, shipped.filter(url));
    }
  }

  @Test
  public void shippedRulesRejectRepeatedPathSegments() {
    for (String url :
        new String[] {
          "http://x/a/b/a/b/a/b/",
          "http://x/a/a/a/",
          "http://x/a/b/c/a/b/c/a/b/c/",
          "http://x/p/a/b/a/c/a",
          "http://x/a/a/a?q=1",
          "http://a/x/a/b/a/b/a/b/c.html"
        }) {
      assertRejected(shipped, url);
    }
  }

  @Test
  public void shippedRulesDoNotMistakeHostOrPrefixesForSegments() {
    assertAccepted(shipped, "http://a/a/a/");
    assertAccepted(shipped, "http://x/a/ab/a/abc/a0/");
    assertAccepted(shipped, "http://x/ab/a/b/ab/");
  }

  @Test
  public void shippedRulesHandleVeryLongUrls() {
    StringBuilder path = new StringBuilder();
    for (int i = 0; path.length() < 10_000; i++) {
      path.append("/s").append(i);
    }
    assertAccepted(shipped, "http://x.org" + path);
    assertRejected(shipped, "http://x.org" + path + "/t/u/t/u/t/u/");
    assertRejected(shipped, "http://x.org" + path + ".jpg");
    assertAccepted(shipped, "http://x.org/" + "a".repeat(10_000));
  }

  @Test
  public void firstMatchingRuleWins() throws Exception {
    RegexURLFilter filter = withRules("# comment", "", "-/private/", "+^https?://", "-.");
    assertAccepted(filter, "http://x/public/a");
    assertRejected(filter, "http://x/private/a");
    assertRejected(filter, "ftp://x/public/a");
  }

  @Test
  public void urlNoRuleMatchesIsRejected() throws Exception {
    RegexURLFilter filter = withRules("+^https://");
    assertAccepted(filter, "https://x/");
    assertRejected(filter, "http://x/");
  }

  @Test
  public void emptyRuleFileRejectsEverything() throws Exception {
    assertRejected(withRules("# nothing"), "http://x/");
  }

  @Test
  public void lineWithoutSignNamesItsLine() throws Exception {
    try {
      withRules("+a", "# c", "^http");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith(NetKeys.REGEX_FILTER_FILE + ": "));
      assertTrue(
          e.getMessage(),
          e.getMessage().contains(" line 3: a rule starts with + (accept) or - (reject)"));
    }
  }

  @Test
  public void badRegexNamesItsLine() throws Exception {
    try {
      withRules("-[a-");
      fail();
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(" line 1: bad regex"));
    }
  }
}
