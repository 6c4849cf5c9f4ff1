package org.trawler.jobs.index;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One document for the index: named fields, each with one or more values (String, Long, Integer,
 * Float or Double). Field names are the ones the index job maps to ({@code indexer.fields}); the
 * writers store what they are given.
 */
public final class IndexDocument {
  public static final String ID = "id";

  private final Map<String, List<Object>> fields = new LinkedHashMap<>();

  /** Adds a value to a field; null values are ignored. */
  public IndexDocument add(String field, Object value) {
    if (value != null) {
      fields.computeIfAbsent(field, f -> new ArrayList<>(1)).add(value);
    }
    return this;
  }

  /** The document's id (its URL). */
  public String id() {
    Object id = first(ID);
    return id == null ? null : id.toString();
  }

  /** The first value of a field, or null. */
  public Object first(String field) {
    List<Object> values = fields.get(field);
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** All values of a field (empty if none). */
  public List<Object> values(String field) {
    return Collections.unmodifiableList(fields.getOrDefault(field, List.of()));
  }

  /** Fields in the order they were first added. */
  public Map<String, List<Object>> fields() {
    return Collections.unmodifiableMap(fields);
  }

  @Override
  public String toString() {
    return fields.toString();
  }
}
