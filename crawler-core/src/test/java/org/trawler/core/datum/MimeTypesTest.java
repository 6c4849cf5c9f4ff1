package org.trawler.core.datum;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/** The one reading of a Content-Type value and the one "is this HTML" that every step asks. */
public class MimeTypesTest {
  @Test
  public void theBaseTypeIsLowerCaseWithoutParameters() {
    assertEquals("text/html", MimeTypes.base(" text/HTML ; charset=UTF-8"));
    assertEquals("application/rss+xml", MimeTypes.base("application/rss+xml"));
    assertEquals("", MimeTypes.base(null));
    assertEquals("", MimeTypes.base(" ; charset=utf-8"));
  }

  @Test
  public void htmlAndXhtmlAreHtml() {
    assertTrue(MimeTypes.isHtml(MimeTypes.base("text/html; charset=utf-8")));
    assertTrue(MimeTypes.isHtml(MimeTypes.base("Application/XHTML+xml")));
    assertFalse(MimeTypes.isHtml(MimeTypes.base("text/plain")));
    assertFalse(MimeTypes.isHtml(""));
  }

  @Test
  public void anUntypedPageLooksLikeHtmlByItsFirstKilobyte() {
    assertTrue(MimeTypes.looksLikeHtml("\n<!DOCTYPE HTML><p>x".getBytes(UTF_8)));
    assertTrue(MimeTypes.looksLikeHtml("<HTML lang=en>".getBytes(UTF_8)));
    assertFalse(MimeTypes.looksLikeHtml(("x".repeat(1024) + "<html>").getBytes(UTF_8)));
    assertFalse(MimeTypes.looksLikeHtml("%PDF-1.7".getBytes(UTF_8)));
  }
}
