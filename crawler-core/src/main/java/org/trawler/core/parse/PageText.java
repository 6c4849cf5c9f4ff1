package org.trawler.core.parse;

import org.jsoup.nodes.CDataNode;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * The text of an element exactly as jsoup's {@code Element.text()} gives it (whitespace normalised
 * outside {@code <pre>}, a space between blocks, invisible characters dropped, ends trimmed), but
 * built by copying runs of characters instead of one code point at a time: on reference pages the
 * body's text and the anchors are a large part of the parse.
 */
public final class PageText implements NodeVisitor {
  /** jsoup looks this many ancestors up for a whitespace-preserving element such as pre. */
  private static final int PRESERVE_DEPTH = 6;

  private final StringBuilder sb;

  /** A visitor that appends the text of the nodes it is shown to {@code sb}. */
  PageText(StringBuilder sb) {
    this.sb = sb;
  }

  /**
   * The text of {@code root} and its descendants as {@code Element.text()}, without the elements
   * {@code skip} accepts and their descendants.
   */
  public static String of(Element root, java.util.function.Predicate<Element> skip) {
    PageText text = new PageText(new StringBuilder());
    NodeTraversor.filter(
        new org.jsoup.select.NodeFilter() {
          @Override
          public FilterResult head(Node node, int depth) {
            if (node instanceof Element e && node != root && skip.test(e)) {
              return FilterResult.SKIP_ENTIRELY;
            }
            text.head(node, depth);
            return FilterResult.CONTINUE;
          }

          @Override
          public FilterResult tail(Node node, int depth) {
            text.tail(node, depth);
            return FilterResult.CONTINUE;
          }
        },
        root);
    return text.result();
  }

  /** The text of {@code root} and its descendants, as {@code Element.text()}. */
  static String of(Element root) {
    PageText text = new PageText(new StringBuilder());
    NodeTraversor.traverse(text, root);
    return text.result();
  }

  /** The text of the nodes visited so far, ends trimmed. */
  String result() {
    return trimmed(sb);
  }

  @Override
  public void head(Node node, int depth) {
    if (node instanceof TextNode) {
      TextNode text = (TextNode) node;
      if (node instanceof CDataNode || preservesWhitespace(node.parentNode())) {
        sb.append(text.getWholeText());
      } else {
        appendNormalised(sb, text.getWholeText(), endsWithSpace(sb));
      }
    } else if (node instanceof Element) {
      Element e = (Element) node;
      if (sb.length() > 0 && (e.isBlock() || e.nameIs("br")) && !endsWithSpace(sb)) {
        sb.append(' ');
      }
    }
  }

  @Override
  public void tail(Node node, int depth) {
    if (node instanceof Element && ((Element) node).isBlock()) {
      Node next = node.nextSibling();
      boolean inlineNext =
          next instanceof TextNode
              || (next instanceof Element && !((Element) next).tag().formatAsBlock());
      if (inlineNext && !endsWithSpace(sb)) {
        sb.append(' ');
      }
    }
  }

  /**
   * Appends {@code s} with each whitespace run (no-break space included) as one space, zero-width
   * space and soft hyphen dropped, leading whitespace dropped when {@code stripLeading}.
   */
  static void appendNormalised(StringBuilder sb, String s, boolean stripLeading) {
    int normal = normalPrefix(s, stripLeading);
    if (normal == s.length()) {
      sb.append(s); // most text nodes of prose: looked at once, copied whole
      return;
    }
    // the rest, from where the prefix stops: the prefix is a run to copy, ending in a space or not
    boolean lastWasWhite = normal > 0 && s.charAt(normal - 1) == ' ';
    boolean reachedNonWhite = normal > 0; // a prefix when stripLeading starts with a non-space
    int run = normal > 0 ? 0 : -1; // start of the characters to copy as they are
    for (int i = normal; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isWhite(c)) {
        if ((stripLeading && !reachedNonWhite) || lastWasWhite) {
          run = flush(sb, s, run, i);
        } else if (c == ' ') {
          run = run < 0 ? i : run;
        } else {
          run = flush(sb, s, run, i);
          sb.append(' ');
        }
        lastWasWhite = true;
      } else if (c == '\u200B' || c == '\u00AD') {
        run = flush(sb, s, run, i);
      } else {
        run = run < 0 ? i : run;
        lastWasWhite = false;
        reachedNonWhite = true;
      }
    }
    flush(sb, s, run, s.length());
  }

  /**
   * How many of {@code s}'s first characters appendNormalised appends unchanged: up to the first
   * whitespace that is not a single space (or a space first when {@code stripLeading}), zero-width
   * space or soft hyphen. One test of most characters, where the copy in runs looks at each several
   * times, and the copy in runs takes over where it stops.
   */
  private static int normalPrefix(String s, boolean stripLeading) {
    char previous = stripLeading ? ' ' : 'a';
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if ((c <= ' ' || c >= '\u00A0')
          && (c == ' ' ? previous == ' ' : isWhite(c) || c == '\u200B' || c == '\u00AD')) {
        return i;
      }
      previous = c;
    }
    return s.length();
  }

  /**
   * Appends the run {@code run..end-1} of {@code s}, if one is open ({@code run} >= 0); returns -1,
   * no run open. A whole node never comes here: normalPrefix appended it.
   */
  private static int flush(StringBuilder sb, String s, int run, int end) {
    if (run >= 0) {
      sb.append(s.substring(run, end)); // where append(s, start, end) copies char by char
    }
    return -1;
  }

  private static boolean isWhite(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0';
  }

  private static boolean endsWithSpace(StringBuilder sb) {
    return sb.length() != 0 && sb.charAt(sb.length() - 1) == ' ';
  }

  private static boolean preservesWhitespace(Node parent) {
    Element e = parent instanceof Element ? (Element) parent : null;
    for (int i = 0; e != null && i < PRESERVE_DEPTH; i++, e = e.parent()) {
      if (e.tag().preserveWhitespace()) {
        return true;
      }
    }
    return false;
  }

  /** The builder's content without leading and trailing chars up to U+0020, as String.trim. */
  private static String trimmed(StringBuilder sb) {
    int start = 0;
    int end = sb.length();
    while (start < end && sb.charAt(start) <= ' ') {
      start++;
    }
    while (end > start && sb.charAt(end - 1) <= ' ') {
      end--;
    }
    return sb.substring(start, end);
  }
}
