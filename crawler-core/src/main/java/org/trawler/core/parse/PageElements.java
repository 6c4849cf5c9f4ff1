package org.trawler.core.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The elements of a parsed page as the parser's one walk of it found them: all of them in document
 * order, and apart the few kinds the parser and the parse filters look for (meta, link and base
 * tags, headings, scripts, microdata items), so that nothing walks the tree or the whole list again
 * to find them.
 */
public final class PageElements {
  private final List<Element> all = new ArrayList<>();
  private final List<Element> metas = new ArrayList<>();
  private final List<Element> scripts = new ArrayList<>();
  private final List<Element> items = new ArrayList<>();
  private final List<Element> links = new ArrayList<>();
  private final List<Element> bases = new ArrayList<>();
  private final List<Element> headings = new ArrayList<>();

  PageElements() {}

  /** The elements of {@code doc}, found by a walk of its own: for a DOM no parser walked. */
  public static PageElements of(Document doc) {
    PageElements elements = new PageElements();
    for (Element e : doc.getAllElements()) {
      elements.add(e);
    }
    return elements;
  }

  /** Adds the next element in document order. */
  void add(Element e) {
    all.add(e);
    switch (e.normalName()) {
      case "meta" -> metas.add(e);
      case "script" -> scripts.add(e);
      case "link" -> links.add(e);
      case "base" -> bases.add(e);
      case "h1", "h2", "h3" -> headings.add(e);
      default -> {}
    }
    // jsoup's HTML parser lower-cases attribute names: no case-insensitive search needed
    if (e.attributesSize() > 0 && e.attributes().hasKey("itemscope")) {
      items.add(e);
    }
  }

  /** All elements, the document first: what {@code getAllElements()} gives. */
  public List<Element> all() {
    return all;
  }

  /** The {@code meta} elements, in document order. */
  public List<Element> metas() {
    return metas;
  }

  /** The {@code script} elements, in document order. */
  public List<Element> scripts() {
    return scripts;
  }

  /** The {@code link} elements, in document order. */
  List<Element> links() {
    return links;
  }

  /** The {@code base} elements, in document order. */
  List<Element> bases() {
    return bases;
  }

  /** The {@code h1} to {@code h3} elements, in document order. */
  List<Element> headings() {
    return headings;
  }

  /** The elements with an {@code itemscope} attribute (microdata items), in document order. */
  public List<Element> itemScopes() {
    return items;
  }
}
