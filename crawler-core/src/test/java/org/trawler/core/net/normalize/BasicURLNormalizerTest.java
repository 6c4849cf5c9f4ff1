package org.trawler.core.net.normalize;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.net.MalformedURLException;
import org.junit.Test;

public class BasicURLNormalizerTest {
  private final BasicURLNormalizer normalizer = new BasicURLNormalizer();

  /** Asserts the normal form, and that normalizing it again changes nothing. */
  private void assertNormal(String expected, String url) throws MalformedURLException {
    String normal = normalizer.normalize(url, "default");
    assertEquals(url, expected, normal);
    assertEquals("idempotent for " + url, normal, normalizer.normalize(normal, "default"));
  }

  private void assertMalformed(String url) {
    try {
      String result = normalizer.normalize(url, "default");
      fail(url + " gave " + result);
    } catch (MalformedURLException expected) {
      assertTrue(expected.getMessage(), expected.getMessage().length() < 300);
    }
  }

  @Test
  public void schemeAndHostAreLowerCasedPathIsNot() throws Exception {
    assertNormal("http://example.com/Path/File.HTML", "HTTP://Example.COM/Path/File.HTML");
    assertNormal("https://example.com/", "HtTpS://eXample.com/");
  }

  @Test
  public void defaultPortsAreRemoved() throws Exception {
    assertNormal("http://example.com/a", "http://example.com:80/a");
    assertNormal("https://example.com/a", "https://example.com:443/a");
    assertNormal("ftp://example.com/a", "ftp://example.com:21/a");
    assertNormal("http://example.com/", "http://example.com:0080");
    assertNormal("http://example.com/", "http://example.com:/");
  }

  @Test
  public void nonDefaultPortsAreKept() throws Exception {
    assertNormal("http://example.com:8080/", "http://example.com:8080/");
    assertNormal("https://example.com:80/", "https://example.com:80/");
    assertNormal("http://example.com:443/", "http://example.com:443/");
    assertNormal("http://example.com:8080/", "http://example.com:08080/");
  }

  @Test
  public void badPortsAreMalformed() {
    assertMalformed("http://example.com:65536/");
    assertMalformed("http://example.com:99999999999999999999/");
    assertMalformed("http://example.com:8o/");
    assertMalformed("http://example.com:80:81/");
  }

  @Test
  public void ipv6HostIsKeptLowerCasedWithItsPort() throws Exception {
    assertNormal("http://[::1]:8080/", "http://[::1]:8080/");
    assertNormal("http://[::1]/a", "http://[::1]:80/a");
    assertNormal("http://[2001:db8::1]/", "http://[2001:DB8::1]");
    assertNormal("http://[::ffff:127.0.0.1]/", "http://[::FFFF:127.0.0.1]/");
  }

  @Test
  public void badIpv6HostsAreMalformed() {
    assertMalformed("http://[::1/");
    assertMalformed("http://[::1]x/");
    assertMalformed("http://[]/");
    assertMalformed("http://[::g]/");
  }

  @Test
  public void ipv4HostIsKept() throws Exception {
    assertNormal("http://127.0.0.1:8080/a", "http://127.0.0.1:8080/a");
  }

  @Test
  public void userInfoOfHttpAndHttpsIsRemoved() throws Exception {
    assertNormal("https://example.com/", "https://user:pw@example.com/");
    assertNormal("http://example.com/", "http://User:Pa ss@Example.com/");
    assertNormal("http://example.com/", "http://u:p@ss@example.com/");
    assertNormal("http://example.com:8080/a?q", "HTTP://user@example.com:8080/a?q");
    assertNormal("http://example.com/", "http://@example.com/");
    assertNormal("https://[::1]/", "https://u:p@[::1]:443/");
    assertMalformed("http://user@/");
  }

  @Test
  public void userInfoOfOtherSchemesIsKeptWithItsCaseAndEscapesNormalized() throws Exception {
    assertNormal("ftp://User:Pa%20ss@example.com/", "ftp://User:Pa ss@Example.com/");
    assertNormal("ftp://u:p%40ss@example.com/", "ftp://u:p@ss@example.com/");
    assertNormal("ftp://u:~@example.com/", "ftp://u:%7e@example.com/");
    assertNormal("ftp://example.com/", "ftp://@example.com/");
  }

  @Test
  public void atSignsInPathAndQueryAreNoUserInfo() throws Exception {
    assertNormal("http://example.com/@evil.com", "http://example.com/@evil.com");
    assertNormal(
        "http://example.com/?next=http://u@evil.com/",
        "http://example.com?next=http://u@evil.com/");
    assertNormal("http://example.com/a@b", "http://u@example.com/a@b");
  }

  @Test
  public void aBackslashInTheHostIsMalformed() {
    assertMalformed("http://example.com\\evil.com/");
  }

  @Test
  public void trailingDotOfHostIsRemoved() throws Exception {
    assertNormal("http://example.com/a", "http://example.com./a");
    assertNormal("http://example.com:8080/", "http://example.com.:8080");
  }

  @Test
  public void idnHostsBecomePunycode() throws Exception {
    assertNormal("http://xn--bcher-kva.de/", "http://Bücher.de/");
    assertNormal("http://xn--r8jz45g.jp/", "http://例え.jp/");
    assertNormal("http://xn--bcher-kva.de/", "http://b%C3%BCcher.de/");
    assertNormal("http://xn--bcher-kva.de/", "http://XN--BCHER-KVA.DE/");
  }

  @Test
  public void badHostsAreMalformed() {
    assertMalformed("http://exa mple.com/");
    assertMalformed("http://a..b/");
    assertMalformed("http://.example.com/");
    assertMalformed("http://exa%mple.com/");
    assertMalformed("http://%FF.com/");
    assertMalformed("http://ex<ample.com/");
    assertMalformed("http://user@/");
  }

  @Test
  public void urlsWithoutSchemeOrHostAreMalformed() {
    assertMalformed("example.com/a");
    assertMalformed("//example.com/a");
    assertMalformed("/a/b");
    assertMalformed("");
    assertMalformed("   ");
    assertMalformed(null);
    assertMalformed("garbage");
    assertMalformed("1http://example.com/");
    assertMalformed("http://");
    assertMalformed("http:///a");
    assertMalformed("http:/example.com/a");
    assertMalformed("https:example.com");
  }

  @Test
  public void percentEscapesOfUnreservedCharactersAreDecoded() throws Exception {
    assertNormal("http://x.org/~user/A-_.z", "http://x.org/%7Euser/%41%2d%5F%2ez");
  }

  @Test
  public void otherPercentEscapesGetUpperCaseHex() throws Exception {
    assertNormal("http://x.org/a%2Fb%3F?q=%26%3D", "http://x.org/a%2fb%3f?q=%26%3d");
    assertNormal("http://x.org/caf%C3%A9", "http://x.org/caf%c3%a9");
  }

  @Test
  public void nonAsciiPathCharactersAreEncodedAsUtf8() throws Exception {
    assertNormal("http://x.org/caf%C3%A9", "http://x.org/café");
    assertNormal("http://x.org/%E4%BE%8B?q=%C3%BC", "http://x.org/例?q=ü");
    assertNormal("http://x.org/%F0%9F%98%80", "http://x.org/\uD83D\uDE00");
    assertNormal("http://x.org/%EF%BF%BD", "http://x.org/\uD83D");
  }

  @Test
  public void illegalCharactersAreEncoded() throws Exception {
    assertNormal("http://x.org/a%20b%22%3C%3E%5C%5E%60%7B%7C%7D", "http://x.org/a b\"<>\\^`{|}");
    assertNormal("http://x.org/?q=a%20b&c=%5B%5D&d[]=1", "http://x.org/?q=a b&c=%5b%5d&d[]=1");
    assertNormal("http://x.org/%5Ba%5D", "http://x.org/[a]");
  }

  @Test
  public void strayPercentSignsAreEncoded() throws Exception {
    assertNormal("http://x.org/100%25", "http://x.org/100%");
    assertNormal("http://x.org/%25zz?a=%25", "http://x.org/%zz?a=%");
    assertNormal("http://x.org/%25A", "http://x.org/%A");
  }

  @Test
  public void reservedCharactersStayLiteral() throws Exception {
    assertNormal(
        "http://x.org/a;b=c/d:e@f!$&'()*+,?g=h&i=j+k/l?m",
        "http://x.org/a;b=c/d:e@f!$&'()*+,?g=h&i=j+k/l?m");
  }

  @Test
  public void dotSegmentsAreResolved() throws Exception {
    assertNormal("http://x.org/a/c/d", "http://x.org/a/b/../c/./d");
    assertNormal("http://x.org/a/", "http://x.org/a/b/..");
    assertNormal("http://x.org/a/", "http://x.org/a/.");
    assertNormal("http://x.org/b", "http://x.org/a/%2E%2E/b");
    assertNormal("http://x.org/a/.b/..c/...", "http://x.org/a/.b/..c/...");
    assertNormal("http://x.org/a?q=../b", "http://x.org/a?q=../b");
  }

  @Test
  public void dotDotAboveTheRootStaysAtTheRoot() throws Exception {
    assertNormal("http://x.org/a", "http://x.org/../../a");
    assertNormal("http://x.org/", "http://x.org/..");
    assertNormal("http://x.org/", "http://x.org/a/../..");
    assertNormal("http://x.org/b/", "http://x.org/a/../../b/");
  }

  @Test
  public void emptyPathBecomesSlash() throws Exception {
    assertNormal("http://x.org/", "http://x.org");
    assertNormal("http://x.org/?q=1", "http://x.org?q=1");
    assertNormal("http://x.org/", "http://x.org#top");
  }

  @Test
  public void fragmentIsDropped() throws Exception {
    assertNormal("http://x.org/a", "http://x.org/a#section-2");
    assertNormal("http://x.org/a?b=1", "http://x.org/a?b=1#c?d");
  }

  @Test
  public void emptyQueryIsDropped() throws Exception {
    assertNormal("http://x.org/a", "http://x.org/a?");
    assertNormal("http://x.org/a", "http://x.org/a?#f");
    assertNormal("http://x.org/a??", "http://x.org/a??");
  }

  @Test
  public void queryOrderIsKept() throws Exception {
    assertNormal("http://x.org/?b=2&a=1", "http://x.org/?b=2&a=1");
  }

  @Test
  public void surroundingSpaceAndEmbeddedNewlinesAreRemoved() throws Exception {
    assertNormal("http://x.org/a/b", "  http://x.org/a\n/b\t\r\n ");
  }

  @Test
  public void urlsWithoutAuthorityKeepAllButTheirSchemeCase() throws Exception {
    assertNormal("mailto:Someone@Example.com", "MAILTO:Someone@Example.com");
    assertNormal("javascript:void(0)", "JavaScript:void(0)");
    assertNormal("data:text/plain,a b#c", "data:text/plain,a b#c");
  }

  @Test
  public void otherSchemesWithAuthorityAreNormalizedToo() throws Exception {
    assertNormal("file:///tmp/a%20b", "FILE:///tmp/./a b");
    assertNormal("foo://host:80/", "foo://HOST:80");
  }

  @Test
  public void veryLongUrlIsNormalized() throws Exception {
    String path = "/segment".repeat(1250); // 10 000 characters
    String url = "http://Example.com:80" + path + "/./x y/../z?q=" + "v".repeat(10_000) + "#f";
    String expected = "http://example.com" + path + "/z?q=" + "v".repeat(10_000);
    assertNormal(expected, url);
  }

  @Test
  public void veryLongMalformedUrlGivesShortMessage() {
    assertMalformed("http://exa mple.com/" + "a".repeat(10_000));
  }
}
