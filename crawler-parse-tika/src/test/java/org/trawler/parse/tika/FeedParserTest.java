package org.trawler.parse.tika;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.After;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.plugin.Plugin;

/**
 * RSS 0.91, 1.0 and 2.0 and Atom 1.0 feeds: items become outlinks with their titles and dates, the
 * text is the items' titles and summaries, the feed's item spacing is recorded; broken and hostile
 * feeds fail with a reason, never an exception.
 */
public class FeedParserTest {
  private static final String URL = "http://news.example.com/feeds/all.xml";
  private static final long JAN_1 = 1704067200000L; // 2024-01-01T00:00:00Z

  private final FeedParser parser = Plugin.configured(new FeedParser(), conf());

  private static Configuration conf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("urlfilter.order", "");
    return conf;
  }

  @After
  public void close() {
    parser.close();
  }

  private ParseResult parse(String xml, String type) {
    Content c = new Content(URL, URL, xml.getBytes(StandardCharsets.UTF_8), type, false);
    c.getHeaders().put("Content-Type", type);
    return parser.parse(c, type);
  }

  private static List<String> links(ParseResult r) {
    List<String> links = new ArrayList<>();
    for (Outlink o : r.outlinks()) {
      links.add(
          o.getToUrl() + " [" + o.getAnchor() + "] " + o.getMeta().get(Outlink.META_PUBLISHED));
    }
    return links;
  }

  @Test
  public void rss2ItemsAreOutlinksWithTitlesAndDatesAndTheTextIsTitlesAndSummaries() {
    ParseResult r =
        parse(
            "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>News &amp; more</title>"
                + "<link>http://news.example.com/</link><description>d</description>"
                + "<item><title>First &lt;b&gt;story&lt;/b&gt;</title><link>http://news.example.com/a.html</link>"
                + "<description>&lt;p&gt;About the first.&lt;/p&gt;</description>"
                + "<pubDate>Mon, 01 Jan 2024 00:00:00 GMT</pubDate></item>"
                + "<item><title>Second</title><link>../b.html#top</link>"
                + "<description>About the second.</description>"
                + "<pubDate>Sun, 31 Dec 2023 21:00:00 GMT</pubDate></item>"
                + "<item><title>Third</title><guid>http://news.example.com/c.html</guid></item>"
                + "<item><title>Same as first</title><link>http://news.example.com/a.html</link></item>"
                + "</channel></rss>",
            "application/rss+xml");
    assertEquals(ParseData.SUCCESS, r.status());
    assertEquals("News & more", r.data().getTitle());
    assertEquals(
        List.of(
            "http://news.example.com/a.html [First story] " + JAN_1,
            "http://news.example.com/b.html [Second] " + (JAN_1 - 3 * 3600_000L),
            "http://news.example.com/c.html [Third] null"),
        links(r));
    assertEquals(
        "First story\nAbout the first.\nSecond\nAbout the second.\nThird\nSame as first",
        r.text().getText());
    assertEquals(String.valueOf(3 * 3600), r.data().getMeta().get(ParseData.META_FEED));
  }

  @Test
  public void atomEntriesTakeTheirAlternateLinkAndPublishedElseUpdated() {
    ParseResult r =
        parse(
            "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>A</title>"
                + "<id>urn:x</id><updated>2024-01-01T00:00:00Z</updated>"
                + "<entry><title>One</title><link href=\"http://news.example.com/1\"/><id>1</id>"
                + "<published>2024-01-01T00:00:00Z</published><updated>2024-01-02T00:00:00Z</updated>"
                + "<summary>S one</summary></entry>"
                + "<entry><title type=\"html\">Two &lt;i&gt;x&lt;/i&gt;</title>"
                + "<link rel=\"enclosure\" href=\"http://news.example.com/2.mp3\"/>"
                + "<link rel=\"alternate\" href=\"/2\"/><id>2</id>"
                + "<updated>2023-12-31T00:00:00Z</updated>"
                + "<content type=\"html\">&lt;p&gt;C two&lt;/p&gt;</content></entry></feed>",
            "application/atom+xml");
    assertEquals(
        List.of(
            "http://news.example.com/1 [One] " + JAN_1,
            "http://news.example.com/2 [Two x] " + (JAN_1 - 86400_000L)),
        links(r));
    assertEquals("One\nS one\nTwo x\nC two", r.text().getText());
    assertEquals("86400", r.data().getMeta().get(ParseData.META_FEED));
  }

  @Test
  public void rss1AndRss091AreReadToo() {
    ParseResult rdf =
        parse(
            "<?xml version=\"1.0\"?><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\""
                + " xmlns=\"http://purl.org/rss/1.0/\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">"
                + "<channel rdf:about=\"http://news.example.com/\"><title>R</title>"
                + "<link>http://news.example.com/</link><description>d</description></channel>"
                + "<item rdf:about=\"http://news.example.com/r1\"><title>R1</title>"
                + "<link>http://news.example.com/r1</link><dc:date>2024-01-01T00:00:00Z</dc:date></item>"
                + "</rdf:RDF>",
            "application/rss+xml");
    assertEquals(List.of("http://news.example.com/r1 [R1] " + JAN_1), links(rdf));
    assertEquals("0", rdf.data().getMeta().get(ParseData.META_FEED));
    ParseResult old =
        parse(
            "<?xml version=\"1.0\"?><rss version=\"0.91\"><channel><title>Old</title>"
                + "<link>http://news.example.com/</link><description>d</description>"
                + "<language>en</language><item><title>O1</title>"
                + "<link>http://news.example.com/o1</link><description>od</description></item>"
                + "</channel></rss>",
            "application/rss+xml");
    assertEquals(List.of("http://news.example.com/o1 [O1] null"), links(old));
    assertEquals("O1\nod", old.text().getText());
  }

  @Test
  public void brokenAndHostileFeedsFailWithAReason() {
    String[] bad = {
      "<?xml version=\"1.0\"?><!DOCTYPE rss [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]>"
          + "<rss version=\"2.0\"><channel><title>&b;</title></channel></rss>",
      "<?xml version=\"1.0\"?><!DOCTYPE rss SYSTEM \"http://169.254.169.254/x.dtd\"><rss/>",
      "<html><body>not a feed</body></html>",
      "<rss version=\"2.0\"><channel><title>cut",
      ""
    };
    for (String xml : bad) {
      ParseResult r = parse(xml, "application/rss+xml");
      assertEquals(xml, ParseData.FAILED, r.status());
      assertEquals(xml, "malformed", r.data().getMeta().get(ParseData.META_REASON));
      assertTrue(xml, r.outlinks().isEmpty());
    }
  }
}
