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
import org.jsoup.nodes.Attributes;
import org.jsoup.nodes.Element;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.LinkPolicy;
import org.trawler.core.net.URLFilter;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLOutcomes;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.URLResolver;
import org.trawler.core.net.filter.TrapReason;
import org.trawler.core.net.filter.TrapURLFilter;

/**
 * The outlinks of a parsed page: the link attribute of each configured element, resolved against
 * {@code <base href>} or the page URL, fragment dropped, http/https only, normalized and filtered
 * (scope outlink), de-duplicated and only then capped, so that in-page {@code #section} links
 * cannot use up the quota. At most parser.links.max hyperlinks of a page or document are read at
 * all: a document of a million links costs no more than one of ten thousand. A page that loses
 * links to either cap is recorded with reason links_limit.
 */
public class OutlinkExtractor {
  /** Marks a rejected link in the per-page caches: no outlink URL is empty. */
  private static final String REJECTED = URLOutcomes.REJECTED;

  private final Set<String> tags;
  private final URLNormalizers normalizers;
  private final URLFilter filters;

  /** The trap filter among the filters, to name why a link was held back; null when none. */
  private final TrapURLFilter traps;

  private final int maxOutlinks;
  private final int maxLinks;
  private final int maxAnchorLength;
  private final LinkPolicy linkPolicy;
  private final boolean honorNofollow;

  /** Resolved URL → its outlink URL or REJECTED, across pages, threads and the parsers of a set. */
  private final URLOutcomes accepted;

  public OutlinkExtractor(Configuration conf) {
    this(conf, ParseSetup.of(conf));
  }

  /**
   * The extractor of a parser of a {@link Parsers} set: the task's normalizers from {@code setup}.
   */
  public OutlinkExtractor(Configuration conf, ParseSetup setup) {
    this.tags = tagSet(conf.get(ParseKeys.OUTLINK_TAGS, ParseKeys.DEFAULT_OUTLINK_TAGS));
    this.normalizers =
        URLNormalizers.forScope(conf, URLNormalizers.SCOPE_OUTLINK, setup.normalizers());
    URLFilters all = new URLFilters(conf);
    this.filters = all;
    this.traps = trapFilter(all);
    this.accepted = setup.outcomes();
    this.maxOutlinks =
        Settings.getInt(conf, ParseKeys.MAX_OUTLINKS, ParseKeys.DEFAULT_MAX_OUTLINKS);
    this.maxLinks = Settings.getInt(conf, ParseKeys.LINKS_MAX, ParseKeys.DEFAULT_LINKS_MAX);
    this.maxAnchorLength =
        Settings.getInt(conf, ParseKeys.MAX_ANCHOR_LENGTH, ParseKeys.DEFAULT_MAX_ANCHOR_LENGTH);
    this.linkPolicy = LinkPolicy.from(conf);
    this.honorNofollow =
        conf.getBoolean(ParseKeys.HONOR_NOFOLLOW, ParseKeys.DEFAULT_HONOR_NOFOLLOW);
  }

  private static TrapURLFilter trapFilter(URLFilters all) {
    for (URLFilter f : all.filters()) {
      if (f instanceof TrapURLFilter t) {
        return t;
      }
    }
    return null;
  }

  /** The name of the notes (and parse_filters counters) of links the trap filter held back. */
  public static final String TRAP_NOTE = "trap";

  private static Set<String> tagSet(String value) {
    Set<String> set = new LinkedHashSet<>();
    for (String t : value.split("[,\\s]+")) {
      if (!t.isEmpty()) {
        set.add(t.toLowerCase(Locale.ROOT));
      }
    }
    return set;
  }

  /** Outlinks, and whether a cap dropped links (parser.links.max, db.max.outlinks.per.page). */
  private record Extracted(List<Outlink> outlinks, boolean cut) {}

  /**
   * Hyperlinks a parser should hand {@link #addOutlinks(ParseData, List, String)} at most: one more
   * than parser.links.max, which tells a document at the cap from one past it.
   */
  public int linksToRead() {
    return maxLinks < 0 ? Integer.MAX_VALUE : maxLinks + 1;
  }

  /**
   * Adds the outlinks of a page's {@code elements} to {@code data} ({@link #extractPage}); when a
   * cap dropped links the page's reason is links_limit, unless it has one.
   */
  public void addOutlinks(
      ParseData data, PageElements elements, String pageUrl, List<ParseNote> heldBack) {
    add(data, extractPage(elements, pageUrl, heldBack));
  }

  /**
   * Adds the outlinks of a document's {@code links} to {@code data} ({@link #extractLinks}); when a
   * cap dropped links the document's reason is links_limit, unless it has one.
   */
  public void addOutlinks(ParseData data, List<Link> links, String pageUrl) {
    add(data, extractDocument(links, pageUrl));
  }

  private static void add(ParseData data, Extracted extracted) {
    data.getOutlinks().addAll(extracted.outlinks());
    if (extracted.cut()) {
      data.getMeta().putIfAbsent(ParseData.META_REASON, ParseReason.LINKS_LIMIT.reasonName());
    }
  }

  /**
   * The outlinks among the {@code elements} of a page fetched from {@code pageUrl}, in document
   * order (one walk of the tree serves the caller too). The page was parsed by jsoup's HTML parser,
   * which lower-cases attribute names: attributes are looked up as written here, without jsoup's
   * case-insensitive search. Each distinct link the trap filter held back adds a note to {@code
   * heldBack} (name {@value #TRAP_NOTE}, counter its {@link TrapReason}, detail the reason and the
   * URL, as check shows it).
   */
  private Extracted extractPage(PageElements elements, String pageUrl, List<ParseNote> heldBack) {
    URLParts base = URLParts.of(baseUrl(elements.bases(), pageUrl));
    String pageHost = URLParts.host(pageUrl);
    // reference pages repeat most links (nav bars, type columns): each href is resolved once per
    // page, and an anchor is only extracted while the URL has none
    Map<String, String> urlOfHref = new HashMap<>(); // href as written → outlink URL, or REJECTED
    Map<String, String> anchors = new LinkedHashMap<>();
    Set<String> followed = new HashSet<>(); // linked at least once without rel=nofollow
    int read = 0;
    for (Element e : elements.all()) {
      String tag = e.normalName();
      if (!tags.contains(tag) || e.attributesSize() == 0) {
        continue;
      }
      Attributes attributes = e.attributes();
      String attribute = linkAttribute(tag);
      boolean nofollow = hasRel(attributes.get("rel"), "nofollow");
      if (!attributes.hasKey(attribute) || (honorNofollow && nofollow)) {
        continue;
      }
      if (maxLinks >= 0 && read++ == maxLinks) {
        return capped(anchors, true, followed);
      }
      String href = attributes.get(attribute);
      String url = urlOfHref.get(href);
      if (url == null) {
        url = outlinkUrl(base, href, pageHost, heldBack);
        urlOfHref.put(href, url);
      }
      if (url.isEmpty()) {
        continue;
      }
      if (!nofollow) {
        followed.add(url);
      }
      String known = anchors.get(url);
      if (known != null && !known.isEmpty()) {
        continue; // the first non-empty anchor is kept
      }
      String anchor = anchorOf(e);
      if (known == null || !anchor.isEmpty()) {
        anchors.put(url, anchor); // a re-put keeps the first position
      }
    }
    return capped(anchors, false, followed);
  }

  /**
   * A link a parser found in a document that is not HTML: the target as written, its text, and what
   * the document says of it (a feed item's date: {@link Outlink#META_PUBLISHED}).
   */
  public record Link(String href, String anchor, Map<String, String> meta) {
    public Link(String href, String anchor) {
      this(href, anchor, Map.of());
    }
  }

  /**
   * The outlinks of a document fetched from {@code pageUrl} whose parser reported {@code links}
   * (hyperlinks of a PDF, an Office file...) in document order: resolved against the page URL and
   * then normalized, filtered, de-duplicated and capped as the links of an HTML page are.
   */
  public List<Outlink> extractLinks(List<Link> links, String pageUrl) {
    return extractDocument(links, pageUrl).outlinks();
  }

  private Extracted extractDocument(List<Link> links, String pageUrl) {
    boolean tooMany = maxLinks >= 0 && links.size() > maxLinks;
    if (tooMany) {
      links = links.subList(0, maxLinks);
    }
    String pageHost = URLParts.host(pageUrl);
    URLParts base = URLParts.of(pageUrl);
    Map<String, String> urlOfHref = new HashMap<>();
    Map<String, String> anchors = new LinkedHashMap<>();
    Map<String, Map<String, String>> metaOf = new HashMap<>();
    for (Link link : links) {
      String url = urlOfHref.computeIfAbsent(link.href(), h -> outlinkUrl(base, h, pageHost, null));
      if (url.isEmpty()) {
        continue;
      }
      String anchor = Whitespace.cap(Whitespace.collapse(link.anchor()), maxAnchorLength);
      String known = anchors.get(url);
      if (known == null || (known.isEmpty() && !anchor.isEmpty())) {
        anchors.put(url, anchor);
      }
      if (!link.meta().isEmpty()) {
        metaOf.putIfAbsent(url, link.meta()); // the first link's, as for a page's anchors
      }
    }
    Extracted extracted = capped(anchors, tooMany, null);
    for (Outlink o : metaOf.isEmpty() ? List.<Outlink>of() : extracted.outlinks()) {
      Map<String, String> meta = metaOf.get(o.getToUrl());
      if (meta != null) {
        o.getMeta().putAll(meta);
      }
    }
    return extracted;
  }

  /**
   * Outlinks URL → anchor, in order, cut at db.max.outlinks.per.page; {@code cut} when links were
   * not read (parser.links.max). Those whose URL is not in {@code followed} (null: all are) are
   * marked {@link Outlink#META_NOFOLLOW}: kept for the crawl, left out of rank.
   */
  private Extracted capped(Map<String, String> anchors, boolean cut, Set<String> followed) {
    List<Outlink> outlinks =
        new ArrayList<>(maxOutlinks < 0 ? anchors.size() : Math.min(maxOutlinks, anchors.size()));
    for (Map.Entry<String, String> a : anchors.entrySet()) {
      if (maxOutlinks >= 0 && outlinks.size() >= maxOutlinks) {
        break;
      }
      Outlink outlink = new Outlink(a.getKey(), a.getValue());
      if (followed != null && !followed.contains(a.getKey())) {
        outlink.getMeta().put(Outlink.META_NOFOLLOW, "true");
      }
      outlinks.add(outlink);
    }
    return new Extracted(outlinks, cut || outlinks.size() < anchors.size());
  }

  /**
   * The outlink URL of {@code href} on a page with base {@code base} and host {@code pageHost}, or
   * REJECTED when a step drops it; a link the trap filter holds back is noted in {@code heldBack}
   * (when not null).
   */
  private String outlinkUrl(URLParts base, String href, String pageHost, List<ParseNote> heldBack) {
    String resolved = URLResolver.resolve(base, href);
    if (resolved == null) {
      return REJECTED;
    }
    String url = acceptOnPage(resolved, pageHost);
    if (url.isEmpty() && heldBack != null && traps != null) {
      // asked of the resolved URL: normalizing does not lengthen, deepen or repeat a path
      TrapReason reason = traps.reason(resolved);
      if (reason != null) {
        heldBack.add(
            new ParseNote(TRAP_NOTE, reason.reasonName(), reason.reasonName() + " " + resolved));
      }
    }
    return url;
  }

  /**
   * An absolute URL made crawlable, normalized and filtered (remembered across pages), then checked
   * against the host rule of a page on {@code pageHost}; REJECTED when a step drops it.
   */
  private String acceptOnPage(String resolved, String pageHost) {
    String url = accepted.of(resolved, this::accept);
    if (!url.isEmpty()
        && linkPolicy.isActive()
        && !linkPolicy.acceptHosts(pageHost, URLParts.host(url))) {
      return REJECTED;
    }
    return url;
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
      String outlink = acceptOnPage(url, pageHost);
      if (!outlink.isEmpty() && known.add(outlink)) {
        outlinks.add(new Outlink(outlink, ""));
      }
    }
  }

  /** Whether the element's rel attribute lists {@code token} (rel is a space-separated set). */
  static boolean hasRel(Element e, String token) {
    return hasRel(e.attr("rel"), token);
  }

  /**
   * Whether {@code rel}, a rel attribute's value (a space-separated set), lists {@code token}. Read
   * in place, without a split's regex and arrays: it is asked of every link of every page.
   */
  static boolean hasRel(String rel, String token) {
    int n = rel.length();
    int i = 0;
    while (i < n) {
      while (i < n && isRelSpace(rel.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < n && !isRelSpace(rel.charAt(i))) {
        i++;
      }
      if (i - start == token.length() && rel.regionMatches(true, start, token, 0, i - start)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A separator of a rel value: whitespace as the regex \s reads it (space, tab, LF, VT, FF, CR).
   */
  private static boolean isRelSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /**
   * The first {@code <base href>} among {@code elements} (the page's, or its base elements) when it
   * resolves to an http/https URL, else the page URL.
   */
  static String baseUrl(List<Element> elements, String pageUrl) {
    Element base = null;
    for (Element e : elements) {
      if (e.normalName().equals("base") && e.hasAttr("href")) {
        base = e;
        break;
      }
    }
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
   * A resolved URL made crawlable, normalized and filtered, or null when a step drops it. A
   * function of the URL alone (normalizers and filters hold no per-page state), so it is remembered
   * across pages.
   */
  private String accept(String resolved) {
    String normalized = normalized(resolved);
    return normalized == null ? null : filters.filter(normalized);
  }

  /**
   * An absolute URL made crawlable and normalized (scope outlink), not filtered; null when it is
   * null, not crawlable or a normalizer drops it.
   */
  public String normalized(String absolute) {
    String url = absolute == null ? null : URLResolver.crawlable(absolute);
    if (url == null) {
      return null;
    }
    try {
      return normalizers.normalize(url, URLNormalizers.SCOPE_OUTLINK);
    } catch (MalformedURLException e) {
      return null;
    }
  }

  private String anchorOf(Element e) {
    String text = e.normalName().equals("a") ? PageText.of(e) : "";
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
