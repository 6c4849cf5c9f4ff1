package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;

public class MicrodataFilterTest {
  @Test
  public void breadcrumbsOfAProductPageByPath() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("microdata"),
            "https://shop.example/p/tr3",
            ExtractPages.PRODUCT_PAGE);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put(
        "microdata.BreadcrumbList.itemListElement.item",
        List.of("https://shop.example/shoes", "https://shop.example/shoes/trail"));
    expected.put(
        "microdata.BreadcrumbList.itemListElement.name", List.of("Shoes", "Trail running"));
    expected.put("microdata.BreadcrumbList.itemListElement.position", List.of("1", "2"));
    assertEquals(expected, JsonLdFilterTest.fields(r));
  }

  @Test
  public void itemsNestedDeeperThanParsefilterStructuredMaxDepthAreCutAndCounted() {
    Configuration conf = ExtractPages.conf("microdata");
    conf.setInt(FilterKeys.STRUCTURED_MAX_DEPTH, 0);
    ParseResult r =
        ExtractPages.parse(
            conf,
            "https://md.example/",
            "<div itemscope itemtype=\"https://schema.org/Thing\"><span itemprop=name>a</span>"
                + "<div itemprop=p itemscope><span itemprop=name>b</span></div></div><p>x</p>");
    assertEquals(Map.of("microdata.Thing.name", List.of("a")), JsonLdFilterTest.fields(r));
    assertEquals(List.of(new ParseNote("microdata", "structured_too_deep", "")), r.notes());
  }

  @Test
  public void anEventWithTimeAndNestedPlace() {
    String html =
        "<div itemscope itemtype=\"http://schema.org/Event\"><h2 itemprop=\"name\">Jazz on the"
            + " Pier</h2><time itemprop=\"startDate\" datetime=\"2024-07-12T19:30\">12 July, 7.30"
            + " pm</time><div itemprop=\"location\" itemscope itemtype=\"http://schema.org/Place\">"
            + "<span itemprop=\"name\">North Pier</span></div><img itemprop=\"image\""
            + " src=\"/jazz.jpg\"></div>";
    ParseResult r =
        ExtractPages.parse(ExtractPages.conf("microdata"), "https://events.example/jazz", html);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("microdata.Event.name", List.of("Jazz on the Pier"));
    expected.put("microdata.Event.startDate", List.of("2024-07-12T19:30"));
    expected.put("microdata.Event.location.name", List.of("North Pier"));
    expected.put("microdata.Event.image", List.of("https://events.example/jazz.jpg"));
    assertEquals(expected, JsonLdFilterTest.fields(r));
  }
}
