package org.trawler.core.parse;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.NetKeys;

public class HtmlParserTest {
  private static final String PAGE = "http://example.com/docs/index.html";

  private final List<HtmlParser> parsers = new ArrayList<>();

  @After
  public void closeParsers() {
    parsers.forEach(HtmlParser::close);
  }

  private static Configuration conf(String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  private ParseResult parse(Content content, String... keyValues) {
    HtmlParser parser = new HtmlParser(conf(keyValues));
    parsers.add(parser);
    return parser.parse(content);
  }

  private ParseResult parseHtml(String html, String... keyValues) {
    return parse(
        html(PAGE, html.getBytes(StandardCharsets.UTF_8), "text/html; charset=utf-8"), keyValues);
  }

  private static Content html(String url, byte[] bytes, String contentTypeHeader) {
    Content c =
        new Content(
            url,
            url,
            bytes,
            contentTypeHeader == null
                ? "text/html"
                : contentTypeHeader.replaceAll(";.*", "").trim(),
            false);
    if (contentTypeHeader != null) {
      c.getHeaders().put("Content-Type", contentTypeHeader);
    }
    return c;
  }

  private static List<String> urls(ParseResult r) {
    List<String> urls = new ArrayList<>();
    for (Outlink o : r.outlinks()) {
      urls.add(o.getToUrl());
    }
    return urls;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }

  // ---- links held back ----

  @Test
  public void linksTheTrapFilterHoldsBackAreNotedWithTheirReason() {
    String deep = "http://example.com/a/b/c/d/e/f";
    ParseResult r =
        parseHtml(
            "<a href='/ok'>ok</a><a href='/a/b/c/d/e/f'>deep</a><a href='/a/b/c/d/e/f'>again</a>"
                + "<a href='/x?a=1&b=2&c=3'>facets</a><a href='/r/s/r/s/r'>loop</a>",
            NetKeys.FILTER_ORDER,
            "org.trawler.core.net.filter.TrapURLFilter",
            NetKeys.TRAP_DEPTH_MAX,
            "5",
            NetKeys.TRAP_PARAMS_MAX,
            "2");
    assertEquals(List.of("http://example.com/ok"), urls(r));
    assertEquals(
        List.of(
            new ParseNote(OutlinkExtractor.TRAP_NOTE, "path_too_deep", "path_too_deep " + deep),
            new ParseNote(
                OutlinkExtractor.TRAP_NOTE,
                "too_many_params",
                "too_many_params http://example.com/x?a=1&b=2&c=3"),
            new ParseNote(
                OutlinkExtractor.TRAP_NOTE,
                "repeating_path",
                "repeating_path http://example.com/r/s/r/s/r")),
        r.notes());
  }

  // ---- charsets ----

  @Test
  public void headerCharsetDecodesThePage() {
    byte[] page =
        "<title>Gr\u00fc\u00dfe</title><p>stra\u00dfe</p>".getBytes(StandardCharsets.ISO_8859_1);
    ParseResult r = parse(html(PAGE, page, "text/html; charset=ISO-8859-15"));
    assertEquals("Gr\u00fc\u00dfe", r.data().getTitle());
    assertEquals("ISO-8859-15", r.data().getMeta().get("charset"));
  }

  @Test
  public void quotedHeaderCharsetIsUnderstood() {
    byte[] page = "<title>\u4e2d\u6587</title>".getBytes(Charset.forName("GBK"));
    ParseResult r = parse(html(PAGE, page, "text/html; charset=\"gbk\""));
    assertEquals("\u4e2d\u6587", r.data().getTitle());
  }

  @Test
  public void utf8ByteOrderMarkWinsOverAServerDefaultHeader() {
    byte[] page =
        concat(
            new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
            "<title>caf\u00e9</title><p>na\u00efve</p>".getBytes(StandardCharsets.UTF_8));
    ParseResult r = parse(html(PAGE, page, "text/html; charset=iso-8859-1"));
    assertEquals("caf\u00e9", r.data().getTitle());
    assertEquals("na\u00efve", r.text().getText());
    assertEquals("UTF-8", r.data().getMeta().get("charset"));
  }

  @Test
  public void utf16LittleEndianByteOrderMarkDecodesThePage() {
    byte[] page =
        concat(
            new byte[] {(byte) 0xFF, (byte) 0xFE},
            "<title>\u00fcber</title><a href=/x>x</a>".getBytes(StandardCharsets.UTF_16LE));
    ParseResult r = parse(html(PAGE, page, "text/html"));
    assertEquals("\u00fcber", r.data().getTitle());
    assertEquals(List.of("http://example.com/x"), urls(r));
  }

  @Test
  public void metaCharsetIsUsedWithoutHeaderCharset() {
    byte[] page =
        "<html><head><meta charset=\"windows-1251\"><title>\u041f\u0440\u0438\u0432\u0435\u0442</title>"
            .getBytes(Charset.forName("windows-1251"));
    ParseResult r = parse(html(PAGE, page, "text/html"));
    assertEquals("\u041f\u0440\u0438\u0432\u0435\u0442", r.data().getTitle());
    assertEquals("windows-1251", r.data().getMeta().get("charset"));
  }

  @Test
  public void httpEquivContentTypeCharsetIsUsed() {
    byte[] page =
        ("<html><head><meta content='text/html; charset=Shift_JIS' http-equiv='Content-Type'>"
                + "<title>\u65e5\u672c\u8a9e</title>")
            .getBytes(Charset.forName("windows-31j"));
    ParseResult r = parse(html(PAGE, page, null));
    assertEquals("\u65e5\u672c\u8a9e", r.data().getTitle());
  }

  @Test
  public void gbkPageDeclaredAsGb2312ComesOutRight() {
    // 镕 is in GBK but not in GB2312: pages labelled gb2312 use GBK
    String title = "\u4e2d\u6587\u9555\u57fa";
    byte[] page =
        ("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=gb2312\"><title>"
                + title
                + "</title><body>\u7f51\u9875</body>")
            .getBytes(Charset.forName("GBK"));
    ParseResult r = parse(html(PAGE, page, "text/html"));
    assertEquals(title, r.data().getTitle());
    assertEquals("\u7f51\u9875", r.text().getText());
    assertEquals("GBK", r.data().getMeta().get("charset"));
  }

  @Test
  public void windows1252PageLabelledLatin1KeepsItsQuotesAndEuro() {
    byte[] page =
        "<p>\u201cquoted\u201d costs 5\u20ac \u2013 caf\u00e9</p>"
            .getBytes(Charset.forName("windows-1252"));
    ParseResult r = parse(html(PAGE, page, "text/html; charset=ISO-8859-1"));
    assertEquals("\u201cquoted\u201d costs 5\u20ac \u2013 caf\u00e9", r.text().getText());
    assertEquals("windows-1252", r.data().getMeta().get("charset"));
  }

  @Test
  public void pageWithoutAnyDeclarationUsesTheConfiguredDefault() {
    byte[] page = "<p>\u201cdefault\u201d</p>".getBytes(Charset.forName("windows-1252"));
    ParseResult r = parse(html(PAGE, page, "text/html"));
    assertEquals("\u201cdefault\u201d", r.text().getText());
    assertEquals("windows-1252", r.data().getMeta().get("charset"));

    byte[] latin2 = "<p>\u0142\u00f3d\u017a</p>".getBytes(Charset.forName("ISO-8859-2"));
    ParseResult r2 =
        parse(html(PAGE, latin2, "text/html"), ParseKeys.FALLBACK_CHARSET, "ISO-8859-2");
    assertEquals("\u0142\u00f3d\u017a", r2.text().getText());
  }

  @Test
  public void unknownCharsetNamesFallThroughToTheNextSource() {
    byte[] page =
        ("<meta charset=\"no-such-charset\"><meta charset=\"gbk\"><title>\u4e2d\u6587</title>")
            .getBytes(Charset.forName("GBK"));
    ParseResult r = parse(html(PAGE, page, "text/html; charset=x-bogus-42"));
    assertEquals("\u4e2d\u6587", r.data().getTitle());
    assertEquals("GBK", r.data().getMeta().get("charset"));

    ParseResult illegal = parse(html(PAGE, page, "text/html; charset=***"));
    assertEquals("\u4e2d\u6587", illegal.data().getTitle());
  }

  @Test
  public void unknownDefaultCharsetMeansWindows1252() {
    byte[] page = "<p>\u201cx\u201d</p>".getBytes(Charset.forName("windows-1252"));
    ParseResult r = parse(html(PAGE, page, "text/html"), ParseKeys.FALLBACK_CHARSET, "nonsense");
    assertEquals("\u201cx\u201d", r.text().getText());
  }

  @Test
  public void lyingHeaderCharsetIsHonouredWithoutFailing() {
    // the header says UTF-8, the bytes are windows-1252: as in a browser, the é is lost, nothing
    // else
    byte[] page =
        "<title>caf\u00e9</title><a href=/menu>menu</a>".getBytes(Charset.forName("windows-1252"));
    ParseResult r = parse(html(PAGE, page, "text/html; charset=utf-8"));
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("caf\ufffd", r.data().getTitle());
    assertEquals(List.of("http://example.com/menu"), urls(r));
  }

  @Test
  public void metaDeclaringUtf16InAnAsciiPageMeansUtf8() {
    byte[] page =
        "<meta charset=utf-16><title>\u00e9t\u00e9</title>".getBytes(StandardCharsets.UTF_8);
    ParseResult r = parse(html(PAGE, page, "text/html"));
    assertEquals("\u00e9t\u00e9", r.data().getTitle());
  }

  @Test
  public void invalidUtf8BecomesReplacementCharacters() {
    byte[] page =
        concat(
            "<title>ok</title><p>bad ".getBytes(StandardCharsets.US_ASCII),
            new byte[] {
              (byte) 0xC3,
              0x28,
              (byte) 0xFF,
              (byte) 0xFE,
              (byte) 0xE2,
              (byte) 0x82,
              ' ',
              'e',
              'n',
              'd'
            });
    ParseResult r = parse(html(PAGE, page, "text/html; charset=UTF-8"));
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("ok", r.data().getTitle());
    assertTrue(r.text().getText(), r.text().getText().startsWith("bad \ufffd("));
    assertTrue(r.text().getText(), r.text().getText().endsWith("end"));
  }

  // ---- outlinks ----

  @Test
  public void relativeLinksResolveAgainstThePageUrl() {
    ParseResult r =
        parseHtml(
            "<a href='page2.html'>a</a><a href='../up.html'>b</a><a href='/root'>c</a>"
                + "<a href='?q=1'>d</a><a href='//cdn.example.org/x'>e</a><a href='../../../../too-far'>f</a>"
                + "<a href='HTTPS://Secure.example.com'>g</a>");
    assertEquals(
        List.of(
            "http://example.com/docs/page2.html",
            "http://example.com/up.html",
            "http://example.com/root",
            "http://example.com/docs/index.html?q=1",
            "http://cdn.example.org/x",
            "http://example.com/too-far",
            "https://Secure.example.com/"),
        urls(r));
  }

  @Test
  public void linksOnAPageWithAnEmptyPathGetARootSlash() {
    ParseResult r =
        parse(
            html(
                "http://example.com",
                "<a href='foo'>f</a><a href='?q'>q</a>".getBytes(StandardCharsets.UTF_8),
                "text/html"));
    assertEquals(List.of("http://example.com/foo", "http://example.com/?q"), urls(r));
  }

  @Test
  public void linksResolveAgainstTheFinalUrlAfterARedirect() {
    Content c =
        new Content(
            "http://example.com/old",
            "http://example.com/new/place.html",
            "<a href='next.html'>n</a>".getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    ParseResult r = parse(c);
    assertEquals(List.of("http://example.com/new/next.html"), urls(r));
  }

  @Test
  public void baseHrefChangesWhereLinksResolve() {
    ParseResult r =
        parseHtml(
            "<head><base href='http://other.example.net/dir/'></head><a href='x.html'>x</a>"
                + "<a href='/y'>y</a>");
    assertEquals(
        List.of("http://other.example.net/dir/x.html", "http://other.example.net/y"), urls(r));

    ParseResult relative = parseHtml("<base href='/sub/dir/'><a href='x.html'>x</a>");
    assertEquals(List.of("http://example.com/sub/dir/x.html"), urls(relative));

    ParseResult notHttp = parseHtml("<base href='javascript:void(0)'><a href='x.html'>x</a>");
    assertEquals(List.of("http://example.com/docs/x.html"), urls(notHttp));
  }

  @Test
  public void fragmentsAreDroppedAndSameTargetsMerged() {
    ParseResult r =
        parseHtml("<a href='#top'>top</a><a href='/a#one'>one</a><a href='/a#two'>two</a>");
    assertEquals(List.of("http://example.com/docs/index.html", "http://example.com/a"), urls(r));
    assertEquals("one", r.outlinks().get(1).getAnchor());
  }

  @Test
  public void onlyHttpAndHttpsLinksAreKept() {
    ParseResult r =
        parseHtml(
            "<a href='javascript:go()'>j</a><a href='mailto:a@example.com'>m</a>"
                + "<a href='file:///etc/passwd'>f</a><a href='ftp://example.com/f'>t</a>"
                + "<a href='data:text/html,hi'>d</a><a href='tel:+123'>t</a><a href='https://example.com/s'>s</a>"
                + "<a href='http://example.com/h'>h</a>");
    assertEquals(List.of("https://example.com/s", "http://example.com/h"), urls(r));
  }

  @Test
  public void configuredTagsGiveOutlinks() {
    String html =
        "<a href='/a'>a</a><map><area href='/area' alt='Area'></map><iframe src='/iframe'></iframe>"
            + "<img src='/img.png'><link rel=stylesheet href='/style.css'>"
            + "<frameset><frame src='/frame'></frameset>";
    ParseResult defaults = parseHtml(html);
    assertEquals(
        List.of("http://example.com/a", "http://example.com/area", "http://example.com/iframe"),
        urls(defaults));
    assertEquals("Area", defaults.outlinks().get(1).getAnchor());

    ParseResult onlyA = parseHtml(html, ParseKeys.OUTLINK_TAGS, "a");
    assertEquals(List.of("http://example.com/a"), urls(onlyA));

    ParseResult more = parseHtml(html, ParseKeys.OUTLINK_TAGS, "A, link,img");
    assertEquals(
        List.of(
            "http://example.com/a", "http://example.com/img.png", "http://example.com/style.css"),
        urls(more));
  }

  @Test
  public void framesetPagesGiveTheirFrames() {
    ParseResult r =
        parseHtml("<html><frameset><frame src='/left'><frame src='/right'></frameset></html>");
    assertEquals(List.of("http://example.com/left", "http://example.com/right"), urls(r));
  }

  @Test
  public void anchorsAreCollapsedCappedAndTheFirstNonEmptyOneIsKept() {
    ParseResult r =
        parseHtml(
            "<a href='/x'><img src='i.png'></a><a href='/x'>  Real\n   anchor </a>"
                + "<a href='/x'>later</a><a href='/long'>"
                + "0123456789".repeat(20)
                + "</a>"
                + "<a href='/img'><img src='a.png' alt='Image alt'></a><a href='/t' title='Title attr'></a>");
    assertEquals(
        List.of(
            "http://example.com/x",
            "http://example.com/long",
            "http://example.com/img",
            "http://example.com/t"),
        urls(r));
    assertEquals("Real anchor", r.outlinks().get(0).getAnchor());
    assertEquals(100, r.outlinks().get(1).getAnchor().length());
    assertEquals("Image alt", r.outlinks().get(2).getAnchor());
    assertEquals("Title attr", r.outlinks().get(3).getAnchor());

    ParseResult shortAnchors =
        parseHtml("<a href='/x'>A rather long anchor</a>", ParseKeys.MAX_ANCHOR_LENGTH, "8");
    assertEquals("A rather", shortAnchors.outlinks().get(0).getAnchor());
  }

  @Test
  public void capCountsDistinctLinksSoSectionLinksDoNotEatTheQuotaAndACutPageSaysSo() {
    StringBuilder html = new StringBuilder("<html><body>");
    for (int i = 0; i < 2000; i++) {
      html.append("<a href='#section-").append(i).append("'>Section ").append(i).append("</a>\n");
    }
    for (int i = 0; i < 1500; i++) {
      html.append("<a href='page-").append(i).append(".html'>Page ").append(i).append("</a>\n");
    }
    ParseResult capped = parseHtml(html.toString());
    List<String> urls = urls(capped);
    assertEquals(1000, urls.size());
    assertEquals(PAGE, urls.get(0)); // all 2000 section links are this one URL
    assertEquals("Section 0", capped.outlinks().get(0).getAnchor());
    assertEquals("http://example.com/docs/page-998.html", urls.get(999));
    assertEquals(ParseData.SUCCESS, capped.status());
    assertEquals("links_limit", capped.data().getMeta().get(ParseData.META_REASON));

    ParseResult uncapped = parseHtml(html.toString(), ParseKeys.MAX_OUTLINKS, "-1");
    assertEquals(1501, uncapped.outlinks().size());
    assertEquals("http://example.com/docs/page-1499.html", urls(uncapped).get(1500));
    assertNull(uncapped.data().getMeta().get(ParseData.META_REASON));

    // parser.links.max bounds the hyperlinks read at all, duplicates included
    ParseResult read =
        parseHtml(html.toString(), ParseKeys.MAX_OUTLINKS, "-1", ParseKeys.LINKS_MAX, "2100");
    assertEquals(101, read.outlinks().size());
    assertEquals("http://example.com/docs/page-99.html", urls(read).get(100));
    assertEquals("links_limit", read.data().getMeta().get(ParseData.META_REASON));

    ParseResult small = parseHtml(html.toString(), ParseKeys.MAX_OUTLINKS, "3");
    assertEquals(
        List.of(PAGE, "http://example.com/docs/page-0.html", "http://example.com/docs/page-1.html"),
        urls(small));
  }

  @Test
  public void outlinksAreNormalizedAndFilteredBeforeDeduplication() {
    ParseResult r =
        parseHtml(
            "<a href='/a?session=1'>one</a><a href='/a?session=2'>two</a>"
                + "<a href='/private/x'>p</a><a href='/b'>b</a>",
            NetKeys.NORMALIZER_ORDER,
            DropQueryNormalizer.class.getName(),
            NetKeys.FILTER_ORDER,
            RejectPrivateFilter.class.getName());
    assertEquals(List.of("http://example.com/a", "http://example.com/b"), urls(r));
    assertEquals("one", r.outlinks().get(0).getAnchor());
  }

  @Test
  public void outlinkScopeNormalizersApply() {
    ParseResult r =
        parseHtml(
            "<a href='/a?x=1'>a</a>",
            NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + "outlink",
            DropQueryNormalizer.class.getName());
    assertEquals(List.of("http://example.com/a"), urls(r));
  }

  @Test
  public void externalOrInternalLinksCanBeIgnored() {
    String html = "<a href='/in'>in</a><a href='http://other.example.org/out'>out</a>";
    assertEquals(
        List.of("http://example.com/in"),
        urls(parseHtml(html, NetKeys.IGNORE_EXTERNAL_LINKS, "true")));
    assertEquals(
        List.of("http://other.example.org/out"),
        urls(parseHtml(html, NetKeys.IGNORE_INTERNAL_LINKS, "true")));
  }

  @Test
  public void aUrlSeenOnAnotherHostsPageIsJudgedByTheHostRuleOfEachPage() {
    HtmlParser parser = new HtmlParser(conf(NetKeys.IGNORE_EXTERNAL_LINKS, "true"));
    parsers.add(parser);
    byte[] link = "<a href='http://other.example.org/doc'>doc</a>".getBytes(StandardCharsets.UTF_8);
    Content onOther = html("http://other.example.org/", link, "text/html");
    Content onExample = html(PAGE, link, "text/html");
    for (int i = 0; i < 2; i++) { // the second time, the URL's outcome is remembered
      assertEquals(List.of("http://other.example.org/doc"), urls(parser.parse(onOther)));
      assertEquals(List.of(), urls(parser.parse(onExample)));
    }
  }

  @Test
  public void aUrlRepeatedOnAPageAndAcrossPagesIsNormalizedOnce() {
    CountingNormalizer.CALLS.clear();
    HtmlParser parser =
        new HtmlParser(conf(NetKeys.NORMALIZER_ORDER, CountingNormalizer.class.getName()));
    parsers.add(parser);
    String nav = "<a href='/a'>A</a><a href='b'>B</a><a href='/docs/b'>B again</a>";
    for (String page : new String[] {PAGE, "http://example.com/docs/other.html"}) {
      String body = nav + "<table><tr><td><a href='/a'>a</a></td></tr></table>" + nav;
      ParseResult r = parser.parse(html(page, body.getBytes(StandardCharsets.UTF_8), "text/html"));
      assertEquals(2, r.outlinks().size());
    }
    assertEquals(
        Set.of("http://example.com/a", "http://example.com/docs/b"),
        CountingNormalizer.CALLS.keySet());
    for (AtomicInteger calls : CountingNormalizer.CALLS.values()) {
      assertEquals(1, calls.get());
    }
  }

  @Test
  public void theParsersOfATaskSetShareItsOutlinkNormalizersAndOutcomes() {
    CountingNormalizer.CALLS.clear();
    Configuration conf = conf(NetKeys.NORMALIZER_ORDER, CountingNormalizer.class.getName());
    ParseSetup setup = ParseSetup.forTask(conf, List.of());
    assertEquals(1, setup.normalizers().size());
    byte[] page = "<a href='/a'>A</a>".getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < 2; i++) {
      HtmlParser parser = new HtmlParser();
      parser.configure(conf, setup);
      parsers.add(parser);
      assertEquals(
          List.of("http://example.com/a"), urls(parser.parse(html(PAGE, page, "text/html"))));
    }
    assertEquals(1, CountingNormalizer.CALLS.get("http://example.com/a").get());
    HtmlParser alone = new HtmlParser(conf); // a set of its own: nothing remembered yet
    parsers.add(alone);
    alone.parse(html(PAGE, page, "text/html"));
    assertEquals(2, CountingNormalizer.CALLS.get("http://example.com/a").get());
  }

  @Test
  public void linkAttributesWrittenInAnyCaseAreFound() {
    ParseResult r =
        parseHtml(
            "<A HREF='/x'>X</A><map><AREA Href='/y' ALT='Y'></map><a href>self</a><a name='n'>n</a>"
                + "<IFRAME SRC='/frame'></IFRAME>");
    assertEquals(
        List.of("http://example.com/x", "http://example.com/y", PAGE, "http://example.com/frame"),
        urls(r));
    assertEquals("Y", r.outlinks().get(1).getAnchor());
  }

  @Test
  public void parsersWithOtherRulesKeepOutcomesOfTheirOwn() throws Exception {
    java.io.File rules = java.io.File.createTempFile("accept-all", ".txt");
    rules.deleteOnExit();
    java.nio.file.Files.write(rules.toPath(), "+.\n".getBytes(StandardCharsets.UTF_8));
    Configuration acceptAll = org.trawler.core.conf.CrawlerConfiguration.create();
    acceptAll.set(NetKeys.REGEX_FILTER_FILE, rules.getPath());
    byte[] page = "<a href='/logo.gif'>logo</a><a href='/a'>a</a>".getBytes(StandardCharsets.UTF_8);
    List<String> withDefaults = List.of("http://example.com/a");
    List<String> withAll = List.of("http://example.com/logo.gif", "http://example.com/a");
    for (int i = 0; i < 2; i++) {
      HtmlParser defaults = new HtmlParser(org.trawler.core.conf.CrawlerConfiguration.create());
      HtmlParser all = new HtmlParser(acceptAll);
      parsers.add(defaults);
      parsers.add(all);
      assertEquals(withDefaults, urls(defaults.parse(html(PAGE, page, "text/html"))));
      assertEquals(withAll, urls(all.parse(html(PAGE, page, "text/html"))));
    }
  }

  @Test
  public void aNavBarRepeatedOnAPageGivesEachUrlOnceWithItsFirstNonEmptyAnchor() {
    String nav = "<a href='/a'><img src='x.png'></a><a href='/b'>B</a>";
    ParseResult r =
        parseHtml(nav + "<p>text</p>" + nav.replace(">B<", ">Bee<") + "<a href='/a'>A</a>");
    assertEquals(List.of("http://example.com/a", "http://example.com/b"), urls(r));
    assertEquals("A", r.outlinks().get(0).getAnchor());
    assertEquals("B", r.outlinks().get(1).getAnchor());
  }

  @Test
  public void linksWithSpacesAndNonAsciiAreEncoded() {
    ParseResult r = parseHtml("<a href=' /my file.html '>f</a><a href='/caf\u00e9?q=\u00e9'>c</a>");
    assertEquals(
        List.of("http://example.com/my%20file.html", "http://example.com/caf%C3%A9?q=%C3%A9"),
        urls(r));
  }

  // ---- robots ----

  @Test
  public void metaRobotsNofollowKeepsTextButNoOutlinks() {
    ParseResult r =
        parseHtml("<meta name='ROBOTS' content='NOFOLLOW'><p>text</p><a href='/a'>a</a>");
    assertTrue(r.outlinks().isEmpty());
    assertEquals("text a", r.text().getText());
    assertEquals("index,nofollow", r.data().getMeta().get("robots"));
  }

  @Test
  public void metaRobotsNoindexKeepsOutlinksButNoText() {
    ParseResult r =
        parseHtml(
            "<title>T</title><meta name='robots' content='noindex'><p>secret</p><a href='/a'>a</a>");
    assertEquals("", r.text().getText());
    assertEquals(List.of("http://example.com/a"), urls(r));
    assertEquals("T", r.data().getTitle());
    assertEquals("noindex,follow", r.data().getMeta().get("robots"));
  }

  @Test
  public void metaRobotsNoneAndAll() {
    ParseResult none = parseHtml("<meta name=robots content=none><p>x</p><a href='/a'>a</a>");
    assertEquals("", none.text().getText());
    assertTrue(none.outlinks().isEmpty());
    assertEquals("noindex,nofollow", none.data().getMeta().get("robots"));

    ParseResult all = parseHtml("<meta name=robots content=all><p>x</p><a href='/a'>a</a>");
    assertEquals("x a", all.text().getText());
    assertEquals(1, all.outlinks().size());
    assertEquals("index,follow", all.data().getMeta().get("robots"));

    ParseResult unset = parseHtml("<p>x</p>");
    assertFalse(unset.data().getMeta().containsKey("robots"));
  }

  @Test
  public void xRobotsTagHeaderIsObeyed() {
    Content c =
        html(PAGE, "<p>x</p><a href='/a'>a</a>".getBytes(StandardCharsets.UTF_8), "text/html");
    c.getHeaders().put("x-robots-tag", "noindex, nofollow");
    ParseResult r = parse(c);
    assertEquals("", r.text().getText());
    assertTrue(r.outlinks().isEmpty());

    Content other =
        html(PAGE, "<p>x</p><a href='/a'>a</a>".getBytes(StandardCharsets.UTF_8), "text/html");
    other.getHeaders().put("X-Robots-Tag", "googlebot: noindex, nofollow");
    ParseResult forOtherBot = parse(other);
    assertEquals("x a", forOtherBot.text().getText());
    assertEquals(1, forOtherBot.outlinks().size());

    Content dated =
        html(PAGE, "<p>x</p><a href='/a'>a</a>".getBytes(StandardCharsets.UTF_8), "text/html");
    dated.getHeaders().put("X-Robots-Tag", "unavailable_after: 25 Jun 2030 15:00:00 PST, nofollow");
    ParseResult nofollow = parse(dated);
    assertEquals("x a", nofollow.text().getText());
    assertTrue(nofollow.outlinks().isEmpty());
  }

  @Test
  public void ownersSignalsAreRecordedWithWhereEachCameFrom() {
    Content c =
        html(
            PAGE,
            ("<meta name=trawler content=nosnippet><meta name=tdm-reservation content=1>"
                    + "<meta name=tdm-policy content='https://example.com/policy.json'><p>x</p>")
                .getBytes(StandardCharsets.UTF_8),
            "text/html");
    c.getHeaders().put("X-Robots-Tag", "googlebot: noindex, trawler: noarchive");
    c.getHeaders().put("Content-Usage", "train-ai=y, search=y");
    c.getMeta()
        .put(
            Content.META_ROBOTS_SIGNALS,
            "trawler\tcontent-signal\tsearch=yes, ai-train=no, ai-input=yes\n");
    Map<String, String> meta = parse(c).data().getMeta();
    Map<String, String> signals = new TreeMap<>();
    meta.forEach(
        (k, v) -> {
          if (k.startsWith("usage.") || k.startsWith("tdm.") || k.startsWith("robots.")) {
            signals.put(k, v);
          }
        });
    assertEquals(
        new TreeMap<>(
            Map.ofEntries(
                Map.entry("usage.search", "yes"),
                Map.entry("usage.search.from", "robots.txt:trawler"),
                // robots.txt said no, the header yes: the stricter wins
                Map.entry("usage.ai-train", "no"),
                Map.entry("usage.ai-train.from", "robots.txt:trawler"),
                Map.entry("usage.ai-input", "yes"),
                Map.entry("usage.ai-input.from", "robots.txt:trawler"),
                Map.entry("tdm.reserved", "yes"),
                Map.entry("tdm.reserved.from", "meta"),
                Map.entry("tdm.policy", "https://example.com/policy.json"),
                Map.entry("tdm.policy.from", "meta"),
                Map.entry("robots.noarchive", "yes"),
                Map.entry("robots.noarchive.from", "header"),
                Map.entry("robots.nosnippet", "yes"),
                Map.entry("robots.nosnippet.from", "meta"))),
        signals);
    assertEquals("x", parse(c).text().getText()); // googlebot's noindex is not ours
  }

  @Test
  public void malformedAndConflictingSignalsAreNotedOnce() {
    Content c =
        html(
            PAGE,
            "<meta name=tdm-reservation content=2><meta name=tdm-reservation content=1><p>x</p>"
                .getBytes(StandardCharsets.UTF_8),
            "text/html");
    c.getHeaders().put("Content-Usage", "train-ai=maybe, fly=y");
    c.getHeaders().put("tdm-reservation", "0");
    c.getMeta().put(Content.META_ROBOTS_SIGNALS, "*\tcontent-signal\tsearch=no\n");
    c.getHeaders().put("X-Robots-Tag", "none");
    ParseResult r = parse(c);
    assertEquals(
        List.of(
            "malformed_signal train-ai=maybe",
            "unknown_signal_key fly=y",
            "malformed_signal tdm-reservation: 2",
            "conflicting_signals tdm.reserved=no (header) vs yes (meta)"),
        r.notes().stream().map(n -> n.counter() + " " + n.detail()).toList());
    assertEquals("yes", r.data().getMeta().get("tdm.reserved"));
    assertEquals("no", r.data().getMeta().get("usage.search"));
    assertEquals("robots.txt:*", r.data().getMeta().get("usage.search.from"));
    assertEquals("yes", r.data().getMeta().get("robots.noindex"));
    assertEquals("yes", r.data().getMeta().get("robots.nofollow"));
  }

  @Test
  public void unavailableAfterMaxSnippetAndTheTdmRepRuleAreRecorded() {
    Content c =
        html(
            PAGE,
            "<meta name=robots content='max-snippet:40, unavailable_after: 2031-01-01'><p>x</p>"
                .getBytes(StandardCharsets.UTF_8),
            "text/html");
    // an RFC 850 date has a comma of its own; the earlier date and the shorter snippet win
    c.getHeaders()
        .put("X-Robots-Tag", "unavailable_after: Monday, 01-Jul-30 10:00:00 GMT, max-snippet:-1");
    c.getMeta().put(Content.META_TDMREP, "rule\t1\thttps://owner.test/tdm.json\n");
    ParseResult r = parse(c);
    Map<String, String> meta = r.data().getMeta();
    assertEquals("2030-07-01T10:00:00Z", meta.get("robots.unavailable_after"));
    assertEquals("header", meta.get("robots.unavailable_after.from"));
    assertEquals("40", meta.get("robots.max-snippet"));
    assertEquals("meta", meta.get("robots.max-snippet.from"));
    assertEquals("yes", meta.get("tdm.reserved"));
    assertEquals("tdmrep.json", meta.get("tdm.reserved.from"));
    assertEquals("https://owner.test/tdm.json", meta.get("tdm.policy"));
    assertNull(meta.get("robots.nosnippet"));
    assertEquals(
        List.of(
            "conflicting_signals robots.unavailable_after=2030-07-01T10:00:00Z (header) vs"
                + " 2031-01-01T00:00:00Z (meta)",
            "conflicting_signals robots.max-snippet=-1 (header) vs 40 (meta)"),
        r.notes().stream().map(n -> n.counter() + " " + n.detail()).toList());

    Content none =
        html(
            PAGE,
            "<meta name=robots content='max-snippet:0'><p>x</p>".getBytes(StandardCharsets.UTF_8),
            "text/html");
    none.getHeaders().put("X-Robots-Tag", "unavailable_after: soon");
    none.getMeta().put(Content.META_TDMREP, "BROKEN_TDMREP\tnot a JSON array\n");
    ParseResult r0 = parse(none);
    assertEquals("yes", r0.data().getMeta().get("robots.nosnippet"));
    assertEquals("0", r0.data().getMeta().get("robots.max-snippet"));
    assertEquals(
        List.of("broken_tdmrep not a JSON array", "malformed_signal unavailable_after: soon"),
        r0.notes().stream().map(n -> n.counter() + " " + n.detail()).toList());
  }

  // ---- title, text, metadata ----

  @Test
  public void titleTextDescriptionAndKeywordsAreExtracted() {
    ParseResult r =
        parseHtml(
            "<html><head><title>  The\n  Title </title>"
                + "<meta name='Description' content=' A   page\nabout things '>"
                + "<meta name='keywords' content='a, b, c'><style>p{}</style><script>var x = 1;</script></head>"
                + "<body><h1>Head</h1><p>First   para</p><p>Second<br>line</p></body></html>");
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("The Title", r.data().getTitle());
    assertEquals("A page about things", r.data().getMeta().get("description"));
    assertEquals("a, b, c", r.data().getMeta().get("keywords"));
    assertEquals("Head First para Second line", r.text().getText());
    assertEquals("UTF-8", r.data().getMeta().get("charset"));
  }

  @Test
  public void headingsOneToThreeAreKeptOnePerLineInPageOrder() {
    ParseResult r =
        parseHtml(
            "<html><head><title>Copy Task</title></head><body><nav><a href=/>Home</a></nav>"
                + "<h1>Copy</h1><h2>Parameters  specified\n as <code>nested</code> elements</h2>"
                + "<p>text</p><h4>fileset</h4><h3>Examples</h3><h2> </h2><h6>small</h6></body></html>");
    assertEquals(
        "Copy\nParameters specified as nested elements\nExamples",
        r.data().getMeta().get(ParseData.META_HEADINGS));
  }

  @Test
  public void aPageWithoutHeadingsOrWithNoindexHasNoHeadings() {
    assertFalse(
        parseHtml("<html><body><p>no sections</p></body></html>")
            .data()
            .getMeta()
            .containsKey(ParseData.META_HEADINGS));
    assertFalse(
        parseHtml("<html><head><meta name=robots content=noindex></head><body><h1>Secret</h1>")
            .data()
            .getMeta()
            .containsKey(ParseData.META_HEADINGS));
  }

  @Test
  public void headingsAreBoundedInNumberAndLength() {
    StringBuilder html = new StringBuilder("<html><body>");
    for (int i = 0; i < Headings.MAX_HEADINGS + 10; i++) {
      html.append("<h2>section ").append(i).append("</h2>");
    }
    html.append("<h3>").append("x".repeat(Headings.MAX_CHARS * 2)).append("</h3>");
    String headings = parseHtml(html.toString()).data().getMeta().get(ParseData.META_HEADINGS);
    String[] lines = headings.split("\n");
    assertEquals(Headings.MAX_HEADINGS, lines.length);
    assertEquals("section " + (Headings.MAX_HEADINGS - 1), lines[lines.length - 1]);
    String one = parseHtml("<h1>" + "y".repeat(500) + "</h1>").data().getMeta().get("headings");
    assertEquals(Headings.MAX_CHARS, one.length());
  }

  @Test
  public void truncatedContentIsParsedAsFarAsItGoes() {
    Content c =
        new Content(
            PAGE,
            PAGE,
            "<html><title>Cut</title><p>hello <a href='/a'>a</a><a href='/b"
                .getBytes(StandardCharsets.UTF_8),
            "text/html",
            true);
    ParseResult r = parse(c);
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("Cut", r.data().getTitle());
    assertTrue(urls(r).contains("http://example.com/a"));
  }

  // ---- content types ----

  @Test
  public void nonHtmlContentIsNotParsedButSigned() {
    byte[] png = {
      (byte) 0x89, 'P', 'N', 'G', '<', 'a', ' ', 'h', 'r', 'e', 'f', '=', '/', 'x', '>'
    };
    ParseResult r = parse(new Content(PAGE, PAGE, png, "image/png", false));
    assertEquals(ParseData.NOT_PARSED, r.status());
    assertTrue(r.data().getStatusMessage(), r.data().getStatusMessage().contains("image/png"));
    assertTrue(r.outlinks().isEmpty());
    assertEquals("", r.text().getText());
    assertArrayEquals(Signature.md5(png), r.signature());

    ParseResult text =
        parse(
            new Content(
                PAGE,
                PAGE,
                "<a href=/x>x</a>".getBytes(StandardCharsets.UTF_8),
                "text/plain",
                false),
            ParseKeys.SIGNATURE_CLASS,
            "text");
    assertEquals(ParseData.NOT_PARSED, text.status());
    assertArrayEquals(
        Signature.md5("<a href=/x>x</a>".getBytes(StandardCharsets.UTF_8)), text.signature());
  }

  @Test
  public void xhtmlIsParsed() {
    ParseResult r =
        parse(
            new Content(
                PAGE,
                PAGE,
                "<?xml version='1.0'?><html xmlns='http://www.w3.org/1999/xhtml'><body><a href='/x'>x</a></body></html>"
                    .getBytes(StandardCharsets.UTF_8),
                "application/xhtml+xml",
                false));
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals(List.of("http://example.com/x"), urls(r));
  }

  @Test
  public void untypedContentIsParsedWhenItLooksLikeHtml() {
    ParseResult html =
        parse(
            new Content(
                PAGE,
                PAGE,
                "\n<!DOCTYPE html><HTML><a href='/x'>x</a>".getBytes(StandardCharsets.UTF_8),
                "",
                false));
    assertEquals(ParseData.SUCCESS, html.status());
    assertEquals(1, html.outlinks().size());

    ParseResult other =
        parse(
            new Content(
                PAGE, PAGE, "%PDF-1.4 <a href='/x'>".getBytes(StandardCharsets.UTF_8), "", false));
    assertEquals(ParseData.NOT_PARSED, other.status());
  }

  // ---- signatures ----

  @Test
  public void md5SignatureChangesWithMarkupTextSignatureOnlyWithText() {
    String a = "<html><body><p>Hello   World</p></body></html>";
    String b = "<html><body><div class='new'>hello</div>\n<b>WORLD</b></body></html>";
    String c = "<html><body><p>Hello there</p></body></html>";
    assertFalse(Arrays.equals(parseHtml(a).signature(), parseHtml(b).signature()));
    assertArrayEquals(Signature.md5(a.getBytes(StandardCharsets.UTF_8)), parseHtml(a).signature());

    byte[] textA = parseHtml(a, ParseKeys.SIGNATURE_CLASS, "text").signature();
    assertArrayEquals(textA, parseHtml(b, ParseKeys.SIGNATURE_CLASS, "text").signature());
    assertFalse(Arrays.equals(textA, parseHtml(c, ParseKeys.SIGNATURE_CLASS, "text").signature()));
    assertArrayEquals(Signature.md5("hello world".getBytes(StandardCharsets.UTF_8)), textA);
  }

  @Test
  public void textSignatureOfAPageWithoutTextFallsBackToTheRawBytes() {
    String a = "<html><body><img src=a.png></body></html>";
    String b = "<html><body><img src=b.png></body></html>";
    assertFalse(
        Arrays.equals(
            parseHtml(a, ParseKeys.SIGNATURE_CLASS, "text").signature(),
            parseHtml(b, ParseKeys.SIGNATURE_CLASS, "text").signature()));
  }

  @Test
  public void noindexPagesStillGetATextSignatureOfTheirText() {
    byte[] sig =
        parseHtml(
                "<meta name=robots content=noindex><p>Hello World</p>",
                ParseKeys.SIGNATURE_CLASS,
                "text")
            .signature();
    assertArrayEquals(Signature.md5("hello world".getBytes(StandardCharsets.UTF_8)), sig);
  }

  @Test
  public void signatureClassByName() {
    ParseResult r =
        parseHtml("<p>x</p>", ParseKeys.SIGNATURE_CLASS, LengthSignature.class.getName());
    assertArrayEquals(new byte[] {0, 0, 0, 8}, r.signature());
  }

  @Test(expected = IllegalArgumentException.class)
  public void unknownSignatureClassFailsAtSetup() {
    new HtmlParser(conf(ParseKeys.SIGNATURE_CLASS, "org.example.NoSuchSignature"));
  }

  // ---- hostile pages ----

  @Test
  public void fiveMegabyteSingleLinePageIsParsed() {
    StringBuilder html = new StringBuilder(5_300_000).append("<html><body>");
    int i = 0;
    while (html.length() < 5_000_000) {
      html.append("word").append(i).append(" <a href='/p").append(i % 500).append("'>link</a> ");
      i++;
    }
    ParseResult r = parseHtml(html.toString());
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals(500, r.outlinks().size());
    assertTrue(r.text().getText().startsWith("word0 link word1 link"));
    assertTrue(r.text().getText().length() > 2_000_000);
  }

  @Test
  public void hundredThousandNestedElementsDoNotBlowTheStack() {
    int depth = 100_000;
    String html =
        "<html><body>"
            + "<div>".repeat(depth)
            + "deep <a href='/deep'>down</a>"
            + "</div>".repeat(depth)
            + "<p>after</p>";
    ParseResult r = parseHtml(html);
    assertEquals(r.data().getStatusMessage(), ParseData.SUCCESS, r.status());
    assertEquals("deep down after", r.text().getText());
    assertEquals(List.of("http://example.com/deep"), urls(r));

    String unclosed = "<span><b><i>".repeat(depth / 3) + "bottom";
    ParseResult r2 = parseHtml(unclosed);
    assertEquals(r2.data().getStatusMessage(), ParseData.SUCCESS, r2.status());
    assertEquals("bottom", r2.text().getText());
  }

  @Test
  public void binaryGarbageServedAsHtmlDoesNotFail() {
    byte[] garbage = new byte[300_000];
    new Random(42).nextBytes(garbage);
    ParseResult r = parse(html(PAGE, garbage, "text/html"));
    assertEquals(ParseData.SUCCESS, r.status());
    for (String url : urls(r)) {
      assertTrue(url, url.startsWith("http"));
    }
    ParseResult utf8 = parse(html(PAGE, garbage, "text/html; charset=utf-8"));
    assertEquals(ParseData.SUCCESS, utf8.status());
  }

  @Test
  public void parserErrorFailsThePageWithTheReason() {
    ParseResult r =
        parseHtml("<a href='/a'>a</a>", NetKeys.NORMALIZER_ORDER, BrokenNormalizer.class.getName());
    assertEquals(ParseData.FAILED, r.status());
    assertTrue(r.data().getStatusMessage(), r.data().getStatusMessage().contains("normalizer bug"));
  }

  // ---- meta refresh ----

  @Test
  public void quickMetaRefreshIsATemporaryRedirectWithNoOtherLinks() {
    ParseResult r =
        parseHtml(
            "<head><meta http-equiv='Refresh' content=\"0;URL='../moved.html'\"></head>"
                + "<body>gone to <a href='/elsewhere'>there</a></body>");
    assertEquals(new MetaRefresh.Redirect("http://example.com/moved.html", false), r.redirect());
    assertEquals("http://example.com/moved.html", r.data().getMeta().get(ParseData.META_REFRESH));
    assertEquals(List.of(), urls(r));
    assertEquals(ParseData.SUCCESS, r.status());
  }

  @Test
  public void refreshTargetResolvesAgainstTheBaseAndIsNormalized() {
    ParseResult r =
        parseHtml(
            "<base href='http://example.com/other/'><meta http-equiv=refresh content='2; url=new?x=1'>",
            NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + "outlink",
            DropQueryNormalizer.class.getName());
    assertEquals("http://example.com/other/new", r.redirect().target());
  }

  @Test
  public void instantRefreshIsPermanentWhenConfigured() {
    String html = "<meta http-equiv=refresh content='0; url=/new'>";
    assertTrue(parseHtml(html, ParseKeys.REFRESH_AS_PERMANENT, "true").redirect().permanent());
    assertFalse(parseHtml(html).redirect().permanent());
    assertFalse(
        parseHtml(
                "<meta http-equiv=refresh content='3; url=/new'>",
                ParseKeys.REFRESH_AS_PERMANENT,
                "true")
            .redirect()
            .permanent());
  }

  @Test
  public void slowRefreshIsAnOrdinaryLinkAndThePageAPageOfItsOwn() {
    ParseResult r =
        parseHtml("<meta http-equiv=refresh content='300; url=/news'><a href='/a'>a</a>");
    assertEquals(null, r.redirect());
    assertFalse(r.data().getMeta().containsKey(ParseData.META_REFRESH));
    assertEquals(List.of("http://example.com/a", "http://example.com/news"), urls(r));
  }

  @Test
  public void refreshOfThePageItselfOrWithoutUrlIsNoRedirect() {
    assertEquals(null, parseHtml("<meta http-equiv=refresh content='0'>").redirect());
    assertEquals(
        null, parseHtml("<meta http-equiv=refresh content='0; url=index.html#top'>").redirect());
    assertEquals(
        null, parseHtml("<meta http-equiv=refresh content='0; url=javascript:go()'>").redirect());
    assertEquals(null, parseHtml("<meta name=refresh content='0; url=/x'>").redirect());
  }

  @Test
  public void refreshInsideNoscriptIsNoRedirect() {
    assertEquals(
        null,
        parseHtml(
                "<head><noscript><meta http-equiv=refresh content='0; url=/nojs'></noscript></head>"
                    + "<body><noscript><meta http-equiv=refresh content='0; url=/nojs'></noscript>"
                    + "app</body>")
            .redirect());
  }

  @Test
  public void refreshAfterInlineRedirectsIsComparedWithTheFinalUrlToo() {
    Content c =
        new Content(
            "http://example.com/start",
            "http://example.com/final",
            "<meta http-equiv=refresh content='0; url=/final'>".getBytes(StandardCharsets.UTF_8),
            "text/html",
            false);
    assertEquals(null, parse(c).redirect());
  }

  @Test
  public void refreshRedirectHoldsOnANofollowPage() {
    ParseResult r =
        parseHtml(
            "<meta name=robots content=nofollow><meta http-equiv=refresh content='0; url=/new'>");
    assertEquals("http://example.com/new", r.redirect().target());
  }
}
