package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Where a broad crawl's PageRank mass fell short of the best as many fetches could get, read from
 * what the server was asked in each round. The best set here is the real pages the crawl fetched
 * could at best have been: the {@code realPages} highest-ranked ones. What the wasted fetches cost
 * is the mass of the next best pages ({@code waste}); each best page not fetched has one {@link
 * Cause}; the pages fetched outside the best set bring some mass back. So, exactly: {@code share =
 * 1 - waste - sum(missed) + outsideBest}, every figure a share of the best mass of {@code fetches}
 * pages.
 *
 * <p>A page is known once a page fetched links it (under any of its URLs: a copy's link counts,
 * since a crawler that strips the copy's parameter has the page), or it is a seed; a link from a
 * trap page is not followed here, so a page known only through traps counts as undiscovered.
 *
 * @param share the crawl's PageRank mass as a share of the best (as {@link BroadScore#massShare()})
 * @param waste the best mass the fetches that got no new real page could have added
 * @param missed the mass of the best pages not fetched, by cause
 * @param outsideBest the mass of the pages fetched outside the best set
 * @param ceiling the share an order that knows every page's PageRank reaches with the same rounds,
 *     the same real pages fetched per round, the same cap per host and the same way of discovering
 *     pages (links of the pages it fetched): what ordering alone can reach
 * @param bestKnownByRound the share of the best set's mass known at the end of each round
 */
public record BroadGap(
    double share,
    double waste,
    Map<Cause, Double> missed,
    double outsideBest,
    double ceiling,
    List<Double> bestKnownByRound) {

  /** Why a page of the best set was not fetched. */
  public enum Cause {
    /** No link to it was seen before the last round's fetch list was made. */
    UNDISCOVERED,
    /** Asked, but refused (429, 503) or not answered every time. */
    REFUSED,
    /**
     * Known, never asked, its host refused (429, 503) in the round before it was known or later:
     * the crawler's backoff kept the host out of fetch lists, or put its URLs back unasked.
     */
    HOST_BACKED_OFF,
    /** Known, never asked: in every round since, its host had generate.max.count fetches. */
    HOST_CAP,
    /** Known, never asked, its host under its cap in some round: the order put it below. */
    RANKED_BELOW
  }

  /** The figures as bench.json has them. */
  public Map<String, Object> figures() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("gapLostToWaste", round(waste));
    f.put("gapUndiscovered", round(missed.get(Cause.UNDISCOVERED)));
    f.put("gapRefused", round(missed.get(Cause.REFUSED)));
    f.put("gapHostBackedOff", round(missed.get(Cause.HOST_BACKED_OFF)));
    f.put("gapHostCap", round(missed.get(Cause.HOST_CAP)));
    f.put("gapRankedBelow", round(missed.get(Cause.RANKED_BELOW)));
    f.put("gapFetchedOutsideBest", round(outsideBest));
    f.put("ceilingSameDiscovery", round(ceiling));
    f.put(
        "bestKnownByRound",
        bestKnownByRound.stream()
            .map(x -> Double.toString(round(x)))
            .collect(Collectors.joining("/")));
    return f;
  }

  /**
   * The gap of the crawl that made {@code log} (scored {@code score}) on {@code web}: round n's
   * requests are those before {@code roundEnds[n-1]}; generate took at most {@code maxPerHost} URLs
   * of a host a round (-1: no cap).
   */
  public static BroadGap of(
      BroadWeb web,
      BroadScore score,
      List<WebRequest> log,
      List<Integer> roundEnds,
      int maxPerHost) {
    int n = web.realPages();
    int[] knownFrom = new int[n]; // the first round whose fetch list could have the page
    Arrays.fill(knownFrom, Integer.MAX_VALUE);
    Set<Integer> known = new HashSet<>(web.seedPages());
    known.forEach(p -> knownFrom[p] = 1);
    List<Integer> bestSet = best(web, (int) score.realPages());
    double best = score.bestMass();
    Set<Integer> fetched = new HashSet<>();
    Set<Integer> asked = new HashSet<>();
    List<Set<String>> capped = new ArrayList<>();
    List<Set<String>> refusing = new ArrayList<>();
    List<Double> knownByRound = new ArrayList<>();
    int[] newPages = new int[roundEnds.size()];
    int from = 0;
    for (int r = 0; r < roundEnds.size(); r++) {
      List<WebRequest> round = log.subList(from, Math.min(log.size(), roundEnds.get(r)));
      from = roundEnds.get(r);
      capped.add(hostsAtCap(round, maxPerHost));
      refusing.add(
          round.stream()
              .filter(WebRequest::refused)
              .map(WebRequest::host)
              .collect(Collectors.toSet()));
      for (WebRequest q : round) {
        if (q.kind() == UrlKind.REAL && q.page() >= 0) {
          if (q.status() == 200) {
            newPages[r] += fetched.add(q.page()) ? 1 : 0;
          } else {
            asked.add(q.page());
          }
        }
      }
      for (int p : linked(web, round)) {
        if (known.add(p)) {
          knownFrom[p] = r + 2;
        }
      }
      knownByRound.add(
          share(mass(web, bestSet.stream().filter(known::contains).toList()), mass(web, bestSet)));
    }
    Map<Cause, Double> missed = new EnumMap<>(Cause.class);
    for (Cause c : Cause.values()) {
      missed.put(c, 0.0);
    }
    Set<Integer> inBest = new HashSet<>(bestSet);
    for (int p : bestSet) {
      if (!fetched.contains(p)) {
        Cause c =
            cause(knownFrom[p], asked.contains(p), capped, refusing, web.hostOfPage(p).name());
        missed.merge(c, share(web.pageRank(p), best), Double::sum);
      }
    }
    double outside =
        share(mass(web, fetched.stream().filter(p -> !inBest.contains(p)).toList()), best);
    double ceiling = share(mass(web, ceilingCrawl(web, newPages, maxPerHost)), best);
    return new BroadGap(
        score.massShare(),
        share(best - web.bestMass((int) score.realPages()), best),
        Map.copyOf(missed),
        outside,
        ceiling,
        List.copyOf(knownByRound));
  }

  /**
   * Why a best page was not fetched: known from round {@code knownFrom} (rounds count from 1;
   * beyond the last: never), {@code asked} and not answered, its host (named {@code host}) in
   * {@code capped.get(r - 1)} when it had its cap of fetches in round r, in {@code refusing.get(r -
   * 1)} when it refused a request in round r.
   */
  static Cause cause(
      int knownFrom,
      boolean asked,
      List<Set<String>> capped,
      List<Set<String>> refusing,
      String host) {
    if (knownFrom > capped.size()) {
      return Cause.UNDISCOVERED;
    }
    if (asked) {
      return Cause.REFUSED;
    }
    for (int r = Math.max(1, knownFrom - 1); r <= refusing.size(); r++) {
      if (refusing.get(r - 1).contains(host)) {
        return Cause.HOST_BACKED_OFF;
      }
    }
    for (int r = knownFrom; r <= capped.size(); r++) {
      if (!capped.get(r - 1).contains(host)) {
        return Cause.RANKED_BELOW;
      }
    }
    return Cause.HOST_CAP;
  }

  /** The hosts asked at least {@code maxPerHost} times in {@code round} (robots.txt aside). */
  static Set<String> hostsAtCap(List<WebRequest> round, int maxPerHost) {
    if (maxPerHost < 0) {
      return Set.of();
    }
    Map<String, Integer> asked = new HashMap<>();
    for (WebRequest q : round) {
      if (q.kind() != UrlKind.ROBOTS_TXT && q.kind() != UrlKind.TDMREP_JSON) {
        asked.merge(q.host(), 1, Integer::sum);
      }
    }
    Set<String> atCap = new HashSet<>();
    asked.forEach(
        (h, k) -> {
          if (k >= maxPerHost) {
            atCap.add(h);
          }
        });
    return atCap;
  }

  /**
   * The real pages the pages answered in {@code round} link: a real page or a copy on its own host
   * shows all its links and its home page; a copy on a mirror only its links to other hosts (its
   * own links are to the mirror's copies); a print version shows none.
   */
  static Set<Integer> linked(BroadWeb web, List<WebRequest> round) {
    Set<Integer> pages = new HashSet<>();
    for (WebRequest q : round) {
      if (q.status() != 200
          || q.page() < 0
          || !(q.kind() == UrlKind.REAL || q.kind() == UrlKind.DUPLICATE)
          || isPrint(q.target())) {
        continue;
      }
      WebHost origin = web.hostOfPage(q.page());
      boolean home = origin.name().equals(q.host());
      if (home) {
        pages.add(origin.firstPage());
      }
      for (int t : web.links(q.page())) {
        if (home || web.hostOfPage(t) != origin) {
          pages.add(t);
        }
      }
    }
    return pages;
  }

  private static boolean isPrint(String target) {
    int q = target.indexOf('?');
    return q >= 0 && "1".equals(BroadWeb.query(target.substring(q + 1)).get(BroadWeb.PRINT_PARAM));
  }

  /**
   * The pages a crawl that knows every page's PageRank fetches: from the seeds, round r fetches the
   * {@code budgets[r]} highest-ranked pages it knows and has not fetched, at most {@code
   * maxPerHost} of a host (-1: no cap), and learns their links as {@link #linked} does.
   */
  static List<Integer> ceilingCrawl(BroadWeb web, int[] budgets, int maxPerHost) {
    Set<Integer> known = new HashSet<>(web.seedPages());
    Set<Integer> fetched = new HashSet<>();
    List<Integer> order = new ArrayList<>();
    for (int budget : budgets) {
      List<Integer> due =
          known.stream().filter(p -> !fetched.contains(p)).sorted(byRank(web)).toList();
      Map<Integer, Integer> perHost = new HashMap<>();
      List<Integer> chosen = new ArrayList<>();
      for (int p : due) {
        if (chosen.size() >= budget) {
          break;
        }
        int h = web.hostOfPage(p).index();
        if (maxPerHost < 0 || perHost.getOrDefault(h, 0) < maxPerHost) {
          perHost.merge(h, 1, Integer::sum);
          chosen.add(p);
        }
      }
      for (int p : chosen) {
        fetched.add(p);
        order.add(p);
        known.add(web.hostOfPage(p).firstPage());
        for (int t : web.links(p)) {
          known.add(t);
        }
      }
    }
    return order;
  }

  /** The {@code k} highest-ranked real pages, best first. */
  static List<Integer> best(BroadWeb web, int k) {
    List<Integer> all = new ArrayList<>(web.realPages());
    for (int p = 0; p < web.realPages(); p++) {
      all.add(p);
    }
    all.sort(byRank(web));
    return all.subList(0, Math.min(k, all.size()));
  }

  private static Comparator<Integer> byRank(BroadWeb web) {
    return Comparator.<Integer>comparingDouble(web::pageRank).reversed().thenComparing(p -> p);
  }

  private static double mass(BroadWeb web, List<Integer> pages) {
    double m = 0;
    for (int p : pages) {
      m += web.pageRank(p);
    }
    return m;
  }

  private static double share(double part, double whole) {
    return whole == 0 ? 0 : part / whole;
  }

  private static double round(double x) {
    return Math.round(x * 1000) / 1000.0;
  }
}
