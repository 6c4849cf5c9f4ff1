package org.trawler.jobs.index;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** The documents of an installed Lucene index version, read back for comparisons. */
public final class IndexDocuments {
  private IndexDocuments() {}

  /** url → the stored values of {@code field}, for every document of every shard of a version. */
  public static Map<String, List<String>> values(File version, String field) throws IOException {
    Map<String, List<String>> docs = new TreeMap<>();
    File[] shards = version.listFiles((d, n) -> n.startsWith("part-"));
    for (File shard : shards == null ? new File[0] : shards) {
      try (Directory dir = FSDirectory.open(shard.toPath());
          DirectoryReader reader = DirectoryReader.open(dir)) {
        StoredFields fields = reader.storedFields();
        for (int i = 0; i < reader.maxDoc(); i++) {
          Document doc = fields.document(i);
          docs.put(doc.get(IndexFields.URL), List.of(doc.getValues(field)));
        }
      }
    }
    return docs;
  }
}
