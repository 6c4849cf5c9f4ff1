package org.trawler.core.net;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;
import org.trawler.core.net.PercentEncoding.Component;

public class PercentEncodingTest {

  private static String normalized(String s, Component c) {
    StringBuilder out = new StringBuilder();
    PercentEncoding.normalize(out, s, 0, s.length(), c);
    return out.toString();
  }

  private static String escaped(String s, Component c) {
    StringBuilder out = new StringBuilder();
    PercentEncoding.escape(out, s, 0, s.length(), c);
    assertEquals(s, !out.toString().equals(s), PercentEncoding.needsEscaping(s, 0, s.length(), c));
    return out.toString();
  }

  @Test
  public void normalizingDecodesUnreservedEscapesAndUpperCasesTheRest() {
    assertEquals("~user/A-_.z", normalized("%7Euser/%41%2d%5F%2ez", Component.PATH));
    assertEquals("a%2Fb%3F%C3%A9", normalized("a%2fb%3f%c3%a9", Component.PATH));
  }

  @Test
  public void escapingKeepsValidEscapesAsWritten() {
    assertEquals("%7e%2f%c3%a9%20", escaped("%7e%2f%c3%a9%20", Component.PATH));
  }

  @Test
  public void aStrayPercentSignIsEscapedInBothModes() {
    for (String stray : new String[] {"100%", "%zz", "%A", "%", "a%2"}) {
      String expected = stray.replace("%", "%25");
      assertEquals(expected, normalized(stray, Component.QUERY));
      assertEquals(expected, escaped(stray, Component.QUERY));
    }
  }

  @Test
  public void nonAsciiIsEscapedAsUtf8() {
    assertEquals("caf%C3%A9", escaped("café", Component.PATH));
    assertEquals("%E4%BE%8B", escaped("例", Component.PATH));
    assertEquals("%F0%9F%98%80", escaped("\uD83D\uDE00", Component.PATH));
    assertEquals("%EF%BF%BD", escaped("\uD83D", Component.PATH));
    assertEquals("%EF%BF%BDx", escaped("\uDE00x", Component.PATH));
  }

  @Test
  public void whitespaceAndControlsAreEscaped() {
    assertEquals("a%20b%09c%0A%7F", escaped("a b\tc\n\u007f", Component.PATH));
  }

  @Test
  public void eachComponentKeepsItsOwnDelimitersLiteral() {
    assertEquals("a;b=c:d@e!$&'()*+,/f", escaped("a;b=c:d@e!$&'()*+,/f", Component.PATH));
    assertEquals("%3F%23%5B%5D", escaped("?#[]", Component.PATH));
    assertEquals("a=1&b=/?:@%23%5B%5D", escaped("a=1&b=/?:@#[]", Component.QUERY));
    assertEquals("d[]=1&e=%5B", normalized("d[]=1&e=%5b", Component.QUERY_WITH_BRACKETS));
    assertEquals("u:p%40ss%2F", escaped("u:p@ss/", Component.USERINFO));
    assertEquals("%22%3C%3E%5C%5E%60%7B%7C%7D", escaped("\"<>\\^`{|}", Component.QUERY));
  }

  @Test
  public void rangesAreRespected() {
    StringBuilder out = new StringBuilder("x");
    PercentEncoding.escape(out, "ab c%de", 1, 5, Component.PATH);
    assertEquals("xb%20c%25", out.toString());
  }

  @Test
  public void decodingReadsUtf8() {
    assertEquals("bücher.de", PercentEncoding.decode("b%C3%BCcher.de"));
    assertEquals("a b", PercentEncoding.decode("a%20b"));
    assertSame("plain", PercentEncoding.decode("plain"));
    assertEquals("ü%", PercentEncoding.decode("ü%25"));
  }

  @Test
  public void decodingRefusesStrayPercentsAndBytesThatAreNoUtf8() {
    for (String bad : new String[] {"%", "a%2", "%zz", "%FF", "%C3", "%C3%28"}) {
      try {
        fail(bad + " gave " + PercentEncoding.decode(bad));
      } catch (IllegalArgumentException expected) {
        assertTrue(expected.getMessage(), expected.getMessage().length() < 40);
      }
    }
  }

  @Test
  public void escapeUrlEscapesEachComponentAndDropsTheFragment() {
    assertEquals(
        "http://a.com/a%20b/caf%C3%A9?q=%22x%22%20y",
        PercentEncoding.escapeUrl("http://a.com/a b/café?q=\"x\" y#f g"));
    assertEquals("http://u%20v:p@a.com/", PercentEncoding.escapeUrl("http://u v:p@a.com/"));
    assertEquals("http://[::1]:8080/x%5B1%5D", PercentEncoding.escapeUrl("http://[::1]:8080/x[1]"));
    assertEquals("no%20scheme%20here", PercentEncoding.escapeUrl("no scheme here"));
    assertEquals("mailto:a@b.c", PercentEncoding.escapeUrl("mailto:a@b.c"));
  }

  @Test
  public void escapeUrlReturnsAValidUrlItselfWithoutCopying() {
    String url = "http://a.com/p%20q?x=%7e";
    assertSame(url, PercentEncoding.escapeUrl(url));
    assertEquals(url, PercentEncoding.escapeUrl(url + "#top"));
  }

  @Test
  public void escapeUrlWritesAnInternationalHostInAscii() {
    assertEquals(
        "http://xn--bcher-kva.example:81/", PercentEncoding.escapeUrl("http://bücher.example:81/"));
    assertEquals("http://EXAMPLE.com/", PercentEncoding.escapeUrl("http://EXAMPLE.com/"));
    try {
      fail(PercentEncoding.escapeUrl("http://a\uFF0Fb.example/"));
    } catch (IllegalArgumentException expected) {
      // the host would end at the slash IDNA maps the full-width one to
    }
  }

  @Test
  public void unreservedCharacters() {
    for (char c : "azAZ09-._~".toCharArray()) {
      assertTrue(String.valueOf(c), PercentEncoding.isUnreserved(c));
    }
    for (char c : "!*'();:@&=+$,/?#[]% ".toCharArray()) {
      assertFalse(String.valueOf(c), PercentEncoding.isUnreserved(c));
    }
  }
}
