package org.trawler.parse.tika;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseKeys;
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

  /** A document's status, type, title, author, whether its text has every line, and its links. */
  private static String summary(ParseResult r) {
    boolean allLines = DOC.lines().stream().allMatch(l -> r.text().getText().contains(l));
    return ParseData.statusName(r.status())
        + " "
        + r.data().getMeta().get(ParseData.META_TYPE)
        + " ["
        + r.data().getTitle()
        + "] by "
        + r.data().getMeta().get(ParseData.META_AUTHOR)
        + (allLines ? ", all lines" : ", text: " + r.text().getText())
        + ", links "
        + r.outlinks().stream().map(Outlink::getToUrl).toList();
  }

  private static String expected(String type) {
    return "success "
        + type
        + " [The Lantern Manual] by Ada Keeper, all lines, links "
        + DOC.links();
  }

  @Test
  public void anXlsxGivesItsCellsTitleAuthorAndHyperlinks() {
    assertEquals(
        expected("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        summary(parsers.parse(content(BASE + "prices.xlsx", "", DocumentFixtures.xlsx(DOC)))));
  }

  @Test
  public void aPptxGivesItsSlidesTitleAuthorAndHyperlinks() {
    assertEquals(
        expected("application/vnd.openxmlformats-officedocument.presentationml.presentation"),
        summary(parsers.parse(content(BASE + "talk.pptx", "", DocumentFixtures.pptx(DOC)))));
  }

  @Test
  public void anOdtGivesItsTextTitleAuthorAndHyperlinks() {
    assertEquals(
        expected("application/vnd.oasis.opendocument.text"),
        summary(
            parsers.parse(
                content(
                    BASE + "notes.odt",
                    "application/vnd.oasis.opendocument.text",
                    DocumentFixtures.odt(DOC)))));
  }

  @Test
  public void anRtfGivesItsTextTitleAuthorAndHyperlinks() {
    assertEquals(
        expected("application/rtf"),
        summary(
            parsers.parse(
                content(BASE + "minutes.rtf", "application/rtf", DocumentFixtures.rtf(DOC)))));
  }

  @Test
  public void aDocxGivesItsTextTitleAuthorAndHyperlinks() {
    assertEquals(
        expected("application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
        summary(
            parsers.parse(
                content(
                    BASE + "letter.docx",
                    "application/octet-stream",
                    DocumentFixtures.docx(DOC)))));
  }

  @Test
  public void embeddedDocumentsAreParsedDownToParserEmbeddedMaxDepth() {
    byte[] zip =
        DocumentFixtures.nestedZip(
            List.of("surface lantern", "middle lantern", "deep lantern", "deepest lantern"));
    for (int depth = 1; depth <= 4; depth++) {
      Configuration conf = new Configuration(false);
      conf.setInt(ParseKeys.EMBEDDED_MAX_DEPTH, depth);
      try (Parsers limited = new Parsers(conf)) {
        ParseResult r = limited.parse(content(BASE + "nest.zip", "application/zip", zip));
        String text = r.text().getText();
        assertEquals(text, ParseData.SUCCESS, r.status());
        assertEquals(
            "depth " + depth + ": " + text,
            List.of(true, depth >= 2, depth >= 3, depth >= 4),
            List.of(
                text.contains("surface"),
                text.contains("middle"),
                text.contains("deep lantern"),
                text.contains("deepest")));
        assertEquals(
            depth < 4 ? "embedded_too_deep" : null, r.data().getMeta().get(ParseData.META_REASON));
      }
    }
  }

  @Test
  public void embeddedDocumentsPastParserEmbeddedMaxCountAreSkipped() {
    byte[] zip =
        DocumentFixtures.flatZip(
            List.of("lantern zero", "lantern one", "lantern two", "lantern three", "lantern four"));
    Configuration conf = new Configuration(false);
    conf.setInt(ParseKeys.EMBEDDED_MAX_COUNT, 3);
    try (Parsers limited = new Parsers(conf)) {
      ParseResult r = limited.parse(content(BASE + "many.zip", "application/zip", zip));
      String text = r.text().getText();
      assertEquals(text, ParseData.SUCCESS, r.status());
      assertEquals(
          text,
          List.of(true, true, true, false, false),
          List.of(
              text.contains("lantern zero"),
              text.contains("lantern one"),
              text.contains("lantern two"),
              text.contains("lantern three"),
              text.contains("lantern four")));
      assertEquals("embedded_too_many", r.data().getMeta().get(ParseData.META_REASON));
    }
  }

  @Test
  public void aDocumentsHyperlinksPastParserLinksMaxAreNotRead() {
    Configuration conf = new Configuration(false);
    conf.setInt(ParseKeys.LINKS_MAX, 1);
    try (Parsers limited = new Parsers(conf)) {
      ParseResult r =
          limited.parse(content(BASE + "manual.pdf", "application/pdf", DocumentFixtures.pdf(DOC)));
      assertEquals(ParseData.SUCCESS, r.status());
      assertEquals(
          List.of(DOC.links().get(0)), r.outlinks().stream().map(Outlink::getToUrl).toList());
      assertEquals("links_limit", r.data().getMeta().get(ParseData.META_REASON));
    }
  }

  /** Three paragraphs as a typesetter set them: words hyphenated at line ends, real hyphens. */
  static final List<List<String>> HYPHENATED =
      List.of(
          List.of(
              "The county library now lends e-mail readers and other re-",
              "usable devices to its members. Jean-Paul Martin, who de-",
              "signed the new catalogue, says the COVID-",
              "19 rules and a well-",
              "Known shortage of staff delayed the pre-",
              "and post-war collections."),
          List.of(
              "Die Stadtbibliothek in der Müh-",
              "lenstraße bleibt im August geschlossen, weil die Hei-",
              "zungsanlage erneuert wird. Bücher können im Rat-",
              "haus zurückgegeben werden; die Vor- und Nachteile des Bü-",
              "cherbusses erklärt Frau Schmidt-",
              "Müller."),
          List.of(
              "La bibliothèque de la rue du Moulin fermera pen-",
              "dant trois semaines en août. Les lecteurs pour-",
              "ront rendre leurs livres à la mairie, et le biblio-",
              "bus passera chaque mardi ; le rendez-vous est à l'hô-",
              "tel de ville."));

  @Test
  public void wordsAPdfHyphenatedAtLineEndsAreWholeAndRealHyphensStay() {
    ParseResult r =
        parsers.parse(
            content(
                BASE + "notice.pdf",
                "application/pdf",
                DocumentFixtures.typesetPdf("Notice", HYPHENATED)));
    assertEquals(
        List.of(
            "The county library now lends e-mail readers and other reusable devices to its"
                + " members. Jean-Paul Martin, who designed the new catalogue, says the COVID-19"
                + " rules and a well-Known shortage of staff delayed the pre- and post-war"
                + " collections.",
            "Die Stadtbibliothek in der Mühlenstraße bleibt im August geschlossen, weil die"
                + " Heizungsanlage erneuert wird. Bücher können im Rathaus zurückgegeben werden;"
                + " die Vor- und Nachteile des Bücherbusses erklärt Frau Schmidt-Müller.",
            "La bibliothèque de la rue du Moulin fermera pendant trois semaines en août. Les"
                + " lecteurs pourront rendre leurs livres à la mairie, et le bibliobus passera"
                + " chaque mardi ; le rendez-vous est à l'hôtel de ville."),
        Arrays.stream(r.text().getText().split("\\n\\s*\\n"))
            .map(p -> p.strip().replaceAll("\\s+", " "))
            .toList());
  }
}
