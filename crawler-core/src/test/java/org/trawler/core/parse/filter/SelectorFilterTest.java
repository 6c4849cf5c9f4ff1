package org.trawler.core.parse.filter;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.parse.ParseNote;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.plugin.Plugin;

public class SelectorFilterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration rules(String... lines) throws IOException {
    File file = tmp.newFile();
    Files.write(file.toPath(), List.of(lines), StandardCharsets.UTF_8);
    Configuration conf = ExtractPages.conf("selectors");
    conf.set(FilterKeys.SELECTOR_RULES, file.getPath());
    return conf;
  }

  @Test
  public void shopRulesTakePriceProductAndImagesOnProductPagesOnly() throws IOException {
    Configuration conf =
        rules(
            "# the shop's product pages",
            "https://shop\\.example/p/  price    one  text      css    .price",
            "https://shop\\.example/p/  product  one  text      css    h1.product-name",
            "https://shop\\.example/p/  images   all  @abs:src  css    .gallery img",
            "https://shop\\.example/p/  specs    all  text      xpath  //ul[@class='specs']/li",
            "https://shop\\.example/p/  rating   one  text      css    .rating",
            "https://news\\.example/    byline   one  text      css    .byline");
    ParseResult r =
        ExtractPages.parse(conf, "https://shop.example/p/tr3", ExtractPages.PRODUCT_PAGE);
    Map<String, List<String>> expected = new LinkedHashMap<>();
    expected.put("price", List.of("119,90 €"));
    expected.put("product", List.of("Trail Runner 3"));
    expected.put(
        "images",
        List.of("https://shop.example/img/tr3-side.jpg", "https://shop.example/img/tr3-sole.jpg"));
    expected.put("specs", List.of("Drop: 6 mm", "Weight: 280 g"));
    assertEquals(expected, JsonLdFilterTest.fields(r));
    assertEquals(
        List.of(
            new ParseNote(
                "selectors",
                FilterCounter.SELECTOR_RULES_FIRED.counterName(),
                "rule line 2 price <- one text of css .price: 1 value(s)"),
            new ParseNote(
                "selectors",
                FilterCounter.SELECTOR_RULES_FIRED.counterName(),
                "rule line 3 product <- one text of css h1.product-name: 1 value(s)"),
            new ParseNote(
                "selectors",
                FilterCounter.SELECTOR_RULES_FIRED.counterName(),
                "rule line 4 images <- all @abs:src of css .gallery img: 2 value(s)"),
            new ParseNote(
                "selectors",
                FilterCounter.SELECTOR_RULES_FIRED.counterName(),
                "rule line 5 specs <- all text of xpath //ul[@class='specs']/li: 2 value(s)"),
            new ParseNote(
                "selectors",
                FilterCounter.SELECTOR_RULES_EMPTY.counterName(),
                "rule line 6 rating <- one text of css .rating: nothing found")),
        r.notes());

    ParseResult other =
        ExtractPages.parse(conf, "https://shop.example/about", ExtractPages.PRODUCT_PAGE);
    assertEquals(Map.of(), JsonLdFilterTest.fields(other));
    assertEquals(List.of(), other.notes());
  }

  @Test
  public void anAllRuleTakesAtMostParsefilterSelectorsMaxValuesAndSaysItCut() throws IOException {
    Configuration conf =
        rules("https://shop\\.example/p/  images   all  @abs:src  css    .gallery img");
    conf.setInt(FilterKeys.SELECTOR_MAX_VALUES, 1);
    ParseResult r =
        ExtractPages.parse(conf, "https://shop.example/p/tr3", ExtractPages.PRODUCT_PAGE);
    assertEquals(
        Map.of("images", List.of("https://shop.example/img/tr3-side.jpg")),
        JsonLdFilterTest.fields(r));
    assertEquals(
        List.of(
            new ParseNote(
                "selectors",
                "selector_values_limit",
                "rule line 1 images <- all @abs:src of css .gallery img: more than 1 value(s),"
                    + " the rest left out"),
            new ParseNote(
                "selectors",
                "selector_rules_fired",
                "rule line 1 images <- all @abs:src of css .gallery img: 1 value(s)")),
        r.notes());
  }

  @Test
  public void theShippedRulesFileHasNoRules() {
    ParseResult r =
        ExtractPages.parse(
            ExtractPages.conf("selectors"),
            "https://shop.example/p/tr3",
            ExtractPages.PRODUCT_PAGE);
    assertEquals(Map.of(), JsonLdFilterTest.fields(r));
  }

  @Test
  public void aBadRuleIsASettingErrorNamingTheLine() throws IOException {
    String[][] cases = {
      {"https://x/ price", "expected: url-pattern field one|all"},
      {"https://x/( price one text css .p", "bad URL pattern"},
      {"https://x/ type one text css .p", "field \"type\""},
      {"https://x/ price some text css .p", "expected one or all"},
      {"https://x/ price one href css .p", "expected text or @attribute"},
      {"https://x/ price one text jq .p", "expected css or xpath"},
      {"https://x/ price one text css div[", "bad css selector"},
      {"https://x/ price one text xpath //p[", "bad xpath selector"},
    };
    for (String[] c : cases) {
      try {
        Plugin.configured(new SelectorFilter(), rules("# a comment", c[0]));
        fail(c[0]);
      } catch (BadSettingException e) {
        assertTrue(e.getMessage(), e.getMessage().contains(" line 2: "));
        assertTrue(e.getMessage(), e.getMessage().contains(c[1]));
        assertTrue(e.getMessage(), e.getMessage().startsWith(FilterKeys.SELECTOR_RULES + ": "));
      }
    }
  }
}
