package org.trawler.core.parse.filter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.ParseData;
import org.trawler.core.parse.PageMarkdown;
import org.trawler.core.parse.PageText;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParseReason;
import org.trawler.core.parse.ParsedPage;

/**
 * With parser.html.content=main, an HTML page's text becomes its main content: the article, the
 * documentation or the thread without navigation, menus, headers, footers and cookie notices (the
 * whole text kept in the field fulltext if parser.html.content.fulltext). In three steps (the
 * algorithm, docs/extraction.md):
 *
 * <ol>
 *   <li>Boilerplate by markup is left out: nav, aside, footer, form, header outside an article or
 *       main, ARIA roles of navigation, banners and dialogs, hidden elements, and elements whose
 *       class or id names a menu, a sidebar, a cookie notice, sharing buttons, readers' comments
 *       (unless it holds half the page's prose, three quarters for comments: then it is the
 *       layout's container around the content, or a page that is its thread).
 *   <li>Each remaining text character that is not link text counts for all elements above it. From
 *       the body down, the walk enters the child with most of these characters as long as it holds
 *       at least {@value #SHARE} of the page's: the smallest element holding most of the prose,
 *       which a side menu or a link list cannot be. Inside an article it takes the whole article.
 *   <li>The text of that element, without boilerplate and without blocks that are mostly links.
 * </ol>
 *
 * <p>With parser.markdown, the page's Markdown is rendered from the same element without the same
 * boilerplate ({@link PageMarkdown}); with parser.html.content=all from the whole body, without
 * scripts, styles and hidden elements.
 */
public class MainContentFilter implements ParseFilter {
  /** The field that keeps the whole text when the main content replaces it. */
  public static final String FULLTEXT_FIELD = "fulltext";

  /** The share of the page's prose the main element holds at least. */
  static final double SHARE = 0.7;

  /** The headline's ancestor is taken when its prose is at most this many times the content's. */
  private static final double HEADING_SLACK = 1.25;

  /**
   * An element named like boilerplate that holds at least this share of the page's prose is a
   * layout's container around the content, not boilerplate.
   */
  static final double NAMED_SHARE = 0.5;

  /**
   * Comments are left out unless they hold this share of the page's prose: beside an article that
   * has a quarter of it, they are the readers', not the page's.
   */
  static final double COMMENTS_SHARE = 0.75;

  /** A block whose text is more link text than this is a link list, not content. */
  private static final double LINK_DENSITY = 0.5;

  /** Elements never part of a page's Markdown, whatever parser.html.content says. */
  private static final Set<String> NEVER_SHOWN_TAGS =
      Set.of("script", "style", "noscript", "template");

  private static final Set<String> BOILERPLATE_TAGS =
      Set.of(
          "nav",
          "aside",
          "footer",
          "form",
          "script",
          "style",
          "noscript",
          "template",
          "button",
          "select",
          "dialog",
          "menu",
          "iframe",
          "svg",
          "input",
          "label");

  private static final Set<String> BOILERPLATE_ROLES =
      Set.of(
          "navigation",
          "banner",
          "contentinfo",
          "complementary",
          "search",
          "menu",
          "menubar",
          "dialog",
          "alertdialog",
          "toolbar");

  /** Words of class and id values that mark boilerplate (split at -, _ and spaces). */
  private static final Set<String> BOILERPLATE_WORDS =
      Set.of(
          "nav",
          "navbar",
          "navigation",
          "menu",
          "sidebar",
          "breadcrumb",
          "breadcrumbs",
          "footer",
          "header",
          "masthead",
          "cookie",
          "cookies",
          "consent",
          "gdpr",
          "share",
          "sharing",
          "social",
          "related",
          "advert",
          "advertisement",
          "ad",
          "ads",
          "promo",
          "newsletter",
          "subscribe",
          "toolbar",
          "pagination",
          "pager",
          "skip",
          "toc",
          "banner",
          "comments",
          "disqus");

  /**
   * Words of readers' comments: an element so named is left out unless it holds at least {@value
   * #COMMENTS_SHARE} of the page's prose, when it is the page itself (a thread of comments).
   */
  private static final Set<String> COMMENT_WORDS = Set.of("comments", "disqus");

  private static final Set<String> HEADINGS = Set.of("h1", "h2", "h3", "h4", "h5", "h6");

  /** What separates the words of a heading or an id: anything but letters and digits. */
  private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

  /** What separates the words of a class or id value. */
  private static final Pattern CLASS_WORD_BREAK = Pattern.compile("[\\s_-]+");

  /** Text blocks checked for link density. */
  private static final Set<String> BLOCKS = Set.of("ul", "ol", "div", "section", "table", "p");

  private boolean main;
  private boolean keepFulltext;
  private boolean markdown;
  private int markdownMaxChars;

  @Override
  public void configure(Configuration conf) {
    String mode =
        conf.getTrimmed(FilterKeys.CONTENT, FilterKeys.DEFAULT_CONTENT).toLowerCase(Locale.ROOT);
    if (!mode.equals(FilterKeys.CONTENT_ALL_VALUE) && !mode.equals(FilterKeys.CONTENT_MAIN_VALUE)) {
      throw new BadSettingException(
          FilterKeys.CONTENT,
          "expected "
              + FilterKeys.CONTENT_ALL_VALUE
              + " or "
              + FilterKeys.CONTENT_MAIN_VALUE
              + ", not \""
              + mode
              + "\"");
    }
    this.main = mode.equals(FilterKeys.CONTENT_MAIN_VALUE);
    this.keepFulltext =
        conf.getBoolean(FilterKeys.CONTENT_FULLTEXT, FilterKeys.DEFAULT_CONTENT_FULLTEXT);
    this.markdown = conf.getBoolean(FilterKeys.MARKDOWN, FilterKeys.DEFAULT_MARKDOWN);
    this.markdownMaxChars =
        Settings.getInt(conf, FilterKeys.MARKDOWN_MAX_CHARS, FilterKeys.DEFAULT_MARKDOWN_MAX_CHARS);
  }

  @Override
  public void filter(ParsedPage page) {
    if ((!main && !markdown) || page.dom() == null || page.dom().body() == null) {
      return;
    }
    if (page.text().isEmpty()) {
      return; // noindex: the parser kept no text, and the page gets none here either
    }
    Element body = page.dom().body();
    Element root = body;
    Predicate<Element> skip = MainContentFilter::isNeverShown;
    if (main) {
      Scan scan = new Scan(body);
      Element mainRoot = scan.mainElement();
      Predicate<Element> boilerplate = e -> scan.isBoilerplate(e) || isLinkList(e);
      String text = PageText.of(mainRoot, boilerplate);
      if (text.isEmpty()) {
        page.count(FilterCounter.CONTENT_KEPT_ALL);
      } else {
        if (keepFulltext) {
          page.put(FULLTEXT_FIELD, page.text());
        }
        page.setText(text);
        root = mainRoot;
        skip = boilerplate;
      }
    }
    if (markdown) {
      PageMarkdown.Rendering md = PageMarkdown.of(root, skip, markdownMaxChars);
      page.setMarkdown(md.markdown());
      if (md.cut()) {
        page.meta().putIfAbsent(ParseData.META_REASON, ParseReason.MARKDOWN_LIMIT.reasonName());
      }
    }
  }

  /**
   * One page's boilerplate and prose. An element named like boilerplate by its class or id is left
   * out only when it holds less than {@value #NAMED_SHARE} of the page's prose: a layout's {@code
   * div.l-sidebar-fixed} or {@code div#ad-portal} that wraps the article beside its sidebar, or the
   * {@code div#share-buttons-parent} that a sharing widget put around the story, is no boilerplate.
   */
  private static final class Scan {
    private final Element body;

    /** The characters of text that is not link text or boilerplate under each element. */
    private final Map<Element, Integer> prose = new HashMap<>();

    /** The elements left out by their class or id. */
    private final Set<Element> named = new HashSet<>();

    Scan(Element body) {
      this.body = body;
      List<Element> candidates = new ArrayList<>();
      List<String> words = new ArrayList<>();
      NodeTraversor.filter(
          new NodeFilter() {
            @Override
            public FilterResult head(Node node, int depth) {
              if (node instanceof Element e) {
                if (e == body) {
                  return FilterResult.CONTINUE;
                }
                if (isMarkupBoilerplate(e) || e.nameIs("a")) {
                  return FilterResult.SKIP_ENTIRELY;
                }
                String word = boilerplateName(e);
                if (word != null) {
                  candidates.add(e);
                  words.add(word);
                }
              } else if (node instanceof TextNode t && !t.isBlank()) {
                int n = t.text().strip().length();
                for (Element e = (Element) t.parentNode(); e != null; e = e.parent()) {
                  prose.merge(e, n, Integer::sum);
                  if (e == body) {
                    break;
                  }
                }
              }
              return FilterResult.CONTINUE;
            }

            @Override
            public FilterResult tail(Node node, int depth) {
              return FilterResult.CONTINUE;
            }
          },
          body);
      int total = prose(body);
      Set<Element> kept = new HashSet<>();
      for (int i = 0; i < candidates.size(); i++) { // document order: outer ones first
        Element c = candidates.get(i);
        int n = prose(c);
        boolean comments = COMMENT_WORDS.contains(words.get(i));
        double share = comments ? COMMENTS_SHARE : NAMED_SHARE;
        if (isIn(c, named)) {
          continue;
        }
        if (n >= share * total || (comments && isIn(c, kept))) {
          kept.add(c);
          continue;
        }
        named.add(c);
        prose.remove(c);
        for (Element e = c.parent(); e != null && n > 0; e = e.parent()) {
          prose.merge(e, -n, Integer::sum);
          if (e == body) {
            break;
          }
        }
      }
    }

    private int prose(Element e) {
      return prose.getOrDefault(e, 0);
    }

    private boolean isIn(Element e, Set<Element> set) {
      for (Element a = e.parent(); a != null && a != body; a = a.parent()) {
        if (set.contains(a)) {
          return true;
        }
      }
      return false;
    }

    boolean isBoilerplate(Element e) {
      return named.contains(e) || isMarkupBoilerplate(e);
    }

    /** The smallest element holding at least {@link #SHARE} of the page's prose; its article. */
    Element mainElement() {
      int total = prose(body);
      Element root = body;
      while (true) {
        Element best = null;
        int bestScore = 0;
        for (Element child : root.children()) {
          int score = prose(child);
          if (score > bestScore) {
            best = child;
            bestScore = score;
          }
        }
        if (best == null || bestScore < SHARE * total) {
          break;
        }
        root = best;
      }
      Element article = root.closest("article");
      return article != null ? article : withHeading(root);
    }

    /**
     * {@code root}, or the ancestor that also holds the page's headline when that adds little else:
     * a story in {@code <div class="story">} whose header (headline, byline) sits beside its {@code
     * div.story-body}, where the prose is.
     */
    private Element withHeading(Element root) {
      Element h1 = null;
      for (Element h : body.getElementsByTag("h1")) {
        if (h.closest("a") == null && !isInBoilerplate(h)) {
          h1 = h;
          break;
        }
      }
      if (h1 == null || root == body || h1.parents().contains(root)) {
        return root;
      }
      Element common = root.parent();
      while (common != null && common != body && !h1.parents().contains(common)) {
        common = common.parent();
      }
      if (common == null || common == body) {
        return root;
      }
      return prose(common) <= HEADING_SLACK * prose(root) ? common : root;
    }

    private boolean isInBoilerplate(Element e) {
      for (Element a = e; a != null && a != body; a = a.parent()) {
        if (isBoilerplate(a)) {
          return true;
        }
      }
      return false;
    }
  }

  /** Navigation, banners, menus, notices and hidden elements, by tag, role and attributes. */
  static boolean isMarkupBoilerplate(Element e) {
    String tag = e.normalName();
    if (BOILERPLATE_TAGS.contains(tag)) {
      return true;
    }
    if (tag.equals("header")) {
      return e.closest("article, main") == null && !isTitleHeader(e);
    }
    if (isHidden(e)) {
      return true;
    }
    return BOILERPLATE_ROLES.contains(e.attr("role").strip().toLowerCase(Locale.ROOT));
  }

  /** Scripts, styles and hidden elements: what a reader never sees of any page. */
  static boolean isNeverShown(Element e) {
    return NEVER_SHOWN_TAGS.contains(e.normalName()) || isHidden(e);
  }

  /** Hidden by its attributes: hidden, aria-hidden, an inline style of display:none. */
  private static boolean isHidden(Element e) {
    if (e.hasAttr("hidden") || e.attr("aria-hidden").equals("true")) {
      return true;
    }
    String style = e.attr("style");
    if (!style.isEmpty()) {
      String compact = style.replace(" ", "").toLowerCase(Locale.ROOT);
      return compact.contains("display:none") || compact.contains("visibility:hidden");
    }
    return false;
  }

  /**
   * The word of an element's class or id that names it a menu, a sidebar, a header, a notice, an
   * ad, comments...; null when there is none.
   */
  static String boilerplateName(Element e) {
    String tag = e.normalName();
    if (tag.equals("article") || tag.equals("main") || tag.equals("body")) {
      return null;
    }
    String named = boilerplateWord(e.className());
    if (named == null) {
      named = boilerplateWord(e.id());
      if (named != null && isHeadingSlug(e)) {
        return null;
      }
    }
    return named == null || (named.equals("header") && isTitleHeader(e)) ? null : named;
  }

  /**
   * Whether an element's id is made of its heading's words, as documentation generators and wikis
   * make section ids ({@code div.section#sharing-with-a-single-developer} around {@code <h2>Sharing
   * with a single developer</h2>}, {@code span#Related_work} in a heading): a title, not a role.
   */
  private static boolean isHeadingSlug(Element e) {
    String heading = null;
    if (HEADINGS.contains(e.normalName()) || e.closest("h1, h2, h3, h4, h5, h6") != null) {
      heading = e.text();
    } else {
      for (Element child : e.children()) {
        if (HEADINGS.contains(child.normalName())) {
          heading = child.text();
          break;
        }
      }
    }
    return heading != null && !heading.isBlank() && slug(heading).equals(slug(e.id()));
  }

  /** Lower-case letters and digits, each run of anything else one hyphen, none at the ends. */
  private static String slug(String s) {
    String[] words = NOT_WORD.split(s.toLowerCase(Locale.ROOT));
    StringBuilder sb = new StringBuilder();
    for (String w : words) {
      if (!w.isEmpty()) {
        sb.append(sb.length() > 0 ? "-" : "").append(w);
      }
    }
    return sb.toString();
  }

  /**
   * A header that holds the content's own heading: an article's {@code <header>} with its headline
   * and byline where the article is a div, a documentation section's {@code div.section-header}, a
   * thread's {@code div.thread-header}. A site's header holds a logo link and a menu instead.
   */
  private static boolean isTitleHeader(Element e) {
    if (!e.select("nav, ul, ol, [role=navigation], form").isEmpty()) {
      return false;
    }
    for (Element h : e.select("h1, h2, h3, h4, h5, h6")) {
      if (h.select("a").isEmpty() && !h.text().isBlank()) {
        return true;
      }
    }
    return false;
  }

  /** The first word of a class or id value that marks boilerplate, or null. */
  private static String boilerplateWord(String value) {
    if (value.isEmpty()) {
      return null;
    }
    for (String word : CLASS_WORD_BREAK.split(value.toLowerCase(Locale.ROOT))) {
      if (BOILERPLATE_WORDS.contains(word)) {
        return word;
      }
    }
    return null;
  }

  /** A block whose text is mostly link text: a list of links inside the content. */
  private static boolean isLinkList(Element e) {
    if (!BLOCKS.contains(e.normalName())) {
      return false;
    }
    int links = 0;
    for (Element a : e.getElementsByTag("a")) {
      links += a.text().length();
    }
    if (links == 0) {
      return false;
    }
    return links > LINK_DENSITY * e.text().length();
  }
}
