package org.trawler.core.parse;

import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * One walk of a parsed page that gives all its elements in document order (for metadata and
 * outlinks) and its body's text: a reference page's tree is walked once instead of once per thing
 * wanted.
 */
final class PageWalk implements NodeVisitor {
  private final PageElements elements = new PageElements();
  private final Element textRoot;
  private final PageText text;
  private boolean inText;

  private PageWalk(Element textRoot, int textCapacity) {
    this.textRoot = textRoot;
    this.text = new PageText(new StringBuilder(textCapacity));
  }

  /**
   * Walks {@code doc}, whose HTML had {@code htmlChars} chars (its text has no more): its body's
   * text is {@code doc.body().text()}, or {@code doc.text()} without a body.
   */
  static PageWalk of(Document doc, int htmlChars) {
    Element body = doc.body();
    PageWalk walk = new PageWalk(body != null ? body : doc, htmlChars);
    NodeTraversor.traverse(walk, doc);
    return walk;
  }

  /** All elements of the page, the document itself first, as {@code getAllElements()}. */
  List<Element> elements() {
    return elements.all();
  }

  /** The elements, with the kinds the parse filters look for set apart. */
  PageElements pageElements() {
    return elements;
  }

  /** The body's text, as jsoup's {@code Element.text()}. */
  String text() {
    return text.result();
  }

  @Override
  public void head(Node node, int depth) {
    if (node instanceof Element) {
      elements.add((Element) node);
    }
    if (node == textRoot) {
      inText = true;
    }
    if (inText) {
      text.head(node, depth);
    }
  }

  @Override
  public void tail(Node node, int depth) {
    if (inText) {
      text.tail(node, depth);
    }
    if (node == textRoot) {
      inText = false;
    }
  }
}
