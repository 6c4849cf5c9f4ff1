package org.trawler.index.solr;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The string values of one field name, at any depth, of what Solr or ZooKeeper answered, read with
 * Jackson's streaming parser: escapes (\/, \", \n) come out as the characters they stand for. Read
 * leniently, as Solr reads its own files: clusterprops.json written by hand may use ' quotes. A
 * body that is not JSON (a proxy's HTML error page) gives what was read before the parser stopped.
 */
final class JsonFields {
  private static final JsonFactory LENIENT =
      JsonFactory.builder()
          .enable(JsonReadFeature.ALLOW_SINGLE_QUOTES)
          .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
          .build();

  private JsonFields() {}

  /** Every string value of a field called {@code name} in {@code json}, in document order. */
  static List<String> named(String json, String name) {
    List<String> values = new ArrayList<>();
    try (JsonParser p = LENIENT.createParser(json)) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t == JsonToken.FIELD_NAME
            && p.currentName().equals(name)
            && p.nextToken() == JsonToken.VALUE_STRING) {
          values.add(p.getText());
        }
      }
    } catch (IOException e) {
      // not JSON past this point: what was read is the answer
    }
    return values;
  }

  /** The first string value of a field called {@code name}, or null. */
  static String first(String json, String name) {
    List<String> values = named(json, name);
    return values.isEmpty() ? null : values.get(0);
  }
}
