package org.trawler.core.parse.filter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Element;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParsedPage;

/**
 * The schema.org objects of an HTML page's {@code <script type="application/ld+json">} blocks as
 * fields by path: {@code jsonld.Article.headline}, {@code jsonld.Article.author.name}, {@code
 * jsonld.Product.offers.price}. The type is the object's {@code @type} (its last path step); nested
 * objects add their property to the path, arrays give several values, {@code @graph} lists objects
 * of their own. A block that is not JSON costs a counter, nothing more.
 *
 * <p>The blocks are read token by token ({@link JsonParser}), never as a tree: a page's block is
 * small and its tree cost more than its reading. The fields come out as a tree walk would give them
 * (an object's {@code @graph} first, then its properties in order; a value object's {@code @value}
 * instead of its properties), and only once the block has parsed to its end.
 */
public class JsonLdFilter implements ParseFilter {
  /** The prefix of this filter's fields. */
  public static final String PREFIX = "jsonld.";

  /** The script type of JSON-LD, lower case. */
  private static final String JSON_LD = "application/ld+json";

  /** The type of an object without @type. */
  private static final String NO_TYPE = "Thing";

  private final JsonFactory json = new JsonFactory();
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
    List<String> found = null;
    for (Element script : page.elements().scripts()) {
      if (!isJsonLd(script.attr("type"))) {
        continue;
      }
      out = out != null ? out : fields.on(page, PREFIX);
      found = found != null ? found : new ArrayList<>();
      found.clear();
      try (JsonParser p = json.createParser(data(script))) {
        if (p.nextToken() != null) {
          top(p, found);
        }
      } catch (JsonProcessingException e) {
        page.note(FilterCounter.JSONLD_MALFORMED, "malformed JSON-LD: " + e.getOriginalMessage());
        continue;
      } catch (IOException e) {
        throw new UncheckedIOException(e); // a String has no I/O to fail
      }
      for (int i = 0; i < found.size(); i += 2) {
        if (found.get(i + 1) == null) {
          out.cutTooDeep();
        } else {
          out.add(found.get(i), found.get(i + 1));
        }
      }
    }
  }

  /**
   * Whether a script's type attribute says JSON-LD ("application/ld+json", any case, parameters).
   */
  private static boolean isJsonLd(String type) {
    return type.startsWith(JSON_LD) || type.strip().toLowerCase(Locale.ROOT).startsWith(JSON_LD);
  }

  /** A script's text: the one data node jsoup gives it, without copying, else all of them. */
  private static String data(Element script) {
    if (script.childNodeSize() == 1 && script.childNode(0) instanceof DataNode d) {
      return d.getWholeData();
    }
    return script.data();
  }

  /**
   * A top-level value at the parser's current token: an object, an array of them, or an object with
   * a @graph of them. Adds path, value pairs to {@code found}.
   */
  private void top(JsonParser p, List<String> found) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        top(p, found);
      }
    } else if (t == JsonToken.START_OBJECT) {
      topObject(p, found);
    }
  }

  /**
   * A top-level object: its properties are read with paths relative to its type, which is known
   * only at its end (@type may come last); its @graph's objects come before them.
   */
  private void topObject(JsonParser p, List<String> found) throws IOException {
    int start = found.size();
    List<String> graph = null;
    String typeText = null;
    boolean typed = false;
    boolean hasProperty = false;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      if (name.equals("@graph")) {
        graph = new ArrayList<>();
        top(p, graph);
      } else if (name.equals("@type")) {
        typeText = typeText(p, t);
        typed = typeText != null;
      } else if (name.startsWith("@")) {
        p.skipChildren();
      } else {
        hasProperty = true;
        String step = StructuredFields.step(name);
        if (step == null) {
          p.skipChildren();
        } else {
          value(p, "." + step, 1, found);
        }
      }
    }
    String type = typed ? StructuredFields.typeName(typeText) : hasProperty ? NO_TYPE : null;
    if (type == null) {
      found.subList(start, found.size()).clear();
    } else {
      for (int i = start; i < found.size(); i += 2) {
        found.set(i, type + found.get(i));
      }
    }
    if (graph != null) {
      found.addAll(start, graph);
    }
  }

  /** The text of a @type value (a string, or the first of an array when it is one), else null. */
  private static String typeText(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_STRING) {
      return p.getText();
    }
    if (t != JsonToken.START_ARRAY) {
      p.skipChildren();
      return null;
    }
    String first = null;
    boolean isFirst = true;
    for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
      if (isFirst && e == JsonToken.VALUE_STRING) {
        first = p.getText();
      }
      isFirst = false;
      p.skipChildren();
    }
    return first;
  }

  /**
   * The value at the parser's current token, on {@code path}, {@code depth} objects down; past the
   * depth bound, the pair (path, null) marks what was left out.
   */
  private void value(JsonParser p, String path, int depth, List<String> found) throws IOException {
    JsonToken t = p.currentToken();
    if (depth > fields.maxDepth()) {
      p.skipChildren();
      found.add(path);
      found.add(null);
    } else if (t == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        value(p, path, depth, found);
      }
    } else if (t == JsonToken.START_OBJECT) {
      object(p, path, depth, found);
    } else if (t != JsonToken.VALUE_NULL) {
      found.add(path);
      found.add(scalar(p, t));
    }
  }

  /**
   * A nested object's properties under {@code path}; a value object ({@code {"@value": ...}}) gives
   * its literal instead, wherever @value stands in it.
   */
  private void object(JsonParser p, String path, int depth, List<String> found) throws IOException {
    int start = found.size();
    String literal = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken t = p.nextToken();
      if (name.startsWith("@")) {
        if (name.equals("@value") && t.isScalarValue()) {
          literal = t == JsonToken.VALUE_NULL ? "null" : scalar(p, t);
        } else {
          p.skipChildren();
        }
        continue;
      }
      String step = StructuredFields.step(name);
      if (step == null) {
        p.skipChildren();
      } else {
        value(p, path + "." + step, depth + 1, found);
      }
    }
    if (literal != null) {
      found.subList(start, found.size()).clear();
      found.add(path);
      found.add(literal);
    }
  }

  /**
   * A scalar's text as the JSON tree gives it: a number as Java prints the int, long, big integer
   * or double it reads as (119.90 gives "119.9"), true, false, a string as it is.
   */
  private static String scalar(JsonParser p, JsonToken t) throws IOException {
    switch (t) {
      case VALUE_NUMBER_INT:
        return p.getNumberValue().toString();
      case VALUE_NUMBER_FLOAT:
        return Double.toString(p.getDoubleValue());
      default:
        return p.getText();
    }
  }
}
