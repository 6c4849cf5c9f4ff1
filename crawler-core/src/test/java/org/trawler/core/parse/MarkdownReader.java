package org.trawler.core.parse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.Block;
import org.commonmark.node.Code;
import org.commonmark.node.CustomBlock;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.Parser;

/**
 * Reads Markdown back with commonmark-java (GFM tables), an independent CommonMark parser: the text
 * a reader of the Markdown gets, its links, code blocks and tables.
 */
public final class MarkdownReader {
  private static final Parser PARSER =
      Parser.builder().extensions(List.of(TablesExtension.create())).build();

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private final Node document;

  public MarkdownReader(String markdown) {
    this.document = PARSER.parse(markdown);
  }

  /** The text of the Markdown: text, code and cells, a space between blocks and at breaks. */
  public String text() {
    StringBuilder sb = new StringBuilder();
    walk(document, sb);
    return sb.toString();
  }

  private static void walk(Node node, StringBuilder sb) {
    if (node instanceof Text t) {
      sb.append(t.getLiteral());
    } else if (node instanceof Code c) {
      sb.append(c.getLiteral());
    } else if (node instanceof FencedCodeBlock f) {
      sb.append(' ').append(f.getLiteral()).append(' ');
    } else if (node instanceof IndentedCodeBlock i) {
      sb.append(' ').append(i.getLiteral()).append(' ');
    } else if (node instanceof HtmlInline || node instanceof HtmlBlock) {
      throw new AssertionError("raw HTML in the Markdown: " + node);
    } else if (node instanceof org.commonmark.node.SoftLineBreak
        || node instanceof org.commonmark.node.HardLineBreak) {
      sb.append(' ');
    }
    for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
      walk(child, sb);
    }
    if (node instanceof Block || node instanceof TableCell || node instanceof CustomBlock) {
      sb.append(' ');
    }
  }

  /** The text without any whitespace: what "equal, whitespace aside" compares. */
  public static String squeezed(String s) {
    return WHITESPACE.matcher(s.replace('\u00a0', ' ')).replaceAll("");
  }

  /** The destinations of the links, in order. */
  public List<String> links() {
    List<String> links = new ArrayList<>();
    collect(document, Link.class, n -> links.add(((Link) n).getDestination()));
    return links;
  }

  /** The info strings (languages) of the fenced code blocks, in order. */
  public List<String> codeLanguages() {
    List<String> infos = new ArrayList<>();
    collect(document, FencedCodeBlock.class, n -> infos.add(((FencedCodeBlock) n).getInfo()));
    return infos;
  }

  /** How many nodes of {@code type} the Markdown has. */
  public int count(Class<? extends Node> type) {
    int[] n = {0};
    collect(document, type, x -> n[0]++);
    return n[0];
  }

  /** The first node of {@code type}, or null. */
  public Node first(Class<? extends Node> type) {
    List<Node> found = new ArrayList<>();
    collect(document, type, found::add);
    return found.isEmpty() ? null : found.get(0);
  }

  /** How many GFM tables. */
  public int tables() {
    return count(TableBlock.class);
  }

  private static void collect(Node node, Class<?> type, java.util.function.Consumer<Node> to) {
    if (type.isInstance(node)) {
      to.accept(node);
    }
    for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
      collect(child, type, to);
    }
  }
}
