package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import org.junit.Test;

public class UrlTemplateTest {
  @Test
  public void calendarMonthsShareOneTemplate() {
    assertEquals("/calendar/{n}-{n}/", UrlTemplate.of("http://www.a.test/calendar/2026-11/"));
    assertEquals("/calendar/{n}-{n}/", UrlTemplate.of("http://www.a.test/calendar/1999-01/"));
  }

  @Test
  public void aSegmentRepeatedInARowIsOneSegment() {
    assertEquals("/more+/", UrlTemplate.of("http://www.a.test/more/more/"));
    assertEquals("/more+/", UrlTemplate.of("http://www.a.test/more/more/more/more/"));
    assertEquals("/more/", UrlTemplate.of("http://www.a.test/more/"));
    assertEquals("/a/b/a/b", UrlTemplate.of("http://www.a.test/a/b/a/b"));
  }

  @Test
  public void aQueryKeepsItsParameterNamesSortedWithoutValues() {
    assertEquals(
        "/list?brand&color", UrlTemplate.of("http://www.a.test/list?color=red&brand=acme"));
    assertEquals(
        "/list?brand&color", UrlTemplate.of("http://www.a.test/list?brand=hooli&color=blue#top"));
    assertNotEquals(
        UrlTemplate.of("http://www.a.test/list?color=red"),
        UrlTemplate.of("http://www.a.test/list?color=red&size=m"));
  }

  @Test
  public void realPagesHaveTemplatesToo() {
    assertEquals("/p/{n}.html", UrlTemplate.of("http://www.a.test/p/17.html"));
    assertEquals("/item?id", UrlTemplate.of("http://www.a.test/item?id=17"));
    assertEquals("/", UrlTemplate.of("http://www.a.test/"));
  }
}
