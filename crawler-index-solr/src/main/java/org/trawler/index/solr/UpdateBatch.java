package org.trawler.index.solr;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.index.IndexDocument;

/**
 * Adds and deletes waiting to go to Solr, in the order they were made, as one body of Solr's JSON
 * update API: {@code {"add":{"doc":{...}},"delete":{"id":"..."},...}}. Solr applies repeated
 * commands of one body in order, so an add followed by a delete of the same id ends deleted.
 */
final class UpdateBatch {
  private StringWriter body;
  private JsonOutput json;
  private int size;

  UpdateBatch() {
    clear();
  }

  void add(IndexDocument doc) {
    write(
        () -> {
          json.name("add").beginObject().name("doc").beginObject();
          for (Map.Entry<String, List<Object>> field : doc.fields().entrySet()) {
            json.name(field.getKey());
            List<Object> values = field.getValue();
            if (values.size() == 1) {
              value(values.get(0));
            } else {
              json.beginArray();
              for (Object v : values) {
                value(v);
              }
              json.endArray();
            }
          }
          json.endObject().endObject();
        });
  }

  void delete(String id) {
    write(() -> json.name("delete").beginObject().name("id").value(id).endObject());
  }

  /** Adds and deletes in the batch. */
  int size() {
    return size;
  }

  /** The JSON body of the batch's update request. */
  String toJson() {
    return body + "}";
  }

  void clear() {
    body = new StringWriter();
    json = new JsonOutput(body);
    write(json::beginObject);
    size = 0;
  }

  private void value(Object v) throws IOException {
    if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      json.value(((Number) v).longValue());
    } else if (v instanceof Float f) {
      json.value(f.floatValue());
    } else if (v instanceof Number n) {
      json.value(n.doubleValue());
    } else if (v instanceof Boolean b) {
      json.value(b.booleanValue());
    } else {
      json.value(v.toString());
    }
  }

  private interface JsonStep {
    void run() throws IOException;
  }

  private void write(JsonStep step) {
    try {
      step.run();
      json.flush();
      size++;
    } catch (IOException e) {
      throw new UncheckedIOException("a StringWriter does not fail", e);
    }
  }
}
