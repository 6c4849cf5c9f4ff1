package org.trawler.jobs.hostdb;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.trawler.core.net.URLParts;
import org.trawler.core.parse.SimHash;

/**
 * Learns which query parameters of one host do not change its pages: visit ids, tracking and
 * sort-order parameters under names no list knows. From the host's fetched pages with a query and a
 * fingerprint, the URLs that differ only in one parameter's value (or in having it at all) form a
 * group; a group whose pages are all near-duplicates (fingerprints within the dedup distance) is
 * evidence that the parameter is irrelevant, one whose pages differ is counter-evidence. A
 * parameter with at least {@code minEvidence} such values and no counter-evidence is learned; one
 * learned before stays learned unless counter-evidence appears. A parameter whose values look like
 * per-visit tokens (session ids: long runs of letters and digits, never the same twice) needs only
 * {@link #TOKEN_EVIDENCE} values: a session-id host puts a fresh token on every link, so waiting
 * for more copies of one page costs a copy per link, and two near-duplicate pages under two tokens
 * are as strong evidence as a page id could not give (two ids give two pages).
 */
public final class ParamLearning {
  /** Values of one group compared pairwise, at most: enough to see a real parameter differ. */
  static final int MAX_GROUP_VALUES = 32;

  /** Parameters of a URL whose subsets are looked up (2^n lookups): tracking sets are 3-5. */
  static final int MAX_TOGETHER = 6;

  /** Near-duplicate values that make a token-valued parameter irrelevant (see the class). */
  static final int TOKEN_EVIDENCE = 2;

  /** Shortest per-visit token: PHP's, Java's and ASP.NET's session ids are 20-32 characters. */
  static final int TOKEN_MIN_LENGTH = 8;

  /** Longest value taken for a token: longer ones are payloads (encoded state, a URL). */
  static final int TOKEN_MAX_LENGTH = 128;

  /**
   * Most differing fingerprint bits, median over a parameter's pairs, of a copy variant: a page and
   * its print version (the same text without navigation and links) are 6 to 26 bits apart on
   * simweb's web, median 16, where two distinct pages are about 32 (64 bits, half differ).
   */
  static final int COPY_MEDIAN_DISTANCE = 20;

  /** Pairs (the page with the parameter's one value, and without it) a copy variant needs. */
  static final int COPY_MIN_PAIRS = 2;

  /** The value of a parameter a page's URL does not have. */
  private static final String ABSENT = "\u0000";

  /** A fetched page of the host: its URL and fingerprint. */
  public record Page(String url, long fingerprint) {}

  /** A page with a query, split once into its URL before the query and its parameters. */
  private record Split(String base, List<String> params, long fingerprint) {}

  private final int distance;
  private final int minEvidence;

  /**
   * @param distance most differing fingerprint bits of near-duplicates (dedup.near.distance)
   * @param minEvidence distinct near-duplicate values that make a parameter irrelevant; 0 = never
   */
  public ParamLearning(int distance, int minEvidence) {
    this.distance = distance;
    this.minEvidence = minEvidence;
  }

  public boolean isOn() {
    return minEvidence > 0;
  }

  /**
   * The parameters irrelevant on the host of {@code pages}, each with its evidence, given those
   * learned before ({@code previous}), sorted by name.
   */
  public Map<String, Integer> learn(List<Page> pages, Map<String, Integer> previous) {
    Map<String, Integer> learned = new TreeMap<>(previous);
    if (!isOn()) {
      return learned;
    }
    Map<String, Long> byQuery = new HashMap<>(); // base?sorted params → fingerprint
    Map<String, Map<String, Map<String, Long>>> groups = new TreeMap<>(); // p → rest → value → fp
    List<Split> splits = new ArrayList<>();
    for (Page page : pages) {
      URLParts parts = URLParts.of(page.url());
      if (!parts.hasQuery()) {
        byQuery.put(page.url().substring(0, parts.pathEnd()), page.fingerprint());
        continue;
      }
      String base = page.url().substring(0, parts.pathEnd());
      List<String> params = params(page.url(), parts.pathEnd() + 1, parts.queryEnd());
      splits.add(new Split(base, params, page.fingerprint()));
      byQuery.put(key(base, params, -1), page.fingerprint());
      Map<String, Integer> counts = new HashMap<>();
      params.forEach(p -> counts.merge(name(p), 1, Integer::sum));
      for (int i = 0; i < params.size(); i++) {
        String name = name(params.get(i));
        if (counts.get(name) == 1) { // a repeated name is a list: not one value
          groups
              .computeIfAbsent(name, n -> new HashMap<>())
              .computeIfAbsent(key(base, params, i), k -> new LinkedHashMap<>())
              .putIfAbsent(value(params.get(i)), page.fingerprint());
        }
      }
    }
    Map<String, Integer> together = evidenceTogether(splits, byQuery);
    for (String name : together.keySet()) {
      groups.computeIfAbsent(name, n -> new HashMap<>());
    }
    for (Map.Entry<String, Map<String, Map<String, Long>>> p : groups.entrySet()) {
      int evidence = together.getOrDefault(p.getKey(), 0);
      boolean differs = false;
      boolean tokens = false;
      List<Integer> pairDistances = new ArrayList<>();
      java.util.Set<String> pairValues = new java.util.HashSet<>();
      boolean onlyPairs = true;
      for (Map.Entry<String, Map<String, Long>> group : p.getValue().entrySet()) {
        Long without = byQuery.get(group.getKey());
        if (without != null) {
          group.getValue().putIfAbsent(ABSENT, without);
        }
        if (group.getValue().size() < 2) {
          continue;
        }
        if (group.getValue().size() == 2 && without != null) {
          for (Map.Entry<String, Long> v : group.getValue().entrySet()) {
            if (!v.getKey().equals(ABSENT)) {
              pairValues.add(v.getKey());
              pairDistances.add(SimHash.distance(v.getValue(), without));
            }
          }
        } else {
          onlyPairs = false;
        }
        if (nearDuplicates(new ArrayList<>(group.getValue().values()))) {
          evidence += group.getValue().size();
          tokens |= tokens(group.getValue().keySet());
        } else {
          differs = true;
        }
      }
      if (onlyPairs && copyVariant(pairValues, pairDistances)) {
        learned.merge(p.getKey(), Math.max(evidence, 2 * pairDistances.size()), Math::max);
      } else if (differs) {
        learned.remove(p.getKey());
      } else if (evidence >= (tokens ? Math.min(minEvidence, TOKEN_EVIDENCE) : minEvidence)) {
        learned.merge(p.getKey(), evidence, Math::max);
      }
    }
    return learned;
  }

  /**
   * Whether a parameter is a copy variant (print=1, view=print): on every path it was fetched with
   * and without, it had one and the same value, at least {@link #COPY_MIN_PAIRS} times, and the
   * page with it was, at the median, within {@link #COPY_MEDIAN_DISTANCE} bits of the page without
   * it. A print version leaves out the links and navigation whose words move its fingerprint, so
   * the near-duplicate distance misses it; a parameter that selects other content (an id, a page
   * number, a language) gives pages as far apart as any two.
   */
  static boolean copyVariant(java.util.Set<String> values, List<Integer> distances) {
    if (values.size() != 1 || distances.size() < COPY_MIN_PAIRS) {
      return false;
    }
    List<Integer> sorted = new ArrayList<>(distances);
    Collections.sort(sorted);
    return sorted.get((sorted.size() - 1) / 2) <= COPY_MEDIAN_DISTANCE;
  }

  /**
   * Evidence for parameters that come together: tracking links carry utm_source, utm_medium and
   * utm_campaign at once, so no two fetched URLs differ in one of them alone, but the page without
   * several of them is often fetched too. For each fetched page with at most MAX_TOGETHER
   * parameters and each fetched URL of the same path whose parameters are a subset (two or more
   * fewer, the same values), a near-duplicate pair counts one for each parameter left out. A pair
   * that differs blames none of them alone: one of the others may be the relevant one.
   */
  private Map<String, Integer> evidenceTogether(List<Split> pages, Map<String, Long> byQuery) {
    Map<String, Integer> evidence = new HashMap<>();
    for (Split page : pages) {
      List<String> params = page.params();
      if (params.size() < 2 || params.size() > MAX_TOGETHER) {
        continue;
      }
      int all = (1 << params.size()) - 1;
      for (int keep = 0; keep < all; keep++) {
        if (Integer.bitCount(all & ~keep) < 2) {
          continue; // one parameter left out: the groups of learn() judge it
        }
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < params.size(); i++) {
          if ((keep & 1 << i) != 0) {
            kept.add(params.get(i));
          }
        }
        Long other = byQuery.get(key(page.base(), kept, -1));
        if (other != null && SimHash.distance(other, page.fingerprint()) <= distance) {
          for (int i = 0; i < params.size(); i++) {
            if ((keep & 1 << i) == 0) {
              evidence.merge(name(params.get(i)), 1, Integer::sum);
            }
          }
        }
      }
    }
    return evidence;
  }

  /**
   * Whether the values of one near-duplicate group are per-visit tokens: each present one (the
   * absent value aside) {@link #token}, and at least one present.
   */
  private static boolean tokens(Iterable<String> values) {
    boolean any = false;
    for (String v : values) {
      if (!v.equals(ABSENT)) {
        if (!token(v)) {
          return false;
        }
        any = true;
      }
    }
    return any;
  }

  /**
   * Whether {@code value} looks like a generated token: {@link #TOKEN_MIN_LENGTH} to {@link
   * #TOKEN_MAX_LENGTH} letters, digits, '-' or '_', with both a letter and a digit. Page numbers
   * (digits only) and words or slugs (no digit) are not tokens.
   */
  static boolean token(String value) {
    if (value.length() < TOKEN_MIN_LENGTH || value.length() > TOKEN_MAX_LENGTH) {
      return false;
    }
    boolean letter = false;
    boolean digit = false;
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c >= '0' && c <= '9') {
        digit = true;
      } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
        letter = true;
      } else if (c != '-' && c != '_') {
        return false;
      }
    }
    return letter && digit;
  }

  /** Whether every two of (the first MAX_GROUP_VALUES of) {@code fingerprints} are near. */
  private boolean nearDuplicates(List<Long> fingerprints) {
    int n = Math.min(fingerprints.size(), MAX_GROUP_VALUES);
    for (int i = 0; i < n; i++) {
      for (int j = i + 1; j < n; j++) {
        if (SimHash.distance(fingerprints.get(i), fingerprints.get(j)) > distance) {
          return false;
        }
      }
    }
    return true;
  }

  /** The non-empty parameters of the query {@code url[from, to)}, as written. */
  static List<String> params(String url, int from, int to) {
    List<String> params = new ArrayList<>();
    int start = from;
    for (int i = from; i <= to; i++) {
      if (i == to || url.charAt(i) == '&') {
        if (i > start) {
          params.add(url.substring(start, i));
        }
        start = i + 1;
      }
    }
    return params;
  }

  static String name(String param) {
    int equals = param.indexOf('=');
    return equals < 0 ? param : param.substring(0, equals);
  }

  private static String value(String param) {
    int equals = param.indexOf('=');
    return equals < 0 ? "" : param.substring(equals + 1);
  }

  /** {@code base} and the parameters but the one at {@code skip} (-1: none), in sorted order. */
  private static String key(String base, List<String> params, int skip) {
    List<String> rest = new ArrayList<>(params.size());
    for (int i = 0; i < params.size(); i++) {
      if (i != skip) {
        rest.add(params.get(i));
      }
    }
    Collections.sort(rest);
    return rest.isEmpty() ? base : base + "?" + String.join("&", rest);
  }
}
