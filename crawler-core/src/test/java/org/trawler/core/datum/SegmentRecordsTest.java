package org.trawler.core.datum;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.trawler.core.datum.CrawlDatumTest.bytes;
import static org.trawler.core.datum.CrawlDatumTest.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.Test;

/** Round trips of the segment records and the tagged union jobs shuffle them in. */
public class SegmentRecordsTest {

  static Content content() {
    byte[] body = "<html>ü</html>".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    Content c = new Content("http://a.com/", "http://a.com/final", body, "text/html", true);
    c.getHeaders().put("Content-Type", "text/html; charset=utf-8");
    c.getHeaders().put("X-Empty", "");
    c.getMeta().put(Content.META_SCORE, "1.5");
    return c;
  }

  static ParseData parseData() {
    ParseData p = new ParseData(ParseData.SUCCESS, "ok", "Title ✓");
    p.getOutlinks().add(new Outlink("http://b.com/", "B"));
    p.getOutlinks().add(new Outlink("http://c.com/", null));
    p.getMeta().put("description", "about");
    return p;
  }

  @Test
  public void contentRoundTrips() throws IOException {
    Content copy = read(bytes(content()), new Content());
    assertEquals("http://a.com/", copy.getUrl());
    assertEquals("http://a.com/final", copy.getFinalUrl());
    assertEquals("text/html", copy.getContentType());
    assertArrayEquals(content().getContent(), copy.getContent());
    assertTrue(copy.isTruncated());
    assertEquals(content().getHeaders(), copy.getHeaders());
    assertEquals("text/html; charset=utf-8", copy.getHeader("content-type"));
    assertEquals(Map.of(Content.META_SCORE, "1.5"), copy.getMeta());
    assertEquals(content().toString(), copy.toString());
  }

  @Test
  public void emptyContentRoundTrips() throws IOException {
    Content copy = read(bytes(new Content("u", "u", new byte[0], null, false)), new Content());
    assertEquals(0, copy.getContent().length);
    assertEquals("", copy.getContentType());
    assertTrue(copy.getHeaders().isEmpty());
  }

  @Test
  public void parseDataRoundTrips() throws IOException {
    ParseData copy = read(bytes(parseData()), new ParseData());
    assertEquals(ParseData.SUCCESS, copy.getStatus());
    assertEquals("ok", copy.getStatusMessage());
    assertEquals("Title ✓", copy.getTitle());
    assertEquals(
        List.of(new Outlink("http://b.com/", "B"), new Outlink("http://c.com/", "")),
        copy.getOutlinks());
    assertEquals(Map.of("description", "about"), copy.getMeta());
    assertEquals("parse_failed", ParseData.statusName(ParseData.FAILED));
  }

  @Test
  public void parseTextRoundTrips() throws IOException {
    assertEquals(
        "some text\nmore ✓",
        read(bytes(new ParseText("some text\nmore ✓")), new ParseText()).getText());
    assertEquals("", read(bytes(new ParseText(null)), new ParseText()).getText());
    ParseText withMarkdown = read(bytes(new ParseText("A b", "# A\n\n*b*")), new ParseText());
    assertEquals("A b", withMarkdown.getText());
    assertEquals("# A\n\n*b*", withMarkdown.getMarkdown());
  }

  @Test
  public void aVersionOneParseTextHasNoMarkdown() throws IOException {
    java.io.ByteArrayOutputStream v1 = new java.io.ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(v1);
    out.writeByte(1);
    org.apache.hadoop.io.Text.writeString(out, "old text");
    ParseText old = read(v1.toByteArray(), new ParseText());
    assertEquals("old text", old.getText());
    assertEquals("", old.getMarkdown());
  }

  @Test
  public void inlinksRoundTrip() throws IOException {
    Inlinks inlinks = new Inlinks();
    inlinks.add("http://from1.com/", "anchor one");
    inlinks.add("http://from2.com/", "");
    Inlinks copy = read(bytes(inlinks), new Inlinks());
    assertEquals(inlinks.getInlinks(), copy.getInlinks());
    assertEquals(2, copy.size());
  }

  @Test
  public void inlinksWrittenInOneGoAreTheVersionTheCountAndEachInlinkInTurn() throws IOException {
    Inlinks inlinks = new Inlinks();
    for (int i = 0; i < 300; i++) { // a count above 127 takes a longer variable-length integer
      inlinks.add("http://from.com/" + i, i % 2 == 0 ? "" : "ancre é " + i);
    }
    java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
    java.io.DataOutputStream out = new java.io.DataOutputStream(expected);
    out.writeByte(Inlinks.VERSION);
    org.apache.hadoop.io.WritableUtils.writeVInt(out, 300);
    for (Outlink o : inlinks.getInlinks()) {
      o.write(out);
    }
    assertArrayEquals(expected.toByteArray(), bytes(inlinks));
    assertEquals(inlinks.getInlinks(), read(bytes(inlinks), new Inlinks()).getInlinks());
  }

  @Test
  public void readingIntoUsedRecordsReplacesTheirLists() throws IOException {
    ParseData reused = parseData();
    read(bytes(new ParseData(ParseData.NOT_PARSED, null, null)), reused);
    assertTrue(reused.getOutlinks().isEmpty());
    assertTrue(reused.getMeta().isEmpty());
    Content reusedContent = content();
    read(bytes(new Content("u", "u", new byte[0], "", false)), reusedContent);
    assertTrue(reusedContent.getHeaders().isEmpty());
  }

  @Test
  public void segmentRecordCarriesEachTypeThroughARoundTrip() throws IOException {
    Inlinks inlinks = new Inlinks();
    inlinks.add("http://from.com/", "a");
    CrawlDatum datum = CrawlDatumTest.full();
    for (Object record :
        new Object[] {datum, content(), parseData(), new ParseText("t"), inlinks}) {
      SegmentRecord copy =
          read(
              bytes(new SegmentRecord((org.apache.hadoop.io.Writable) record)),
              new SegmentRecord());
      assertEquals(record.getClass(), copy.get().getClass());
      assertArrayEquals(bytes((org.apache.hadoop.io.Writable) record), bytes(copy.get()));
    }
  }

  @Test
  public void newerRecordVersionsFailWithAClearMessage() throws IOException {
    Object[][] cases = {
      {content(), new Content(), "Content"},
      {parseData(), new ParseData(), "ParseData"},
      {new ParseText("x"), new ParseText(), "ParseText"},
      {new Inlinks(), new Inlinks(), "Inlinks"}
    };
    for (Object[] c : cases) {
      byte[] data = bytes((org.apache.hadoop.io.Writable) c[0]);
      boolean parseData =
          c[0] instanceof ParseData || c[0] instanceof Content || c[0] instanceof ParseText;
      data[0] = (byte) (parseData ? 3 : 2);
      try {
        read(data, (org.apache.hadoop.io.Writable) c[1]);
        fail(c[2] + " version " + data[0] + " was read");
      } catch (IOException e) {
        assertEquals(
            c[2]
                + " format version "
                + data[0]
                + " is not supported (this build reads version "
                + (parseData ? "1 to 2" : "1")
                + ")",
            e.getMessage());
      }
    }
  }

  @Test
  public void renderedDomRoundTripsAndVersionOneContentReadsAsNotRendered() throws IOException {
    Content c = content();
    c.setRendered("<html><body>made by script</body></html>".getBytes(StandardCharsets.UTF_8));
    Content back = new Content();
    read(bytes(c), back);
    assertTrue(back.isRendered());
    assertArrayEquals(c.getRendered(), back.getRendered());
    Content parsed = back.forParse();
    assertArrayEquals(c.getRendered(), parsed.getContent());
    assertEquals("text/html; charset=UTF-8", parsed.getHeader("content-type"));
    assertEquals(c.getFinalUrl(), parsed.getFinalUrl());

    Content plain = content();
    byte[] v2 = bytes(plain);
    byte[] v1 = java.util.Arrays.copyOf(v2, v2.length - 1); // version 1: no rendered length
    v1[0] = 1;
    Content old = new Content();
    read(v1, old);
    assertFalse(old.isRendered());
    assertSame(old, old.forParse());
    assertArrayEquals(plain.getContent(), old.getContent());
  }

  @Test
  public void outlinkMetadataRoundTripsInParseData() throws IOException {
    ParseData p = parseData();
    Outlink item = new Outlink("http://d.com/news", "News");
    item.getMeta().put(Outlink.META_PUBLISHED, "1700000000000");
    p.getOutlinks().add(item);
    ParseData copy = read(bytes(p), new ParseData());
    assertEquals(p.getOutlinks(), copy.getOutlinks());
    assertEquals(
        Map.of(Outlink.META_PUBLISHED, "1700000000000"), copy.getOutlinks().get(2).getMeta());
    assertTrue(copy.getOutlinks().get(0).getMeta().isEmpty());
    // reading a page without outlink metadata into the used record drops the old metadata
    read(bytes(parseData()), copy);
    assertEquals(parseData().getOutlinks(), copy.getOutlinks());
  }

  @Test
  public void parseDataOfVersionOneIsRead() throws IOException {
    byte[] v2 = bytes(parseData());
    // version 1 is version 2 without the trailing count of outlinks with metadata (0)
    byte[] v1 = java.util.Arrays.copyOf(v2, v2.length - 1);
    v1[0] = 1;
    ParseData copy = read(v1, new ParseData());
    assertEquals(parseData().getOutlinks(), copy.getOutlinks());
    assertEquals(Map.of("description", "about"), copy.getMeta());
  }
}
