package org.trawler.parse.tika;

import com.rometools.rome.feed.synd.SyndContent;
import com.rometools.rome.feed.synd.SyndEntry;
import com.rometools.rome.feed.synd.SyndFeed;
import com.rometools.rome.feed.synd.SyndLink;
import com.rometools.rome.io.FeedException;
import com.rometools.rome.io.SyndFeedInput;
import com.rometools.rome.io.XmlReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import org.jsoup.Jsoup;

/**
 * Reads an RSS (0.9x, 1.0, 2.0) or Atom 1.0 feed with ROME: its title and each item's link, title,
 * summary and date. Tika's own FeedParser wraps the same library but drops the dates, which the
 * crawl schedules by. Document type declarations are refused (no external entities, no entity
 * expansion bombs).
 */
final class FeedReader {

  /** One item or entry: its link as written (may be relative), title, summary and date. */
  record Item(String link, String title, String summary, long published) {}

  /** A feed: its title and items, in document order. */
  record Feed(String title, List<Item> items) {

    /** The mean seconds between the items' dates; 0 when fewer than two items have one. */
    int itemSeconds() {
      long newest = Long.MIN_VALUE;
      long oldest = Long.MAX_VALUE;
      int dated = 0;
      for (Item item : items) {
        if (item.published() > 0) {
          newest = Math.max(newest, item.published());
          oldest = Math.min(oldest, item.published());
          dated++;
        }
      }
      if (dated < 2 || newest == oldest) {
        return 0;
      }
      return (int) Math.min(Integer.MAX_VALUE, (newest - oldest) / 1000 / (dated - 1));
    }

    /** The feed's text: each item's title and summary, a line each. */
    String text() {
      StringBuilder sb = new StringBuilder();
      for (Item item : items) {
        for (String s : new String[] {item.title(), item.summary()}) {
          if (!s.isEmpty()) {
            sb.append(sb.length() == 0 ? "" : "\n").append(s);
          }
        }
      }
      return sb.toString();
    }
  }

  private FeedReader() {}

  /**
   * The feed in {@code bytes} (encoding from the BOM and the XML declaration); a FeedException when
   * they are no feed ROME reads.
   */
  static Feed read(byte[] bytes) throws IOException, FeedException {
    SyndFeedInput input = new SyndFeedInput();
    input.setAllowDoctypes(false);
    input.setXmlHealerOn(true);
    SyndFeed feed;
    try (XmlReader reader = new XmlReader(new ByteArrayInputStream(bytes), true, "UTF-8")) {
      feed = input.build(reader);
    }
    List<Item> items = new ArrayList<>();
    for (SyndEntry entry : feed.getEntries()) {
      String link = linkOf(entry);
      if (link == null) {
        continue;
      }
      Date date =
          entry.getPublishedDate() != null ? entry.getPublishedDate() : entry.getUpdatedDate();
      items.add(
          new Item(
              link,
              plain(entry.getTitle()),
              plain(summaryOf(entry)),
              date == null ? 0 : date.getTime()));
    }
    return new Feed(plain(feed.getTitle()), items);
  }

  /** The item's link: its link, else its first alternate (or untyped) link, else null. */
  private static String linkOf(SyndEntry entry) {
    if (entry.getLink() != null && !entry.getLink().isBlank()) {
      return entry.getLink().trim();
    }
    for (SyndLink link : entry.getLinks()) {
      if (link.getHref() != null && (link.getRel() == null || link.getRel().equals("alternate"))) {
        return link.getHref().trim();
      }
    }
    return null;
  }

  private static String summaryOf(SyndEntry entry) {
    SyndContent description = entry.getDescription();
    if (description != null && description.getValue() != null) {
      return description.getValue();
    }
    for (SyndContent content : entry.getContents()) {
      if (content.getValue() != null) {
        return content.getValue();
      }
    }
    return "";
  }

  /** Text without markup: feeds put escaped HTML in titles and summaries. */
  private static String plain(String s) {
    if (s == null || s.isBlank()) {
      return "";
    }
    return s.indexOf('<') < 0 && s.indexOf('&') < 0 ? s.trim() : Jsoup.parse(s).text().trim();
  }
}
