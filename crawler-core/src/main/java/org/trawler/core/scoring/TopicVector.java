package org.trawler.core.scoring;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;

/**
 * A topic as a term vector, and a text's similarity to it: the cosine of the two vectors (as
 * Nutch's scoring-similarity). Terms are runs of letters, lower-cased, of two letters or more, not
 * an English stop word. A text's term weight is 1 + ln(count), so that a word said fifty times does
 * not outweigh the rest of the topic. Immutable.
 *
 * <p>A topic file has one entry a line: {@code word} (weight 1) or {@code word weight}, or {@code
 * file: path}, a local or Hadoop file (plain text, or HTML when its name ends in .html or .htm)
 * whose terms, counted as in a page, are added to the topic: example pages. Blank lines and lines
 * starting with # are skipped.
 */
public final class TopicVector {
  private static final Pattern TERM = Pattern.compile("\\p{L}{2,}");
  private static final String FILE_PREFIX = "file:";

  /** Words too common to tell one topic from another. */
  static final Set<String> STOP_WORDS =
      Set.of(
          "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been",
          "but", "by", "can", "could", "did", "do", "does", "for", "from", "had", "has", "have",
          "he", "her", "his", "how", "if", "in", "into", "is", "it", "its", "more", "most", "my",
          "no", "not", "of", "on", "one", "only", "or", "other", "our", "out", "over", "she", "so",
          "some", "such", "than", "that", "the", "their", "them", "then", "there", "these", "they",
          "this", "to", "up", "was", "we", "were", "what", "when", "which", "who", "will", "with",
          "would", "you", "your");

  private final Map<String, Double> weights;
  private final double norm;

  private TopicVector(Map<String, Double> weights) {
    this.weights = Map.copyOf(weights);
    this.norm = norm(this.weights);
  }

  /** The topic of {@code terms} → weight. */
  public static TopicVector of(Map<String, Double> terms) {
    return new TopicVector(terms);
  }

  /**
   * The topic of a topic file's lines; {@code readFile} gives the text of a {@code file:} entry. A
   * line that is neither is an IllegalArgumentException naming it.
   */
  public static TopicVector parse(List<String> lines, Function<String, String> readFile) {
    Map<String, Double> terms = new HashMap<>();
    for (String raw : lines) {
      String line = raw.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.regionMatches(true, 0, FILE_PREFIX, 0, FILE_PREFIX.length())) {
        String path = line.substring(FILE_PREFIX.length()).strip();
        String text = readFile.apply(path);
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".html") || lower.endsWith(".htm")) {
          text = Jsoup.parse(text).text();
        }
        termWeights(text).forEach((t, w) -> terms.merge(t, w, Double::sum));
        continue;
      }
      String[] parts = line.split("\\s+");
      if (parts.length > 2) {
        throw new IllegalArgumentException("not 'word [weight]' nor 'file: path': " + line);
      }
      double weight = 1;
      if (parts.length == 2) {
        try {
          weight = Double.parseDouble(parts[1]);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException("not a weight: " + line);
        }
        if (!(weight > 0) || Double.isInfinite(weight)) {
          throw new IllegalArgumentException("a weight must be above 0: " + line);
        }
      }
      for (String term : terms(parts[0])) {
        terms.merge(term, weight, Double::sum);
      }
    }
    return new TopicVector(terms);
  }

  /** The terms of {@code text}, in order, repeats kept. */
  static List<String> terms(String text) {
    Matcher m = TERM.matcher(text);
    List<String> terms = new java.util.ArrayList<>();
    while (m.find()) {
      String term = m.group().toLowerCase(Locale.ROOT);
      if (!STOP_WORDS.contains(term)) {
        terms.add(term);
      }
    }
    return terms;
  }

  /** The term vector of {@code text}: each term's weight 1 + ln(count). */
  static Map<String, Double> termWeights(String text) {
    Map<String, Integer> counts = new HashMap<>();
    for (String term : terms(text)) {
      counts.merge(term, 1, Integer::sum);
    }
    Map<String, Double> weights = new HashMap<>();
    counts.forEach((t, c) -> weights.put(t, 1 + Math.log(c)));
    return weights;
  }

  /** The cosine of {@code text}'s term vector and the topic's: 0 (nothing shared) to 1. */
  public float similarity(String text) {
    if (norm == 0 || text == null || text.isEmpty()) {
      return 0f;
    }
    Map<String, Double> page = termWeights(text);
    double dot = 0;
    for (Map.Entry<String, Double> e : page.entrySet()) {
      Double w = weights.get(e.getKey());
      if (w != null) {
        dot += w * e.getValue();
      }
    }
    return dot == 0 ? 0f : (float) Math.min(1.0, dot / (norm * norm(page)));
  }

  /** How many distinct terms the topic has. */
  public int size() {
    return weights.size();
  }

  private static double norm(Map<String, Double> v) {
    double sum = 0;
    for (double w : v.values()) {
      sum += w * w;
    }
    return Math.sqrt(sum);
  }
}
