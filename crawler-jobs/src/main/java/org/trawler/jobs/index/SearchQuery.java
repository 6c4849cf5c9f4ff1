package org.trawler.jobs.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.queryparser.classic.MultiFieldQueryParser;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.PhraseQuery;
import org.apache.lucene.search.Query;
import org.trawler.core.conf.BadSettingException;

/**
 * A user's query as Lucene runs it: the classic syntax over the searched fields with their boosts,
 * every word required (or any, {@code search.default.operator}), a hyphenated word as a phrase
 * ("command-line" is "command line", not "command" or "line"), and, for a query of plain words, a
 * bonus for pages where the words stand together: as the exact phrase, or within a few words, in
 * the title and headings most.
 */
final class SearchQuery {
  /** Words apart (moves, as Lucene counts a phrase's slop) that still count as together. */
  static final int NEAR = 4;

  /** What makes a query more than plain words: fields, phrases, groups, operators, wildcards. */
  private static final Pattern SYNTAX =
      Pattern.compile("[:\"()\\[\\]{}^~*?\\\\/!+]|(^|\\s)-|(^|\\s)(AND|OR|NOT)(\\s|$)|&&|\\|\\|");

  private final Map<String, Float> searched;
  private final Map<String, Float> together;
  private final Analyzer queryAnalyzer;
  private final Analyzer text;
  private final QueryParser.Operator operator;

  SearchQuery(LuceneSchema schema, Analyzer text, QueryParser.Operator operator) {
    this.searched = schema.searchedFields();
    this.together = schema.proximityFields();
    this.queryAnalyzer = schema.queryAnalyzer(text);
    this.text = text;
    this.operator = operator;
  }

  /** The operator of search.default.operator's value: AND or OR, in any case. */
  static QueryParser.Operator operator(String value) {
    return switch (value.strip().toUpperCase(Locale.ROOT)) {
      case "AND" -> QueryParser.Operator.AND;
      case "OR" -> QueryParser.Operator.OR;
      default ->
          throw new BadSettingException(
              IndexerKeys.SEARCH_DEFAULT_OPERATOR, "is AND or OR, not '" + value + "'");
    };
  }

  Query parse(String query) throws ParseException {
    MultiFieldQueryParser parser =
        new MultiFieldQueryParser(
            searched.keySet().toArray(new String[0]), queryAnalyzer, searched);
    parser.setDefaultOperator(operator);
    parser.setSplitOnWhitespace(true); // a phrase is made of the words of one term
    parser.setAutoGeneratePhraseQueries(true);
    Query parsed = parser.parse(query);
    if (SYNTAX.matcher(query).find()) {
      return parsed; // the user said what they want
    }
    BooleanQuery.Builder boosted = new BooleanQuery.Builder().add(parsed, BooleanClause.Occur.MUST);
    int phrases = 0;
    for (Map.Entry<String, Float> field : together.entrySet()) {
      List<String> words = words(field.getKey(), query);
      if (words.size() < 2) {
        continue;
      }
      float boost = field.getValue();
      boosted.add(
          new BoostQuery(phrase(field.getKey(), words, 0), boost), BooleanClause.Occur.SHOULD);
      boosted.add(
          new BoostQuery(phrase(field.getKey(), words, NEAR), boost / 2),
          BooleanClause.Occur.SHOULD);
      phrases++;
    }
    return phrases == 0 ? parsed : boosted.build();
  }

  private static PhraseQuery phrase(String field, List<String> words, int slop) {
    return new PhraseQuery(slop, field, words.toArray(new String[0]));
  }

  /** The words of {@code query} as {@code field} indexes them. */
  private List<String> words(String field, String query) {
    List<String> words = new ArrayList<>();
    try (TokenStream tokens = text.tokenStream(field, query)) {
      CharTermAttribute term = tokens.addAttribute(CharTermAttribute.class);
      tokens.reset();
      while (tokens.incrementToken()) {
        words.add(term.toString());
      }
      tokens.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e); // analyzing a String reads no file
    }
    return words;
  }
}
