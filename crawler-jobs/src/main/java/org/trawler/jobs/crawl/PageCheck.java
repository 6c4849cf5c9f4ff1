package org.trawler.jobs.crawl;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.net.LinkPolicy;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.URLResolver;
import org.trawler.core.parse.CharsetDetector;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.MetaRefresh;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParseResult;
import org.trawler.core.parse.Parsers;
import org.trawler.core.protocol.ProtocolOutput;
import org.trawler.core.protocol.RenderingChoice;
import org.trawler.jobs.politeness.SingleFetch;

/**
 * One URL through the crawl's own parts: its normalization and filtering ({@link URLCheck}, scope
 * inject), robots.txt and the fetch ({@link SingleFetch}), the parse ({@link Parsers}); then, for
 * the links the parser did not keep, why ({@link #droppedLinks}). What {@code check} prints.
 */
public final class PageCheck implements Closeable {
  /** Link attributes by element, as the parser reads them, to list the links it dropped. */
  private static final List<String> LINK_ATTRIBUTES = List.of("href", "src", "action", "data");

  private final Configuration conf;
  private final URLCheck seedCheck;
  private final URLCheck outlinkCheck;
  private final LinkPolicy linkPolicy;
  private final boolean honorNofollow;
  private final SingleFetch fetch;
  private final Parsers parser;
  private final CharsetDetector charsets;

  /**
   * The parsers with no outlink rule at all (no normalizer or filter, no cap, every host): every
   * link a document holds, to list the ones the crawl's rules dropped. Made for the first document.
   */
  private Parsers everyLink;

  /** Which pages the protocol renders when fetcher.render is on, else null. */
  private final RenderingChoice rendering;

  /**
   * Whether the page was rendered, and why not or how it ended; in a report only when
   * fetcher.render is on.
   */
  public record Rendering(boolean rendered, String reason) {}

  /** A link the parser did not keep, and why. */
  public record DroppedLink(String url, String reason) {}

  /** Everything found out about one URL. */
  public record Report(
      String input,
      URLCheck.Result urlCheck,
      SingleFetch.Result fetch,
      Rendering rendering,
      CharsetDetector.Detection charset,
      ParseResult parse,
      List<DroppedLink> dropped) {
    /** True when the crawl would record the fetch as fetch_success. */
    public boolean fetched() {
      return status() == CrawlStatus.FETCH_SUCCESS;
    }

    /**
     * The fetch status the crawl would record: the protocol's, or the redirect the page's meta
     * refresh makes of a fetch_success.
     */
    public CrawlStatus status() {
      return refresh() != null ? refresh().fetchStatus() : fetch.output().getStatus();
    }

    /** The redirect's target: the protocol's redirect or the meta refresh's; else null. */
    public String redirectTarget() {
      return refresh() != null ? refresh().target() : fetch.output().getRedirectTarget();
    }

    /** The page's meta refresh redirect, or null. */
    public MetaRefresh.Redirect refresh() {
      return parse == null ? null : parse.redirect();
    }
  }

  public PageCheck(Configuration conf, LongSupplier clock) {
    this.conf = conf;
    this.seedCheck = new URLCheck(conf, URLNormalizers.SCOPE_INJECT);
    this.outlinkCheck = new URLCheck(conf, URLNormalizers.SCOPE_OUTLINK);
    this.linkPolicy = LinkPolicy.from(conf);
    this.honorNofollow =
        conf.getBoolean(ParseKeys.HONOR_NOFOLLOW, ParseKeys.DEFAULT_HONOR_NOFOLLOW);
    this.fetch = new SingleFetch(conf, clock);
    this.rendering =
        fetch.protocol() instanceof RenderingChoice choice ? choice : null; // fetcher.render
    this.parser = new Parsers(conf);
    this.charsets =
        CharsetDetector.forDefault(
            conf.get(ParseKeys.FALLBACK_CHARSET, ParseKeys.DEFAULT_FALLBACK_CHARSET));
  }

  /** What inject's normalizers and the filters make of {@code url}: would the crawl take it? */
  public URLCheck.Result seedCheck(String url) {
    return seedCheck.check(url);
  }

  /**
   * Checks {@code url}: normalized as a seed (the page is fetched even when a filter rejects it, so
   * that the report can show it), fetched, and parsed when the fetch succeeded.
   */
  public Report check(String url) {
    URLCheck.Result urlCheck = seedCheck.check(url);
    String target = urlCheck.normalized() != null ? urlCheck.normalized() : url;
    SingleFetch.Result fetched = fetch.fetch(target);
    Rendering shown = rendering == null ? null : rendering(fetched.output());
    Content content = fetched.output().getContent();
    if (fetched.output().getStatus() != CrawlStatus.FETCH_SUCCESS || content == null) {
      return new Report(url, urlCheck, fetched, shown, null, null, List.of());
    }
    content = content.forParse(); // rendered: its DOM, as the crawl's parse reads it
    ParseResult parse = parser.parse(content);
    if (!MimeTypes.isHtml(parse.data().getMeta().getOrDefault(ParseData.META_TYPE, ""))) {
      // a document: no markup to read the links from; its parser lists them
      return new Report(
          url, urlCheck, fetched, shown, null, parse, droppedDocumentLinks(content, parse));
    }
    CharsetDetector.Detection charset =
        charsets.detect(content.getContent(), content.getHeader("Content-Type"));
    return new Report(
        url, urlCheck, fetched, shown, charset, parse, droppedLinks(content, charset, parse));
  }

  /** Whether the page fetch was rendered, as the crawl renders it, or why not. */
  private Rendering rendering(ProtocolOutput out) {
    String why = rendering.notRendered(out);
    if (why != null) {
      return new Rendering(false, why);
    }
    if (out.getContent() != null && out.getContent().isRendered()) {
      return new Rendering(true, "");
    }
    String message = out.getMessage().isEmpty() ? "" : " " + out.getMessage();
    return new Rendering(false, out.getReasonName() + message);
  }

  /**
   * The links of the page the parser did not keep, with the rule that dropped each: not http(s), a
   * normalizer or filter (scope outlink), db.ignore.*.links, meta robots nofollow, or the
   * db.max.outlinks.per.page cap.
   */
  List<DroppedLink> droppedLinks(
      Content content, CharsetDetector.Detection charset, ParseResult parse) {
    if (parse.status() != ParseData.SUCCESS) {
      return List.of();
    }
    String pageUrl = HtmlParser.pageUrl(content);
    Document doc = Jsoup.parse(charset.decode(content.getContent()), pageUrl);
    Element baseElement = doc.selectFirst("base[href]");
    String base =
        baseElement == null
            ? pageUrl
            : orElse(
                URLResolver.crawlable(URLResolver.resolve(pageUrl, baseElement.attr("href"))),
                pageUrl);
    Set<String> kept = new HashSet<>();
    for (Outlink o : parse.outlinks()) {
      kept.add(o.getToUrl());
    }
    boolean noFollow =
        parse
            .data()
            .getMeta()
            .getOrDefault("robots", "")
            .toLowerCase(Locale.ROOT)
            .contains("nofollow");
    Set<String> tags = new HashSet<>();
    for (String t :
        conf.get(ParseKeys.OUTLINK_TAGS, ParseKeys.DEFAULT_OUTLINK_TAGS).split("[,\\s]+")) {
      tags.add(t.toLowerCase(Locale.ROOT));
    }
    Map<String, DroppedLink> dropped = new LinkedHashMap<>();
    for (Element e : doc.getAllElements()) {
      String raw = tags.contains(e.normalName()) ? linkOf(e) : null;
      if (raw == null) {
        continue;
      }
      String resolved = URLResolver.crawlable(URLResolver.resolve(base, raw));
      if (resolved == null) {
        dropped.putIfAbsent(raw, new DroppedLink(raw, "not an http(s) link"));
        continue;
      }
      URLCheck.Result r = outlinkCheck.check(resolved);
      String reason;
      if (!r.accepted()) {
        reason = r.describe();
      } else if (kept.contains(r.url())
          || (parse.redirect() != null && parse.redirect().target().equals(r.url()))) {
        continue;
      } else if (parse.redirect() != null) {
        reason = "meta refresh redirect: its only link is " + parse.redirect().target();
      } else if (noFollow) {
        reason = "meta robots nofollow";
      } else if (honorNofollow && relNofollow(e)) {
        reason = "rel=nofollow (" + ParseKeys.HONOR_NOFOLLOW + ")";
      } else if (!linkPolicy.acceptHosts(URLParts.host(pageUrl), URLParts.host(r.url()))) {
        reason = NetKeys.IGNORE_EXTERNAL_LINKS + " / " + NetKeys.IGNORE_INTERNAL_LINKS;
      } else {
        reason = "over " + ParseKeys.MAX_OUTLINKS;
      }
      dropped.putIfAbsent(resolved, new DroppedLink(resolved, reason));
    }
    return new ArrayList<>(dropped.values());
  }

  /**
   * The links of a document (PDF, Office, feed...) the parser did not keep, with the rule that
   * dropped each: the document parsed again without any outlink rule gives every http(s) link it
   * holds, and each one not kept is checked as {@link #droppedLinks} checks a page's.
   */
  List<DroppedLink> droppedDocumentLinks(Content content, ParseResult parse) {
    if (parse.status() != ParseData.SUCCESS) {
      return List.of();
    }
    Set<String> kept = new HashSet<>();
    for (Outlink o : parse.outlinks()) {
      kept.add(o.getToUrl());
    }
    String pageHost = URLParts.host(content.getUrl());
    Map<String, DroppedLink> dropped = new LinkedHashMap<>();
    for (Outlink o : everyLinkParser().parse(content).outlinks()) {
      String link = o.getToUrl();
      URLCheck.Result r = outlinkCheck.check(link);
      String reason;
      if (!r.accepted()) {
        reason = r.describe();
      } else if (kept.contains(r.url())) {
        continue;
      } else if (!linkPolicy.acceptHosts(pageHost, URLParts.host(r.url()))) {
        reason = NetKeys.IGNORE_EXTERNAL_LINKS + " / " + NetKeys.IGNORE_INTERNAL_LINKS;
      } else {
        reason = "over " + ParseKeys.MAX_OUTLINKS;
      }
      dropped.putIfAbsent(link, new DroppedLink(link, reason));
    }
    return new ArrayList<>(dropped.values());
  }

  private Parsers everyLinkParser() {
    if (everyLink == null) {
      Configuration all = new Configuration(conf);
      all.set(NetKeys.FILTER_ORDER, "");
      all.set(NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + URLNormalizers.SCOPE_OUTLINK, "");
      all.setBoolean(NetKeys.IGNORE_EXTERNAL_LINKS, false);
      all.setBoolean(NetKeys.IGNORE_INTERNAL_LINKS, false);
      all.setInt(ParseKeys.MAX_OUTLINKS, -1);
      all.setBoolean(ParseKeys.HONOR_NOFOLLOW, false);
      everyLink = new Parsers(all);
    }
    return everyLink;
  }

  private static boolean relNofollow(Element e) {
    for (String rel : e.attr("rel").split("\\s+")) {
      if (rel.equalsIgnoreCase("nofollow")) {
        return true;
      }
    }
    return false;
  }

  private static String linkOf(Element e) {
    for (String attribute : LINK_ATTRIBUTES) {
      if (e.hasAttr(attribute)) {
        return e.attr(attribute);
      }
    }
    return null;
  }

  private static String orElse(String value, String fallback) {
    return value != null ? value : fallback;
  }

  @Override
  public void close() throws IOException {
    parser.close();
    if (everyLink != null) {
      everyLink.close();
    }
    fetch.close();
  }
}
