package org.trawler.core.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeFilter;
import org.jsoup.select.NodeTraversor;

/**
 * The Markdown (CommonMark, with GFM pipe tables) of an element, as {@link PageText} is its text:
 * headings, paragraphs, nested and ordered lists, links with absolute URLs, tables, fenced code
 * blocks with their language, inline code, emphasis and blockquotes. Text is escaped so that a
 * CommonMark parser reads back the same text (whitespace aside); markup that could not parse as
 * meant (emphasis next to punctuation) is left out rather than risk stray characters. Built in one
 * iterative walk of the tree the parse already has, and cut at a block boundary once it would pass
 * its size limit.
 */
public final class PageMarkdown implements NodeFilter {
  /** A rendering, and whether it was cut at its size limit. */
  public record Rendering(String markdown, boolean cut) {}

  private static final Set<String> INLINE_CODE = Set.of("code", "kbd", "samp", "tt");

  /**
   * Cells holding any of these are a layout's boxes (an old forum's page in a table), rendered as
   * blocks; other tables become pipe tables.
   */
  private static final Set<String> LAYOUT_CELL_CONTENT =
      Set.of("table", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "ul", "ol", "dl");

  /** A code block's language in its class: language-python (HTML5's advice), lang-x. */
  private static final Pattern CODE_LANGUAGE =
      Pattern.compile("(?:^|\\s)(?:language|lang)-([A-Za-z0-9_+#.-]+)");

  /** Sphinx names the language on the block's wrapper: highlight-python3. */
  private static final Pattern SPHINX_LANGUAGE =
      Pattern.compile("(?:^|\\s)highlight-([A-Za-z0-9_+#.-]+)");

  /** Sphinx's highlight-default or -none name no language. */
  private static final Set<String> NO_LANGUAGE = Set.of("default", "none", "text", "plain");

  /** Link targets worth keeping as links; javascript: and the like stay text. */
  private static final Set<String> LINK_SCHEMES = Set.of("http", "https", "ftp", "mailto");

  private static final Pattern ORDERED_MARKER = Pattern.compile("^(\\d{1,9})([.)])");

  /**
   * Spans (links, emphasis, code) and containers (items, quotes) nested deeper than this are text
   * and plain blocks: a hostile page's thousand nested quotes would prefix every line with them.
   */
  static final int MAX_NESTING = 16;

  /** What the walk did at an element's start, undone at its end. */
  private enum Kind {
    NONE,
    BLOCK,
    SPACE,
    HEADING,
    PRE,
    CODE,
    LINK,
    EMPHASIS,
    STRONG,
    LIST,
    ITEM,
    QUOTE,
    TABLE,
    ROW,
    CELL,
    CAPTION,
    HR,
    /** The link around a code element whose one child is a link. */
    CODE_LINK
  }

  /** A block that prefixes its lines: a list item ("- ", then " ") or a quote ("> "). */
  private static final class Container {
    final String first;
    final String rest;
    final ListState list;
    boolean started;

    Container(String first, String rest, ListState list) {
      this.first = first;
      this.rest = rest;
      this.list = list;
    }
  }

  private static final class ListState {
    final boolean ordered;
    final int start;
    final boolean nested;
    int items;
    int itemsWritten;

    ListState(boolean ordered, int start, boolean nested) {
      this.ordered = ordered;
      this.start = start;
      this.nested = nested;
    }
  }

  /** An inline span being written: where it began in {@link #inline}, and its link target. */
  private record Span(int start, String url, boolean plain) {}

  private static final class Table {
    final List<List<String>> rows = new ArrayList<>();
    List<String> row;
  }

  private final Element root;
  private final Predicate<Element> skip;
  private final int maxChars;
  private final StringBuilder out = new StringBuilder();
  private final StringBuilder inline = new StringBuilder();
  private final Deque<Kind> opened = new ArrayDeque<>();
  private final Deque<Container> containers = new ArrayDeque<>();
  private final Deque<ListState> lists = new ArrayDeque<>();
  private final Deque<Span> spans = new ArrayDeque<>();
  private int inlineOnly;
  private int codeDepth;
  private int linkDepth;
  private int headingLevel;
  private StringBuilder pre;
  private String preLanguage;
  private Table table;
  private int cellDepth;
  private boolean cut;

  private PageMarkdown(Element root, Predicate<Element> skip, int maxChars) {
    this.root = root;
    this.skip = skip;
    this.maxChars = maxChars;
  }

  /**
   * The Markdown of {@code root} and its descendants, without the elements {@code skip} accepts
   * (and theirs), at most {@code maxChars} characters (negative: no limit).
   */
  public static Rendering of(Element root, Predicate<Element> skip, int maxChars) {
    PageMarkdown md = new PageMarkdown(root, skip, maxChars);
    NodeTraversor.filter(md, root);
    if (!md.cut) {
      md.flushParagraph();
    }
    return new Rendering(md.out.toString(), md.cut);
  }

  @Override
  public FilterResult head(Node node, int depth) {
    if (cut) {
      return FilterResult.STOP;
    }
    if (node instanceof TextNode t) {
      text(t);
    } else if (node instanceof Element e) {
      if (e != root && skip.test(e)) {
        return FilterResult.SKIP_ENTIRELY;
      }
      opened.push(open(e));
    }
    return cut ? FilterResult.STOP : FilterResult.CONTINUE;
  }

  @Override
  public FilterResult tail(Node node, int depth) {
    if (cut) {
      return FilterResult.STOP;
    }
    if (node instanceof Element e) {
      close(e, opened.pop());
    }
    return cut ? FilterResult.STOP : FilterResult.CONTINUE;
  }

  private void text(TextNode t) {
    if (pre != null) {
      pre.append(t.getWholeText());
      return;
    }
    StringBuilder normal = new StringBuilder();
    PageText.appendNormalised(normal, t.getWholeText(), atSpace());
    if (normal.length() == 0) {
      return;
    }
    if (codeDepth > 0) {
      inline.append(normal);
    } else {
      // a heading's or a cell's text begins after its markup: no list or rule can begin there
      escape(normal, headingLevel == 0 && cellDepth == 0 && atLineStart(), inline);
    }
    if (maxChars >= 0 && inline.length() > maxChars) {
      cut = true;
    }
  }

  private Kind open(Element e) {
    String tag = e.normalName();
    if (pre != null) {
      if (tag.equals("br")) {
        pre.append('\n');
      }
      return Kind.NONE;
    }
    if (codeDepth > 0) {
      return Kind.NONE; // code is text: no markup inside
    }
    if (tag.equals("br")) {
      lineBreak();
      return Kind.NONE;
    }
    if (spans.size() >= MAX_NESTING) {
      return e.isBlock() ? open(e, tag) : Kind.NONE;
    }
    if (INLINE_CODE.contains(tag)) {
      Element only = onlyChildElement(e);
      if (only != null && only.nameIs("a") && linkDepth == 0 && linkUrl(only) != null) {
        openLink(only); // Javadoc's <code><a>String</a></code>: a link to code
        opened.push(Kind.CODE_LINK);
      }
      spans.push(new Span(inline.length(), null, false));
      codeDepth++;
      inlineOnly++;
      return Kind.CODE;
    }
    switch (tag) {
      case "a":
        if (linkDepth == 0 && linkUrl(e) != null) {
          openLink(e);
          return Kind.LINK;
        }
        return Kind.NONE;
      case "em", "i":
        openEmphasis();
        return Kind.EMPHASIS;
      case "strong", "b":
        openEmphasis();
        return Kind.STRONG;
      default:
        break;
    }
    return e.isBlock() || tag.equals("li") ? open(e, tag) : Kind.NONE;
  }

  /** What a block element begins. */
  private Kind open(Element e, String tag) {
    if (inlineOnly > 0) {
      if (table != null && cellDepth == 0 && inlineOnly == 1) {
        return openInTable(e, tag);
      }
      space();
      return Kind.SPACE;
    }
    flushParagraph();
    if (cut) {
      return Kind.NONE;
    }
    switch (tag) {
      case "h1", "h2", "h3", "h4", "h5", "h6":
        headingLevel = tag.charAt(1) - '0';
        inlineOnly++;
        return Kind.HEADING;
      case "pre":
        pre = new StringBuilder();
        preLanguage = language(e);
        return Kind.PRE;
      case "ul", "ol", "li", "blockquote":
        if (containers.size() >= MAX_NESTING) {
          return Kind.BLOCK;
        }
        return openContainer(e, tag);
      case "hr":
        writeBlock(List.of("---"));
        return Kind.HR;
      case "table":
        if (isDataTable(e)) {
          table = new Table();
          inlineOnly++;
          return Kind.TABLE;
        }
        return Kind.BLOCK;
      default:
        return Kind.BLOCK;
    }
  }

  private Kind openContainer(Element e, String tag) {
    switch (tag) {
      case "ul", "ol":
        lists.push(new ListState(tag.equals("ol"), start(e), !containers.isEmpty() && isInItem()));
        return Kind.LIST;
      case "li":
        ListState list = lists.isEmpty() ? new ListState(false, 1, false) : lists.peek();
        String marker = list.ordered ? (list.start + list.items) + ". " : "- ";
        list.items++;
        containers.push(new Container(marker, " ".repeat(marker.length()), list));
        return Kind.ITEM;
      default:
        containers.push(new Container("> ", "> ", null));
        return Kind.QUOTE;
    }
  }

  /** Inside a pipe table, between its cells: rows, cells and the caption. */
  private Kind openInTable(Element e, String tag) {
    switch (tag) {
      case "tr":
        table.row = new ArrayList<>();
        table.rows.add(table.row);
        return Kind.ROW;
      case "td", "th", "caption":
        inline.setLength(0);
        cellDepth++;
        return tag.equals("caption") ? Kind.CAPTION : Kind.CELL;
      default:
        return Kind.NONE;
    }
  }

  private void close(Element e, Kind kind) {
    switch (kind) {
      case NONE, HR, CODE_LINK:
        break;
      case SPACE:
        space();
        break;
      case BLOCK:
        flushParagraph();
        break;
      case PRE:
        closePre();
        break;
      case CODE:
        closeCode();
        if (opened.peek() == Kind.CODE_LINK) {
          opened.pop();
          closeLink();
        }
        break;
      case LINK:
        closeLink();
        break;
      case EMPHASIS:
        closeEmphasis("*");
        break;
      case STRONG:
        closeEmphasis("**");
        break;
      case HEADING:
        inlineOnly--;
        String heading = oneLine(inline);
        int level = headingLevel;
        headingLevel = 0;
        inline.setLength(0);
        if (!heading.isEmpty()) {
          writeBlock(List.of("#".repeat(level) + " " + heading));
        }
        break;
      case LIST:
        flushParagraph();
        lists.pop();
        break;
      case ITEM, QUOTE:
        flushParagraph();
        Container c = containers.pop();
        if (c.list != null && c.started) {
          c.list.itemsWritten++;
        }
        break;
      case TABLE:
        inlineOnly--;
        inline.setLength(0);
        writeTable(table);
        table = null;
        break;
      case ROW:
        break;
      case CELL:
        cellDepth--;
        table.row = table.row == null ? new ArrayList<>() : table.row;
        if (table.rows.isEmpty()) {
          table.rows.add(table.row);
        }
        table.row.add(oneLine(inline));
        for (int i = 1; i < Math.min(span(e), 100); i++) {
          table.row.add("");
        }
        inline.setLength(0);
        break;
      case CAPTION:
        cellDepth--;
        String caption = oneLine(inline);
        inline.setLength(0);
        if (!caption.isEmpty()) {
          writeBlock(List.of(caption));
        }
        break;
      default:
        throw new IllegalStateException(kind.name());
    }
  }

  private void openLink(Element a) {
    spans.push(new Span(inline.length(), linkUrl(a), false));
    linkDepth++;
    inlineOnly++;
  }

  private void closeLink() {
    Span span = spans.pop();
    linkDepth--;
    inlineOnly--;
    wrap(span.start(), "[", "](" + destination(span.url()) + ")", false);
  }

  private void openEmphasis() {
    // a delimiter right after another one would make a longer run and pair differently
    boolean plain = inline.length() > 0 && isMarkupStar(inline, inline.length() - 1);
    spans.push(new Span(inline.length(), null, plain));
    inlineOnly++;
  }

  private void closeEmphasis(String delimiter) {
    Span span = spans.pop();
    inlineOnly--;
    if (!span.plain()) {
      wrap(span.start(), delimiter, delimiter, true);
    }
  }

  private void closeCode() {
    Span span = spans.pop();
    codeDepth--;
    inlineOnly--;
    String code = inline.substring(span.start()).replace('\n', ' ');
    String lead = code.startsWith(" ") ? " " : "";
    String trail = code.endsWith(" ") && code.length() > 1 ? " " : "";
    code = code.strip();
    inline.setLength(span.start());
    if (code.isEmpty()) {
      inline.append(lead);
      return;
    }
    if (cellDepth > 0) {
      code = code.replace("|", "\\|"); // GFM splits cells at pipes before it reads code
    }
    String fence = "`".repeat(longestRun(code, '`') + 1);
    String pad = code.startsWith("`") || code.endsWith("`") ? " " : "";
    inline.append(lead).append(fence).append(pad).append(code).append(pad).append(fence);
    inline.append(trail);
  }

  /**
   * Wraps what was written since {@code start} in {@code open} and {@code close}, with its leading
   * and trailing spaces moved outside; nothing when it is empty, and for emphasis also when it
   * begins or ends with anything but a letter, a digit or another emphasis (CommonMark would not
   * read a delimiter between a letter and punctuation as one).
   */
  private void wrap(int start, String open, String close, boolean emphasis) {
    String content = inline.substring(start);
    int from = 0;
    int to = content.length();
    while (from < to && (content.charAt(from) == ' ' || content.charAt(from) == '\n')) {
      from++;
    }
    while (to > from && (content.charAt(to - 1) == ' ' || content.charAt(to - 1) == '\n')) {
      to--;
    }
    if (from == to) {
      return;
    }
    String core = content.substring(from, to);
    if (emphasis && !(canDelimit(core, 0) && canDelimit(core, core.length() - 1))) {
      return;
    }
    inline.setLength(start);
    inline
        .append(content, 0, from)
        .append(open)
        .append(core)
        .append(close)
        .append(content, to, content.length());
  }

  private static boolean canDelimit(String s, int i) {
    char c = s.charAt(i);
    return Character.isLetterOrDigit(c) || isMarkupStar(s, i);
  }

  /** Whether the character at {@code i} is an emphasis delimiter we wrote (not an escaped star). */
  private static boolean isMarkupStar(CharSequence s, int i) {
    if (s.charAt(i) != '*') {
      return false;
    }
    int backslashes = 0;
    for (int j = i - 1; j >= 0 && s.charAt(j) == '\\'; j--) {
      backslashes++;
    }
    return backslashes % 2 == 0;
  }

  private void closePre() {
    String code = pre.toString().replace("\r\n", "\n").replace('\r', '\n');
    pre = null;
    int begin = 0;
    while (begin < code.length() && code.charAt(begin) == '\n') {
      begin++;
    }
    code = code.substring(begin).stripTrailing();
    if (code.isBlank()) {
      return;
    }
    String fence = "`".repeat(Math.max(3, longestRun(code, '`') + 1));
    List<String> lines = new ArrayList<>();
    lines.add(fence + (preLanguage == null ? "" : preLanguage));
    lines.addAll(List.of(code.split("\n", -1)));
    lines.add(fence);
    writeBlock(lines);
  }

  private void writeTable(Table t) {
    int columns = 0;
    for (List<String> row : t.rows) {
      columns = Math.max(columns, row.size());
    }
    if (columns == 0) {
      return;
    }
    List<String> lines = new ArrayList<>();
    for (int r = 0; r < t.rows.size(); r++) {
      List<String> row = t.rows.get(r);
      StringBuilder line = new StringBuilder("|");
      for (int c = 0; c < columns; c++) {
        line.append(' ').append(c < row.size() ? row.get(c) : "").append(" |");
      }
      lines.add(line.toString());
      if (r == 0) {
        lines.add("|" + " --- |".repeat(columns));
      }
    }
    writeBlock(lines);
  }

  private void lineBreak() {
    if (inlineOnly > 0) {
      space();
      return;
    }
    trimTrailingSpaces();
    if (inline.length() > 0 && inline.charAt(inline.length() - 1) != '\n') {
      inline.append('\n');
    }
  }

  private void space() {
    if (!atSpace()) {
      inline.append(' ');
    }
  }

  private boolean atSpace() {
    int n = inline.length();
    return n == 0 || inline.charAt(n - 1) == ' ' || inline.charAt(n - 1) == '\n';
  }

  private boolean atLineStart() {
    int i = inline.length() - 1;
    while (i >= 0 && inline.charAt(i) == ' ') {
      i--;
    }
    return i < 0 || inline.charAt(i) == '\n';
  }

  private void trimTrailingSpaces() {
    int n = inline.length();
    while (n > 0 && inline.charAt(n - 1) == ' ') {
      n--;
    }
    inline.setLength(n);
  }

  /** Writes the text gathered so far as a paragraph, its line breaks as hard breaks. */
  private void flushParagraph() {
    if (inlineOnly > 0) {
      return;
    }
    String text = inline.toString().strip();
    inline.setLength(0);
    if (text.isEmpty()) {
      return;
    }
    String[] lines = text.split("\n");
    List<String> block = new ArrayList<>(lines.length);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      block.add(i < lines.length - 1 ? line + "\\" : line);
    }
    writeBlock(block);
  }

  /**
   * Writes one block's lines under the open containers' prefixes, after a blank line, or after a
   * line break alone where it begins a list item (a tight list).
   */
  private void writeBlock(List<String> lines) {
    if (cut) {
      return;
    }
    StringBuilder block = new StringBuilder();
    if (out.length() > 0) {
      block.append('\n');
      if (!tight()) {
        block.append(prefix(true).stripTrailing()).append('\n');
      }
    }
    String first = prefix(false);
    String rest = continuationPrefix();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String prefix = i == 0 ? first : rest;
      block.append(line.isEmpty() ? prefix.stripTrailing() : prefix + line);
      if (i < lines.size() - 1) {
        block.append('\n');
      }
    }
    if (maxChars >= 0 && out.length() + block.length() > maxChars) {
      cut = true;
      return;
    }
    out.append(block);
    for (Container c : containers) {
      c.started = true;
    }
  }

  /** The prefix of a block's lines after its first: every open container's continuation. */
  private String continuationPrefix() {
    StringBuilder p = new StringBuilder();
    containers.descendingIterator().forEachRemaining(c -> p.append(c.rest));
    return p.toString();
  }

  /** Whether the block to write begins a list item that may follow the last line directly. */
  private boolean tight() {
    Container outermostNew = null;
    for (Container c : containers) { // innermost first
      if (!c.started) {
        outermostNew = c;
      }
    }
    if (outermostNew == null || outermostNew.list == null) {
      return false;
    }
    ListState list = outermostNew.list;
    if (list.itemsWritten > 0) {
      return true;
    }
    // a bullet list, or one counting from 1, may begin right after its item's first paragraph
    return list.nested && (!list.ordered || list.start == 1);
  }

  /** The open containers' prefixes, outermost first: each one's first while it has not started. */
  private String prefix(boolean continuation) {
    StringBuilder p = new StringBuilder();
    var it = containers.descendingIterator();
    while (it.hasNext()) {
      Container c = it.next();
      if (continuation) {
        if (c.started) {
          p.append(c.rest);
        }
      } else {
        p.append(c.started ? c.rest : c.first);
      }
    }
    return p.toString();
  }

  private boolean isInItem() {
    for (Container c : containers) {
      if (c.list != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Appends {@code text} with every character that could be read as Markdown escaped: the inline
   * ones everywhere, and at a line's start those that would begin a list, heading or rule.
   */
  static void escape(CharSequence text, boolean lineStart, StringBuilder to) {
    int start = 0;
    while (lineStart && start < text.length() && text.charAt(start) == ' ') {
      start++;
    }
    int ordered = -1;
    if (lineStart) {
      Matcher m = ORDERED_MARKER.matcher(text.subSequence(start, text.length()));
      if (m.find()) {
        ordered = start + m.end(1); // "1." or "1)" would begin a list
      }
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean escaped =
          switch (c) {
            case '\\', '`', '*', '[', ']', '<', '>', '|', '~', '#', '&' -> true;
            case '_' ->
                !(i > 0
                    && i < text.length() - 1
                    && Character.isLetterOrDigit(text.charAt(i - 1))
                    && Character.isLetterOrDigit(text.charAt(i + 1)));
            case '-', '+', '=' -> lineStart && i == start;
            case '!' -> i == text.length() - 1; // a link may follow: ![..](..) is an image
            default -> i == ordered;
          };
      if (escaped) {
        to.append('\\');
      }
      to.append(c);
    }
  }

  /** A link's destination: its URL, with what would end or break one escaped. */
  static String destination(String url) {
    StringBuilder d = new StringBuilder(url.length() + 8);
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      switch (c) {
        case ' ' -> d.append("%20");
        case '|' -> d.append("%7C");
        case '<' -> d.append("%3C");
        case '>' -> d.append("%3E");
        case '(', ')', '\\' -> d.append('\\').append(c);
        default -> {
          if (c < ' ' || c == 0x7f) {
            d.append(String.format("%%%02X", (int) c));
          } else {
            d.append(c);
          }
        }
      }
    }
    return d.toString();
  }

  /** The absolute URL a link goes to, or null when it goes nowhere a reader could follow. */
  private static String linkUrl(Element a) {
    if (!a.hasAttr("href")) {
      return null;
    }
    String url = a.absUrl("href");
    int colon = url.indexOf(':');
    if (colon <= 0 || !LINK_SCHEMES.contains(url.substring(0, colon).toLowerCase(Locale.ROOT))) {
      return null;
    }
    return url;
  }

  /**
   * The code block's language from its class or its code element's (language-x, lang-x), or from
   * Sphinx's wrapper two levels up ({@code <div class="highlight-python3"><div
   * class="highlight"><pre>}); null when none names one.
   */
  static String language(Element pre) {
    Element only = onlyChildElement(pre);
    for (Element e : new Element[] {pre, only != null && only.nameIs("code") ? only : null}) {
      Matcher m = e == null ? null : CODE_LANGUAGE.matcher(e.className());
      if (m != null && m.find()) {
        return languageName(m.group(1));
      }
    }
    Element a = pre.parent();
    for (int i = 0; i < 2 && a != null; i++, a = a.parent()) {
      Matcher m = SPHINX_LANGUAGE.matcher(a.className());
      if (m.find()) {
        return languageName(m.group(1));
      }
    }
    return null;
  }

  private static String languageName(String name) {
    String language = name.toLowerCase(Locale.ROOT);
    return NO_LANGUAGE.contains(language) ? null : language;
  }

  /** The one child element of {@code e} when it has no other child but blank text, else null. */
  private static Element onlyChildElement(Element e) {
    Element only = null;
    for (Node child : e.childNodes()) {
      if (child instanceof Element c) {
        if (only != null) {
          return null;
        }
        only = c;
      } else if (!(child instanceof TextNode t) || !t.isBlank()) {
        return null;
      }
    }
    return only;
  }

  private static int start(Element list) {
    try {
      return list.nameIs("ol") && list.hasAttr("start")
          ? Math.max(0, Math.min(999_999_999, Integer.parseInt(list.attr("start").trim())))
          : 1;
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private static int span(Element cell) {
    try {
      return Math.max(1, Integer.parseInt(cell.attr("colspan").trim()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  /** Whether a table holds data (rows of cells with text), not a page's layout. */
  private static boolean isDataTable(Element table) {
    boolean[] layout = {false};
    NodeTraversor.filter(
        new NodeFilter() {
          @Override
          public FilterResult head(Node node, int depth) {
            if (node != table
                && node instanceof Element e
                && LAYOUT_CELL_CONTENT.contains(e.normalName())) {
              layout[0] = true;
              return FilterResult.STOP;
            }
            return FilterResult.CONTINUE;
          }

          @Override
          public FilterResult tail(Node node, int depth) {
            return FilterResult.CONTINUE;
          }
        },
        table);
    return !layout[0];
  }

  private static String oneLine(CharSequence s) {
    return s.toString().replace('\n', ' ').strip();
  }

  private static int longestRun(String s, char c) {
    int longest = 0;
    int run = 0;
    for (int i = 0; i < s.length(); i++) {
      run = s.charAt(i) == c ? run + 1 : 0;
      longest = Math.max(longest, run);
    }
    return longest;
  }
}
