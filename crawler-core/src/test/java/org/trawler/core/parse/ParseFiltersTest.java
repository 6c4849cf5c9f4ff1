package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.fail;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;

public class ParseFiltersTest {
  private static Configuration conf(String order) {
    Configuration conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    conf.set(
        ParseKeys.FILTER_CLASSES,
        conf.get(ParseKeys.FILTER_CLASSES) + ", boom:" + ThrowingFilter.class.getName());
    conf.set(ParseKeys.FILTER_ORDER, order);
    conf.set(ParseKeys.TIMEOUT, "0");
    return conf;
  }

  private static ParseResult parse(Configuration conf, String html) {
    Content content =
        new Content(
            "https://a.example/p",
            "https://a.example/p",
            html.getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    try (HtmlParser parser = new HtmlParser(conf);
        ParseFilters filters = new ParseFilters(conf)) {
      return filters.filter(content, "text/html", parser.parse(content, "text/html"));
    }
  }

  @Test
  public void filtersRunInOrderAndMayReplaceTheText() {
    ParseResult r =
        parse(
            conf("meta, boom"),
            "<html><head><meta name=author content=Ann></head><body>quiet page</body></html>");
    assertEquals("QUIET PAGE", r.text().getText());
    assertEquals(List.of("meta.author", "seen"), ParsedPage.fieldNames(r.data()));
    assertEquals("meta.author seen", r.data().getMeta().get(ParseData.META_FIELDS));
  }

  @Test
  public void aFilterThatThrowsCostsThePageACounterAndTheNextFilterStillRuns() {
    ParseResult r =
        parse(
            conf("boom, meta"),
            "<html><head><meta name=author content=Ann></head><body>boom</body></html>");
    assertEquals("boom", r.text().getText());
    assertEquals(List.of("seen", "meta.author"), ParsedPage.fieldNames(r.data()));
    assertEquals(
        List.of(
            new ParseNote(
                "boom",
                "boom" + ParseFilters.FAILED_SUFFIX,
                "java.lang.IllegalStateException: cannot read https://a.example/p")),
        r.notes());
  }

  @Test
  public void aPageThatFailedToParseIsNotFiltered() {
    Configuration conf = conf("boom");
    ParseResult failed =
        Parsers.unparsedResult(
            new Content("https://a.example/x", "", new byte[0], "text/html", false),
            ParseData.FAILED,
            ParseReason.PARSER_ERROR,
            "bad",
            new MD5Signature());
    try (ParseFilters filters = new ParseFilters(conf)) {
      assertSame(failed, filters.filter(null, "text/html", failed));
    }
  }

  @Test
  public void anEmptyOrderRunsNoFilter() {
    try (ParseFilters filters = new ParseFilters(conf(""))) {
      assertEquals(List.of(), filters.names());
    }
  }

  @Test
  public void theDefaultOrderNamesTheShippedFilters() {
    Configuration conf = new Configuration(false);
    conf.addResource("trawler-default.xml");
    assertEquals(ParseKeys.DEFAULT_FILTER_ORDER, conf.get(ParseKeys.FILTER_ORDER));
    List<String> order = List.of("content", "lang", "meta", "jsonld", "microdata", "selectors");
    assertEquals(order, ParseFilters.names(ParseKeys.DEFAULT_FILTER_ORDER));
    assertEquals(order, ParseFilters.names(" content lang,meta ,jsonld,, microdata selectors "));
    Configuration unset = new Configuration(false); // parsefilter.order unset: its default
    StringBuilder classes = new StringBuilder();
    for (String name : order) {
      classes.append(name).append(':').append(ThrowingFilter.class.getName()).append(',');
    }
    unset.set(ParseKeys.FILTER_CLASSES, classes.toString());
    try (ParseFilters filters = new ParseFilters(unset)) {
      assertEquals(order, filters.names());
    }
  }

  @Test
  public void aNameNotInTheClassesIsASettingError() {
    try {
      new ParseFilters(conf("meta, langid"));
      fail();
    } catch (BadSettingException e) {
      assertEquals(
          "parsefilter.order: \"meta, langid\" names the filter \"langid\", which"
              + " parsefilter.classes does not name"
              + " [content, lang, meta, jsonld, microdata, selectors, boom]",
          e.getMessage());
    }
  }

  @Test
  public void aClassThatIsNotAFilterIsASettingError() {
    Configuration conf = conf("x");
    conf.set(ParseKeys.FILTER_CLASSES, "x:java.lang.String");
    try {
      new ParseFilters(conf);
      fail();
    } catch (BadSettingException e) {
      assertEquals(
          "parsefilter.classes: class java.lang.String is not a " + ParseFilter.class.getName(),
          e.getMessage());
    }
  }
}
