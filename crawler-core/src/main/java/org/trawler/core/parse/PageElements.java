package org.trawler.core.parse;

import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The elements of a parsed page as the parser's one walk of it found them: all of them in document
 * order, and apart the few kinds the parse filters look for (meta tags, scripts, microdata items),
 * so that no filter walks the tree again to find them.
 */
public final class PageElements {
  private final List<Element> all = new ArrayList<>();
  private final List<Element> metas = new ArrayList<>();
  private final List<Element> scripts = new ArrayList<>();
  private final List<Element> items = new ArrayList<>();

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
    String name = e.normalName();
    if (name.equals("meta")) {
      metas.add(e);
    } else if (name.equals("script")) {
      scripts.add(e);
    }
    if (e.attributesSize() > 0 && e.hasAttr("itemscope")) {
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

  /** The elements with an {@code itemscope} attribute (microdata items), in document order. */
  public List<Element> itemScopes() {
    return items;
  }
}
