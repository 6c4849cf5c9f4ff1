package org.trawler.console.report;

import java.util.LinkedHashMap;
import java.util.Map;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.URLParts;
import org.trawler.jobs.dedup.DuplicateKind;

/**
 * What one record adds to the report's figures, without Hadoop: a crawldb URL, a fetch (a segment's
 * crawl_fetch datum) or a stored content, each to a few MapReduce keys (see {@link Figure}) with
 * the amounts to add.
 */
public final class FigureCount {
  /** Media types longer than this are cut: a hostile server's header must not bloat the report. */
  static final int MAX_TYPE_LENGTH = 80;

  static final String ROBOTS_DENIED = "robots_denied";

  private FigureCount() {}

  /**
   * A crawldb URL: its status, its depth (a duplicate's kind, a gone URL's reason), one URL of its
   * host.
   */
  public static Map<String, Long> ofCrawlDb(String url, CrawlDatum datum) {
    Map<String, Long> keys = new LinkedHashMap<>();
    keys.put(Figure.CRAWLDB_STATUS.keyFor(datum.statusLabel()), 1L);
    keys.put(Figure.DEPTH.keyFor(Integer.toString(datum.getDepth())), 1L);
    if (datum.getStatus() == CrawlStatus.DB_DUPLICATE) {
      DuplicateKind kind = DuplicateKind.of(datum);
      keys.put(Figure.DUPLICATE_KIND.keyFor(kind == null ? "unknown" : kind.label()), 1L);
    } else if (datum.getStatus() == CrawlStatus.DB_GONE) {
      keys.put(
          Figure.GONE_REASON.keyFor(
              protocolStatus(datum.getMetaString(MetadataKeys.PROTOCOL_STATUS))[1]),
          1L);
    }
    String host = host(url);
    if (host != null) {
      keys.put(Figure.HOST_URLS.keyFor(host), 1L);
    }
    return keys;
  }

  /**
   * A fetch: its status, HTTP code, reason and response time, and its host's answer, error,
   * robots-denied and response time. Empty for a datum that is not a fetch status.
   */
  public static Map<String, Long> ofFetch(String url, CrawlDatum datum) {
    Map<String, Long> keys = new LinkedHashMap<>();
    CrawlStatus status = datum.getStatus();
    if (!status.isFetchStatus()) {
      return keys;
    }
    keys.put(Figure.FETCH_STATUS.keyFor(status.label()), 1L);
    String[] pst = protocolStatus(datum.getMetaString(MetadataKeys.PROTOCOL_STATUS));
    keys.put(Figure.HTTP_STATUS.keyFor(pst[0]), 1L);
    keys.put(Figure.REASON.keyFor(pst[1]), 1L);
    int ms = datum.getMetaInt(MetadataKeys.RESPONSE_TIME, -1);
    if (ms >= 0) {
      keys.put(Figure.RESPONSE_MS.keyFor(Long.toString(Figure.bucket(ms))), 1L);
    }
    String host = host(url);
    if (host == null) {
      return keys;
    }
    boolean error = status == CrawlStatus.FETCH_GONE || status == CrawlStatus.FETCH_RETRY;
    keys.put((error ? Figure.HOST_ERRORS : Figure.HOST_FETCHED).keyFor(host), 1L);
    if (ROBOTS_DENIED.equals(pst[1])) {
      keys.put(Figure.HOST_ROBOTS_DENIED.keyFor(host), 1L);
    }
    if (ms >= 0) {
      keys.put(Figure.HOST_RESPONSE_MS.keyFor(host), (long) ms);
      keys.put(Figure.HOST_TIMED.keyFor(host), 1L);
    }
    return keys;
  }

  /**
   * A stored content of a segment not parsed yet: the media type its header announced (no
   * parameters, lower case) and its size.
   */
  public static Map<String, Long> ofContent(Content content) {
    Map<String, Long> keys = new LinkedHashMap<>();
    keys.put(Figure.CONTENT_TYPE.keyFor(mediaType(content.getContentType())), 1L);
    keys.putAll(ofContentSize(content));
    return keys;
  }

  /** A stored content of a parsed segment: its size only; its type comes from its parse. */
  public static Map<String, Long> ofContentSize(Content content) {
    Map<String, Long> keys = new LinkedHashMap<>();
    byte[] bytes = content.getContent();
    keys.put(
        Figure.BYTES.keyFor(Long.toString(Figure.bucket(bytes == null ? 0 : bytes.length))), 1L);
    return keys;
  }

  /**
   * A parse: the media type detected from the page's bytes, header and URL, as the index and the
   * URL index call it (a feed its server sends as text/xml is application/rss+xml). Every parse
   * attempt records it, a failed one too, so a parsed segment's pages are each counted once.
   */
  public static Map<String, Long> ofParse(ParseData parse) {
    return Map.of(
        Figure.CONTENT_TYPE.keyFor(mediaType(parse.getMeta().get(ParseData.META_TYPE))), 1L);
  }

  /** "text/html; charset=utf-8" → "text/html"; none → "unknown". */
  static String mediaType(String contentType) {
    String type = MimeTypes.base(contentType);
    if (type.isEmpty()) {
      return "unknown";
    }
    return type.length() > MAX_TYPE_LENGTH ? type.substring(0, MAX_TYPE_LENGTH) : type;
  }

  /** "404 http_404 Not Found" → {"404", "http_404"}; missing parts are "0" and "unknown". */
  static String[] protocolStatus(String pst) {
    String[] words = pst == null ? new String[0] : pst.split(" ", 3);
    String code = words.length > 0 && words[0].matches("\\d{1,3}") ? words[0] : "0";
    String reason = words.length > 1 && !words[1].isEmpty() ? words[1] : "unknown";
    return new String[] {code, reason};
  }

  private static String host(String url) {
    String host = URLParts.host(url);
    return host == null || host.isEmpty() ? null : host;
  }
}
