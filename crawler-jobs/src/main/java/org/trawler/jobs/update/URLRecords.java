package org.trawler.jobs.update;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.jobs.records.IncomingLinks;
import org.trawler.jobs.records.RefreshRecord;

/**
 * What updatedb sees for one URL, gathered from the reducer's stream of values: the crawldb entry,
 * the newest fetch (larger fetchTime wins when several segments fetched the URL), the signature
 * parse computed for that same fetch (and its meta refresh redirect, if any), and the incoming
 * links summed. Values are copied when kept, since Hadoop reuses the object it hands out.
 */
final class URLRecords {
  /**
   * Transient: the mapper marks fetch and signature datums with their segment, so a signature is
   * matched with the fetch of its own segment. Removed here; never written to the crawldb.
   */
  static final Text SEGMENT_TAG = new Text("_updseg_");

  private CrawlDatum old;
  private CrawlDatum fetch;
  private String fetchSegment;
  private final Map<String, CrawlDatum> signatures = new HashMap<>();
  private final Map<String, CrawlDatum> refreshes = new HashMap<>();
  private final IncomingLinks links = new IncomingLinks();

  /** Marks a segment record with the segment it came from. */
  static void tag(CrawlDatum datum, String segment) {
    datum.putMeta(SEGMENT_TAG, segment);
  }

  /** Takes one value; false when its status has no place in updatedb (the caller reports it). */
  boolean add(CrawlDatum datum) {
    CrawlStatus status = datum.getStatus();
    if (status.isDbStatus()) {
      old = new CrawlDatum(datum);
    } else if (status.isFetchStatus()) {
      if (fetch == null || datum.getFetchTime() > fetch.getFetchTime()) {
        fetch = new CrawlDatum(datum);
        fetchSegment = untag(fetch);
      }
    } else if (status == CrawlStatus.LINKED) {
      links.add(datum);
    } else if (status == CrawlStatus.SIGNATURE) {
      CrawlDatum signature = new CrawlDatum(datum);
      signatures.put(untag(signature), signature);
    } else if (RefreshRecord.is(datum)) {
      CrawlDatum refresh = new CrawlDatum(datum);
      refreshes.put(untag(refresh), refresh);
    } else {
      return false;
    }
    return true;
  }

  /** The crawldb entry, or null for a URL the crawldb does not have. */
  CrawlDatum old() {
    return old;
  }

  /**
   * The newest fetch datum, or null when no segment fetched the URL; a page whose meta refresh (in
   * the same segment's parse) is a redirect is that redirect ({@link RefreshRecord#applyTo}).
   */
  CrawlDatum fetch() {
    return fetch == null ? null : RefreshRecord.applyTo(fetch, refreshes.get(fetchSegment));
  }

  /** The signature datum from the newest fetch's segment, or null. */
  CrawlDatum signature() {
    return fetch == null ? null : signatures.get(fetchSegment);
  }

  IncomingLinks links() {
    return links;
  }

  private static String untag(CrawlDatum datum) {
    String segment = datum.getMetaString(SEGMENT_TAG);
    datum.getMetadata().remove(SEGMENT_TAG);
    return segment;
  }
}
