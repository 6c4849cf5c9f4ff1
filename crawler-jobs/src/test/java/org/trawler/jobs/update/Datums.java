package org.trawler.jobs.update;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.NetKeys;
import org.trawler.core.parse.MetaRefresh;
import org.trawler.jobs.records.IncomingLinks;
import org.trawler.jobs.records.RefreshRecord;

/** Datums as the crawldb, the fetcher and parse write them, for the update tests. */
public final class Datums {
  static final long NOW = 1_700_000_000_000L;
  static final long HOUR = 3_600_000L;
  static final long DAY = 24 * HOUR;
  static final int INTERVAL = 86_400;

  private Datums() {}

  /** The crawler's configuration with no normalizers or filters (their plugins live elsewhere). */
  static Configuration conf() {
    Configuration conf = CrawlerConfiguration.create();
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    return conf;
  }

  /** A crawldb entry: fetched once a day, depth 1, score 1. */
  public static CrawlDatum old(CrawlStatus status) {
    CrawlDatum d = new CrawlDatum(status, INTERVAL, 1f);
    d.setFetchTime(NOW - HOUR);
    d.setDepth(1);
    return d;
  }

  /**
   * A fetch result made from {@code old} (the fetcher copies the fetch list entry), fetched at
   * {@code time}.
   */
  static CrawlDatum fetch(CrawlDatum old, CrawlStatus status, long time) {
    CrawlDatum d = new CrawlDatum(old);
    d.setStatus(status);
    d.setFetchTime(time);
    return d;
  }

  static CrawlDatum fetch(CrawlStatus status, long time) {
    return fetch(old(CrawlStatus.DB_UNFETCHED), status, time);
  }

  static CrawlDatum signature(int... bytes) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.SIGNATURE, 0, 0f);
    byte[] sig = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      sig[i] = (byte) bytes[i];
    }
    d.setSignature(sig);
    return d;
  }

  public static CrawlDatum linked(float score, int depth) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.LINKED, INTERVAL, score);
    d.setDepth(depth);
    return d;
  }

  /**
   * The parse's record of a page whose meta refresh redirects to {@code target}: as {@link
   * org.trawler.jobs.parse.SegmentParser} writes it for a page of {@code score} and {@code depth}.
   */
  static CrawlDatum refresh(String target, boolean permanent, float score, int depth) {
    Content page = new Content("http://a.example/page", "", new byte[0], "text/html", false);
    page.getMeta().put(Content.META_SCORE, Float.toString(score));
    page.getMeta().put(Content.META_DEPTH, Integer.toString(depth));
    return RefreshRecord.of(new MetaRefresh.Redirect(target, permanent), page, NOW);
  }

  public static IncomingLinks links(CrawlDatum... linked) {
    IncomingLinks links = new IncomingLinks();
    for (CrawlDatum d : linked) {
      links.add(d);
    }
    return links;
  }
}
