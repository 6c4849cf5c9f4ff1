package org.trawler.jobs.index;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A known-item set: queries, each with the pages a user typing it wants, and the two figures a
 * ranking is judged by: success@3 (a wanted page among the first three hits) and MRR@10 (the mean
 * of 1/rank of the first wanted page in the first ten, 0 when none is there).
 */
final class KnownItems {
  /** One query and the paths (under the site's root) of the pages that answer it. */
  record Item(String query, Set<String> wanted) {}

  /** One query's outcome: the rank of its first wanted page, 0 when not in the first ten. */
  record Outcome(Item item, int rank) {}

  /** The figures of a ranking over the whole set. */
  record Figures(double successAt3, double mrrAt10, List<Outcome> outcomes) {
    /** One line per query (rank, query), then the two figures: what docs/search.md shows. */
    String report() {
      StringBuilder sb = new StringBuilder();
      for (Outcome o : outcomes) {
        sb.append(
            String.format(Locale.ROOT, "%4s  %s%n", o.rank == 0 ? "-" : o.rank, o.item.query));
      }
      sb.append(
          String.format(
              Locale.ROOT,
              "success@3 %.3f  MRR@10 %.3f  (%d queries)%n",
              successAt3,
              mrrAt10,
              outcomes.size()));
      return sb.toString();
    }
  }

  /** Ranks the paths of a query's first ten hits (null or fewer when fewer match). */
  interface Ranking {
    List<String> paths(String query) throws Exception;
  }

  static final int DEPTH = 10;

  private KnownItems() {}

  /** The items of a resource: "query TAB path path ..." lines, # comments. */
  static List<Item> read(String resource) throws IOException {
    List<Item> items = new ArrayList<>();
    try (InputStream in = KnownItems.class.getResourceAsStream(resource);
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] parts = line.split("\t");
        items.add(new Item(parts[0].strip(), Set.of(parts[1].strip().split("\\s+"))));
      }
    }
    return items;
  }

  static Figures measure(List<Item> items, Ranking ranking) throws Exception {
    List<Outcome> outcomes = new ArrayList<>();
    int top3 = 0;
    double reciprocal = 0;
    for (Item item : items) {
      List<String> paths = ranking.paths(item.query());
      int rank = 0;
      for (int i = 0; i < Math.min(DEPTH, paths.size()) && rank == 0; i++) {
        if (item.wanted().contains(paths.get(i))) {
          rank = i + 1;
        }
      }
      if (rank > 0 && rank <= 3) {
        top3++;
      }
      if (rank > 0) {
        reciprocal += 1.0 / rank;
      }
      outcomes.add(new Outcome(item, rank));
    }
    return new Figures((double) top3 / items.size(), reciprocal / items.size(), outcomes);
  }
}
