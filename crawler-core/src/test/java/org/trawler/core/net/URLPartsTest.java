package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

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
    assertEquals("http://u@b.org:81/x?y",
        URLParts.replaceHost("http://u@a.com:81/x?y", "b.org"));
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
}
