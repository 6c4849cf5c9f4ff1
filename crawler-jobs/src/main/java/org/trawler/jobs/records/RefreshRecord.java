package org.trawler.jobs.records;

import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.parse.MetaRefresh;
import org.trawler.core.scoring.LinkScorer;

/**
 * The crawl_parse record of a page whose meta refresh is a redirect: a parse_meta datum under the
 * page URL with the redirect's fetch status ({@code _refresh_}) and target ({@code _repr_}), and
 * the page's score and depth (its target's link gets them, as from an HTTP redirect). updatedb
 * reads it as the page's fetch turned into that redirect, so the page and its target end as after
 * an HTTP redirect.
 */
public final class RefreshRecord {
  private RefreshRecord() {}

  /** The record of {@code redirect}, found in {@code content} parsed at {@code now}. */
  public static CrawlDatum of(MetaRefresh.Redirect redirect, Content content, long now) {
    CrawlDatum datum = new CrawlDatum(CrawlStatus.PARSE_META, 0, LinkScorer.pageScore(content));
    datum.setDepth(LinkScorer.pageDepth(content));
    datum.setFetchTime(now);
    datum.putMeta(MetadataKeys.REFRESH_STATUS, redirect.fetchStatus().label());
    datum.putMeta(MetadataKeys.REDIRECT_TARGET, redirect.target());
    return datum;
  }

  /** True for a datum this class made. */
  public static boolean is(CrawlDatum datum) {
    return datum.getStatus() == CrawlStatus.PARSE_META
        && redirectStatus(datum) != null
        && redirectStatus(datum).isFetchStatus();
  }

  /**
   * The fetch as the page's parse found it: a fetch_success of a page whose meta refresh redirects
   * ({@code refresh}, from the same segment) becomes that redirect, target in {@code _repr_}, as an
   * HTTP redirect is recorded; any other fetch stays as it is. Arguments are not modified.
   */
  public static CrawlDatum applyTo(CrawlDatum fetch, CrawlDatum refresh) {
    if (fetch.getStatus() != CrawlStatus.FETCH_SUCCESS || refresh == null || !is(refresh)) {
      return fetch;
    }
    CrawlDatum redirect = new CrawlDatum(fetch);
    redirect.setStatus(redirectStatus(refresh));
    redirect.putMeta(
        MetadataKeys.REDIRECT_TARGET, refresh.getMetaString(MetadataKeys.REDIRECT_TARGET));
    return redirect;
  }

  private static CrawlStatus redirectStatus(CrawlDatum datum) {
    String name = datum.getMetaString(MetadataKeys.REFRESH_STATUS);
    return name == null ? null : CrawlStatus.fromLabel(name);
  }
}
