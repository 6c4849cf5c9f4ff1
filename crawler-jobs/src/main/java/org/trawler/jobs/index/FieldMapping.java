package org.trawler.jobs.index;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;

/**
 * {@code indexer.fields}: renames and drops of the index job's fields, so that the documents fit an
 * existing schema. {@code title:headline,keywords:} names title "headline" and leaves keywords out;
 * fields not listed keep their names. The new name follows an entry's last colon: the parse
 * filters' fields have colons of their own ({@code meta.og:title:} drops meta.og:title).
 */
public final class FieldMapping {
  private final Map<String, String> renames;

  private FieldMapping(Map<String, String> renames) {
    this.renames = renames;
  }

  /** No renames, no drops. */
  public static final FieldMapping NONE = new FieldMapping(Map.of());

  public static FieldMapping fromConf(Configuration conf) {
    return parse(conf.get(IndexerKeys.FIELDS, IndexerKeys.DEFAULT_FIELDS));
  }

  /** Parses the setting's value; a malformed entry is a BadSettingException naming the key. */
  public static FieldMapping parse(String value) {
    Map<String, String> renames = new HashMap<>();
    for (String entry : value.split(",")) {
      String e = entry.trim();
      if (e.isEmpty()) {
        continue;
      }
      int colon = e.lastIndexOf(':');
      String from = colon < 0 ? "" : e.substring(0, colon).trim();
      if (from.isEmpty()) {
        throw new BadSettingException(
            IndexerKeys.FIELDS,
            "takes field:newname (rename) or field: (drop), comma-separated, not '" + e + "'");
      }
      String to = e.substring(colon + 1).trim();
      if (from.equals(IndexDocument.ID) && !to.equals(from)) {
        // writers replace and delete documents by this field
        throw new BadSettingException(IndexerKeys.FIELDS, "the id field keeps its name");
      }
      renames.put(from, to);
    }
    return renames.isEmpty() ? NONE : new FieldMapping(renames);
  }

  /** The name a field goes by in the index, or null when it is dropped. */
  public String name(String field) {
    String to = renames.getOrDefault(field, field);
    return to.isEmpty() ? null : to;
  }

  /** The document with its fields renamed and dropped. */
  public IndexDocument apply(IndexDocument doc) {
    if (renames.isEmpty()) {
      return doc;
    }
    IndexDocument mapped = new IndexDocument();
    for (Map.Entry<String, List<Object>> f : doc.fields().entrySet()) {
      String name = name(f.getKey());
      if (name != null) {
        f.getValue().forEach(v -> mapped.add(name, v));
      }
    }
    return mapped;
  }
}
