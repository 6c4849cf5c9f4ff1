package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.ParseFilters;
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
    assertEquals(FilterCounter.JSONLD_MALFORMED.counterName(), r.notes().get(0).counter());
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
    assertEquals(
        List.of(new ParseNote("jsonld", FilterCounter.STRUCTURED_CAPPED.counterName(), "")),
        r.notes());
  }

  /** The fields of {@code json} as one JSON-LD block of a page, through the jsonld filter. */
  private static Map<String, List<String>> fieldsOf(Configuration conf, String json) {
    return fields(
        ExtractPages.parse(
            conf,
            "https://ld.example/",
            "<script type=\"application/ld+json\">" + json + "</script><p>x</p>"));
  }

  @Test
  public void aGraphInsideAGraphAndTheWrappersOwnPropertiesAfterIt() {
    String json =
        "{\"@context\": \"https://schema.org\", \"name\": \"wrapper\", \"@type\": \"WebPage\","
            + " \"@graph\": [{\"@type\": \"Organization\", \"name\": \"Acme\","
            + " \"@graph\": {\"@type\": \"Person\", \"name\": \"Ada\"}},"
            + " [{\"@type\": \"Place\", \"name\": \"Harbour\"}], \"not an object\", 42]}";
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("jsonld.Person.name", List.of("Ada"));
    expected.put("jsonld.Organization.name", List.of("Acme"));
    expected.put("jsonld.Place.name", List.of("Harbour"));
    expected.put("jsonld.WebPage.name", List.of("wrapper"));
    assertEquals(expected, fieldsOf(ExtractPages.conf("jsonld"), json));
  }

  @Test
  public void arraysOfObjectsGiveOneFieldWithEveryValue() {
    String json =
        "{\"@type\": \"Recipe\", \"step\": [{\"@type\": \"HowToStep\", \"text\": \"Peel\"},"
            + " {\"text\": \"Bake\", \"image\": [{\"url\": \"a.jpg\"}, {\"url\": \"b.jpg\"}]},"
            + " [{\"text\": \"Serve\"}], null, {\"text\": null}], \"yield\": [4, 4.0, true]}";
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("jsonld.Recipe.step.text", List.of("Peel", "Bake", "Serve"));
    expected.put("jsonld.Recipe.step.image.url", List.of("a.jpg", "b.jpg"));
    expected.put("jsonld.Recipe.yield", List.of("4", "4.0", "true"));
    assertEquals(expected, fieldsOf(ExtractPages.conf("jsonld"), json));
  }

  @Test
  public void typeArraysTakeTheirFirstStringAndATypeAfterThePropertiesStillNamesThem() {
    Configuration conf = ExtractPages.conf("jsonld");
    assertEquals(
        Map.of("jsonld.Event.name", List.of("Launch")),
        fieldsOf(conf, "{\"name\": \"Launch\", \"@type\": [\"schema:Event\", \"Thing\"]}"));
    assertEquals( // a first element that is no string: an untyped object
        Map.of("jsonld.Thing.name", List.of("Launch")),
        fieldsOf(conf, "{\"@type\": [{\"@id\": \"x\"}, \"Event\"], \"name\": \"Launch\"}"));
    assertEquals( // a type that leaves no usable name: the object is not kept
        Map.of(), fieldsOf(conf, "{\"@type\": \"https://schema.org/\", \"name\": \"Launch\"}"));
    assertEquals( // a value object's @value wherever it stands, its other keys left out
        Map.of("jsonld.Event.startDate", List.of("2024-05-01")),
        fieldsOf(
            conf,
            "{\"@type\": \"Event\", \"startDate\": {\"note\": \"x\", \"@type\": \"Date\","
                + " \"@value\": \"2024-05-01\"}}"));
  }

  @Test
  public void objectsNestedDeeperThanEightLevelsAreNotFollowed() {
    StringBuilder json = new StringBuilder("{\"@type\": \"Thing\"");
    StringBuilder end = new StringBuilder("}");
    StringBuilder path = new StringBuilder("jsonld.Thing");
    Map<String, List<String>> expected = new LinkedHashMap<>();
    for (int level = 1; level <= 12; level++) {
      json.append(", \"v\": ").append(level).append(", \"n\": {\"x\": 0");
      end.append("}");
      if (level <= 8) {
        expected.put(path + ".v", List.of(Integer.toString(level)));
      }
      if (level <= 7) {
        expected.put(path + ".n.x", List.of("0"));
      }
      path.append(".n");
    }
    json.append(end);
    Map<String, List<String>> found = fieldsOf(ExtractPages.conf("jsonld"), json.toString());
    assertEquals(new TreeMap<>(expected), new TreeMap<>(found));
  }

  @Test
  public void parsefilterStructuredMaxDepthBoundsTheNestingAndCountsTheCutOnceAPage() {
    String json =
        "{\"@type\": \"Thing\", \"name\": \"a\", \"p\": {\"name\": \"b\", \"q\": {\"x\": 1}}}";
    Configuration conf = ExtractPages.conf("jsonld");
    conf.setInt(FilterKeys.STRUCTURED_MAX_DEPTH, 1);
    ParseResult r =
        ExtractPages.parse(
            conf,
            "https://ld.example/",
            "<script type=\"application/ld+json\">" + json + "</script><p>x</p>");
    assertEquals(Map.of("jsonld.Thing.name", List.of("a")), fields(r));
    assertEquals(List.of(new ParseNote("jsonld", "structured_too_deep", "")), r.notes());

    ParseResult all =
        ExtractPages.parse(
            ExtractPages.conf("jsonld"),
            "https://ld.example/",
            "<script type=\"application/ld+json\">" + json + "</script><p>x</p>");
    assertEquals(List.of("b"), fields(all).get("jsonld.Thing.p.name"));
    assertEquals(List.of(), all.notes());
  }

  @Test
  public void aNestingDeeperThanTheParserAllowsIsMalformed() {
    String json = "[".repeat(2000) + "]".repeat(2000);
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("jsonld"),
            "https://ld.example/",
            "<script type=\"application/ld+json\">" + json + "</script><p>x</p>");
    assertEquals(Map.of(), fields(r));
    assertEquals(
        List.of(FilterCounter.JSONLD_MALFORMED.counterName()),
        r.notes().stream().map(ParseNote::counter).toList());
  }

  @Test
  public void aHugeStringIsCollapsedAndCut() {
    Configuration conf = ExtractPages.conf("jsonld");
    conf.setInt(FilterKeys.VALUE_MAX_LENGTH, 20);
    String huge = "word \\n\\t ".repeat(100_000); // 1 MB of JSON text, escapes included
    Map<String, List<String>> found =
        fieldsOf(conf, "{\"@type\": \"Article\", \"articleBody\": \"" + huge + "\", \"x\": 1}");
    assertEquals(List.of("word word word word"), found.get("jsonld.Article.articleBody"));
    assertEquals(List.of("1"), found.get("jsonld.Article.x"));
  }

  @Test
  public void aBlockThatBreaksOffGivesNoFieldsNotItsFirstHalf() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("jsonld"),
            "https://ld.example/",
            "<script type=application/ld+json>[{\"@type\": \"A\", \"name\": \"first\"},"
                + " {\"@type\": \"B\", \"name\": </script>"
                + "<script type=application/ld+json>{\"@type\": \"C\", \"name\": \"third\"} trailing"
                + "</script><p>x</p>");
    assertEquals(Map.of("jsonld.C.name", List.of("third")), fields(r));
    assertEquals(
        List.of(FilterCounter.JSONLD_MALFORMED.counterName()),
        r.notes().stream().map(ParseNote::counter).toList());
  }

  /**
   * Randomly built JSON-LD-like blocks (objects, arrays, @graph, @type, @value, numbers, nulls,
   * nesting past the depth limit, broken ends) give the fields a walk of Jackson's tree gives.
   */
  @Test
  public void theTokenReaderGivesWhatATreeWalkGives() {
    Configuration conf = ExtractPages.conf("jsonld");
    conf.setInt(FilterKeys.STRUCTURED_MAX_FIELDS, 100_000);
    Random random = new Random(26);
    try (HtmlParser parser = new HtmlParser(conf);
        ParseFilters tokens = new ParseFilters(conf);
        ParseFilters tree = new ParseFilters(TreeWalk.conf(conf))) {
      for (int i = 0; i < 400; i++) {
        StringBuilder json = new StringBuilder();
        RandomJsonLd.value(random, json, 0, true);
        if (random.nextInt(10) == 0) {
          json.setLength(random.nextInt(json.length() + 1)); // cut short: malformed, mostly
        }
        byte[] html =
            ("<script type=\"application/ld+json\">" + json + "</script><p>x</p>")
                .getBytes(StandardCharsets.UTF_8);
        Content content = new Content("https://ld.example/", "", html, "text/html", false);
        assertEquals(
            json.toString(),
            fields(tree.filter(content, "text/html", parser.parse(content, "text/html"))),
            fields(tokens.filter(content, "text/html", parser.parse(content, "text/html"))));
      }
    }
  }
}
