package org.trawler.simweb;

import static org.trawler.simweb.PageHash.unit;
import static org.trawler.simweb.SiteModel.MARKER_WORD;
import static org.trawler.simweb.SiteModel.NEWS_PER_FEED;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.trawler.simweb.SiteModel.DocType;
import org.trawler.simweb.SiteModel.FeedItem;
import org.trawler.simweb.SiteModel.Kind;
import org.trawler.simweb.SiteModel.Page;

/**
 * A site's documents: which OK pages are PDF, DOCX, ODT, text or feeds (docsPct of them), the type
 * each is served with, their words, authors, text and feed items, and the pages only a document
 * links to (a feed's news pages, a PDF's annex), numbered after the site's pages.
 */
final class SiteDocuments {
  private static final long SALT_DOC = 0x444f4355L;
  private static final long SALT_DOC_TYPE = 0x44545950L;
  private static final long SALT_FEED_GAP = 0x46474150L;
  private static final long SALT_AUTHOR = 0x41555448L;

  /** Links of a document to other pages of the site, at most (a feed's other items). */
  private static final int DOC_LINKS = 3;

  /** Child page numbers reserved per document page: page = pages + parent * CHILDREN + i. */
  static final int CHILDREN = NEWS_PER_FEED;

  private static final String[] AUTHORS = {
    "Ada Lovelace",
    "Grace Hopper",
    "Alan Turing",
    "Edsger Dijkstra",
    "Barbara Liskov",
    "Donald Knuth",
    "Frances Allen",
    "John Backus"
  };

  private final SiteModel site;
  private final PageHash hash;
  private final int pages;
  private final double docsPct;

  /** The special documents of host 0 (-1 = none): too big, served with a wrong type. */
  private final int bigPdf;

  private final int octetPdf;
  private final int xmlFeed;

  /** Made after the site's {@link PageKinds}: a document is an OK page. */
  SiteDocuments(SiteModel site, PageHash hash) {
    this.site = site;
    this.hash = hash;
    this.pages = site.pagesPerHost();
    this.docsPct = site.docsPct();
    this.bigPdf = nthDocOfHost0(DocType.PDF, 0);
    this.octetPdf = nthDocOfHost0(DocType.PDF, 1);
    this.xmlFeed = nthDocOfHost0(DocType.RSS, 0);
  }

  DocType docType(int host, int page) {
    if (docsPct <= 0 || page < 0 || page >= pages || site.kindOf(host, page) != Kind.OK) {
      return null;
    }
    if (unit(hash.of(host, page, SALT_DOC)) * 100 >= docsPct) {
      return null;
    }
    DocType[] types = DocType.values();
    return types[(int) Math.floorMod(hash.of(host, page, SALT_DOC_TYPE), (long) types.length)];
  }

  /** Every document of the site, as URLs, host by host in page order. */
  List<String> documentUrls() {
    List<String> list = new ArrayList<>();
    for (int h = 0; h < site.hosts(); h++) {
      for (int p = 0; p < pages; p++) {
        if (docType(h, p) != null) {
          list.add(site.pageUrl(h, p));
        }
      }
    }
    return list;
  }

  String servedType(int host, int page) {
    DocType type = docType(host, page);
    if (type == null) {
      return null;
    }
    if (host == 0 && page == octetPdf) {
      return "application/octet-stream";
    }
    if (host == 0 && page == xmlFeed) {
      return "text/xml; charset=utf-8";
    }
    return type == DocType.TEXT ? "text/plain; charset=utf-8" : type.mimeType();
  }

  boolean isBigPdf(int host, int page) {
    return host == 0 && page >= 0 && page == bigPdf;
  }

  String documentWord(int host, int page) {
    String letters = "bcdfghjklmnpqrtvwxz";
    long n = (long) host * pages + page;
    StringBuilder sb = new StringBuilder("zq");
    do {
      sb.append(letters.charAt((int) (n % letters.length())));
      n /= letters.length();
    } while (n > 0);
    return sb.toString();
  }

  String authorOf(int host, int page) {
    DocType type = docType(host, page);
    if (type == null || type == DocType.TEXT || type.isFeed()) {
      return null;
    }
    return AUTHORS[(int) Math.floorMod(hash.of(host, page, SALT_AUTHOR), (long) AUTHORS.length)];
  }

  List<String> documentLines(int host, int page) {
    List<String> lines = new ArrayList<>();
    lines.add(site.title(host, page));
    if (site.hasMarkerWord(host, page)) {
      lines.add("A " + MARKER_WORD + " was seen here.");
    }
    lines.add("This document is known as " + documentWord(host, page) + ".");
    lines.addAll(SimWebHtml.sentences(site.textSeed(host, page), 6));
    return lines;
  }

  List<FeedItem> feedItems(int host, int page) {
    DocType type = docType(host, page);
    if (type == null || !type.isFeed()) {
      return List.of();
    }
    List<FeedItem> items = new ArrayList<>();
    List<Page> targets = site.links(host, page);
    long gapMs = feedItemGapHours(host, page) * 3_600_000L;
    for (int i = 0; i < targets.size(); i++) {
      Page t = targets.get(i);
      Instant published = SiteResponses.LAST_MODIFIED.minusMillis(gapMs * i);
      String summary =
          SimWebHtml.sentences(site.textSeed(t.host(), t.page()) ^ SALT_FEED_GAP, 1).get(0);
      items.add(
          new FeedItem(
              site.urlOf(t.host(), t.page()), site.title(t.host(), t.page()), summary, published));
    }
    return items;
  }

  int feedItemGapHours(int host, int page) {
    return 1 + (int) Math.floorMod(hash.of(host, page, SALT_FEED_GAP), 24L);
  }

  /** The pages only a document links to: a feed's news pages, a PDF's annex. */
  int childCount(int host, int page) {
    DocType type = docType(host, page);
    if (type == null) {
      return 0;
    }
    return type.isFeed() ? NEWS_PER_FEED : type == DocType.PDF ? 1 : 0;
  }

  int child(int parent, int index) {
    return pages + parent * CHILDREN + index;
  }

  int parentOf(int childPage) {
    return (childPage - pages) / CHILDREN;
  }

  int childIndex(int childPage) {
    return (childPage - pages) % CHILDREN;
  }

  boolean isChild(int host, int page) {
    return page >= pages && childIndex(page) < childCount(host, parentOf(page));
  }

  /** Host 0's n-th document of a type (page order), or -1. */
  private int nthDocOfHost0(DocType type, int n) {
    for (int p = 0; p < pages && docsPct > 0; p++) {
      if (docType(0, p) == type && n-- == 0) {
        return p;
      }
    }
    return -1;
  }

  /**
   * A document's links, as keys: a feed's news pages then other pages; a PDF's other pages then its
   * annex; a DOCX's or ODT's other pages; none for text. A page only a document links to has none.
   */
  long[] documentTargets(int host, int page) {
    if (page >= pages) {
      return new long[0];
    }
    LinkGraph graph = site.graph();
    DocType type = docType(host, page);
    List<Long> targets = new ArrayList<>();
    if (type.isFeed()) {
      for (int c = 0; c < NEWS_PER_FEED; c++) {
        targets.add(graph.key(host, child(page, c)));
      }
    }
    if (type != DocType.TEXT) {
      int others = type.isFeed() ? DOC_LINKS - 1 : DOC_LINKS;
      for (long k : graph.randomTargets(host, page, others, new HashSet<>())) {
        targets.add(k);
      }
    }
    if (type == DocType.PDF) {
      targets.add(graph.key(host, child(page, 0)));
    }
    long[] keys = new long[targets.size()];
    for (int i = 0; i < keys.length; i++) {
      keys[i] = targets.get(i);
    }
    return keys;
  }
}
