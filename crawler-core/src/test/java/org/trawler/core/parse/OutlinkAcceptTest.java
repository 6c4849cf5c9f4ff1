package org.trawler.core.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.NetKeys;

/**
 * The links a document gives (a feed's items, a PDF's annotations) become outlinks the way a page's
 * links do: resolved, filtered, de-duplicated, capped, with their anchors and metadata.
 */
public class OutlinkAcceptTest {
  private static final String FEED = "http://example.com/news/feed.rss";

  private static OutlinkExtractor extractor(String... keyValues) {
    Configuration conf = new Configuration(false);
    conf.set(NetKeys.NORMALIZER_ORDER, "org.trawler.core.net.normalize.BasicURLNormalizer");
    conf.set(NetKeys.FILTER_ORDER, "");
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return new OutlinkExtractor(conf);
  }

  private static Outlink item(String url, String anchor, long published) {
    Outlink o = new Outlink(url, anchor);
    if (published > 0) {
      o.getMeta().put(Outlink.META_PUBLISHED, Long.toString(published));
    }
    return o;
  }

  private static List<Outlink> extract(OutlinkExtractor extractor, List<Outlink> items) {
    List<OutlinkExtractor.Link> links = new java.util.ArrayList<>();
    for (Outlink o : items) {
      links.add(new OutlinkExtractor.Link(o.getToUrl(), o.getAnchor(), o.getMeta()));
    }
    return extractor.extractLinks(links, FEED);
  }

  @Test
  public void linksAreResolvedNormalizedDeduplicatedAndKeepTheirAnchorsAndMetadata() {
    List<Outlink> accepted =
        extract(
            extractor(),
            List.of(
                item("2024/story.html#comments", "  A   story ", 1000),
                item("http://EXAMPLE.com:80/news/2024/story.html", "again", 2000),
                item("mailto:editor@example.com", "mail", 0),
                item("/other.html", "Other", 0)));
    assertEquals(
        List.of(
            item("http://example.com/news/2024/story.html", "A story", 1000),
            item("http://example.com/other.html", "Other", 0)),
        accepted);
    assertEquals(Map.of(Outlink.META_PUBLISHED, "1000"), accepted.get(0).getMeta());
  }

  @Test
  public void theOutlinkCapAndAnchorLimitHold() {
    List<Outlink> accepted =
        extract(
            extractor(ParseKeys.MAX_OUTLINKS, "2", ParseKeys.MAX_ANCHOR_LENGTH, "3"),
            List.of(item("/a", "abcdef", 0), item("/b", "b", 0), item("/c", "c", 0)));
    assertEquals(
        List.of(item("http://example.com/a", "abc", 0), item("http://example.com/b", "b", 0)),
        accepted);
  }

  private static ParseData addOutlinks(OutlinkExtractor extractor, int links) {
    List<OutlinkExtractor.Link> read = new java.util.ArrayList<>();
    for (int i = 0; i < links; i++) {
      read.add(new OutlinkExtractor.Link("/page-" + i + ".html", "Page " + i));
    }
    ParseData data = new ParseData(ParseData.SUCCESS, "", "Feed");
    extractor.addOutlinks(data, read, FEED);
    return data;
  }

  @Test
  public void aDocumentsLinksObeyBothCapsAndACutDocumentSaysSo() {
    ParseData whole = addOutlinks(extractor(ParseKeys.LINKS_MAX, "5"), 5);
    assertEquals(5, whole.getOutlinks().size());
    assertNull(whole.getMeta().get(ParseData.META_REASON));

    ParseData unread = addOutlinks(extractor(ParseKeys.LINKS_MAX, "5"), 6);
    assertEquals(5, unread.getOutlinks().size());
    assertEquals("http://example.com/page-4.html", unread.getOutlinks().get(4).getToUrl());
    assertEquals("links_limit", unread.getMeta().get(ParseData.META_REASON));

    ParseData capped = addOutlinks(extractor(ParseKeys.MAX_OUTLINKS, "2"), 3);
    assertEquals(2, capped.getOutlinks().size());
    assertEquals("links_limit", capped.getMeta().get(ParseData.META_REASON));
  }
}
