package org.trawler.jobs.linkdb;

import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Outlink;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLOutcomes;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.ParseKeys;

/**
 * Turns the outlinks of one page into inlinks of their targets: target URLs normalized (scope
 * linkdb) and filtered, links inside one host dropped when configured, anchors cut to length.
 */
final class LinkInverter {
  private static final Logger LOG = LoggerFactory.getLogger(LinkInverter.class);

  /** One link seen from its target: the target URL, the linking page and the anchor text. */
  record InvertedLink(String target, String fromUrl, String anchor) {}

  /** The inverted links of a page, and how many outlinks were dropped and why. */
  record Inversion(List<InvertedLink> links, int rejected, int internal) {}

  private final URLNormalizers normalizers;
  private final URLFilters filters;
  private final boolean ignoreInternal;
  private final int maxAnchorLength;
  private final URLOutcomes targets = new URLOutcomes(URLOutcomes.DEFAULT_MAX_URLS);

  /**
   * {@code normalizers} or {@code filters} null = that step is off; {@code maxAnchorLength} &lt; 0
   * = no cut.
   */
  LinkInverter(
      URLNormalizers normalizers, URLFilters filters, boolean ignoreInternal, int maxAnchorLength) {
    this.normalizers = normalizers;
    this.filters = filters;
    this.ignoreInternal = ignoreInternal;
    this.maxAnchorLength = maxAnchorLength;
  }

  /**
   * The inverter {@code conf} sets up, its normalizers and filters created at once: a bad setting
   * fails here.
   */
  static LinkInverter fromConf(Configuration conf) {
    return new LinkInverter(
        conf.getBoolean(LinkDbKeys.NORMALIZE, LinkDbKeys.DEFAULT_NORMALIZE)
            ? URLNormalizers.forScope(conf, URLNormalizers.SCOPE_LINKDB)
            : null,
        conf.getBoolean(LinkDbKeys.FILTER, LinkDbKeys.DEFAULT_FILTER) ? new URLFilters(conf) : null,
        conf.getBoolean(LinkDbKeys.IGNORE_INTERNAL_LINKS, LinkDbKeys.DEFAULT_IGNORE_INTERNAL_LINKS),
        Settings.getInt(conf, ParseKeys.MAX_ANCHOR_LENGTH, ParseKeys.DEFAULT_MAX_ANCHOR_LENGTH));
  }

  /** The URL as the linkdb keeps it, or null when a filter rejects it. */
  String accept(String url) throws MalformedURLException {
    String result = url;
    if (normalizers != null) {
      result = normalizers.normalize(result, URLNormalizers.SCOPE_LINKDB);
    }
    if (result != null && filters != null) {
      result = filters.filter(result);
    }
    return result;
  }

  /** The inlinks {@code fromUrl} (already accepted) gives its outlinks' targets. */
  Inversion invert(String fromUrl, List<Outlink> outlinks) {
    List<InvertedLink> links = new ArrayList<>(outlinks.size());
    int rejected = 0;
    int internal = 0;
    for (Outlink o : outlinks) {
      String target = targets.of(o.getToUrl(), url -> acceptOutlink(url, fromUrl));
      if (target.equals(URLOutcomes.REJECTED)) {
        rejected++;
      } else if (ignoreInternal && sameHost(fromUrl, target)) {
        internal++;
      } else {
        links.add(new InvertedLink(target, fromUrl, cut(o.getAnchor(), maxAnchorLength)));
      }
    }
    return new Inversion(links, rejected, internal);
  }

  /**
   * {@link #accept} for an outlink target of {@code fromUrl}; a malformed one is rejected with a
   * log line (once per task while the outcome is remembered).
   */
  private String acceptOutlink(String url, String fromUrl) {
    try {
      return accept(url);
    } catch (MalformedURLException | RuntimeException e) {
      LOG.warn("malformed outlink {} on {}: {}", url, fromUrl, e.getMessage());
      return null;
    }
  }

  /** True when both URLs name the same host (case-insensitive); false when either has none. */
  static boolean sameHost(String a, String b) {
    String host = URLParts.host(a);
    return host != null && host.equals(URLParts.host(b));
  }

  /**
   * The first {@code max} characters of an anchor, never splitting a surrogate pair; max &lt; 0 =
   * all.
   */
  static String cut(String anchor, int max) {
    if (max < 0 || anchor.length() <= max) {
      return anchor;
    }
    int end = max;
    if (end > 0 && Character.isHighSurrogate(anchor.charAt(end - 1))) {
      end--;
    }
    return anchor.substring(0, end);
  }
}
