package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.NetKeys;

/** Canonical links, hreflang alternates and rel=nofollow, through the parser. */
public class LinkRelationsTest {
  private static final String PAGE = "http://example.com/docs/page.html?session=1";
  private final List<HtmlParser> parsers = new ArrayList<>();

  @After
  public void close() {
    parsers.forEach(HtmlParser::close);
  }

  private ParseResult parse(String html, String linkHeader, String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    HtmlParser parser = new HtmlParser(conf);
    parsers.add(parser);
    Content c = new Content(PAGE, PAGE, html.getBytes(StandardCharsets.UTF_8), "text/html", false);
    c.getHeaders().put("Content-Type", "text/html; charset=utf-8");
    if (linkHeader != null) {
      c.getHeaders().put("Link", linkHeader);
    }
    return parser.parse(c);
  }

  private static List<String> urls(ParseResult r) {
    List<String> urls = new ArrayList<>();
    for (Outlink o : r.outlinks()) {
      urls.add(o.getToUrl());
    }
    return urls;
  }

  @Test
  public void relIsASetOfWhitespaceSeparatedTokensReadWithoutCase() {
    assertTrue(OutlinkExtractor.hasRel("nofollow", "nofollow"));
    assertTrue(OutlinkExtractor.hasRel("  external\tNoFollow\n", "nofollow"));
    assertTrue(OutlinkExtractor.hasRel("ugc\u000Bnofollow\fnoopener\r", "noopener"));
    assertFalse(OutlinkExtractor.hasRel("", "nofollow"));
    assertFalse(OutlinkExtractor.hasRel("   ", "nofollow"));
    assertFalse(OutlinkExtractor.hasRel("nofollowed no-follow", "nofollow"));
    assertFalse(OutlinkExtractor.hasRel("follow", "nofollow"));
    assertFalse(OutlinkExtractor.hasRel("no\u00A0follow", "nofollow")); // not a separator
  }

  @Test
  public void theCanonicalLinkIsRecordedAbsoluteButNotFollowedByDefault() {
    ParseResult r =
        parse("<html><head><link rel=canonical href='page.html'></head><body></body></html>", null);
    assertEquals(
        "http://example.com/docs/page.html", r.data().getMeta().get(ParseData.META_CANONICAL));
    assertEquals(List.of(), urls(r));
  }

  @Test
  public void followCanonicalMakesItAnOutlinkOnce() {
    ParseResult r =
        parse(
            "<html><head><link rel='Canonical' href='/c'></head>"
                + "<body><a href='/a'>a</a><a href='/c'>c</a></body></html>",
            null,
            ParseKeys.FOLLOW_CANONICAL,
            "true");
    assertEquals(List.of("http://example.com/a", "http://example.com/c"), urls(r));
  }

  @Test
  public void theLinkHeaderNamesTheCanonicalWhenThePageDoesNot() {
    ParseResult r =
        parse(
            "<html><body>x</body></html>",
            "<http://example.com/style.css>; rel=preload, <https://example.com/docs/page.html>;"
                + " rel=\"canonical\"",
            ParseKeys.FOLLOW_CANONICAL,
            "true");
    assertEquals(
        "https://example.com/docs/page.html", r.data().getMeta().get(ParseData.META_CANONICAL));
    assertEquals(List.of("https://example.com/docs/page.html"), urls(r));
  }

  @Test
  public void thePagesOwnCanonicalWinsOverTheHeader() {
    ParseResult r =
        parse(
            "<html><head><link rel=canonical href='/mine'></head></html>",
            "<http://example.com/header>; rel=canonical");
    assertEquals("http://example.com/mine", r.data().getMeta().get(ParseData.META_CANONICAL));
  }

  @Test
  public void noCanonicalRecordsNothing() {
    assertNull(
        parse("<html><body><a href='/a'>a</a></body></html>", "<x>; rel=next")
            .data()
            .getMeta()
            .get(ParseData.META_CANONICAL));
  }

  @Test
  public void hreflangAlternatesAreOutlinks() {
    ParseResult r =
        parse(
            "<html><head><link rel=alternate hreflang=de href='/de/page.html'>"
                + "<link rel=alternate type='application/rss+xml' href='/feed'>"
                + "<link rel=alternate hreflang=fr href='mailto:x@y'></head>"
                + "<body><a href='/a'>a</a></body></html>",
            null);
    assertEquals(
        List.of(
            "http://example.com/a", "http://example.com/de/page.html", "http://example.com/feed"),
        urls(r));
  }

  @Test
  public void rssAndAtomAlternatesAreOutlinksOtherAlternatesAreNot() {
    ParseResult r =
        parse(
            "<html><head><link rel=alternate type='application/rss+xml' href='/news.rss'>"
                + "<link rel='alternate' type='Application/Atom+XML; charset=utf-8'"
                + " href='http://example.com/news.atom' title='Atom'>"
                + "<link rel=alternate type='application/pdf' href='/page.pdf'>"
                + "<link rel=stylesheet type='text/css' href='/style.css'>"
                + "<link rel=alternate type='application/rss+xml'>"
                + "</head><body><a href='/a'>a</a></body></html>",
            null);
    assertEquals(
        List.of(
            "http://example.com/a", "http://example.com/news.rss", "http://example.com/news.atom"),
        urls(r));
  }

  @Test
  public void nofollowLinksAreKeptUnlessHonoured() {
    String html =
        "<html><body><a href='/a' rel='nofollow'>a</a><a href='/b' rel='external NoFollow'>b</a>"
            + "<a href='/c'>c</a></body></html>";
    assertEquals(
        List.of("http://example.com/a", "http://example.com/b", "http://example.com/c"),
        urls(parse(html, null)));
    assertEquals(
        List.of("http://example.com/c"), urls(parse(html, null, ParseKeys.HONOR_NOFOLLOW, "true")));
  }

  @Test
  public void linksOnlyEverNofollowAreMarkedSoRankLeavesThemOut() {
    ParseResult r =
        parse(
            "<html><body><a href='/a' rel='nofollow'>a</a><a href='/b' rel=nofollow>b</a>"
                + "<a href='/b'>b again</a><a href='/c'>c</a></body></html>",
            null);
    Map<String, String> marks = new LinkedHashMap<>();
    for (Outlink o : r.outlinks()) {
      marks.put(o.getToUrl(), o.getMeta().getOrDefault(Outlink.META_NOFOLLOW, "-"));
    }
    assertEquals(
        Map.of(
            "http://example.com/a",
            "true",
            "http://example.com/b",
            "-",
            "http://example.com/c",
            "-"),
        marks);
  }

  @Test
  public void theOutlinkCapHoldsForTheAddedLinks() {
    ParseResult r =
        parse(
            "<html><head><link rel=alternate hreflang=de href='/de'></head>"
                + "<body><a href='/a'>a</a></body></html>",
            null,
            ParseKeys.MAX_OUTLINKS,
            "1");
    assertEquals(List.of("http://example.com/a"), urls(r));
  }

  @Test
  public void metaRobotsNofollowDropsTheAddedLinksToo() {
    ParseResult r =
        parse(
            "<html><head><meta name=robots content=nofollow>"
                + "<link rel=alternate hreflang=de href='/de'><link rel=canonical href='/c'></head>"
                + "</html>",
            null,
            ParseKeys.FOLLOW_CANONICAL,
            "true");
    assertEquals(List.of(), urls(r));
    assertEquals("http://example.com/c", r.data().getMeta().get(ParseData.META_CANONICAL));
  }
}
