package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.EndToEndCrawl;

/**
 * A crawl with {@code run} of a tiny broad web whose host names exist only in http.resolve: what
 * the server was asked, URL by URL kind, is exactly what the site model says its links lead to.
 * Site 0's www host has print versions and a disallowed /private/; the others are plain.
 */
public class BroadCrawlTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");

  private static final WebShape SHAPE =
      WebShape.DEFAULT
          .sized(3, 24)
          .withWwwTraits(
              List.of(Set.of(HostTrait.PRINT, HostTrait.DISALLOWED), Set.of(), Set.of()));

  private static BroadWebCrawl fixture;
  private static WebServer server;
  private static BroadWeb web;

  /** Every URL the crawl can discover, with what it is and its depth from the seeds. */
  private static final Map<String, BroadWeb.Visit> REACHABLE = new HashMap<>();

  private static int depth;

  @BeforeClass
  public static void crawl() throws Exception {
    fixture = BroadWebCrawl.start(SHAPE, 16, TMP);
    server = fixture.server;
    web = fixture.web;
    depth = explore();
    EndToEndCrawl.runHere(
        fixture.conf,
        "run",
        fixture.seeds.toString(),
        TMP.newFolder("crawl").getPath(),
        Integer.toString(depth + 1));
  }

  @AfterClass
  public static void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  /** Walks the links of every page the model serves from the seeds; returns the deepest hop. */
  private static int explore() {
    WebPages pages = new WebPages(web);
    Map<String, Integer> hops = new HashMap<>();
    Queue<String> queue = new ArrayDeque<>();
    for (String seed : web.seeds()) {
      hops.put(seed, 0);
      queue.add(seed);
    }
    int deepest = 0;
    while (!queue.isEmpty()) {
      String url = queue.remove();
      URI uri = URI.create(url);
      String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
      WebHost host = web.host(uri.getHost());
      BroadWeb.Visit visit = web.classify(uri.getHost(), target);
      REACHABLE.put(url, visit);
      deepest = Math.max(deepest, hops.get(url));
      Set<String> next = new HashSet<>();
      if (visit.kind() == UrlKind.REDIRECT) {
        next.add(web.url(web.hosts().get(host.origin()), target));
      } else if (visit.kind() == UrlKind.REAL || visit.kind() == UrlKind.DUPLICATE) {
        Matcher m = HREF.matcher(pages.respond(host, target, visit).bodyText());
        while (m.find()) {
          next.add(uri.resolve(m.group(1).replace("&amp;", "&")).toString());
        }
      }
      for (String n : next) {
        if (!hops.containsKey(n)) {
          hops.put(n, hops.get(url) + 1);
          queue.add(n);
        }
      }
    }
    return deepest;
  }

  private static long reachable(UrlKind kind) {
    return REACHABLE.values().stream().filter(v -> v.kind() == kind).count();
  }

  @Test
  public void everyRealPageIsFetchedOnceAndEveryOtherUrlAsTheModelSays() {
    BroadScore score = BroadScore.of(web, server.requests(), 60_000);
    assertEquals(web.realPages(), reachable(UrlKind.REAL));
    assertEquals(web.realPages(), score.realPages());
    assertEquals(web.realPages(), score.count(UrlKind.REAL));
    assertEquals(0, score.realPagesMissed());
    Map<UrlKind, Long> expected = new EnumMap<>(UrlKind.class);
    for (UrlKind kind : List.of(UrlKind.DUPLICATE, UrlKind.DEAD, UrlKind.REDIRECT)) {
      expected.put(kind, reachable(kind));
    }
    assertEquals(web.hosts().get(0).pages(), (long) expected.get(UrlKind.DUPLICATE));
    assertTrue(expected.toString(), expected.get(UrlKind.DEAD) > 0);
    assertTrue(expected.toString(), expected.get(UrlKind.REDIRECT) > 0);
    Map<UrlKind, Long> fetched = new EnumMap<>(UrlKind.class);
    expected.keySet().forEach(k -> fetched.put(k, score.count(k)));
    assertEquals(expected, fetched);
    assertEquals(0, score.count(UrlKind.DISALLOWED));
    assertEquals(0, score.count(UrlKind.UNKNOWN_HOST));
    assertEquals(0, score.count(UrlKind.TRAP));
    assertEquals(0, score.refused());
    assertEquals(
        web.realPages() + expected.values().stream().mapToLong(Long::longValue).sum(),
        score.fetches());
  }

  @Test
  public void robotsTxtAndTdmRepAreAskedOnceOfEveryHostTheCrawlReached() {
    Set<String> asked = new HashSet<>();
    List<String> robots = new ArrayList<>();
    List<String> tdmRep = new ArrayList<>();
    for (WebRequest r : server.requests()) {
      switch (r.kind()) {
        case ROBOTS_TXT -> robots.add(r.host());
        case TDMREP_JSON -> tdmRep.add(r.host());
        default -> asked.add(r.host());
      }
    }
    assertEquals(asked, new HashSet<>(robots));
    assertEquals("robots.txt once per host", asked.size(), robots.size());
    assertEquals(asked, new HashSet<>(tdmRep));
    assertEquals("tdmrep.json once per host", asked.size(), tdmRep.size());
    assertEquals(tdmRep.size(), BroadScore.of(web, server.requests(), 60_000).tdmRep());
  }
}
