package org.trawler.jobs.fetch.render;

import java.net.URI;
import java.util.Locale;
import java.util.Set;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.RobotsRules;

/**
 * Whether the browser may have what it asks for while it renders a page: the decision before the
 * fetcher's protocol (and its address guard) sees the request.
 */
final class SubRequestPolicy {
  /** What becomes of one request. */
  enum Verdict {
    /** Fetched through the fetcher's protocol (which applies the address policy). */
    FETCH(RenderCounter.SUBREQUESTS),
    BLOCKED_TYPE(RenderCounter.SUBREQUESTS_BLOCKED_TYPE),
    BLOCKED_THIRD_PARTY(RenderCounter.SUBREQUESTS_BLOCKED_THIRD_PARTY),
    BLOCKED_ROBOTS(RenderCounter.SUBREQUESTS_BLOCKED_ROBOTS);

    final RenderCounter counter;

    Verdict(RenderCounter counter) {
      this.counter = counter;
    }
  }

  private final Set<String> blockTypes;
  private final boolean thirdParty;

  SubRequestPolicy(Set<String> blockTypes, boolean thirdParty) {
    this.blockTypes = blockTypes;
    this.thirdParty = thirdParty;
  }

  /**
   * The verdict on a request for {@code url} ({@code method}, DevTools resource type {@code type})
   * made by the page at {@code pageUrl}, whose site's robots.txt says {@code robots}; another
   * site's URL, when third parties are allowed, is judged by that site's own robots.txt ({@code
   * otherSites}). Another document (a navigation away, a frame) is refused: a page is one request
   * for its HTML, and other pages wait for their own turn.
   */
  Verdict decide(
      String pageUrl,
      String url,
      String method,
      String type,
      RobotsRules robots,
      SiteRobots otherSites) {
    if (!"GET".equals(method)
        || "document".equalsIgnoreCase(type)
        || blockTypes.contains(type.toLowerCase(Locale.ROOT))) {
      return Verdict.BLOCKED_TYPE;
    }
    URI target;
    try {
      URI.create(pageUrl); // a page URL the browser reports but URI refuses: nothing is fetched
      target = URI.create(url);
    } catch (IllegalArgumentException e) {
      return Verdict.BLOCKED_TYPE;
    }
    String scheme = target.getScheme() == null ? "" : target.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || target.getHost() == null) {
      return Verdict.BLOCKED_TYPE;
    }
    if (!sameSite(pageUrl, url)) {
      if (!thirdParty) {
        return Verdict.BLOCKED_THIRD_PARTY;
      }
      return otherSites.rulesFor(url).isAllowed(url) ? Verdict.FETCH : Verdict.BLOCKED_ROBOTS;
    }
    return robots.isAllowed(url) ? Verdict.FETCH : Verdict.BLOCKED_ROBOTS;
  }

  /** Whether {@code url} is http: or https: with a host: a page of the web. */
  static boolean isWeb(String url) {
    String scheme = scheme(url);
    return (scheme.equals("http") || scheme.equals("https")) && host(url) != null;
  }

  /**
   * Whether a frame may go to {@code url}: the web (where every request is intercepted), or what
   * stays within the page (about:blank, blob:, javascript:); never file:, chrome:, data: and other
   * local or browser schemes, whose loads no interception sees.
   */
  static boolean isNavigable(String url) {
    return Set.of("http", "https", "about", "blob", "javascript").contains(scheme(url));
  }

  private static String scheme(String url) {
    int colon = url.indexOf(':');
    return colon < 0 ? "" : url.substring(0, colon).strip().toLowerCase(Locale.ROOT);
  }

  private static String host(String url) {
    try {
      return URI.create(url).getHost();
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Same origin (scheme, host and port): the site whose robots.txt and queue the page's fetch used.
   */
  static boolean sameSite(String pageUrl, String url) {
    String origin = URLParts.of(pageUrl).origin();
    return origin != null && origin.equals(URLParts.of(url).origin());
  }
}
