package org.trawler.core.protocol.http;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import org.junit.Test;

public class HttpURLsTest {
  private static final URI BASE = URI.create("http://a/b/c/d;p?q");

  private static String resolve(String location) {
    URI uri = HttpURLs.resolve(BASE, location);
    return uri == null ? null : uri.toString();
  }

  @Test
  public void relativeLocationsResolvePerRfc3986() {
    assertEquals("http://a/b/c/g", resolve("g"));
    assertEquals("http://a/b/c/g", resolve("./g"));
    assertEquals("http://a/b/c/g/", resolve("g/"));
    assertEquals("http://a/g", resolve("/g"));
    assertEquals("http://g/", resolve("//g"));
    assertEquals("http://a/b/c/d;p?y", resolve("?y"));
    assertEquals("http://a/b/c/g?y", resolve("g?y"));
    assertEquals("http://a/b/c/", resolve("."));
    assertEquals("http://a/b/", resolve(".."));
    assertEquals("http://a/b/g", resolve("../g"));
    assertEquals("http://a/g", resolve("../../../g"));
    assertEquals("http://a/", resolve("../../../.."));
    assertEquals("https://other.example/x", resolve("https://other.example/x"));
  }

  @Test
  public void aBaseWithoutPathResolvesFromTheRoot() {
    assertEquals(
        "http://host/page", HttpURLs.resolve(URI.create("http://host"), "page").toString());
  }

  @Test
  public void fragmentsAreDropped() {
    assertEquals("http://a/b/c/g", resolve("g#section"));
    assertEquals("http://a/b/c/d;p?q", resolve("#only"));
  }

  @Test
  public void illegalCharactersAreEscaped() {
    assertEquals("http://a/b/c/with%20space", resolve(" with space "));
    assertEquals("http://a/b/c/caf%C3%A9?q=%7Bx%7D", resolve("café?q={x}"));
    assertEquals("http://a/b/c/list?a%5B%5D=1", resolve("list?a[]=1"));
    assertEquals("http://a/b/c/100%25", resolve("100%"));
    assertEquals("http://a/b/c/already%20escaped", resolve("already%20escaped"));
  }

  @Test
  public void ipv6HostsKeepTheirBrackets() {
    assertEquals("http://[::1]:8080/x%5B1%5D", HttpURLs.parse("http://[::1]:8080/x[1]").toString());
  }

  @Test
  public void otherSchemesResolveButAreNotHttp() {
    assertFalse(HttpURLs.isHttp(HttpURLs.resolve(BASE, "file:///etc/passwd")));
    assertFalse(HttpURLs.isHttp(HttpURLs.resolve(BASE, "ftp://a/pub")));
    assertFalse(HttpURLs.isHttp(HttpURLs.resolve(BASE, "mailto:someone@example.org")));
    assertTrue(HttpURLs.isHttp(HttpURLs.resolve(BASE, "HTTPS://a/")));
  }

  @Test
  public void unparseableUrlsAreNull() {
    assertNull(HttpURLs.parse("no scheme here"));
    assertNull(HttpURLs.parse("http://exa mple.com:port/"));
    assertNull(HttpURLs.parse(""));
    assertNull(HttpURLs.parse("http:///path-only"));
  }

  @Test
  public void hostKeysNameSchemeHostAndPort() {
    assertEquals("http://example.com", HttpURLs.hostKey(URI.create("http://Example.COM/a")));
    assertEquals("http://example.com", HttpURLs.hostKey(URI.create("http://example.com:80/a")));
    assertEquals("https://example.com", HttpURLs.hostKey(URI.create("https://example.com:443/a")));
    assertEquals(
        "https://example.com:80", HttpURLs.hostKey(URI.create("https://example.com:80/a")));
    assertEquals(
        "http://example.com:8080", HttpURLs.hostKey(URI.create("http://example.com:8080/")));
    assertEquals("http://[::1]:8080", HttpURLs.hostKey(URI.create("http://[::1]:8080/")));
  }

  @Test
  public void chainKeysIgnoreCaseDefaultPortsAndDotSegments() {
    assertEquals(
        HttpURLs.chainKey(URI.create("http://a/b")),
        HttpURLs.chainKey(URI.create("HTTP://A:80/x/../b")));
    assertEquals(
        HttpURLs.chainKey(URI.create("http://a")), HttpURLs.chainKey(URI.create("http://a/")));
    assertFalse(
        HttpURLs.chainKey(URI.create("http://a/b?x"))
            .equals(HttpURLs.chainKey(URI.create("http://a/b"))));
  }

  @Test
  public void locationsResolveAsInBrowsers() {
    assertEquals("http://a/b/c/g", resolve("http:g"));
    assertEquals("http://a/b/c/x/y", resolve("x\\y"));
    assertEquals("http://a/b/c/g", resolve("\tg\r\n"));
    assertEquals("https://x.example/a", resolve("HTTPS://X.Example/a"));
    assertEquals("http://xn--bcher-kva.example/", resolve("//bücher.example"));
    assertEquals("http://a/b/c/g?u=%5C", resolve("g?u=\\"));
  }

  @Test
  public void locationsThatCannotBeRequestedAreNull() {
    assertNull(resolve("http://exa mple.com/"));
    assertNull(resolve("http://a\uFF0Fb.example/"));
    assertNull(resolve("http:///x"));
  }

  @Test
  public void parseKeepsTheUrlAsWrittenButEscaped() {
    assertEquals(
        "HTTP://Example.COM/a%20b", HttpURLs.parse(" HTTP://Example.COM/a b#f ").toString());
    assertEquals("http://host", HttpURLs.parse("http://host").toString());
    assertEquals(
        "http://xn--bcher-kva.example/", HttpURLs.parse("http://bücher.example/").toString());
    assertEquals("file:///etc/passwd", HttpURLs.parse("file:///etc/passwd").toString());
    assertNull(HttpURLs.parse("http:/x"));
  }

  @Test
  public void hostKeysReadPortsByValue() {
    assertEquals("http://example.com", HttpURLs.hostKey(URI.create("http://example.com:0080/a")));
    assertEquals("http://example.com", HttpURLs.hostKey(URI.create("http://example.com:/a")));
    assertEquals("https://[::1]", HttpURLs.hostKey(URI.create("https://u@[::1]:443/")));
  }

  @Test
  public void chainKeysIgnoreDotDotAboveTheRootAndFragments() {
    assertEquals(
        HttpURLs.chainKey(URI.create("http://a/b")),
        HttpURLs.chainKey(URI.create("http://a/../b")));
    assertEquals("http://a/b?x", HttpURLs.chainKey(URI.create("http://a/./b?x#y")));
  }
}
