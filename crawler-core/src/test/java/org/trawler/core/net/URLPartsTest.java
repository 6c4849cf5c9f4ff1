package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

public class URLPartsTest {
  @Test
  public void hostIsLowerCasedWithoutUserInfoAndPort() {
    assertEquals("example.com", URLParts.host("http://u:p@Example.COM:8080/a?b#c"));
    assertEquals("example.com", URLParts.host("http://example.com"));
    assertEquals("example.com", URLParts.host("http://example.com?q=@x:1"));
  }

  @Test
  public void ipv6HostKeepsItsBrackets() {
    assertEquals("[::1]", URLParts.host("http://[::1]:8080/"));
    assertEquals("[2001:db8::1]", URLParts.host("http://[2001:DB8::1]/"));
  }

  @Test
  public void urlWithoutAuthorityHasNoHostAndNoPath() {
    assertNull(URLParts.host("mailto:someone@example.com"));
    assertNull(URLParts.host("example.com/a"));
    assertNull(URLParts.path("mailto:someone@example.com"));
  }

  @Test
  public void replaceHostKeepsEverythingElse() {
    assertEquals("http://u@b.org:81/x?y", URLParts.replaceHost("http://u@a.com:81/x?y", "b.org"));
    assertEquals("mailto:x", URLParts.replaceHost("mailto:x", "b.org"));
  }

  @Test
  public void pathEndsAtQueryOrFragment() {
    assertEquals("/a/b", URLParts.path("http://x/a/b?c=/d"));
    assertEquals("/a", URLParts.path("http://x/a#/frag"));
    assertEquals("", URLParts.path("http://x?q"));
  }

  @Test
  public void schemeMustStartWithLetter() {
    assertEquals(4, URLParts.schemeEnd("http://x/"));
    assertEquals(-1, URLParts.schemeEnd("1http://x/"));
    assertEquals(-1, URLParts.schemeEnd("/a:b"));
    assertEquals(-1, URLParts.schemeEnd("noscheme"));
  }

  /** The five components of a split, null for an absent one; the host as written. */
  private static String components(String url) {
    URLParts p = URLParts.of(url);
    String authority = p.hasAuthority() ? url.substring(p.authorityStart(), p.pathStart()) : null;
    String query = p.hasQuery() ? url.substring(p.pathEnd() + 1, p.queryEnd()) : null;
    String fragment = p.hasFragment() ? url.substring(p.queryEnd() + 1) : null;
    return p.scheme()
        + " | "
        + authority
        + " | "
        + url.substring(p.pathStart(), p.pathEnd())
        + " | "
        + query
        + " | "
        + fragment
        + " | "
        + (p.hasAuthority() ? url.substring(p.hostStart(), p.hostEnd()) : null);
  }

  @Test
  public void splitsAbsoluteUrlsIntoTheirFiveComponents() {
    assertEquals("http | a.com | /p/q | x=1 | f | a.com", components("http://a.com/p/q?x=1#f"));
    assertEquals(
        "https | u:p@A.com:8443 | /p | null | null | A.com",
        components("https://u:p@A.com:8443/p"));
    assertEquals("http | a.com |  | null | null | a.com", components("http://a.com"));
    assertEquals("http | a.com |  | q | null | a.com", components("http://a.com?q"));
    assertEquals("http | a.com |  | null | f/g?h | a.com", components("http://a.com#f/g?h"));
    assertEquals("http | a.com | / |  |  | a.com", components("http://a.com/?#"));
    assertEquals("file |  | /etc/passwd | null | null | ", components("file:///etc/passwd"));
  }

  @Test
  public void splitsReferencesAsRfc3986AppendixB() {
    assertEquals("null | g | /x | null | null | g", components("//g/x"));
    assertEquals("null | null | g;x | y | s | null", components("g;x?y#s"));
    assertEquals("null | null |  | y | null | null", components("?y"));
    assertEquals("null | null |  | null | s | null", components("#s"));
    assertEquals("null | null |  | null | null | null", components(""));
    assertEquals("http | null | g | null | null | null", components("http:g"));
    assertEquals("http | null | /x | null | null | null", components("http:/x"));
    assertEquals("mailto | null | a@b.c | null | null | null", components("mailto:a@b.c"));
  }

  @Test
  public void aColonAfterAnInvalidSchemeIsPartOfThePath() {
    assertEquals("null | null | a b:c | null | null | null", components("a b:c"));
    assertEquals("null | null | 1a:b | null | null | null", components("1a:b"));
    assertEquals("null | null | /a:b | null | null | null", components("/a:b"));
    assertEquals("null | null | ./a:b | null | null | null", components("./a:b"));
  }

  @Test
  public void atSignsInPathQueryAndPasswordDoNotMoveTheHost() {
    assertEquals("http | a.com | /@b | c@d | null | a.com", components("http://a.com/@b?c@d"));
    assertEquals("example.com", URLParts.host("http://example.com/@evil.com"));
    assertEquals("example.com", URLParts.host("http://u:p@ss@example.com/"));
    assertEquals("example.com", URLParts.host("http://@example.com/"));
    assertEquals("", URLParts.host("http://user@/"));
  }

  @Test
  public void ipv6LiteralsKeepTheirColonsInTheHost() {
    assertEquals("http | [::1]:8080 | /a | null | null | [::1]", components("http://[::1]:8080/a"));
    assertEquals(
        "http | u@[fe80::1%25en0] | / | null | null | [fe80::1%25en0]",
        components("http://u@[fe80::1%25en0]/"));
    assertEquals("[::ffff:127.0.0.1]", URLParts.host("http://[::FFFF:127.0.0.1]"));
    assertEquals("[::1", URLParts.host("http://[::1/a"));
  }

  @Test
  public void portsEmptyPortsAndNoPorts() {
    URLParts p = URLParts.of("http://a.com:/x");
    assertEquals(p.pathStart(), p.hostEnd() + 1);
    assertEquals("a.com", URLParts.host("http://a.com:/x"));
    assertEquals("a.com", URLParts.host("http://a.com:80:81/"));
    assertEquals("a.com", URLParts.host("http://a.com:port/"));
  }

  @Test
  public void hostKeepsTrailingDotsAndNonAsciiAsWrittenButLowerCased() {
    assertEquals("example.com.", URLParts.host("http://Example.COM./"));
    assertEquals("bücher.de", URLParts.host("http://Bücher.DE/"));
    assertEquals("a%2eb", URLParts.host("http://a%2eb/"));
  }

  @Test
  public void backslashesAndWhitespaceAreNoSeparators() {
    assertEquals(
        "http | a.com\\b | /c d | null | null | a.com\\b", components("http://a.com\\b/c d"));
    assertEquals(-1, URLParts.schemeEnd(" http://a.com/"));
    assertNull(URLParts.host(" http://a.com/"));
  }

  @Test
  public void httpSchemesAreRecognisedInAnyCaseWithOrWithoutAuthority() {
    assertTrue(URLParts.isHttp("http://a/"));
    assertTrue(URLParts.isHttp("HTTPS://a/"));
    assertTrue(URLParts.isHttp("http:/x"));
    assertTrue(URLParts.isHttp("Http:x"));
    assertFalse(URLParts.isHttp("httpx://a/"));
    assertFalse(URLParts.isHttp("ftp://a/"));
    assertFalse(URLParts.isHttp("http//a/"));
    assertFalse(URLParts.isHttp("/http://a/"));
    assertFalse(URLParts.isHttp(""));
  }

  @Test
  public void defaultPortsOfTheSchemesThatHaveOne() {
    assertEquals(80, URLParts.defaultPort("http"));
    assertEquals(443, URLParts.defaultPort("HTTPS"));
    assertEquals(21, URLParts.defaultPort("ftp"));
    assertEquals(80, URLParts.defaultPort("ws"));
    assertEquals(443, URLParts.defaultPort("wss"));
    assertEquals(-1, URLParts.defaultPort("mailto"));
  }

  @Test
  public void internationalHostsBecomePunycodeAndAsciiHostsStayAsTheyAre() {
    assertEquals("xn--bcher-kva.de", URLParts.asciiHost("Bücher.de"));
    assertEquals("xn--r8jz45g.jp", URLParts.asciiHost("例え.jp"));
    assertEquals("Example.COM", URLParts.asciiHost("Example.COM"));
    assertEquals("my_host.example", URLParts.asciiHost("my_host.example"));
  }

  @Test
  public void anInternationalHostThatMapsToAUrlDelimiterIsRefused() {
    for (String host : new String[] {"a\uFF0Fb.com", "evil.com\uFF03.example", "a\u3000b.de"}) {
      try {
        fail(host + " gave " + URLParts.asciiHost(host));
      } catch (IllegalArgumentException expected) {
        // a full-width '/', '#' or space would move the host's end
      }
    }
  }

  @Test
  public void aPortIsANumberFrom0To65535AndMayBeEmpty() {
    assertEquals(-1, URLParts.port("http://a:/", 9, 9));
    assertEquals(8080, URLParts.port("http://a:8080/", 9, 13));
    assertEquals(80, URLParts.port("http://a:000080/", 9, 15));
    assertEquals(65535, URLParts.port("65535", 0, 5));
    assertEquals(URLParts.BAD_PORT, URLParts.port("65536", 0, 5));
    assertEquals(URLParts.BAD_PORT, URLParts.port("99999999999", 0, 11));
    assertEquals(URLParts.BAD_PORT, URLParts.port("8o", 0, 2));
  }

  @Test
  public void anIpv6LiteralIsBracketedHexColonsAndDots() {
    assertTrue(URLParts.isIpv6Literal("[::]", 0, 4));
    assertTrue(URLParts.isIpv6Literal("[2001:DB8::1]", 0, 13));
    assertTrue(URLParts.isIpv6Literal("[::ffff:127.0.0.1]", 0, 18));
    assertFalse(URLParts.isIpv6Literal("[:]", 0, 3));
    assertFalse(URLParts.isIpv6Literal("[::g]", 0, 5));
    assertFalse(URLParts.isIpv6Literal("[::1", 0, 4));
  }
}
