package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParsedPage;

public class JsonLdFilterTest {
  static Map<String, List<String>> fields(ParseResult r) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    for (String name : ParsedPage.fieldNames(r.data())) {
      fields.put(name, ParsedPage.values(r.data().getMeta().get(name)));
    }
    return fields;
  }

  @Test
  public void aNewsArticleGivesHeadlineAuthorsAndPublisherByPath() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("jsonld"),
            "https://gazette.example/news/lanes",
            ExtractPages.NEWS_ARTICLE);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("jsonld.NewsArticle.headline", List.of("City council approves new cycle lanes"));
    expected.put("jsonld.NewsArticle.datePublished", List.of("2024-03-14T09:30:00Z"));
    expected.put("jsonld.NewsArticle.author.name", List.of("Maria Keller", "Tom Brandt"));
    expected.put("jsonld.NewsArticle.publisher.name", List.of("The Riverside Gazette"));
    expected.put(
        "jsonld.NewsArticle.publisher.logo.url", List.of("https://gazette.example/logo.png"));
    assertEquals(expected, fields(r));
    assertEquals(List.of(), r.notes());
  }

  @Test
  public void aProductPagesGraphGivesOffersAndAMalformedBlockIsACounter() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("jsonld"),
            "https://shop.example/p/trail-runner-3",
            ExtractPages.PRODUCT_PAGE);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("jsonld.Product.name", List.of("Trail Runner 3"));
    expected.put("jsonld.Product.sku", List.of("TR3-42"));
    expected.put("jsonld.Product.brand.name", List.of("Northpeak"));
    expected.put("jsonld.Product.offers.price", List.of("119.90"));
    expected.put("jsonld.Product.offers.priceCurrency", List.of("EUR"));
    expected.put("jsonld.Product.offers.availability", List.of("https://schema.org/InStock"));
    expected.put("jsonld.Product.aggregateRating.ratingValue", List.of("4.6"));
    expected.put("jsonld.Product.aggregateRating.reviewCount", List.of("212"));
    expected.put("jsonld.WebSite.name", List.of("Outdoor Shop"));
    expected.put("jsonld.WebSite.url", List.of("https://shop.example/"));
    assertEquals(expected, fields(r));
    assertEquals(1, r.notes().size());
    assertEquals(JsonLdFilter.MALFORMED, r.notes().get(0).counter());
  }

  @Test
  public void onlyTheKeptPathsAreKept() {
    Configuration conf = ExtractPages.conf("jsonld");
    conf.set(
        FilterKeys.JSONLD_PATHS, "Product.offers.*, jsonld.Product.name, NewsArticle.headline");
    ParseResult r =
        ExtractPages.parse(conf, "https://shop.example/p/tr3", ExtractPages.PRODUCT_PAGE);
    assertEquals(
        List.of(
            "jsonld.Product.name",
            "jsonld.Product.offers.price",
            "jsonld.Product.offers.priceCurrency",
            "jsonld.Product.offers.availability"),
        ParsedPage.fieldNames(r.data()));
  }

  @Test
  public void typesAsURLsAndArraysValueObjectsAndTopLevelArrays() {
    String html =
        "<html><head><script type=\"application/ld+json\">[{\"@type\": [\"https://schema.org/Recipe\","
            + " \"HowTo\"], \"name\": {\"@value\": \"Apple pie\"}, \"recipeIngredient\": [\"apples\","
            + " \"flour\", \"apples\"]}, {\"@context\": \"https://schema.org\"}, {\"name\": \"untyped\"}]"
            + "</script></head><body>pie</body></html>";
    ParseResult r =
        ExtractPages.parse(ExtractPages.conf("jsonld"), "https://recipes.example/pie", html);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("jsonld.Recipe.name", List.of("Apple pie"));
    expected.put("jsonld.Recipe.recipeIngredient", List.of("apples", "flour"));
    expected.put("jsonld.Thing.name", List.of("untyped"));
    assertEquals(expected, fields(r));
  }

  @Test
  public void fieldsPerPageAreCapped() {
    Configuration conf = ExtractPages.conf("jsonld");
    conf.setInt(FilterKeys.STRUCTURED_MAX_FIELDS, 2);
    StringBuilder json = new StringBuilder("{\"@type\":\"Thing\"");
    for (int i = 0; i < 1000; i++) {
      json.append(",\"p").append(i).append("\":").append(i);
    }
    json.append("}");
    ParseResult r =
        ExtractPages.parse(
            conf,
            "https://big.example/",
            "<script type=application/ld+json>" + json + "</script><p>x</p>");
    assertEquals(List.of("jsonld.Thing.p0", "jsonld.Thing.p1"), ParsedPage.fieldNames(r.data()));
    assertEquals(List.of(new ParseNote("jsonld", StructuredFields.CAPPED, "")), r.notes());
  }
}
