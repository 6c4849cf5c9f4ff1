package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.Test;

/** bench broad's decomposition of the PageRank gap, on hand-made server logs of a small web. */
public class BroadGapTest {
  /** Six sites, no traps: every page at one URL. */
  private static final BroadWeb WEB =
      BroadWeb.build(WebShape.DEFAULT.sized(6, 120).withWwwTraits(List.of(Set.of())), 0);

  private static WebRequest fetch(int page, int status) {
    WebHost h = WEB.hostOfPage(page);
    return new WebRequest(
        h.name(), h.pagePath(page - h.firstPage()), status, UrlKind.REAL, page, 0);
  }

  /** A log of rounds, each the pages fetched in it; and the ends of its rounds. */
  private record Log(List<WebRequest> requests, List<Integer> roundEnds) {
    static Log of(List<List<Integer>> rounds) {
      List<WebRequest> requests = new ArrayList<>();
      List<Integer> ends = new ArrayList<>();
      for (List<Integer> round : rounds) {
        round.forEach(p -> requests.add(fetch(p, 200)));
        ends.add(requests.size());
      }
      return new Log(requests, ends);
    }

    BroadGap gap(int maxPerHost) {
      return BroadGap.of(
          WEB, BroadScore.of(WEB, requests, 60_000), requests, roundEnds, maxPerHost);
    }
  }

  private static List<List<Integer>> inRounds(List<Integer> order, int[] budgets) {
    List<List<Integer>> rounds = new ArrayList<>();
    int at = 0;
    for (int b : budgets) {
      rounds.add(order.subList(at, at + b));
      at += b;
    }
    return rounds;
  }

  private static void assertAddsUp(BroadGap g) {
    double missed = g.missed().values().stream().mapToDouble(Double::doubleValue).sum();
    assertEquals(g.toString(), g.share(), 1 - g.waste() - missed + g.outsideBest(), 1e-9);
  }

  @Test
  public void aCrawlInTheCeilingsOrderReachesTheCeilingAndItsGapAddsUp() {
    int[] budgets = {WEB.seedPages().size(), 6, 10};
    List<Integer> order = BroadGap.ceilingCrawl(WEB, budgets, 50);
    assertEquals(WEB.seedPages(), order.subList(0, budgets[0]));
    BroadGap g = Log.of(inRounds(order, budgets)).gap(50);
    assertEquals(g.share(), g.ceiling(), 1e-12);
    assertEquals(0, g.waste(), 0);
    assertEquals(0, g.missed().get(BroadGap.Cause.REFUSED), 0);
    assertEquals(0, g.missed().get(BroadGap.Cause.HOST_CAP), 0);
    assertEquals(0, g.missed().get(BroadGap.Cause.HOST_BACKED_OFF), 0);
    assertAddsUp(g);
    assertEquals(3, g.bestKnownByRound().size());
  }

  @Test
  public void aCrawlThatTakesTheWorstKnownPagesMissesBestPagesItKnewRankedBelow() {
    int[] budgets = {WEB.seedPages().size(), 6, 10};
    List<Integer> ceiling = BroadGap.ceilingCrawl(WEB, budgets, 50);
    List<List<Integer>> rounds = inRounds(ceiling, budgets).subList(0, 2);
    Set<Integer> fetched = new HashSet<>();
    rounds.forEach(fetched::addAll);
    List<Integer> known = new ArrayList<>(BroadGap.linked(WEB, Log.of(rounds).requests()));
    known.addAll(WEB.seedPages());
    known.removeAll(fetched);
    known.sort((a, b) -> Double.compare(WEB.pageRank(a), WEB.pageRank(b)));
    rounds = new ArrayList<>(rounds);
    rounds.add(known.stream().distinct().limit(10).toList());
    BroadGap g = Log.of(rounds).gap(50);
    assertTrue(g.toString(), g.share() < g.ceiling());
    assertTrue(g.toString(), g.missed().get(BroadGap.Cause.RANKED_BELOW) > 0);
    assertAddsUp(g);
  }

  @Test
  public void wastedFetchesCostTheNextBestPages() {
    List<WebRequest> requests = new ArrayList<>();
    WEB.seedPages().forEach(p -> requests.add(fetch(p, 200)));
    WebHost h = WEB.hostOfPage(WEB.seedPages().get(0));
    requests.add(new WebRequest(h.name(), "/nothing", 404, UrlKind.DEAD, -1, 0));
    BroadScore score = BroadScore.of(WEB, requests, 60_000);
    BroadGap g = BroadGap.of(WEB, score, requests, List.of(requests.size()), 50);
    int pages = WEB.seedPages().size();
    double best = WEB.bestMass(pages + 1);
    assertEquals((best - WEB.bestMass(pages)) / best, g.waste(), 1e-12);
    assertAddsUp(g);
  }

  @Test
  public void aBestPageIsUndiscoveredRefusedBackedOffHeldByTheCapOrRankedBelow() {
    List<Set<String>> capped = List.of(Set.of("a"), Set.of("a"), Set.of());
    List<Set<String>> none = List.of(Set.of(), Set.of(), Set.of());
    List<Set<String>> cRefusedInRound1 = List.of(Set.of("c"), Set.of(), Set.of());
    assertEquals(BroadGap.Cause.UNDISCOVERED, BroadGap.cause(4, false, capped, none, "a"));
    assertEquals(
        BroadGap.Cause.UNDISCOVERED, BroadGap.cause(Integer.MAX_VALUE, true, capped, none, "a"));
    assertEquals(BroadGap.Cause.REFUSED, BroadGap.cause(1, true, capped, none, "a"));
    assertEquals(
        BroadGap.Cause.HOST_BACKED_OFF, BroadGap.cause(2, false, capped, cRefusedInRound1, "c"));
    assertEquals(
        "a refusal two rounds before the page was known held nothing back",
        BroadGap.Cause.RANKED_BELOW,
        BroadGap.cause(3, false, capped, cRefusedInRound1, "c"));
    assertEquals(
        BroadGap.Cause.HOST_CAP,
        BroadGap.cause(1, false, capped.subList(0, 2), none.subList(0, 2), "a"));
    assertEquals(BroadGap.Cause.RANKED_BELOW, BroadGap.cause(1, false, capped, none, "a"));
    assertEquals(BroadGap.Cause.RANKED_BELOW, BroadGap.cause(2, false, capped, none, "b"));
  }

  @Test
  public void aHostIsAtItsCapWhenAskedThatOftenInTheRoundRobotsTxtAside() {
    List<WebRequest> round =
        List.of(
            new WebRequest("a", "/robots.txt", 200, UrlKind.ROBOTS_TXT, -1, 0),
            new WebRequest("a", "/", 200, UrlKind.REAL, 0, 0),
            new WebRequest("a", "/x", 429, UrlKind.DEAD, -1, 0),
            new WebRequest("b", "/robots.txt", 200, UrlKind.ROBOTS_TXT, -1, 0),
            new WebRequest("b", "/", 200, UrlKind.REAL, 1, 0));
    assertEquals(Set.of("a"), BroadGap.hostsAtCap(round, 2));
    assertEquals(Set.of(), BroadGap.hostsAtCap(round, -1));
  }

  @Test
  public void aPageShowsItsLinksAndHomeAPrintVersionNoneAMirrorCopyOnlyThoseLeavingItsHost() {
    int page = WEB.seedPages().get(0) + 1;
    WebHost h = WEB.hostOfPage(page);
    Set<Integer> all = new HashSet<>();
    all.add(h.firstPage());
    for (int t : WEB.links(page)) {
      all.add(t);
    }
    assertEquals(all, BroadGap.linked(WEB, List.of(fetch(page, 200))));
    String path = h.pagePath(page - h.firstPage());
    String print = path + (path.contains("?") ? "&" : "?") + "print=1";
    assertEquals(
        Set.of(),
        BroadGap.linked(
            WEB, List.of(new WebRequest(h.name(), print, 200, UrlKind.DUPLICATE, page, 0))));
    Set<Integer> leaving = new HashSet<>();
    for (int t : WEB.links(page)) {
      if (WEB.hostOfPage(t) != h) {
        leaving.add(t);
      }
    }
    assertEquals(
        leaving,
        BroadGap.linked(
            WEB,
            List.of(new WebRequest("mirror." + h.name(), path, 200, UrlKind.DUPLICATE, page, 0))));
    assertEquals(Set.of(), BroadGap.linked(WEB, List.of(fetch(page, 429))));
  }
}
