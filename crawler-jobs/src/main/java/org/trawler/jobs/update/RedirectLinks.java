package org.trawler.jobs.update;

import java.net.MalformedURLException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.LinkPolicy;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLResolver;
import org.trawler.jobs.hostdb.HostKnowledge;
import org.trawler.jobs.records.RefreshRecord;

/**
 * Turns a fetched redirect (or a meta refresh redirect) into a link to its target ({@code _repr_}),
 * so the target enters the crawldb the way an outlink would: resolved, crawlable (http or https
 * with a host), normalized and filtered in scope {@code outlink}, subject to the {@link
 * LinkPolicy}. The link carries the source's whole score (a redirect is the page's only outlink)
 * and the source's depth: following a redirect does not cost depth.
 */
final class RedirectLinks {
  private final URLNormalizer normalizer;
  private final URLFilter filter;
  private final LinkPolicy policy;

  RedirectLinks(URLNormalizer normalizer, URLFilter filter, LinkPolicy policy) {
    this.normalizer = normalizer;
    this.filter = filter;
    this.policy = policy;
  }

  /** The normalizers (scope outlink), filters and link policy of {@code conf}, set up at once. */
  static RedirectLinks fromConf(Configuration conf) {
    return fromConf(conf, HostKnowledge.NONE);
  }

  /** As {@link #fromConf(Configuration)}, normalizing with the parameters {@code known} learned. */
  static RedirectLinks fromConf(Configuration conf, HostKnowledge known) {
    return new RedirectLinks(
        URLNormalizers.forScope(conf, URLNormalizers.SCOPE_OUTLINK, List.of(known.learnedParams())),
        new URLFilters(conf),
        LinkPolicy.from(conf));
  }

  /**
   * True for a redirect that names its target: a fetch datum of an HTTP redirect, or the parse's
   * record of a meta refresh redirect.
   */
  static boolean hasTarget(CrawlDatum datum) {
    CrawlStatus status = datum.getStatus();
    String target = datum.getMetaString(MetadataKeys.REDIRECT_TARGET);
    return (status == CrawlStatus.FETCH_REDIR_PERM
            || status == CrawlStatus.FETCH_REDIR_TEMP
            || RefreshRecord.is(datum))
        && target != null
        && !target.isEmpty();
  }

  /**
   * The redirect's target (resolved against {@code fromUrl}, normalized), or null when it is
   * malformed, rejected, or the source itself.
   */
  String target(String fromUrl, CrawlDatum redirect) {
    String url;
    try {
      url =
          URLResolver.crawlable(
              URLResolver.resolve(fromUrl, redirect.getMetaString(MetadataKeys.REDIRECT_TARGET)));
      url = url == null ? null : normalizer.normalize(url, URLNormalizers.SCOPE_OUTLINK);
    } catch (MalformedURLException e) {
      return null;
    }
    if (url != null) {
      url = filter.filter(url);
    }
    if (url == null || url.equals(fromUrl) || !policy.accept(fromUrl, url)) {
      return null;
    }
    return url;
  }

  /** The linked datum a redirect gives its target. */
  static CrawlDatum linkFrom(CrawlDatum redirect) {
    CrawlDatum link =
        new CrawlDatum(CrawlStatus.LINKED, redirect.getFetchInterval(), redirect.getScore());
    int depth = redirect.getMetaInt(MetadataKeys.DEPTH, -1);
    if (depth >= 0) {
      link.setDepth(depth);
    }
    return link;
  }
}
