package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParsedPage;

public class MetaTagFilterTest {
  @Test
  public void everyNamedMetaTagOfANewsArticleBecomesAField() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("meta"),
            "https://gazette.example/news/lanes",
            ExtractPages.NEWS_ARTICLE);
    Map<String, String> meta = r.data().getMeta();
    assertEquals(
        List.of(
            "meta.description",
            "meta.og:title",
            "meta.og:type",
            "meta.og:image",
            "meta.twitter:card",
            "meta.article:published_time",
            "meta.article:tag",
            "meta.dc.creator"),
        ParsedPage.fieldNames(r.data()));
    assertEquals("City council approves new cycle lanes", meta.get("meta.og:title"));
    assertEquals("2024-03-14T09:30:00Z", meta.get("meta.article:published_time"));
    assertEquals(
        List.of("transport", "city council"), ParsedPage.values(meta.get("meta.article:tag")));
    assertEquals("Maria Keller", meta.get("meta.dc.creator")); // whitespace collapsed
    assertNull(meta.get("meta.charset"));
  }

  @Test
  public void metaTagsAreCappedInCountAndLength() {
    Configuration conf = ExtractPages.conf("meta");
    conf.setInt(FilterKeys.META_MAX_COUNT, 3);
    conf.setInt(FilterKeys.VALUE_MAX_LENGTH, 10);
    StringBuilder html = new StringBuilder("<html><head>");
    for (int i = 0; i < 500; i++) {
      html.append("<meta name=\"m")
          .append(i)
          .append("\" content=\"value number ")
          .append(i)
          .append("\">");
    }
    html.append("<meta name=\"m1\" content=\"again\"></head><body>x</body></html>");
    ParseResult r = ExtractPages.parse(conf, "https://spam.example/", html.toString());
    assertEquals(List.of("meta.m0", "meta.m1", "meta.m2"), ParsedPage.fieldNames(r.data()));
    assertEquals("value numb", r.data().getMeta().get("meta.m0"));
    assertEquals(
        List.of(new ParseNote("meta", FilterCounter.META_CAPPED.counterName(), "")), r.notes());
  }

  @Test
  public void namesThatAreNotNamesAreLeftOut() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("meta"),
            "https://odd.example/",
            "<html><head><meta name=\"a b\" content=\"x\"><meta name=\"\" content=\"y\">"
                + "<meta http-equiv=\"refresh\" content=\"5\"><meta name=\"Author\" content=\"\">"
                + "<meta property=\"OG:Locale\" content=\"de_DE\"></head><body>z</body></html>");
    assertEquals(List.of("meta.og:locale"), ParsedPage.fieldNames(r.data()));
    assertEquals("meta.og:locale", r.data().getMeta().get(ParseData.META_FIELDS));
  }
}
