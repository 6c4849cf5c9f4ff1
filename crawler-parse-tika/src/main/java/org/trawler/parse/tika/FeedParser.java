package org.trawler.parse.tika;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.OutlinkExtractor;
import org.trawler.core.parse.ParseReason;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.ParseSetup;
import org.trawler.core.parse.Parser;
import org.trawler.core.parse.Parsers;
import org.trawler.core.parse.Signature;

/**
 * The parser of RSS and Atom feeds ({@code parser.types}: {@code feed}): each item's link is an
 * outlink with the item's title as anchor and its date in the outlink's metadata ({@link
 * Outlink#META_PUBLISHED}), run through the outlink normalizers, filters and cap like a page's
 * links; the text is the items' titles and summaries; parse_data's {@link ParseData#META_FEED}
 * holds the mean seconds between the items, which updatedb schedules the feed by.
 */
public class FeedParser implements Parser {
  private OutlinkExtractor outlinks;
  private Signature signature;

  @Override
  public void configure(Configuration conf) {
    configure(conf, ParseSetup.of(conf));
  }

  @Override
  public void configure(Configuration conf, ParseSetup setup) {
    this.outlinks = new OutlinkExtractor(conf, setup);
    this.signature = Signature.create(conf, setup.names());
  }

  @Override
  public ParseResult parse(Content content, String mimeType) {
    FeedReader.Feed feed;
    try {
      feed = FeedReader.read(content.getContent());
    } catch (Exception e) { // ROME reports bad XML as IllegalArgumentException too
      return Parsers.unparsedResult(
          content,
          ParseData.FAILED,
          ParseReason.MALFORMED,
          "not a feed: " + e.getMessage(),
          signature);
    }
    String pageUrl = HtmlParser.pageUrl(content);
    List<OutlinkExtractor.Link> items = new ArrayList<>(feed.items().size());
    for (FeedReader.Item item : feed.items()) {
      items.add(
          new OutlinkExtractor.Link(
              item.link(),
              item.title(),
              item.published() > 0
                  ? Map.of(Outlink.META_PUBLISHED, Long.toString(item.published()))
                  : Map.of()));
    }
    ParseData data = new ParseData(ParseData.SUCCESS, "", feed.title());
    outlinks.addOutlinks(data, items, pageUrl);
    data.getMeta().put(ParseData.META_FEED, Integer.toString(feed.itemSeconds()));
    String text = feed.text();
    return new ParseResult(data, new ParseText(text), signature.calculate(content, text));
  }
}
