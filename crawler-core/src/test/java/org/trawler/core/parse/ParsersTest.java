package org.trawler.core.parse;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.NetKeys;

/**
 * Every parser's parse is bounded by parser.timeout and parser.timeout.wall, in one place: {@link
 * Parsers} ({@link ParseWorkersTest} for the CPU time and the abandoned-parse cap).
 */
public class ParsersTest {
  private static final String PAGE = "http://127.0.0.2/a/page";

  private Parsers parsers;

  @After
  public void close() {
    if (parsers != null) {
      parsers.close();
    }
  }

  private Parsers parsers(String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    conf.set(ParseKeys.DETECTOR_CLASS, HeaderTypeDetector.class.getName());
    conf.set(ParseKeys.FILTER_ORDER, ""); // the parsers alone: lang lives in crawler-parse-tika
    conf.set(
        ParseKeys.CLASSES,
        "html:" + HtmlParser.class.getName() + ", hang:" + HangingParser.class.getName());
    conf.set(ParseKeys.TYPES, "text/html:html; " + HangingParser.TYPE + ":hang");
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    parsers = new Parsers(conf);
    return parsers;
  }

  private static Content content(String type, String body) {
    Content c = new Content(PAGE, PAGE, body.getBytes(StandardCharsets.UTF_8), type, false);
    c.getHeaders().put("Content-Type", type);
    return c;
  }

  private static long secondsSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 1_000_000_000L;
  }

  @Test
  public void aParserThatNeverReturnsIsAbandonedAtTheWallClockBackstopAndCounted() {
    // it sleeps, using no CPU time: the wall-clock backstop ends it
    Parsers p = parsers(ParseKeys.TIMEOUT, "30", ParseKeys.TIMEOUT_WALL, "1");
    Content page = content("text/html", "<title>next</title><a href='/b'>b</a>");
    assertEquals("jsoup warmed up", ParseData.SUCCESS, p.parse(page).status());
    long start = System.nanoTime();
    ParseResult hung = p.parse(content(HangingParser.TYPE, "%hang"));
    assertTrue("returned at the limit, not " + secondsSince(start) + " s", secondsSince(start) < 8);
    assertEquals(ParseData.FAILED, hung.status());
    assertEquals("parse_timeout", hung.data().getMeta().get(ParseData.META_REASON));
    assertTrue(
        hung.data().getStatusMessage(),
        hung.data()
            .getStatusMessage()
            .contains("more than 1 s of wall-clock time (parser.timeout.wall)"));
    assertEquals(HangingParser.TYPE, hung.data().getMeta().get(ParseData.META_TYPE));
    assertArrayEquals(Signature.md5("%hang".getBytes(StandardCharsets.UTF_8)), hung.signature());
    assertEquals(1, p.abandonedParses());

    ParseResult next = p.parse(page);
    assertEquals("the next page is parsed", ParseData.SUCCESS, next.status());
    assertEquals("next", next.data().getTitle());
    assertEquals(1, p.abandonedParses());
  }

  @Test
  public void anHtmlParseOverrunningItsTimeFailsWithTheReason() {
    Parsers p =
        parsers(
            ParseKeys.TIMEOUT,
            "1",
            ParseKeys.TIMEOUT_WALL,
            "1",
            NetKeys.NORMALIZER_ORDER,
            SlowNormalizer.class.getName());
    long start = System.nanoTime();
    ParseResult r = p.parse(content("text/html", "<title>slow</title><a href='/a'>a</a>"));
    assertTrue("returned at the limit, not " + secondsSince(start) + " s", secondsSince(start) < 5);
    assertEquals(ParseData.FAILED, r.status());
    assertEquals("parse_timeout", r.data().getMeta().get(ParseData.META_REASON));
    assertTrue(r.outlinks().isEmpty());
    assertArrayEquals(
        Signature.md5("<title>slow</title><a href='/a'>a</a>".getBytes(StandardCharsets.UTF_8)),
        r.signature());
  }

  @Test
  public void withoutATimeoutTheParseRunsInTheCallingThread() {
    Parsers p = parsers(ParseKeys.TIMEOUT, "0");
    ParseResult r = p.parse(content("text/html", "<title>t</title><a href='/a'>a</a>"));
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals(1, r.outlinks().size());
    assertEquals(0, p.abandonedParses());
  }

  @Test
  public void aParserBugFailsThePageNotTheTask() {
    Parsers p = parsers(NetKeys.NORMALIZER_ORDER, BrokenNormalizer.class.getName());
    ParseResult r = p.parse(content("text/html", "<a href='/a'>a</a>"));
    assertEquals(ParseData.FAILED, r.status());
    assertEquals("parser_error", r.data().getMeta().get(ParseData.META_REASON));
  }

  @Test
  public void aDocumentOtherThanHtmlRecordsItsHeadersSignalsThroughTheSameReader() {
    Parsers p = parsers();
    Content pdf = content("application/pdf", "%PDF-1.4 no parser here");
    pdf.getHeaders().put("X-Robots-Tag", "noindex, max-snippet:20");
    pdf.getHeaders().put("Content-Usage", "train-ai=n");
    pdf.getHeaders().put("tdm-reservation", "1");
    pdf.getMeta().put(Content.META_ROBOTS_SIGNALS, "*\tcontent-signal\tsearch=yes\n");
    ParseResult r = p.parse(pdf);
    java.util.Map<String, String> meta = r.data().getMeta();
    assertEquals("yes", meta.get("robots.noindex"));
    assertEquals("header", meta.get("robots.noindex.from"));
    assertEquals("20", meta.get("robots.max-snippet"));
    assertEquals("no", meta.get("usage.ai-train"));
    assertEquals("yes", meta.get("tdm.reserved"));
    assertEquals("yes", meta.get("usage.search"));
    assertEquals("robots.txt:*", meta.get("usage.search.from"));
    assertEquals("noindex,follow", meta.get("robots"));
    assertEquals("", r.text().getText());

    Content bad = content("application/pdf", "%PDF-1.4");
    bad.getHeaders().put("Content-Usage", "train-ai=maybe");
    assertEquals(
        java.util.List.of("malformed_signal train-ai=maybe"),
        p.parse(bad).notes().stream().map(n -> n.counter() + " " + n.detail()).toList());
  }
}
