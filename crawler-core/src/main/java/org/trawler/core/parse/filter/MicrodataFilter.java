package org.trawler.core.parse.filter;

import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Element;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParsedPage;

/**
 * The schema.org items of an HTML page's microdata ({@code itemscope}, {@code itemtype}, {@code
 * itemprop}) as fields by path, as the JSON-LD filter names them: {@code
 * microdata.Product.offers.price}. A property's value is what the HTML standard says: content of a
 * meta, the URL of a link or image, datetime of a time, else the element's text.
 */
public class MicrodataFilter implements ParseFilter {
  /** The prefix of this filter's fields. */
  public static final String PREFIX = "microdata.";

  private StructuredFields fields;

  @Override
  public void configure(Configuration conf) {
    this.fields = new StructuredFields(conf);
  }

  @Override
  public void filter(ParsedPage page) {
    if (page.dom() == null) {
      return;
    }
    StructuredFields.Page out = null;
    for (Element item : page.elements().itemScopes()) {
      if (item.hasAttr("itemprop")) {
        continue; // a property of an enclosing item
      }
      String type = StructuredFields.typeName(item.attr("itemtype").split("\\s+")[0]);
      out = out != null ? out : fields.on(page, PREFIX);
      properties(item, type == null ? "Thing" : type, 0, out);
    }
  }

  /** The properties of the item {@code scope}, its nested items' under their property's path. */
  private void properties(Element scope, String path, int depth, StructuredFields.Page out) {
    if (depth > fields.maxDepth()) {
      out.cutTooDeep();
      return;
    }
    for (Element child : scope.children()) {
      if (!child.hasAttr("itemprop")) {
        if (!child.hasAttr("itemscope")) {
          properties(child, path, depth, out); // a wrapper: its properties are the scope's
        }
        continue;
      }
      for (String name : child.attr("itemprop").strip().split("\\s+")) {
        String step = StructuredFields.step(name);
        if (step == null) {
          continue;
        }
        if (child.hasAttr("itemscope")) {
          properties(child, path + "." + step, depth + 1, out);
        } else {
          out.add(path + "." + step, value(child));
        }
      }
      if (!child.hasAttr("itemscope")) {
        properties(child, path, depth, out); // a property's element may hold more properties
      }
    }
  }

  /** A property's value as the HTML standard defines it per element. */
  static String value(Element e) {
    switch (e.normalName()) {
      case "meta":
        return e.attr("content");
      case "audio", "embed", "iframe", "img", "source", "track", "video":
        return e.absUrl("src");
      case "a", "area", "link":
        return e.absUrl("href");
      case "object":
        return e.absUrl("data");
      case "data", "meter":
        return e.attr("value");
      case "time":
        return e.hasAttr("datetime") ? e.attr("datetime") : e.text();
      default:
        return e.text();
    }
  }
}
