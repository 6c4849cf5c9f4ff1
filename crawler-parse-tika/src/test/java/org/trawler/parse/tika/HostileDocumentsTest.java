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
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.Parsers;

/**
 * Each hostile or broken document ends with a status and a reason, in bounded time, and the parser
 * goes on to parse the next one.
 */
public class HostileDocumentsTest {
  private static final String URL = "http://127.0.0.2/files/doc";
  private static final int MAX_CHARS = 100_000;
  private static Parsers parsers;

  @BeforeClass
  public static void setUp() {
    Configuration conf = new Configuration(false);
    conf.setInt(ParseKeys.TEXT_MAX_CHARS, MAX_CHARS);
    parsers = new Parsers(conf);
  }

  @AfterClass
  public static void tearDown() {
    parsers.close();
  }

  private static ParseResult parse(String type, byte[] bytes, boolean truncated) {
    Content content = new Content(URL, URL, bytes, type, truncated);
    content.getHeaders().put("Content-Type", type);
    long start = System.nanoTime();
    ParseResult result = parsers.parse(content);
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    assertTrue("parsed within the default parser.timeout: " + seconds + " s", seconds < 30);
    return result;
  }

  private static void assertOutcome(byte status, String reason, ParseResult r) {
    assertEquals(
        r.data().getStatusMessage(),
        ParseData.statusName(status) + " " + reason,
        ParseData.statusName(r.status()) + " " + r.data().getMeta().get(ParseData.META_REASON));
    // and the parser still reads a good document
    ParseResult good =
        parse(
            "application/pdf",
            DocumentFixtures.pdf(
                new DocumentFixtures.Doc("Fine", "A", List.of("still parsing"), List.of())),
            false);
    assertEquals(ParseData.SUCCESS, good.status());
  }

  @Test
  public void aZipBombDressedAsDocxIsRefused() {
    assertOutcome(
        ParseData.FAILED,
        "zip_bomb",
        parse(
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            HostileDocuments.zipBombDocx(64 << 20),
            false));
  }

  @Test
  public void anEncryptedPdfIsEncrypted() {
    assertOutcome(
        ParseData.FAILED,
        "encrypted",
        parse("application/pdf", HostileDocuments.encryptedPdf(), false));
  }

  @Test
  public void aPasswordProtectedDocxIsEncrypted() {
    assertOutcome(
        ParseData.FAILED,
        "encrypted",
        parse("application/octet-stream", HostileDocuments.passwordDocx(), false));
  }

  @Test
  public void aPdfWithACyclicPageTreeEndsAsADocumentWithoutText() {
    ParseResult r = parse("application/pdf", HostileDocuments.cyclicPageTreePdf(), false);
    assertOutcome(ParseData.SUCCESS, "null", r);
    assertEquals("", r.text().getText());
  }

  @Test
  public void proseServedAsPdfIsReadAsTheTextItIs() {
    ParseResult r = parse("application/pdf", HostileDocuments.prose(), false);
    assertOutcome(ParseData.SUCCESS, "null", r);
    assertEquals("text/plain", r.data().getMeta().get(ParseData.META_TYPE));
  }

  @Test
  public void aFileThatClaimsToBeAPdfAndIsNotIsMalformed() {
    assertOutcome(
        ParseData.FAILED, "malformed", parse("application/pdf", HostileDocuments.notAPdf(), false));
  }

  @Test
  public void anEmptyFileIsNotParsed() {
    assertOutcome(ParseData.NOT_PARSED, "empty", parse("application/pdf", new byte[0], false));
  }

  @Test
  public void aFiftyMegabyteTextFileKeepsParserTextMaxChars() {
    ParseResult r = parse("text/plain", HostileDocuments.bigText(50 << 20), false);
    assertOutcome(ParseData.SUCCESS, "text_limit", r);
    int length = r.text().getText().length();
    assertTrue("text of " + length, length <= MAX_CHARS && length > MAX_CHARS - 10);
    assertTrue(r.text().getText().startsWith("lantern wick oil"));
  }

  @Test
  public void aPdfOfThousandsOfPagesStopsAtTheTextLimit() {
    byte[] pdf =
        DocumentFixtures.pdf(
            new DocumentFixtures.Doc(
                "Long",
                "A",
                List.of("Every page of the long manual says the same lantern words again."),
                List.of()),
            3000);
    ParseResult r = parse("application/pdf", pdf, false);
    assertOutcome(ParseData.SUCCESS, "text_limit", r);
  }

  @Test
  public void aPdfThatParsesLongerThanParserTimeoutIsAbandonedAtTheLimit() {
    Configuration conf = new Configuration(false);
    conf.setInt(ParseKeys.TIMEOUT, 1); // 1 s of CPU time
    conf.setInt(ParseKeys.TIMEOUT_WALL, 4); // a loaded machine gives the 1 s late: the backstop
    conf.setInt(ParseKeys.TEXT_MAX_CHARS, Integer.MAX_VALUE);
    byte[] pdf =
        DocumentFixtures.pdf(
            new DocumentFixtures.Doc(
                "Endless",
                "A",
                List.of(
                    "Forty thousand pages of the same lantern words,",
                    "each read again by a parser that ignores interrupts."),
                List.of()),
            // far more than 1 s of CPU to parse, even once the JIT has compiled the parser on an
            // idle machine (10 000 pages took less there)
            40_000);
    try (Parsers slow = new Parsers(conf)) {
      Content content = new Content(URL, URL, pdf, "application/pdf", false);
      long start = System.nanoTime();
      ParseResult r = slow.parse(content);
      long seconds = (System.nanoTime() - start) / 1_000_000_000L;
      assertTrue("returned at a limit, not after " + seconds + " s", seconds < 10);
      assertEquals(ParseData.FAILED, r.status());
      assertEquals("parse_timeout", r.data().getMeta().get(ParseData.META_REASON));
      assertEquals(1, slow.abandonedParses());
    }
  }

  @Test
  public void aTruncatedPdfIsNotReadButTruncatedTextIs() {
    byte[] pdf =
        DocumentFixtures.pdf(
            new DocumentFixtures.Doc("Cut", "A", List.of("words before the cut"), List.of()));
    ParseResult cut = parse("application/pdf", Arrays.copyOf(pdf, pdf.length / 2), true);
    assertOutcome(ParseData.FAILED, "truncated", cut);
    assertTrue(cut.data().getStatusMessage().contains("http.content.limit.documents"));
    ParseResult text = parse("text/plain", HostileDocuments.bigText(1000), true);
    assertEquals(ParseData.SUCCESS, text.status());
    assertTrue(text.text().getText().startsWith("lantern wick oil"));
  }
}
