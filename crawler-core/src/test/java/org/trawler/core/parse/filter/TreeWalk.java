package org.trawler.core.parse.filter;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.jsoup.nodes.Element;
import org.trawler.core.parse.ParseFilter;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.parse.ParsedPage;

/**
 * The JSON-LD filter as it was before it read tokens: Jackson's tree of each block, walked. The
 * oracle of {@link JsonLdFilterTest#theTokenReaderGivesWhatATreeWalkGives}; same fields, same
 * prefix.
 */
public class TreeWalk implements ParseFilter {
  private static final String PREFIX = JsonLdFilter.PREFIX;

  /** The type of an object without @type. */
  private static final String NO_TYPE = "Thing";

  private final ObjectMapper json = new ObjectMapper();
  private StructuredFields fields;

  @Override
  public void configure(Configuration conf) {
    this.fields = new StructuredFields(conf);
  }

  /** {@code conf} with the chain running this filter alone. */
  static Configuration conf(Configuration conf) {
    Configuration c = new Configuration(conf);
    c.set(
        ParseKeys.FILTER_CLASSES,
        c.get(ParseKeys.FILTER_CLASSES) + ", treewalk:" + TreeWalk.class.getName());
    c.set(ParseKeys.FILTER_ORDER, "treewalk");
    return c;
  }

  @Override
  public void filter(ParsedPage page) {
    if (page.dom() == null) {
      return;
    }
    StructuredFields.Page out = null;
    for (Element script : page.elements().scripts()) {
      String type = script.attr("type").strip().toLowerCase(Locale.ROOT);
      if (!type.startsWith("application/ld+json")) {
        continue;
      }
      out = out != null ? out : fields.on(page, PREFIX);
      try {
        top(json.readTree(script.data()), out);
      } catch (JsonProcessingException e) {
        page.note(FilterCounter.JSONLD_MALFORMED, "malformed JSON-LD: " + e.getOriginalMessage());
      }
    }
  }

  /** A top-level value: an object, an array of them, or an object with a @graph of them. */
  private void top(JsonNode node, StructuredFields.Page out) {
    if (node == null) {
      return;
    }
    if (node.isArray()) {
      node.forEach(n -> top(n, out));
    } else if (node.isObject()) {
      JsonNode graph = node.get("@graph");
      if (graph != null) {
        top(graph, out);
      }
      String type = type(node);
      if (type != null) {
        object(node, type, 0, out);
      }
    }
  }

  /**
   * The object's type name; {@value #NO_TYPE} when it has none but properties, null when it is a
   * bare @graph wrapper.
   */
  private static String type(JsonNode object) {
    JsonNode t = object.get("@type");
    if (t != null && t.isArray()) {
      t = t.size() > 0 ? t.get(0) : null;
    }
    if (t != null && t.isTextual()) {
      return StructuredFields.typeName(t.asText());
    }
    Iterator<String> names = object.fieldNames();
    while (names.hasNext()) {
      if (!names.next().startsWith("@")) {
        return NO_TYPE;
      }
    }
    return null;
  }

  private void object(JsonNode object, String path, int depth, StructuredFields.Page out) {
    Iterator<Map.Entry<String, JsonNode>> properties = object.fields();
    while (properties.hasNext()) {
      Map.Entry<String, JsonNode> p = properties.next();
      String step = p.getKey().startsWith("@") ? null : StructuredFields.step(p.getKey());
      if (step != null) {
        value(p.getValue(), path + "." + step, depth + 1, out);
      }
    }
  }

  private void value(JsonNode node, String path, int depth, StructuredFields.Page out) {
    if (depth > fields.maxDepth()) {
      return;
    }
    if (node.isArray()) {
      for (JsonNode n : node) {
        value(n, path, depth, out);
      }
    } else if (node.isObject()) {
      JsonNode literal = node.get("@value");
      if (literal != null && literal.isValueNode()) {
        out.add(path, literal.asText());
      } else {
        object(node, path, depth, out);
      }
    } else if (node.isValueNode() && !node.isNull()) {
      out.add(path, node.asText());
    }
  }
}
