package org.trawler.core.conf;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * The names closest to a mistyped one (a command, an option, a setting key), for "did you mean
 * ...?": those at the smallest edit distance, if it is within about a third of the name's length.
 */
public final class NearestNames {
  private static final int MAX_SUGGESTIONS = 3;

  private NearestNames() {}

  /** Up to three names of {@code known} nearest to {@code typed}; case is ignored. */
  public static List<String> to(String typed, Collection<String> known) {
    String t = typed.toLowerCase(Locale.ROOT);
    int limit = Math.max(2, t.length() / 3);
    LevenshteinDistance distance = new LevenshteinDistance(limit);
    record Near(String name, int distance) {}
    List<Near> near = new ArrayList<>();
    for (String name : known) {
      int d = distance.apply(t, name.toLowerCase(Locale.ROOT));
      if (d >= 0 && !name.equals(typed)) {
        near.add(new Near(name, d));
      }
    }
    near.sort(Comparator.comparingInt(Near::distance).thenComparing(Near::name));
    int best = near.isEmpty() ? 0 : near.get(0).distance();
    return near.stream()
        .filter(n -> n.distance() == best)
        .limit(MAX_SUGGESTIONS)
        .map(Near::name)
        .toList();
  }

  /** " (did you mean a or b?)", or "" when nothing is close. */
  public static String didYouMean(String typed, Collection<String> known, String prefix) {
    List<String> near = to(typed, known);
    if (near.isEmpty()) {
      return "";
    }
    List<String> shown = near.stream().map(n -> prefix + n).toList();
    String last = shown.get(shown.size() - 1);
    String first = String.join(", ", shown.subList(0, shown.size() - 1));
    return " (did you mean " + (first.isEmpty() ? last : first + " or " + last) + "?)";
  }
}
