package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import org.junit.Test;

public class URLResolverTest {
  private static final String BASE = "http://a/b/c/d;p?q";

  private static void resolves(String ref, String expected) {
    assertEquals(ref, expected, URLResolver.resolve(BASE, ref));
  }

  @Test
  public void rfc3986NormalExamples() {
    resolves("g:h", "g:h");
    resolves("g", "http://a/b/c/g");
    resolves("./g", "http://a/b/c/g");
    resolves("g/", "http://a/b/c/g/");
    resolves("/g", "http://a/g");
    resolves("//g", "http://g");
    resolves("?y", "http://a/b/c/d;p?y");
    resolves("g?y", "http://a/b/c/g?y");
    resolves("#s", "http://a/b/c/d;p?q#s");
    resolves("g#s", "http://a/b/c/g#s");
    resolves("g?y#s", "http://a/b/c/g?y#s");
    resolves(";x", "http://a/b/c/;x");
    resolves("g;x", "http://a/b/c/g;x");
    resolves("g;x?y#s", "http://a/b/c/g;x?y#s");
    resolves("", "http://a/b/c/d;p?q");
    resolves(".", "http://a/b/c/");
    resolves("./", "http://a/b/c/");
    resolves("..", "http://a/b/");
    resolves("../", "http://a/b/");
    resolves("../g", "http://a/b/g");
    resolves("../..", "http://a/");
    resolves("../../", "http://a/");
    resolves("../../g", "http://a/g");
  }

  @Test
  public void rfc3986AbnormalExamples() {
    resolves("../../../g", "http://a/g");
    resolves("../../../../g", "http://a/g");
    resolves("/./g", "http://a/g");
    resolves("/../g", "http://a/g");
    resolves("g.", "http://a/b/c/g.");
    resolves(".g", "http://a/b/c/.g");
    resolves("g..", "http://a/b/c/g..");
    resolves("..g", "http://a/b/c/..g");
    resolves("./../g", "http://a/b/g");
    resolves("./g/.", "http://a/b/c/g/");
    resolves("g/./h", "http://a/b/c/g/h");
    resolves("g/../h", "http://a/b/c/h");
    resolves("g;x=1/./y", "http://a/b/c/g;x=1/y");
    resolves("g;x=1/../y", "http://a/b/c/y");
    resolves("g?y/./x", "http://a/b/c/g?y/./x");
    resolves("g?y/../x", "http://a/b/c/g?y/../x");
    resolves("g#s/./x", "http://a/b/c/g#s/./x");
    resolves("g#s/../x", "http://a/b/c/g#s/../x");
  }

  @Test
  public void sameSchemeWithoutAuthorityIsRelativeAsInBrowsers() {
    resolves("http:g", "http://a/b/c/g");
  }

  @Test
  public void queryOnlyReferenceKeepsThePath() {
    assertEquals(
        "http://example.com/dir/page.html?q=1",
        URLResolver.resolve("http://example.com/dir/page.html?old=2", "?q=1"));
  }

  @Test
  public void emptyReferenceIsTheBaseItself() {
    assertEquals(
        "http://example.com/dir/page.html?x=1",
        URLResolver.resolve("http://example.com/dir/page.html?x=1#frag", ""));
  }

  @Test
  public void baseWithEmptyPathGetsARootSlash() {
    assertEquals("http://example.com/foo", URLResolver.resolve("http://example.com", "foo"));
    assertEquals("http://example.com?q", URLResolver.resolve("http://example.com", "?q"));
  }

  @Test
  public void protocolRelativeReferenceTakesTheBaseScheme() {
    assertEquals(
        "https://cdn.example.org/lib.js",
        URLResolver.resolve("https://example.com/a/", "//cdn.example.org/lib.js"));
  }

  @Test
  public void whitespaceAroundAndNewlinesInsideAreDropped() {
    assertEquals(
        "http://example.com/a/next.html",
        URLResolver.resolve("http://example.com/a/", "  next\n.html\t "));
  }

  @Test
  public void backslashesBeforeTheQueryAreSlashes() {
    assertEquals(
        "http://example.com/a/b/c?x=\\y",
        URLResolver.resolve("http://example.com/", "a\\b\\c?x=\\y"));
  }

  @Test
  public void colonInAFirstSegmentThatIsNoSchemeStaysInThePath() {
    assertEquals(
        "http://example.com/a/1 b:c", URLResolver.resolve("http://example.com/a/", "1 b:c"));
  }

  @Test
  public void crawlableKeepsOnlyHttpAndHttpsWithAHost() {
    assertEquals("http://example.com/", URLResolver.crawlable("HTTP://example.com"));
    assertEquals("https://example.com/a", URLResolver.crawlable("https://example.com/a"));
    assertNull(URLResolver.crawlable("javascript:void(0)"));
    assertNull(URLResolver.crawlable("mailto:someone@example.com"));
    assertNull(URLResolver.crawlable("ftp://example.com/file"));
    assertNull(URLResolver.crawlable("file:///etc/passwd"));
    assertNull(URLResolver.crawlable("data:text/html,<p>x</p>"));
    assertNull(URLResolver.crawlable("http:///no-host"));
    assertNull(URLResolver.crawlable("relative/path"));
  }

  @Test
  public void crawlableDropsTheFragment() {
    assertEquals(
        "http://example.com/a?b=1", URLResolver.crawlable("http://example.com/a?b=1#part"));
  }

  @Test
  public void crawlableEncodesWhatAUrlMayNotHold() {
    assertEquals(
        "http://example.com/a%20b/caf%C3%A9?q=%22x%22%20y&z=%E4%B8%AD",
        URLResolver.crawlable("http://example.com/a b/café?q=\"x\" y&z=中"));
    assertEquals(
        "http://example.com/100%25/ok%41", URLResolver.crawlable("http://example.com/100%/ok%41"));
    assertEquals(
        "http://example.com/%F0%9F%98%80",
        URLResolver.crawlable("http://example.com/\uD83D\uDE00"));
  }

  @Test
  public void crawlableTurnsAnInternationalHostIntoItsAsciiForm() {
    assertEquals("http://xn--bcher-kva.example/", URLResolver.crawlable("http://bücher.example/"));
  }

  @Test
  public void crawlableRejectsABadPort() {
    assertNull(URLResolver.crawlable("http://example.com:port/"));
    assertNull(URLResolver.crawlable("http://example.com:65536/"));
    assertEquals("http://example.com:8080/", URLResolver.crawlable("http://example.com:8080"));
    assertEquals(
        "http://my_host.example.com/", URLResolver.crawlable("http://my_host.example.com/"));
    assertEquals("http://[::1]:8080/", URLResolver.crawlable("http://[::1]:8080/"));
  }

  @Test
  public void hostIsLowerCaseWithoutUserOrPort() {
    assertEquals("example.com", URLParts.host("http://user:pw@Example.COM:8080/x"));
    assertEquals("[::1]", URLParts.host("http://[::1]:8080/"));
    assertNull(URLParts.host("mailto:x@example.com"));
  }

  @Test
  public void aReferenceWithAnotherSchemeIsAbsolute() {
    assertEquals("http:g", URLResolver.resolve("https://a/b", "http:g"));
    assertEquals("ftp://x/a/c", URLResolver.resolve(BASE, "ftp://x/a/b/../c"));
    assertEquals("mailto:a@b.c", URLResolver.resolve(BASE, "mailto:a@b.c"));
    assertEquals("HTTPS://x/g", URLResolver.resolve(BASE, "HTTPS://x/g"));
  }

  @Test
  public void sameSchemeInAnotherCaseIsStillRelative() {
    resolves("HTTP:g", "http://a/b/c/g");
    resolves("Http://g/x", "http://g/x");
  }

  @Test
  public void baseAuthorityIsKeptAsWritten() {
    assertEquals(
        "http://u:p@[::1]:8080/a/g", URLResolver.resolve("http://u:p@[::1]:8080/a/b", "g"));
    assertEquals("http://Example.COM/g", URLResolver.resolve("http://Example.COM/x", "/g"));
  }

  @Test
  public void atSignsAndColonsInARelativePathStayInThePath() {
    assertEquals("http://a/b/c/@x", URLResolver.resolve(BASE, "@x"));
    assertEquals("http://a/b/c/x@y:z", URLResolver.resolve(BASE, "./x@y:z"));
  }

  @Test
  public void dotSegmentsInTheBaseAreRemovedWhenMerged() {
    assertEquals("http://a/x/g", URLResolver.resolve("http://a/x/./y/../z", "g"));
    assertEquals("http://a/x/./y/../z?q", URLResolver.resolve("http://a/x/./y/../z", "?q"));
  }

  @Test
  public void nonAsciiAndSpacesAreLeftForCrawlableToEscape() {
    assertEquals("http://a/b/c/caf\u00e9 x", URLResolver.resolve(BASE, " caf\u00e9 x "));
    assertEquals(
        "http://example.com/caf%C3%A9%20x",
        URLResolver.crawlable(URLResolver.resolve("http://example.com/", "café x")));
  }

  @Test
  public void backslashesInTheQueryAndFragmentStay() {
    assertEquals("http://a/x/y?p=\\q#r\\s", URLResolver.resolve("http://a/", "\\x\\y?p=\\q#r\\s"));
  }

  @Test
  public void controlCharactersAroundAReferenceAreDropped() {
    assertEquals("http://a/b/c/g", URLResolver.resolve(BASE, "g"));
    assertEquals("http://a/b/c/g", URLResolver.resolve(BASE, "\tg\r\n"));
  }

  @Test
  public void crawlableLowerCasesTheSchemeAndKeepsUserinfoEscaped() {
    assertEquals("https://example.com/", URLResolver.crawlable("HTTPS://example.com"));
    assertEquals("http://u%20v@example.com/", URLResolver.crawlable("http://u v@example.com/"));
  }

  @Test
  public void crawlableChecksHostsAndPorts() {
    assertNull(URLResolver.crawlable("http://exa mple.com/"));
    assertNull(URLResolver.crawlable("http://ex<ample.com/"));
    assertNull(URLResolver.crawlable("http://user@/"));
    assertNull(URLResolver.crawlable("http://[::1/"));
    assertNull(URLResolver.crawlable("http://[]/"));
    assertNull(URLResolver.crawlable("http://[::g]/"));
    assertNull(URLResolver.crawlable("http://[::1]x/"));
    assertNull(URLResolver.crawlable("http://example.com:123456/"));
    assertNull(URLResolver.crawlable("http://example.com:-1/"));
    assertNull(URLResolver.crawlable("http://a\uFF0Fb.example/"));
    assertEquals("http://example.com:/", URLResolver.crawlable("http://example.com:"));
    assertEquals("http://example.com:65535/", URLResolver.crawlable("http://example.com:65535"));
    assertEquals("http://[2001:db8::1]/", URLResolver.crawlable("http://[2001:db8::1]"));
    assertEquals("http://example.com./", URLResolver.crawlable("http://example.com."));
  }

  @Test
  public void crawlableRefusesHttpWithoutSlashes() {
    assertNull(URLResolver.crawlable("http:/x"));
    assertNull(URLResolver.crawlable("http:x"));
  }
}
