package org.trawler.core.parse;

import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Outlink;
import org.trawler.core.net.LinkPolicy;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.URLResolver;

/**
 * The outlinks of a parsed page: the link attribute of each configured element, resolved against
 * {@code <base href>} or the page URL, fragment dropped, http/https only, normalized and filtered
 * (scope outlink), de-duplicated and only then capped, so that in-page {@code #section} links
 * cannot use up the quota.
 */
public class OutlinkExtractor {
  private final Set<String> tags;
  private final URLNormalizers normalizers;
  private final URLFilter filters;
  private final int maxOutlinks;
  private final int maxAnchorLength;
  private final LinkPolicy linkPolicy;
  private final boolean honorNofollow;

  public OutlinkExtractor(Configuration conf) {
    this.tags = tagSet(conf.get(ParseKeys.OUTLINK_TAGS, ParseKeys.DEFAULT_OUTLINK_TAGS));
    this.normalizers = URLNormalizers.forScope(conf, URLNormalizers.SCOPE_OUTLINK);
    this.filters = new URLFilters(conf);
    this.maxOutlinks =
        Settings.getInt(conf, ParseKeys.MAX_OUTLINKS, ParseKeys.DEFAULT_MAX_OUTLINKS);
    this.maxAnchorLength =
        Settings.getInt(conf, ParseKeys.MAX_ANCHOR_LENGTH, ParseKeys.DEFAULT_MAX_ANCHOR_LENGTH);
    this.linkPolicy = LinkPolicy.from(conf);
    this.honorNofollow =
        conf.getBoolean(ParseKeys.HONOR_NOFOLLOW, ParseKeys.DEFAULT_HONOR_NOFOLLOW);
  }

  private static Set<String> tagSet(String value) {
    Set<String> set = new LinkedHashSet<>();
    for (String t : value.split("[,\\s]+")) {
      if (!t.isEmpty()) {
        set.add(t.toLowerCase(Locale.ROOT));
      }
    }
    return set;
  }

  /** The outlinks of {@code doc}, which was fetched from {@code pageUrl}, in document order. */
  public List<Outlink> extract(Document doc, String pageUrl) {
    String base = baseUrl(doc, pageUrl);
    String pageHost = URLParts.host(pageUrl);
    Map<String, String> accepted =
        new HashMap<>(); // resolved URL → normalized URL, or null when rejected
    Map<String, String> anchors = new LinkedHashMap<>();
    for (Element e : doc.getAllElements()) {
      if (!tags.contains(e.normalName())) {
        continue;
      }
      String attribute = linkAttribute(e.normalName());
      if (!e.hasAttr(attribute) || (honorNofollow && hasRel(e, "nofollow"))) {
        continue;
      }
      String resolved = URLResolver.crawlable(URLResolver.resolve(base, e.attr(attribute)));
      if (resolved == null) {
        continue;
      }
      if (!accepted.containsKey(resolved)) {
        accepted.put(resolved, accept(resolved, pageHost));
      }
      String url = accepted.get(resolved);
      if (url == null) {
        continue;
      }
      String anchor = anchorOf(e);
      String known = anchors.get(url);
      if (known == null || (known.isEmpty() && !anchor.isEmpty())) {
        anchors.put(url, anchor); // a re-put keeps the first position
      }
    }
    List<Outlink> outlinks =
        new ArrayList<>(maxOutlinks < 0 ? anchors.size() : Math.min(maxOutlinks, anchors.size()));
    for (Map.Entry<String, String> a : anchors.entrySet()) {
      if (maxOutlinks >= 0 && outlinks.size() >= maxOutlinks) {
        break;
      }
      outlinks.add(new Outlink(a.getKey(), a.getValue()));
    }
    return outlinks;
  }

  /**
   * Adds {@code urls} (absolute) to {@code outlinks} after the page's own: normalized, filtered and
   * host-checked like them, skipping those already there, within db.max.outlinks.per.page.
   */
  public void addLinks(List<Outlink> outlinks, List<String> urls, String pageUrl) {
    String pageHost = URLParts.host(pageUrl);
    Set<String> known = new HashSet<>();
    for (Outlink o : outlinks) {
      known.add(o.getToUrl());
    }
    for (String url : urls) {
      if (maxOutlinks >= 0 && outlinks.size() >= maxOutlinks) {
        return;
      }
      String crawlable = URLResolver.crawlable(url);
      String accepted = crawlable == null ? null : accept(crawlable, pageHost);
      if (accepted != null && known.add(accepted)) {
        outlinks.add(new Outlink(accepted, ""));
      }
    }
  }

  /** Whether the element's rel attribute lists {@code token} (rel is a space-separated set). */
  static boolean hasRel(Element e, String token) {
    for (String rel : e.attr("rel").split("\\s+")) {
      if (rel.equalsIgnoreCase(token)) {
        return true;
      }
    }
    return false;
  }

  /** The first {@code <base href>} when it resolves to an http/https URL, else the page URL. */
  static String baseUrl(Document doc, String pageUrl) {
    Element base = doc.selectFirst("base[href]");
    if (base == null) {
      return pageUrl;
    }
    String resolved = URLResolver.crawlable(URLResolver.resolve(pageUrl, base.attr("href")));
    return resolved != null ? resolved : pageUrl;
  }

  private static String linkAttribute(String tag) {
    switch (tag) {
      case "a":
      case "area":
      case "link":
        return "href";
      case "form":
        return "action";
      case "object":
        return "data";
      case "blockquote":
      case "q":
      case "ins":
      case "del":
        return "cite";
      default:
        return "src";
    }
  }

  /**
   * The normalized, filtered URL, or null when a normalizer, filter or the host rule rejects it.
   */
  private String accept(String url, String pageHost) {
    String normalized;
    try {
      normalized = normalizers.normalize(url, URLNormalizers.SCOPE_OUTLINK);
    } catch (MalformedURLException e) {
      return null;
    }
    if (normalized == null) {
      return null;
    }
    if (linkPolicy.isActive() && !linkPolicy.acceptHosts(pageHost, URLParts.host(normalized))) {
      return null;
    }
    return filters.filter(normalized);
  }

  private String anchorOf(Element e) {
    String text = e.normalName().equals("a") ? e.text() : "";
    if (text.isBlank()) {
      text = e.attr("title");
    }
    if (text.isBlank()) {
      text = e.normalName().equals("area") ? e.attr("alt") : imageAlt(e);
    }
    return Whitespace.cap(Whitespace.collapse(text), maxAnchorLength);
  }

  private static String imageAlt(Element e) {
    Element img = e.selectFirst("img[alt]");
    return img == null ? "" : img.attr("alt");
  }
}
