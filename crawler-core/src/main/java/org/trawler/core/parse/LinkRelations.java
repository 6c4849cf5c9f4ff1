package org.trawler.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.net.URLResolver;

/**
 * The page's {@code <link>} relations a crawler acts on: the canonical URL (the element, else the
 * HTTP Link header, RFC 8288), the hreflang alternates (translations of the page) and the feed
 * alternates (its RSS or Atom feed, where news sites announce their new pages).
 */
final class LinkRelations {
  /** One link-value of a Link header: {@code <target>; param; param}. */
  private static final Pattern LINK_VALUE = Pattern.compile("<([^>]*)>([^<]*)");

  private static final Pattern REL_PARAM =
      Pattern.compile("(?i);\\s*rel\\s*=\\s*(?:\"([^\"]*)\"|([^;,\\s]+))");

  private LinkRelations() {}

  /**
   * The canonical URL, absolute, or null: {@code <link rel=canonical href>} among the page's {@code
   * elements} first (what the page says of itself), else {@code linkHeader}'s rel=canonical.
   */
  static String canonical(List<Element> elements, String linkHeader, String baseUrl) {
    for (Element link : elements) {
      if (link.normalName().equals("link")
          && OutlinkExtractor.hasRel(link, "canonical")
          && link.hasAttr("href")) {
        String url = URLResolver.crawlable(URLResolver.resolve(baseUrl, link.attr("href")));
        if (url != null) {
          return url;
        }
      }
    }
    if (linkHeader == null) {
      return null;
    }
    Matcher m = LINK_VALUE.matcher(linkHeader);
    while (m.find()) {
      Matcher rel = REL_PARAM.matcher(m.group(2));
      if (rel.find()) {
        String rels = rel.group(1) != null ? rel.group(1) : rel.group(2);
        for (String r : rels.trim().split("\\s+")) {
          if (r.toLowerCase(Locale.ROOT).equals("canonical")) {
            return URLResolver.crawlable(URLResolver.resolve(baseUrl, m.group(1).trim()));
          }
        }
      }
    }
    return null;
  }

  /**
   * The absolute URLs of the {@code <link rel=alternate hreflang=... href>} and {@code <link
   * rel=alternate type=application/rss+xml|application/atom+xml href>} among the page's {@code
   * elements}, in document order.
   */
  static List<String> alternates(List<Element> elements, String baseUrl) {
    List<String> urls = new ArrayList<>();
    for (Element link : elements) {
      if (link.normalName().equals("link")
          && OutlinkExtractor.hasRel(link, "alternate")
          && (link.hasAttr("hreflang") || isFeedType(link.attr("type")))
          && link.hasAttr("href")) {
        String url = URLResolver.crawlable(URLResolver.resolve(baseUrl, link.attr("href")));
        if (url != null) {
          urls.add(url);
        }
      }
    }
    return urls;
  }

  /** A feed's MIME type, as a page announces it (parameters and case ignored). */
  static boolean isFeedType(String type) {
    String bare = MimeTypes.base(type);
    return bare.equals("application/rss+xml") || bare.equals("application/atom+xml");
  }
}
