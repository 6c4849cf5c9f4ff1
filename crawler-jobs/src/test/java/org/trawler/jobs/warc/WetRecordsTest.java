package org.trawler.jobs.warc;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.junit.Test;
import org.netpreserve.jwarc.MediaType;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcResponse;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;

public class WetRecordsTest {
  private static final String TEXT =
      "¿Cómo instalar? Ejecute el comando:\nsudo apt-get install trawler";

  private static WarcResponse response() {
    return new WarcResponse.Builder("http://a.test/es/instalar")
        .version(MessageVersion.WARC_1_1)
        .date(Instant.parse("2026-11-28T10:00:00Z"))
        .body(MediaType.HTTP_RESPONSE, "HTTP/1.1 200 OK\r\n\r\n".getBytes())
        .build();
  }

  private static Capture parsed(ParseData parse, String text) {
    Capture page = TestCaptures.page("http://a.test/es/instalar", 1000, "x", false);
    return new Capture(
        page.url(), page.fetch(), page.content(), page.transcript(), parse, new ParseText(text));
  }

  @Test
  public void aPageInTwoLanguagesIsItsTextWithBothLanguagesMainFirst() throws Exception {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "Instalar");
    parse.getMeta().put(ParseData.META_LANG, "es");
    parse.getMeta().put(ParseData.META_LANGUAGES, "es\nen");
    WarcResponse response = response();
    WarcConversion wet = WetRecords.conversion(parsed(parse, TEXT), response);

    byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
    assertEquals("conversion", wet.type());
    assertEquals("http://a.test/es/instalar", wet.headers().first("WARC-Target-URI").get());
    assertEquals(response.id(), wet.refersTo().get());
    assertEquals(response.date(), wet.date());
    assertEquals("spa,eng", wet.headers().first("WARC-Identified-Content-Language").get());
    assertEquals("text/plain", wet.contentType().toString());
    assertEquals(
        "Content-Length counts bytes, not characters",
        Long.toString(utf8.length),
        wet.headers().first("Content-Length").get());
    assertFalse(utf8.length == TEXT.length());
    byte[] block = wet.body().stream().readAllBytes();
    assertArrayEquals(utf8, block);
    assertEquals(CaptureRecords.sha1(utf8), wet.blockDigest().get());
  }

  @Test
  public void aPagesMarkdownIsATextMarkdownConversionAndNoneWithoutIt() throws Exception {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "Instalar");
    parse.getMeta().put(ParseData.META_LANG, "es");
    Capture page = TestCaptures.page("http://a.test/es/instalar", 1000, "x", false);
    String md = "# ¿Cómo instalar?\n\n```sh\nsudo apt-get install trawler\n```";
    WarcResponse response = response();
    WarcConversion conversion =
        WetRecords.markdown(
            new Capture(
                page.url(),
                page.fetch(),
                page.content(),
                page.transcript(),
                parse,
                new ParseText(TEXT, md)),
            response);
    byte[] utf8 = md.getBytes(StandardCharsets.UTF_8);
    assertEquals("text/markdown;charset=utf-8;variant=GFM", conversion.contentType().toString());
    assertEquals(response.id(), conversion.refersTo().get());
    assertEquals("spa", conversion.headers().first("WARC-Identified-Content-Language").get());
    assertEquals(Long.toString(utf8.length), conversion.headers().first("Content-Length").get());
    assertArrayEquals(utf8, conversion.body().stream().readAllBytes());
    assertEquals(CaptureRecords.sha1(utf8), conversion.blockDigest().get());
    assertNull(WetRecords.markdown(parsed(parse, TEXT), response));
  }

  @Test
  public void withoutLanguagesTheMainLanguageIsGiven() {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "t");
    parse.getMeta().put(ParseData.META_LANG, "de");
    assertEquals("deu", WetRecords.languages(parse));
    parse.getMeta().remove(ParseData.META_LANG);
    assertEquals("", WetRecords.languages(parse));
  }

  @Test
  public void aFailedParseOrAPageWithoutTextHasNoWetRecord() {
    ParseData failed = new ParseData(ParseData.FAILED, "parser_error", "");
    assertNull(WetRecords.conversion(parsed(failed, "some text"), response()));
    ParseData noindex = new ParseData(ParseData.SUCCESS, "", "t");
    assertNull(WetRecords.conversion(parsed(noindex, ""), response()));
    Capture unparsed = TestCaptures.notFound("http://a.test/x", 1000);
    assertNull(WetRecords.conversion(unparsed, response()));
  }
}
