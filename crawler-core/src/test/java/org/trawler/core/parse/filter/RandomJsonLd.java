package org.trawler.core.parse.filter;

import java.util.Random;

/** Random JSON shaped like JSON-LD, for comparing two readers of it. */
final class RandomJsonLd {
  private static final String[] KEYS = {
    "@type",
    "@type",
    "@graph",
    "@value",
    "@context",
    "@id",
    "name",
    "author",
    "offers",
    "price",
    "url",
    "bad key",
    "",
    "item"
  };

  private static final String[] STRINGS = {
    "Thing",
    "https://schema.org/Product",
    "schema:Offer",
    "Ada  Lovelace",
    " spaced\n out ",
    "",
    " ",
    "https://schema.org/",
    "é ü 東京",
    "a\\\"quote",
    "x"
  };

  private static final String[] NUMBERS = {
    "0", "-0", "42", "119.90", "4.6", "1e3", "-2.5E-3", "12345678901234567890", "3000000000", "0.1"
  };

  private RandomJsonLd() {}

  /**
   * Appends a random value to {@code out}, {@code depth} levels down; objects more often on top.
   */
  static void value(Random random, StringBuilder out, int depth, boolean top) {
    int kind = depth > 12 ? 2 + random.nextInt(4) : random.nextInt(top ? 3 : 7);
    switch (kind) {
      case 0, 6 -> object(random, out, depth);
      case 1 -> array(random, out, depth);
      case 2 -> out.append('"').append(STRINGS[random.nextInt(STRINGS.length)]).append('"');
      case 3 -> out.append(NUMBERS[random.nextInt(NUMBERS.length)]);
      case 4 -> out.append(random.nextBoolean());
      default -> out.append("null");
    }
  }

  private static void object(Random random, StringBuilder out, int depth) {
    out.append('{');
    int n = random.nextInt(6);
    java.util.Set<String> used = new java.util.HashSet<>();
    for (int i = 0; i < n; i++) {
      String key = KEYS[random.nextInt(KEYS.length)];
      if (!used.add(key)) {
        continue; // JSON-LD objects do not repeat a key (a tree keeps the last, tokens give all)
      }
      out.append(used.size() > 1 ? ", \"" : "\"").append(key).append("\": ");
      value(random, out, depth + 1, false);
    }
    out.append('}');
  }

  private static void array(Random random, StringBuilder out, int depth) {
    out.append('[');
    int n = random.nextInt(4);
    for (int i = 0; i < n; i++) {
      if (i > 0) {
        out.append(", ");
      }
      value(random, out, depth + 1, false);
    }
    out.append(']');
  }
}
