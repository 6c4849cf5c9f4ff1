package org.trawler.jobs.index;

import java.io.IOException;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.search.uhighlight.DefaultPassageFormatter;
import org.apache.lucene.search.uhighlight.LengthGoalBreakIterator;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;
import org.trawler.core.conf.Settings;
import org.trawler.core.parse.Whitespace;
import org.trawler.core.usage.UsageField;

/**
 * A search over an index's shards: Lucene's classic query syntax over title, headings, anchor, URL
 * words and content, every word required by default ({@link SearchQuery}), ranked by BM25, each hit
 * with a one-line snippet of its content from Lucene's unified highlighter, matched words in
 * [brackets].
 */
public final class Search {
  /** One hit: its rank (from 1), score, stored fields and a snippet. */
  public record Hit(
      int rank, float score, String url, String title, String snippet, Document doc) {}

  /** The query does not parse; the message says where. */
  public static final class BadQueryException extends Exception {
    BadQueryException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** A page of hits: how many documents matched in all, and the hits asked for. */
  public record Results(long total, List<Hit> hits) {}

  private final LuceneSchema schema;
  private final Analyzer analyzer;
  private final SearchQuery queries;
  private final int snippetLength;
  private final String markOpen;
  private final String markClose;

  /** A search whose words are all required. */
  public Search(LuceneSchema schema, Analyzer analyzer, int snippetLength) {
    this(
        schema,
        analyzer,
        new SearchQuery(schema, analyzer, QueryParser.Operator.AND),
        snippetLength,
        "[",
        "]");
  }

  private Search(
      LuceneSchema schema,
      Analyzer analyzer,
      SearchQuery queries,
      int snippetLength,
      String open,
      String close) {
    this.schema = schema;
    this.analyzer = analyzer;
    this.queries = queries;
    this.snippetLength = snippetLength;
    this.markOpen = open;
    this.markClose = close;
  }

  /** The same search, its snippets marking matched words with {@code open} and {@code close}. */
  public Search withMarks(String open, String close) {
    return new Search(schema, analyzer, queries, snippetLength, open, close);
  }

  /** The same search, its words combined with AND (all required) or OR (any will do). */
  public Search withOperator(QueryParser.Operator operator) {
    return new Search(
        schema,
        analyzer,
        new SearchQuery(schema, analyzer, operator),
        snippetLength,
        markOpen,
        markClose);
  }

  /** The schema's name of a standard field (IndexFields), or null when it is not indexed. */
  public String field(String standardName) {
    return schema.field(standardName);
  }

  public static Search fromConf(Configuration conf) throws IOException {
    return new Search(
            LuceneSchema.fromConf(conf),
            LuceneSchema.analyzer(conf),
            Settings.getInt(
                conf, IndexerKeys.SEARCH_SNIPPET_LENGTH, IndexerKeys.DEFAULT_SEARCH_SNIPPET_LENGTH))
        .withOperator(
            SearchQuery.operator(
                conf.get(
                    IndexerKeys.SEARCH_DEFAULT_OPERATOR,
                    IndexerKeys.DEFAULT_SEARCH_DEFAULT_OPERATOR)));
  }

  /** Parses a query in Lucene's classic syntax over the searched fields ({@link SearchQuery}). */
  public Query parse(String query) throws BadQueryException {
    try {
      return queries.parse(escapeKeywordSlashes(query, schema.keywordFields()));
    } catch (ParseException e) {
      throw new BadQueryException(firstLine(e.getMessage()), e);
    }
  }

  /**
   * The query with the slashes of keyword-field values escaped: {@code type:application/pdf} means
   * the type, where the classic syntax would read a regular expression after the slash.
   */
  static String escapeKeywordSlashes(String query, Set<String> keywordFields) {
    StringBuilder out = new StringBuilder();
    Matcher m = FIELD_VALUE.matcher(query);
    int last = 0;
    while (m.find()) {
      if (keywordFields.contains(m.group(1))) {
        out.append(query, last, m.start(2)).append(m.group(2).replaceAll("(?<!\\\\)/", "\\\\/"));
        last = m.end(2);
      }
    }
    return out.append(query.substring(last)).toString();
  }

  /** A field name, a colon and an unquoted value. */
  private static final Pattern FIELD_VALUE =
      Pattern.compile("(?<![\\w.])([\\w.]+):([^\\s()\"\\[\\]{}]+)");

  /** The best {@code n} hits of {@code query} in {@code shards}. */
  public List<Hit> search(IndexShards shards, String query, int n)
      throws IOException, BadQueryException {
    return search(shards, parse(query), 0, n).hits();
  }

  /** The hits of {@code q} ranked {@code offset + 1} to {@code offset + n}, and the total. */
  public Results search(IndexShards shards, Query q, int offset, int n) throws IOException {
    IndexSearcher searcher = new IndexSearcher(shards.reader());
    searcher.setSimilarity(new BM25Similarity());
    TopDocs all = searcher.search(q, Math.max(1, offset + n));
    ScoreDoc[] page =
        java.util.Arrays.copyOfRange(
            all.scoreDocs, Math.min(offset, all.scoreDocs.length), all.scoreDocs.length);
    TopDocs top = new TopDocs(all.totalHits, page);
    String content = schema.field(IndexFields.CONTENT);
    String[] snippets =
        content == null ? new String[top.scoreDocs.length] : highlight(searcher, content, q, top);
    List<Hit> hits = new ArrayList<>();
    for (int i = 0; i < top.scoreDocs.length; i++) {
      ScoreDoc sd = top.scoreDocs[i];
      Document doc = searcher.storedFields().document(sd.doc);
      String snippet = snippets[i];
      if (snippet == null && content != null) {
        // matched in the title, a heading or an anchor only: the start of the page's text stands in
        snippet = IndexDecision.cut(opening(doc, value(doc, content)), snippetLength);
      }
      hits.add(
          new Hit(
              offset + i + 1,
              sd.score,
              value(doc, schema.field(IndexFields.URL)),
              value(doc, schema.field(IndexFields.TITLE)),
              snippet == null || noSnippet(doc)
                  ? ""
                  : capped(Whitespace.collapse(snippet), maxSnippet(doc), markOpen, markClose),
              doc));
    }
    return new Results(all.totalHits.value, hits);
  }

  /** The page's owner asked for no snippet (robots nosnippet): search and the console show none. */
  private static boolean noSnippet(Document doc) {
    return UsageField.YES.equals(doc.get(UsageField.ROBOTS_NOSNIPPET.key()));
  }

  /** The page's robots max-snippet, or -1 (no limit) when it set none. */
  private static long maxSnippet(Document doc) {
    String max = doc.get(UsageField.ROBOTS_MAX_SNIPPET.key());
    return max == null ? -1 : Long.parseLong(max);
  }

  /**
   * The first {@code max} characters of {@code snippet} that a reader sees (the marks around
   * matched words do not count), a mark left open closed; the whole of it when {@code max} is -1.
   */
  static String capped(String snippet, long max, String open, String close) {
    if (max < 0) {
      return snippet;
    }
    StringBuilder out = new StringBuilder();
    boolean marked = false;
    long seen = 0;
    int i = 0;
    while (i < snippet.length()) {
      if (!open.isEmpty() && snippet.startsWith(open, i)) {
        out.append(open);
        marked = true;
        i += open.length();
      } else if (!close.isEmpty() && snippet.startsWith(close, i)) {
        out.append(close);
        marked = false;
        i += close.length();
      } else if (seen < max) {
        out.append(snippet.charAt(i++));
        seen++;
      } else {
        break;
      }
    }
    if (marked) {
      out.append(close);
    }
    return out.toString();
  }

  private String[] highlight(IndexSearcher searcher, String field, Query q, TopDocs top)
      throws IOException {
    UnifiedHighlighter highlighter =
        UnifiedHighlighter.builder(searcher, analyzer)
            .withBreakIterator(
                () ->
                    LengthGoalBreakIterator.createClosestToLength(
                        BreakIterator.getWordInstance(Locale.ROOT), snippetLength, 0.5f))
            .withFormatter(new DefaultPassageFormatter(markOpen, markClose, " … ", false))
            .withMaxLength(Integer.MAX_VALUE - 1)
            .withHighlightPhrasesStrictly(true)
            .withMaxNoHighlightPassages(0) // search() starts those at the first heading
            .build();
    return highlighter.highlight(field, q, top, 1);
  }

  /**
   * The page's text from its first heading on: what comes before the first h1 to h3 of a page is
   * mostly its site's header and navigation. The whole text when the heading is not in it.
   */
  private String opening(Document doc, String text) {
    String heading =
        schema.field(IndexFields.HEADINGS) == null
            ? ""
            : value(doc, schema.field(IndexFields.HEADINGS));
    int start = heading.isEmpty() ? -1 : text.indexOf(heading);
    return start > 0 ? text.substring(start) : text;
  }

  private static String value(Document doc, String field) {
    String v = field == null ? null : doc.get(field);
    return v == null ? "" : v;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return (nl < 0 ? s : s.substring(0, nl)).strip();
  }
}
