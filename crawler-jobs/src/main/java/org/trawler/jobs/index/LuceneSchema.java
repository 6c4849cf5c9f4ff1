package org.trawler.jobs.index;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FloatPoint;
import org.apache.lucene.document.IntPoint;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.trawler.core.conf.BadSettingException;

/**
 * How the index job's documents look in Lucene, for the writer and for search alike: keyword fields
 * (id, url, host, ...) whole, text fields analyzed, numbers as points; every value stored, so that
 * search shows titles and URLs and the highlighter finds its snippets in the content.
 */
public final class LuceneSchema {
  /**
   * Weights of the fields a search looks in: a word in the title or a link's anchor counts more.
   */
  private static final Map<String, Float> SEARCHED =
      Map.of(
          IndexFields.TITLE, 2.0f,
          IndexFields.HEADINGS, 1.5f,
          IndexFields.ANCHOR, 1.5f,
          IndexFields.URL_WORDS, 1.0f,
          IndexFields.CONTENT, 1.0f);

  /**
   * Weights of the bonus a page gets where a query's words stand together in a field: a section
   * titled by the query's words is what the user is after.
   */
  private static final Map<String, Float> TOGETHER =
      Map.of(IndexFields.TITLE, 2.0f, IndexFields.HEADINGS, 2.0f, IndexFields.CONTENT, 1.0f);

  private final FieldMapping mapping;
  private final Set<String> keywordFields;
  private final Set<String> storedOnlyFields;

  public LuceneSchema(FieldMapping mapping) {
    this.mapping = mapping;
    this.keywordFields =
        IndexFields.KEYWORD.stream()
            .map(mapping::name)
            .filter(n -> n != null)
            .collect(Collectors.toSet());
    this.storedOnlyFields =
        IndexFields.STORED_ONLY.stream()
            .map(mapping::name)
            .filter(n -> n != null)
            .collect(Collectors.toSet());
  }

  public static LuceneSchema fromConf(Configuration conf) {
    return new LuceneSchema(FieldMapping.fromConf(conf));
  }

  /** The index field a standard field goes by ({@code indexer.fields}), or null when dropped. */
  public String field(String standardName) {
    return mapping.name(standardName);
  }

  /** The index fields matched as a whole (type, host, url...), under their indexer.fields names. */
  public Set<String> keywordFields() {
    return keywordFields;
  }

  /** The fields a search looks in, with their boosts (dropped fields left out). */
  public Map<String, Float> searchedFields() {
    Map<String, Float> fields = new LinkedHashMap<>();
    for (String f :
        List.of(
            IndexFields.TITLE,
            IndexFields.HEADINGS,
            IndexFields.ANCHOR,
            IndexFields.URL_WORDS,
            IndexFields.CONTENT)) {
      String name = mapping.name(f);
      if (name != null) {
        fields.put(name, SEARCHED.get(f));
      }
    }
    return fields;
  }

  /** The fields where a query's words standing together count extra, with their weights. */
  public Map<String, Float> proximityFields() {
    Map<String, Float> fields = new LinkedHashMap<>();
    for (String f : List.of(IndexFields.TITLE, IndexFields.HEADINGS, IndexFields.CONTENT)) {
      String name = mapping.name(f);
      if (name != null) {
        fields.put(name, TOGETHER.get(f));
      }
    }
    return fields;
  }

  /**
   * The analyzer of indexer.lucene.analyzer: "standard", or a Lucene Analyzer's class name; an
   * unknown class is a {@link BadSettingException}.
   */
  /**
   * The analyzer queries are parsed with: {@code text}'s for text fields, none for keyword fields
   * (type:"application/pdf" is one term, as it was indexed).
   */
  public Analyzer queryAnalyzer(Analyzer text) {
    Map<String, Analyzer> whole = new java.util.HashMap<>();
    for (String field : keywordFields) {
      whole.put(field, new org.apache.lucene.analysis.core.KeywordAnalyzer());
    }
    return new org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper(text, whole);
  }

  public static Analyzer analyzer(Configuration conf) throws IOException {
    String name = conf.getTrimmed(IndexerKeys.LUCENE_ANALYZER, IndexerKeys.DEFAULT_LUCENE_ANALYZER);
    if (name.equals("standard")) {
      return new StandardAnalyzer();
    }
    try {
      return Class.forName(name).asSubclass(Analyzer.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new BadSettingException(
          IndexerKeys.LUCENE_ANALYZER,
          "'" + name + "' is not a Lucene Analyzer with a no-argument constructor (" + e + ")",
          e);
    }
  }

  /** The Lucene document of an index document. */
  public Document toLucene(IndexDocument doc) {
    Document d = new Document();
    for (Map.Entry<String, List<Object>> f : doc.fields().entrySet()) {
      String name = f.getKey();
      for (Object v : f.getValue()) {
        if (v instanceof Long l) {
          d.add(new LongPoint(name, l));
          d.add(new StoredField(name, l));
        } else if (v instanceof Integer i) {
          d.add(new IntPoint(name, i));
          d.add(new StoredField(name, i));
        } else if (v instanceof Float x) {
          d.add(new FloatPoint(name, x));
          d.add(new StoredField(name, x));
        } else if (v instanceof Double x) {
          d.add(new DoublePoint(name, x));
          d.add(new StoredField(name, x));
        } else if (storedOnlyFields.contains(name)) {
          d.add(new StoredField(name, v.toString()));
        } else if (keywordFields.contains(name)) {
          d.add(new StringField(name, v.toString(), Field.Store.YES));
        } else {
          d.add(new TextField(name, v.toString(), Field.Store.YES));
        }
      }
    }
    return d;
  }
}
