package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.junit.Test;
import org.trawler.core.parse.CharsetDetector.Source;

public class CharsetDetectorTest {
  private final CharsetDetector detector = new CharsetDetector(Charset.forName("windows-1252"));

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  public void sourcesAreTriedInOrder() {
    byte[] withMeta = ascii("<meta charset=koi8-r>");
    assertEquals(Source.HEADER, detector.detect(withMeta, "text/html; charset=gbk").source());
    assertEquals(Source.META, detector.detect(withMeta, "text/html").source());
    assertEquals("KOI8-R", detector.detect(withMeta, null).charset().name());
    assertEquals(Source.DEFAULT, detector.detect(ascii("<p>x</p>"), "text/html").source());
    byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF, '<', 'p', '>'};
    CharsetDetector.Detection d = detector.detect(bom, "text/html; charset=gbk");
    assertEquals(Source.BOM, d.source());
    assertEquals("<p>", d.decode(bom));
  }

  @Test
  public void utf16BigEndianByteOrderMark() {
    byte[] page = {(byte) 0xFE, (byte) 0xFF, 0, '<', 0, 'p', 0, '>'};
    CharsetDetector.Detection d = detector.detect(page, null);
    assertEquals(StandardCharsets.UTF_16BE, d.charset());
    assertEquals("<p>", d.decode(page));
  }

  @Test
  public void metaDeclarationBeyondTheSniffedPrefixIsNotSeen() {
    String padding = "<!-- " + "x".repeat(CharsetDetector.SNIFF_BYTES) + " -->";
    assertEquals(
        Source.DEFAULT, detector.detect(ascii(padding + "<meta charset=gbk>"), null).source());
  }

  @Test
  public void metaWithoutCharsetOrWithOtherHttpEquivIsSkipped() {
    byte[] page =
        ascii(
            "<meta name=description content='charset=gbk'><meta http-equiv=refresh content='0; charset=gbk'>"
                + "<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html;charset=ISO-8859-2\">");
    assertEquals("ISO-8859-2", detector.detect(page, null).charset().name());
  }

  @Test
  public void labelsMapToTheirWebSupersets() {
    assertEquals("windows-1252", CharsetDetector.lookup("ISO-8859-1").name());
    assertEquals("windows-1252", CharsetDetector.lookup(" 'us-ascii' ").name());
    assertEquals("GBK", CharsetDetector.lookup("GB2312").name());
    assertEquals("windows-31j", CharsetDetector.lookup("shift_jis").name());
    assertEquals("UTF-8", CharsetDetector.lookup("utf8").name());
    assertNull(CharsetDetector.lookup("no-such-charset"));
    assertNull(CharsetDetector.lookup("bad name!"));
    assertNull(CharsetDetector.lookup(""));
  }
}
