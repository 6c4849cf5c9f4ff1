package org.trawler.core.parse;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.MimeTypes;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.net.URLResolver;
import org.trawler.core.protocol.RobotsRules;

/**
 * Parses fetched content with jsoup: text/html and application/xhtml+xml (or an untyped page that
 * starts like HTML) give title, text, metadata and outlinks; other types are not parsed. A page
 * that throws gets status FAILED; an interrupted parse (one {@link Parsers} abandoned at
 * parser.timeout) stops at jsoup's next read. Thread-safe.
 */
public class HtmlParser implements Parser {

  private CharsetDetector charsets;
  private OutlinkExtractor outlinks;
  private Signature signature;
  private boolean followCanonical;
  private boolean refreshPermanent;

  /** Our robots.txt agent names: per-agent X-Robots-Tag values and meta tags name them. */
  private List<String> agents = List.of();

  public HtmlParser() {}

  /** A configured parser, for code that reads HTML without {@link Parsers} (check, tests). */
  public HtmlParser(Configuration conf) {
    configure(conf);
  }

  @Override
  public void configure(Configuration conf) {
    configure(conf, ParseSetup.of(conf));
  }

  @Override
  public void configure(Configuration conf, ParseSetup setup) {
    this.charsets =
        CharsetDetector.forDefault(
            conf.get(ParseKeys.FALLBACK_CHARSET, ParseKeys.DEFAULT_FALLBACK_CHARSET));
    this.outlinks = new OutlinkExtractor(conf, setup);
    this.followCanonical =
        conf.getBoolean(ParseKeys.FOLLOW_CANONICAL, ParseKeys.DEFAULT_FOLLOW_CANONICAL);
    this.refreshPermanent =
        conf.getBoolean(ParseKeys.REFRESH_AS_PERMANENT, ParseKeys.DEFAULT_REFRESH_AS_PERMANENT);
    this.signature = Signature.create(conf, setup.names());
    this.agents = RobotsRules.agents(conf);
  }

  /**
   * Parses one page when its Content-Type is HTML (or it has none and starts like HTML); never
   * throws for bad content: failures come back as status FAILED.
   */
  public ParseResult parse(Content content) {
    if (!isHtml(content)) {
      String type =
          content.getContentType().isEmpty()
              ? "an untyped non-HTML page"
              : content.getContentType();
      return unparsed(content, ParseData.NOT_PARSED, "not parsed: " + type);
    }
    return parse(content, MimeTypes.HTML);
  }

  /** Parses one page as HTML: {@link Parsers} chose this parser for its detected type. */
  @Override
  public ParseResult parse(Content content, String mimeType) {
    try {
      return parseHtml(content);
    } catch (RuntimeException | StackOverflowError e) {
      return failed(content, ParseReason.PARSER_ERROR, e.toString());
    }
  }

  /**
   * The URL the content came from in the end (after inline redirects): links resolve against it.
   */
  public static String pageUrl(Content content) {
    return content.getFinalUrl().isEmpty() ? content.getUrl() : content.getFinalUrl();
  }

  /** Whether the content is parsed as HTML: by type, or by its start when it has none. */
  static boolean isHtml(Content content) {
    String type = MimeTypes.base(content.getContentType());
    if (!type.isEmpty()) {
      return MimeTypes.isHtml(type);
    }
    return MimeTypes.looksLikeHtml(content.getContent());
  }

  private ParseResult parseHtml(Content content) {
    CharsetDetector.Detection charset =
        charsets.detect(content.getContent(), content.getHeader("Content-Type"));
    String pageUrl = pageUrl(content);
    String html = charset.decode(content.getContent());
    Document doc =
        org.jsoup.parser.Parser.htmlParser().parseInput(new InterruptibleReader(html), pageUrl);
    PageWalk walk = PageWalk.of(doc, html.length());

    ParseData data = new ParseData(ParseData.SUCCESS, "", doc.title());
    data.getMeta().put("charset", charset.charset().name());
    PageSignals signals = new PageSignals(content, agents);
    PageElements elements = walk.pageElements();
    for (Element meta : elements.metas()) {
      String name = meta.attr("name").trim().toLowerCase(Locale.ROOT);
      String value = Whitespace.collapse(meta.attr("content"));
      if ((name.equals("description") || name.equals("keywords"))
          && !data.getMeta().containsKey(name)) {
        data.getMeta().put(name, value);
      } else {
        signals.meta(name, value, agents);
      }
    }
    RobotsDirectives robots = signals.robots();
    if (robots.present()) {
      data.getMeta().put("robots", robots.describe());
    }
    String canonical =
        LinkRelations.canonical(elements.links(), content.getHeader("Link"), pageUrl);
    if (canonical != null) {
      data.getMeta().put(ParseData.META_CANONICAL, canonical);
    }
    MetaRefresh refresh = MetaRefresh.find(elements.metas());
    String refreshUrl = refreshUrl(refresh, elements, pageUrl);
    MetaRefresh.Redirect redirect =
        refresh == null ? null : refresh.redirect(refreshUrl, selfUrls(content), refreshPermanent);
    List<ParseNote> notes = new ArrayList<>();
    signals.record(data, pageUrl, notes);
    if (redirect != null) {
      // a redirect's only link is its target, which updatedb takes from the redirect itself
      data.getMeta().put(ParseData.META_REFRESH, redirect.target());
    } else if (!robots.noFollow()) {
      outlinks.addOutlinks(data, elements, pageUrl, notes);
      List<String> more = LinkRelations.alternates(elements.links(), pageUrl);
      if (canonical != null && followCanonical) {
        more.add(canonical);
      }
      if (refreshUrl != null) {
        more.add(refreshUrl); // a slow refresh (or one to the page itself) is a link like any other
      }
      outlinks.addLinks(data.getOutlinks(), more, pageUrl);
    }
    String headings = Headings.of(elements.headings());
    if (!headings.isEmpty() && !robots.noIndex()) {
      data.getMeta().put(ParseData.META_HEADINGS, headings);
    }
    String text = walk.text();
    byte[] sig = signature.calculate(content, text);
    return new ParseResult(
        data,
        new ParseText(robots.noIndex() ? "" : text),
        sig,
        redirect,
        doc,
        elements,
        notes.isEmpty() ? List.of() : notes);
  }

  /**
   * The refresh's URL resolved against the page's base and normalized, or null (no refresh, no URL,
   * not crawlable).
   */
  private String refreshUrl(MetaRefresh refresh, PageElements elements, String pageUrl) {
    if (refresh == null || refresh.url().isEmpty()) {
      return null;
    }
    return outlinks.normalized(
        URLResolver.resolve(OutlinkExtractor.baseUrl(elements.bases(), pageUrl), refresh.url()));
  }

  /** The page's own URLs, normalized as a refresh target is: the one fetched, the final one. */
  private List<String> selfUrls(Content content) {
    List<String> urls = new ArrayList<>();
    for (String url : new String[] {content.getUrl(), pageUrl(content)}) {
      String normalized = outlinks.normalized(url);
      urls.add(normalized != null ? normalized : url);
    }
    return urls;
  }

  private ParseResult unparsed(Content content, byte status, String message) {
    return new ParseResult(
        new ParseData(status, message, ""), new ParseText(""), signature.calculate(content, null));
  }

  private ParseResult failed(Content content, ParseReason reason, String message) {
    ParseResult result = unparsed(content, ParseData.FAILED, message);
    result.data().getMeta().put(ParseData.META_REASON, reason.reasonName());
    return result;
  }

  /** Feeds the page to jsoup and stops it once its thread is interrupted (abandoned). */
  private static final class InterruptibleReader extends StringReader {
    InterruptibleReader(String s) {
      super(s);
    }

    @Override
    public int read(char[] buf, int off, int len) throws IOException {
      if (Thread.currentThread().isInterrupted()) {
        throw new InterruptedIOException("parse abandoned");
      }
      return super.read(buf, off, len);
    }
  }
}
