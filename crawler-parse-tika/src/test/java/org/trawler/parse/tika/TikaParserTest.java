package org.trawler.parse.tika;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.Parsers;

public class TikaParserTest {
  private static final String BASE = "http://127.0.0.2/docs/";
  private static final DocumentFixtures.Doc DOC =
      new DocumentFixtures.Doc(
          "The Lantern Manual",
          "Ada Keeper",
          List.of("Lanterns burn whale oil.", "Trim the wick weekly."),
          List.of("http://127.0.0.2/only-in-doc.html", "http://127.0.0.2/second.html"));

  private static Parsers parsers;

  @BeforeClass
  public static void setUp() {
    parsers = new Parsers(new Configuration(false));
  }

  @AfterClass
  public static void tearDown() {
    parsers.close();
  }

  static Content content(String url, String contentType, byte[] bytes) {
    Content content = new Content(url, url, bytes, contentType, false);
    if (!contentType.isEmpty()) {
      content.getHeaders().put("Content-Type", contentType);
    }
    return content;
  }

  @Test
  public void aPdfServedAsOctetStreamIsDetectedAndGivesTextTitleAuthorAndLinks() {
    ParseResult r =
        parsers.parse(
            content(BASE + "manual", "application/octet-stream", DocumentFixtures.pdf(DOC)));
    assertEquals(ParseData.statusName(ParseData.SUCCESS), ParseData.statusName(r.status()));
    assertEquals("application/pdf", r.data().getMeta().get(ParseData.META_TYPE));
    assertEquals("The Lantern Manual", r.data().getTitle());
    assertEquals("Ada Keeper", r.data().getMeta().get(ParseData.META_AUTHOR));
    assertEquals("1", r.data().getMeta().get(ParseData.META_PAGES));
    assertTrue(r.text().getText(), r.text().getText().contains("Lanterns burn whale oil."));
    assertEquals(DOC.links(), r.outlinks().stream().map(Outlink::getToUrl).toList());
  }
}
