package org.trawler.jobs.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.lucene.search.Query;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.jobs.index.Search;
import org.trawler.parse.tika.DocumentFixtures;

/**
 * Documents parsed by the parse job's own code with the crawl's default configuration, on
 * crawler-jobs' classpath: Hadoop's libraries beside the shaded Tika jar.
 */
public class DocumentParseTest {
  private static final String SITE = "http://127.0.0.2/";

  private static DocumentFixtures.Doc doc(String title, String link) {
    return new DocumentFixtures.Doc(
        title,
        "Ada Keeper",
        List.of("The " + title + " tells of lantern oil."),
        List.of(SITE + link, SITE + "photo.jpg", "http://127.0.0.3/elsewhere.html"));
  }

  private static Content content(String path, String type, byte[] bytes) {
    Content c = new Content(SITE + path, SITE + path, bytes, type, false);
    c.getHeaders().put("Content-Type", type);
    return c;
  }

  /** URL → the records SegmentParser writes for it, in order. */
  private static Map<String, List<Object>> parse(List<Content> pages) throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.setBoolean("db.ignore.external.links", true);
    Map<String, List<Object>> records = new TreeMap<>();
    try (SegmentParser parser = new SegmentParser(conf)) {
      for (Content page : pages) {
        parser.parse(
            new Text(page.getUrl()),
            page,
            1L,
            (k, v) -> records.computeIfAbsent(k.toString(), x -> new ArrayList<>()).add(v.get()));
      }
    }
    return records;
  }

  private static ParseData data(Map<String, List<Object>> records, String path) {
    return (ParseData) records.get(SITE + path).get(0);
  }

  private static String text(Map<String, List<Object>> records, String path) {
    return ((ParseText) records.get(SITE + path).get(1)).getText();
  }

  @Test
  public void pdfDocxAndOdtGiveTextMetadataAndFilteredLinksBesideABrokenOne() throws Exception {
    Map<String, List<Object>> records =
        parse(
            List.of(
                content(
                    "manual",
                    "application/octet-stream",
                    DocumentFixtures.pdf(doc("Manual", "m.html"))),
                content(
                    "letter.docx",
                    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                    DocumentFixtures.docx(doc("Letter", "l.html"))),
                content(
                    "notes.odt",
                    "application/vnd.oasis.opendocument.text",
                    DocumentFixtures.odt(doc("Notes", "n.html"))),
                content("broken.pdf", "application/pdf", new byte[] {'%', 'P', 'D', 'F', '-', 1})));

    ParseData pdf = data(records, "manual");
    assertEquals("application/pdf", pdf.getMeta().get(ParseData.META_TYPE));
    assertEquals("Manual", pdf.getTitle());
    assertEquals("Ada Keeper", pdf.getMeta().get(ParseData.META_AUTHOR));
    assertTrue(text(records, "manual").contains("The Manual tells of lantern oil."));
    // photo.jpg is dropped by the URL filter, the other host by db.ignore.external.links
    assertEquals(
        List.of(SITE + "m.html"), pdf.getOutlinks().stream().map(Outlink::getToUrl).toList());
    CrawlDatum linked = (CrawlDatum) records.get(SITE + "m.html").get(0);
    assertEquals(CrawlStatus.LINKED, linked.getStatus());

    ParseData docx = data(records, "letter.docx");
    assertEquals("Letter", docx.getTitle());
    assertEquals("Ada Keeper", docx.getMeta().get(ParseData.META_AUTHOR));
    assertTrue(text(records, "letter.docx").contains("The Letter tells of lantern oil."));
    assertEquals(
        List.of(SITE + "l.html"), docx.getOutlinks().stream().map(Outlink::getToUrl).toList());

    ParseData odt = data(records, "notes.odt");
    assertEquals("application/vnd.oasis.opendocument.text", odt.getMeta().get(ParseData.META_TYPE));
    assertEquals("Notes", odt.getTitle());
    assertTrue(text(records, "notes.odt").contains("The Notes tells of lantern oil."));
    assertEquals(
        List.of(SITE + "n.html"), odt.getOutlinks().stream().map(Outlink::getToUrl).toList());

    ParseData broken = data(records, "broken.pdf");
    assertEquals(ParseData.FAILED, broken.getStatus());
    assertEquals("malformed", broken.getMeta().get(ParseData.META_REASON));
  }

  @Test
  public void aSearchForTheDetectedTypeNeedsNoEscapedSlash() throws Exception {
    Query q =
        Search.fromConf(CrawlerConfiguration.create()).parse("type:application/pdf AND lantern");
    assertEquals(
        "+type:application/pdf +((title:lantern)^2.0 (headings:lantern)^1.5 (anchor:lantern)^1.5"
            + " (urlWords:lantern)^1.0 (content:lantern)^1.0)",
        q.toString());
  }
}
