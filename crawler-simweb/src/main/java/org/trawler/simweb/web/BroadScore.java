package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A broad crawl judged as a site owner would, only from what the {@link WebServer} was asked: how
 * many fetches (robots.txt and tdmrep.json not counted), how many of them got a real page not
 * fetched before, the PageRank mass of those pages against the best that as many fetches could get,
 * where the rest went, and how often a host that had just refused with 429 or 503 was asked again
 * within the crawler's backoff.
 *
 * @param fetches requests other than robots.txt and tdmrep.json
 * @param robots robots.txt requests
 * @param realPages distinct real pages answered at their own URL
 * @param mass their PageRank mass
 * @param bestMass the mass of the {@code fetches} highest-ranked real pages
 * @param byKind fetches answered, by what the URL is; those refused are not here
 * @param refused fetches answered 429 or 503 by a host's rate rule
 * @param reasks requests to a host within the backoff of its latest refusal
 * @param refusingHosts hosts that refused at least once
 * @param mostReasksOnAHost the most re-asks of one host
 * @param webRealPages the real pages of the web: those never fetched are the ones missed
 * @param tdmRep /.well-known/tdmrep.json requests
 */
public record BroadScore(
    long fetches,
    long robots,
    long realPages,
    double mass,
    double bestMass,
    Map<UrlKind, Long> byKind,
    long refused,
    long reasks,
    int refusingHosts,
    long mostReasksOnAHost,
    long webRealPages,
    long tdmRep) {

  /** Unique real pages per fetch. */
  public double harvest() {
    return fetches == 0 ? 0 : (double) realPages / fetches;
  }

  /** The PageRank mass fetched as a share of the best as many fetches could get. */
  public double massShare() {
    return bestMass == 0 ? 0 : mass / bestMass;
  }

  /** Fetches answered with a kind of URL. */
  public long count(UrlKind kind) {
    return byKind.getOrDefault(kind, 0L);
  }

  /**
   * Real pages of the web never fetched: with a budget above the web's pages ({@code bench broad
   * --unlimited}) every one is a page the crawl's features lost.
   */
  public long realPagesMissed() {
    return webRealPages - realPages;
  }

  /** Fetches of a real page already fetched: a second fetch of the same page. */
  public long refetches() {
    return count(UrlKind.REAL) - realPages;
  }

  /**
   * The score of the requests in {@code log} (in the order the server logged them) on {@code web};
   * a request within {@code backoffMillis} of its host's latest 429 or 503 is a re-ask.
   */
  public static BroadScore of(BroadWeb web, List<WebRequest> log, long backoffMillis) {
    long fetches = 0;
    long robots = 0;
    long tdmRep = 0;
    long refused = 0;
    Map<UrlKind, Long> byKind = new EnumMap<>(UrlKind.class);
    Set<Integer> real = new HashSet<>();
    Map<String, List<WebRequest>> byHost = new HashMap<>();
    for (WebRequest r : log) {
      byHost.computeIfAbsent(r.host(), h -> new ArrayList<>()).add(r);
      if (r.kind() == UrlKind.ROBOTS_TXT) {
        robots++;
        continue;
      }
      if (r.kind() == UrlKind.TDMREP_JSON) {
        tdmRep++;
        continue;
      }
      fetches++;
      if (r.refused()) {
        refused++;
        continue;
      }
      byKind.merge(r.kind(), 1L, Long::sum);
      if (r.kind() == UrlKind.REAL && r.status() == 200) {
        real.add(r.page());
      }
    }
    double mass = 0;
    for (int page : real) {
      mass += web.pageRank(page);
    }
    long reasks = 0;
    long most = 0;
    int refusing = 0;
    for (List<WebRequest> requests : byHost.values()) {
      requests.sort((a, b) -> Long.compare(a.atMillis(), b.atMillis()));
      long lastRefusal = Long.MIN_VALUE;
      long here = 0;
      boolean refusedHere = false;
      for (WebRequest r : requests) {
        if (lastRefusal != Long.MIN_VALUE && r.atMillis() - lastRefusal < backoffMillis) {
          here++;
        }
        if (r.refused()) {
          lastRefusal = r.atMillis();
          refusedHere = true;
        }
      }
      reasks += here;
      most = Math.max(most, here);
      refusing += refusedHere ? 1 : 0;
    }
    return new BroadScore(
        fetches,
        robots,
        real.size(),
        mass,
        web.bestMass((int) Math.min(Integer.MAX_VALUE, fetches)),
        Map.copyOf(byKind),
        refused,
        reasks,
        refusing,
        most,
        web.realPages(),
        tdmRep);
  }

  /** The real pages (global ids) {@code log} shows answered 200 at their own URL. */
  public static Set<Integer> realPagesFetched(List<WebRequest> log) {
    Set<Integer> real = new HashSet<>();
    for (WebRequest r : log) {
      if (r.kind() == UrlKind.REAL && r.status() == 200 && r.page() >= 0) {
        real.add(r.page());
      }
    }
    return real;
  }

  /** The figures as bench.json has them. */
  public Map<String, Object> figures() {
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("fetches", fetches);
    f.put("robotsTxt", robots);
    f.put("tdmRepJson", tdmRep);
    f.put("uniqueRealPages", realPages);
    f.put("harvest", round(harvest()));
    f.put("pageRankMass", round(mass));
    f.put("bestPageRankMass", round(bestMass));
    f.put("pageRankShareOfBest", round(massShare()));
    f.put("realPagesMissed", realPagesMissed());
    f.put("realPageRefetches", refetches());
    f.put("trap", count(UrlKind.TRAP));
    f.put("duplicate", count(UrlKind.DUPLICATE));
    f.put("soft404", count(UrlKind.SOFT_404));
    f.put("dead", count(UrlKind.DEAD));
    f.put("redirect", count(UrlKind.REDIRECT));
    f.put("disallowed", count(UrlKind.DISALLOWED));
    f.put("rateLimited", refused);
    f.put("reasksWithinBackoff", reasks);
    f.put("hostsThatRefused", refusingHosts);
    f.put("mostReasksOnAHost", mostReasksOnAHost);
    return f;
  }

  private static double round(double x) {
    return Math.round(x * 1000) / 1000.0;
  }
}
