package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.simweb.SiteModel.Kind;

/** The site model, without HTTP: determinism, shares, links, redirects, seeds. */
public class SiteModelTest {

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static SiteModel site(long seed) {
    return SiteModel.builder().hosts(5).pages(200).outlinks(8).pageKb(4).seed(seed).build();
  }

  @Test
  public void sameSeedGivesTheSameSite() {
    SiteModel a = site(42);
    SiteModel b = site(42);
    assertEquals(a.allUrls(), b.allUrls());
    for (String url : a.allUrls()) {
      assertEquals(url, a.kindOf(url), b.kindOf(url));
      assertEquals(url, a.outlinksOf(url), b.outlinksOf(url));
      assertEquals(url, a.redirectTarget(url), b.redirectTarget(url));
      assertEquals(url, a.titleOf(url), b.titleOf(url));
    }
    String home = a.seeds().get(0);
    assertEquals(bodyOf(a, home), bodyOf(b, home));
    String page = okPage(a, 3);
    assertEquals(bodyOf(a, page), bodyOf(b, page));
    assertTrue(a.outlinksOf(home).size() > 0);
  }

  @Test
  public void navBarLinksComeFirstThenTheConfiguredNumberOfOtherLinks() {
    SiteModel web =
        SiteModel.builder().hosts(3).pages(300).outlinks(50).navLinks(20).crossHostPct(0).build();
    for (int p = 0; p < 300; p++) {
      String url = web.pageUrl(1, p);
      if (web.kindOf(url) != Kind.OK) {
        continue;
      }
      List<String> links = web.outlinksOf(url);
      int nav = p < 20 ? 19 : 20;
      assertEquals(url, nav + 50, links.size());
      assertEquals(nav + 50, new HashSet<>(links).size());
      for (int i = 0, q = 0; i < nav; i++, q++) {
        q += q == p ? 1 : 0;
        assertEquals(web.pageUrl(1, q), links.get(i));
      }
      assertFalse(links.contains(url));
    }
  }

  @Test
  public void pageSizesSpreadBetweenPageKbAndMaxPageKbTheSameWayEveryTime() {
    SiteModel web = SiteModel.builder().hosts(1).pages(1000).pageKb(50).maxPageKb(200).build();
    Set<Integer> sizes = new HashSet<>();
    int small = 0;
    for (int p = 0; p < 1000; p++) {
      int bytes = web.pageBytes(0, p);
      assertTrue(bytes >= 50 * 1024 && bytes <= 200 * 1024);
      assertEquals(bytes, web.onPort(9).pageBytes(0, p));
      sizes.add(bytes);
      small += bytes < 125 * 1024 ? 1 : 0;
    }
    assertTrue(sizes.size() > 100);
    assertTrue("pages under 125 kB: " + small, small > 400 && small < 600);
  }

  @Test
  public void apidocsProfileIsAReferenceSiteWithLinkHeavyPages() {
    SiteModel web = SiteModel.builder().profile(SiteProfile.APIDOCS).build();
    assertEquals(SiteModel.Layout.REFERENCE, web.layout());
    assertEquals(100, web.navLinks());
    assertEquals(400, web.outlinksPerPage());
    String page = okPage(web, 0);
    int links = web.outlinksOf(page).size();
    assertTrue(page + " links " + links, links == 499 || links == 500);
    assertEquals(SiteProfile.APIDOCS, SiteProfile.named("ApiDocs"));
    try {
      SiteProfile.named("blog");
      fail("unknown profile accepted");
    } catch (IllegalArgumentException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("apidocs"));
    }
  }

  @Test
  public void docsProfileLinksAsFewURLsAsRealDocumentationPages() {
    SiteModel web = SiteModel.builder().profile(SiteProfile.DOCS).build();
    assertEquals(SiteModel.Layout.PROSE, web.layout());
    assertEquals(530, web.pagesPerHost());
    // 30 outlinks and the site-wide links but the page's own: as a Sphinx or Javadoc page's 20-35
    String page = okPage(web, 0);
    int links = web.outlinksOf(page).size();
    assertTrue(page + " links " + links, links >= 30 && links <= 36);
    int bytes = web.pageBytes(0, 7);
    assertTrue("bytes " + bytes, bytes >= 35 * 1024 && bytes <= 95 * 1024);
    assertEquals(SiteProfile.DOCS, SiteProfile.named("docs"));
  }

  @Test
  public void anotherSeedGivesAnotherSite() {
    SiteModel a = site(1);
    SiteModel b = site(2);
    int differentLinks = 0;
    for (int p = 0; p < 200; p++) {
      if (!a.outlinksOf(a.pageUrl(0, p)).equals(b.outlinksOf(b.pageUrl(0, p)))) {
        differentLinks++;
      }
    }
    assertTrue("pages with other links: " + differentLinks, differentLinks > 100);
  }

  @Test
  public void kindSharesFollowTheConfiguredPercentages() {
    SiteModel web =
        SiteModel.builder()
            .hosts(20)
            .pages(1000)
            .redirectPct(10)
            .notFoundPct(5)
            .errorPct(3)
            .disallowPct(7)
            .build();
    Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    for (int h = 0; h < 20; h++) {
      for (int p = 0; p < 1000; p++) {
        counts.merge(web.kindOf(h, p), 1, Integer::sum);
      }
    }
    assertShare(counts, Kind.REDIRECT, 10);
    assertShare(counts, Kind.NOT_FOUND, 5);
    assertShare(counts, Kind.ERROR, 3);
    assertShare(counts, Kind.DISALLOWED, 7);
    assertShare(counts, Kind.OK, 75);
  }

  private static void assertShare(Map<Kind, Integer> counts, Kind kind, double pct) {
    double actual = counts.getOrDefault(kind, 0) / 200.0;
    assertEquals(kind + " share", pct, actual, 1.0);
  }

  @Test
  public void faultSharesFollowTheirPercentagesAndStayTheSameForASeed() {
    SiteModel.Builder faulty =
        SiteModel.builder()
            .hosts(20)
            .pages(1000)
            .errorPct(5)
            .resetPct(2)
            .slowPct(10)
            .loopPct(4)
            .hugePct(3)
            .seed(9);
    SiteModel web = faulty.build();
    SiteModel again = faulty.build();
    Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    for (int h = 0; h < 20; h++) {
      for (int p = 0; p < 1000; p++) {
        counts.merge(web.kindOf(h, p), 1, Integer::sum);
        assertEquals(web.kindOf(h, p), again.kindOf(h, p));
      }
    }
    assertShare(counts, Kind.ERROR, 5);
    assertShare(counts, Kind.RESET, 2);
    assertShare(counts, Kind.SLOW, 10);
    assertShare(counts, Kind.LOOP, 4);
    assertShare(counts, Kind.HUGE, 3);
  }

  @Test
  public void noFaultPercentagesLeaveTheSiteAsItWas() {
    SiteModel plain = site(5);
    SiteModel zeros =
        SiteModel.builder()
            .hosts(plain.hosts())
            .pages(plain.pagesPerHost())
            .seed(5)
            .resetPct(0)
            .slowPct(0)
            .loopPct(0)
            .hugePct(0)
            .build();
    for (int h = 0; h < plain.hosts(); h++) {
      for (int p = 0; p < plain.pagesPerHost(); p++) {
        assertEquals(plain.kindOf(h, p), zeros.kindOf(h, p));
      }
    }
  }

  @Test
  public void aLoopPageAndItsPartnerRedirectToEachOther() {
    SiteModel web = SiteModel.builder().hosts(2).pages(200).loopPct(20).build();
    int loops = 0;
    for (int p = 0; p < 200; p++) {
      String url = web.pageUrl(1, p);
      if (web.kindOf(url) != Kind.LOOP) {
        continue;
      }
      loops++;
      String partner = web.redirectTarget(url);
      assertEquals(web.loopUrl(1, p), partner);
      assertEquals(Kind.LOOP, web.kindOf(partner));
      assertEquals(url, web.redirectTarget(partner));
      assertEquals(302, web.redirectStatus(url));
      assertEquals(302, web.redirectStatus(partner));
      assertTrue(web.outlinksOf(url).isEmpty());
    }
    assertTrue(loops > 10);
    // the partner path of a page that is no loop is not part of the site
    int notLoop = 0;
    while (web.kindOf(1, notLoop) == Kind.LOOP) {
      notLoop++;
    }
    assertEquals(Kind.NOT_FOUND, web.kindOf(web.loopUrl(1, notLoop)));
  }

  @Test
  public void slowPagesHaveLinksAndHugeAndResetPagesNone() {
    SiteModel web =
        SiteModel.builder().hosts(2).pages(300).slowPct(20).hugePct(20).resetPct(20).build();
    Map<Kind, Integer> seen = new EnumMap<>(Kind.class);
    for (int p = 0; p < 300; p++) {
      String url = web.pageUrl(0, p);
      Kind kind = web.kindOf(url);
      seen.merge(kind, 1, Integer::sum);
      if (kind == Kind.SLOW) {
        assertEquals(10, web.outlinksOf(url).size());
      } else if (kind == Kind.HUGE || kind == Kind.RESET) {
        assertTrue(web.outlinksOf(url).isEmpty());
      }
    }
    assertTrue(seen.keySet().containsAll(List.of(Kind.SLOW, Kind.HUGE, Kind.RESET)));
  }

  @Test
  public void faultSettingsOutOfRangeAreRejected() {
    assertThrows(
        IllegalArgumentException.class,
        () -> SiteModel.builder().errorPct(50).resetPct(30).hugePct(30).build());
    assertThrows(IllegalArgumentException.class, () -> SiteModel.builder().slowMs(-1).build());
    assertThrows(IllegalArgumentException.class, () -> SiteModel.builder().hugeKb(0).build());
    assertThrows(IllegalArgumentException.class, () -> SiteModel.builder().loopPct(-1).build());
  }

  @Test
  public void zeroPercentagesMakeEveryPageOk() {
    SiteModel web =
        SiteModel.builder()
            .hosts(2)
            .pages(300)
            .redirectPct(0)
            .notFoundPct(0)
            .errorPct(0)
            .disallowPct(0)
            .build();
    for (String url : web.allUrls()) {
      assertEquals(url, Kind.OK, web.kindOf(url));
    }
  }

  @Test
  public void everyPageHasDistinctLinksToOtherPagesAndSomeCrossHost() {
    SiteModel web = site(7);
    Set<String> site = new HashSet<>(web.allUrls());
    int links = 0;
    int crossHost = 0;
    for (int h = 0; h < web.hosts(); h++) {
      for (int p = 0; p < web.pagesPerHost(); p++) {
        String url = web.pageUrl(h, p);
        if (web.kindOf(url) != Kind.OK && web.kindOf(url) != Kind.DISALLOWED) {
          assertEquals(url, List.of(), web.outlinksOf(url));
          continue;
        }
        List<String> out = web.outlinksOf(url);
        assertEquals(url, 8, out.size());
        assertEquals(url, 8, new HashSet<>(out).size());
        assertFalse(url, out.contains(url));
        for (String target : out) {
          assertTrue(target, site.contains(target));
          links++;
          if (!target.startsWith("http://" + web.address(h) + ":")) {
            crossHost++;
          }
        }
      }
    }
    double crossShare = 100.0 * crossHost / links;
    assertEquals("cross-host share", 20, crossShare, 3);
  }

  @Test
  public void disallowedPagesLiveUnderPrivateAndRobotsTxtDisallowsThem() {
    SiteModel web = SiteModel.builder().hosts(2).pages(200).disallowPct(20).build();
    int disallowed = 0;
    for (int p = 0; p < 200; p++) {
      String url = web.pageUrl(1, p);
      if (web.kindOf(1, p) == Kind.DISALLOWED) {
        disallowed++;
        assertEquals("http://127.0.0.3:8080/private/" + p + ".html", url);
      } else {
        assertEquals("http://127.0.0.3:8080/p/" + p + ".html", url);
      }
      assertEquals(web.kindOf(1, p), web.kindOf(url));
    }
    assertTrue(disallowed > 20);
    assertTrue(
        new SiteResponses(web).robotsTxt(1).contains("User-agent: *\nDisallow: /private/\n"));
  }

  @Test
  public void redirectsPointToAnotherPageOfTheSameHostThatIsNotARedirect() {
    SiteModel web = SiteModel.builder().hosts(3).pages(300).redirectPct(30).build();
    int redirects = 0;
    Set<Integer> statuses = new HashSet<>();
    for (String url : web.allUrls()) {
      String target = web.redirectTarget(url);
      if (web.kindOf(url) != Kind.REDIRECT) {
        assertNull(url, target);
        assertEquals(0, web.redirectStatus(url));
        continue;
      }
      redirects++;
      assertNotNull(url, target);
      assertNotEquals(url, target);
      assertEquals(
          url.substring(0, url.indexOf("/", 8)), target.substring(0, target.indexOf("/", 8)));
      assertNotEquals(target, Kind.REDIRECT, web.kindOf(target));
      statuses.add(web.redirectStatus(url));
    }
    assertTrue(redirects > 200);
    assertEquals(Set.of(301, 302), statuses);
  }

  @Test
  public void unknownPathsAreNotFoundAndForeignHostsAreRejected() {
    SiteModel web = site(1);
    assertEquals(Kind.NOT_FOUND, web.kindOf("http://127.0.0.2:8080/nothing.html"));
    assertEquals(Kind.NOT_FOUND, web.kindOf("http://127.0.0.2:8080/p/200.html"));
    assertEquals(Kind.NOT_FOUND, web.kindOf("http://127.0.0.2:8080/p/007.html"));
    assertEquals(Kind.OK, web.kindOf("http://127.0.0.2:8080/"));
    assertEquals(Kind.OK, web.kindOf("http://127.0.0.2:8080/robots.txt"));
    assertEquals(404, new SiteResponses(web).get(0, "/nothing.html", null).status());
    for (String foreign :
        new String[] {"http://127.0.0.1:8080/", "http://127.0.0.7:8080/", "http://example.com/"}) {
      try {
        web.kindOf(foreign);
        fail("accepted " + foreign);
      } catch (IllegalArgumentException expected) {
        // not a host of this site
      }
    }
  }

  @Test
  public void hostsAreNumberedAcrossLoopbackBlocks() {
    SiteModel web = SiteModel.builder().hosts(600).pages(1).build();
    assertEquals("127.0.0.2", web.address(0));
    assertEquals("127.0.0.254", web.address(252));
    assertEquals("127.0.1.2", web.address(253));
    assertEquals("127.0.2.2", web.address(506));
    for (int h = 0; h < 600; h++) {
      assertEquals(h, web.hostIndex(web.address(h)));
    }
    assertEquals(-1, web.hostIndex("127.0.0.1"));
    assertEquals(-1, web.hostIndex("127.0.0.255"));
    assertEquals(-1, web.hostIndex("127.0.3.2"));
    assertEquals(-1, web.hostIndex("10.0.0.2"));
  }

  @Test
  public void linkDepthsStartAtTheSeedsAndReachMostOkPages() {
    SiteModel web = site(3);
    Map<String, Integer> depths = web.linkDepths();
    for (String seed : web.seeds()) {
      assertEquals(Integer.valueOf(0), depths.get(seed));
    }
    int ok = 0;
    int reached = 0;
    for (String url : web.allUrls()) {
      if (web.kindOf(url) == Kind.OK) {
        ok++;
        if (depths.containsKey(url)) {
          reached++;
          Integer d = depths.get(url);
          assertTrue(url, d >= 0);
        }
      }
    }
    assertTrue(reached + " of " + ok, reached > ok * 0.95);
    for (Map.Entry<String, Integer> e : depths.entrySet()) {
      if (web.kindOf(e.getKey()) == Kind.OK) {
        for (String next : web.outlinksOf(e.getKey())) {
          assertTrue(depths.get(next) <= e.getValue() + 1);
        }
      }
    }
  }

  @Test
  public void writeSeedsWritesHomePagesOrEveryUrl() throws Exception {
    SiteModel web = SiteModel.builder().hosts(3).pages(7).build();
    Path homes = web.writeSeeds(tmp.getRoot().toPath().resolve("homes"), false);
    assertEquals(web.seeds(), Files.readAllLines(homes));
    Path all = web.writeSeeds(tmp.getRoot().toPath().resolve("all"), true);
    List<String> lines = Files.readAllLines(all);
    assertEquals(3 * 8, lines.size());
    assertEquals(new HashSet<>(web.allUrls()), new HashSet<>(lines));
    assertEquals(web.seeds(), lines.subList(0, 3));
  }

  @Test
  public void portZeroUrlsNeedTheServerStarted() {
    SiteModel web = SiteModel.builder().hosts(1).pages(1).port(0).build();
    try {
      web.seeds();
      fail("port 0 URLs before start");
    } catch (IllegalStateException expected) {
      // the port is chosen at start()
    }
  }

  @Test
  public void badSettingsAreRejected() {
    assertRejected(() -> SiteModel.builder().hosts(0).build());
    assertRejected(() -> SiteModel.builder().pages(0).build());
    assertRejected(() -> SiteModel.builder().redirectPct(101).build());
    assertRejected(() -> SiteModel.builder().redirectPct(40).notFoundPct(40).errorPct(30).build());
    assertRejected(() -> SiteModel.builder().port(70000).build());
    assertRejected(() -> SimWebServer.builder(SiteModel.builder().build()).latencyMs(-1).build());
  }

  private static void assertRejected(Runnable build) {
    try {
      build.run();
      fail("accepted");
    } catch (IllegalArgumentException expected) {
      assertFalse(expected.getMessage().isEmpty());
    }
  }

  private static String okPage(SiteModel web, int host) {
    for (int p = 0; p < web.pagesPerHost(); p++) {
      if (web.kindOf(host, p) == Kind.OK) {
        return web.pageUrl(host, p);
      }
    }
    throw new AssertionError("no OK page");
  }

  /** The body a GET of {@code url} gets, which must be a 200. */
  static String bodyOf(SiteModel web, String url) {
    int host = web.hostIndex(url.substring(7, url.indexOf(':', 7)));
    String path = url.substring(url.indexOf('/', 8));
    SiteResponses.Response r = new SiteResponses(web).get(host, path, null);
    assertEquals(url, 200, r.status());
    return new String(r.body(), StandardCharsets.UTF_8);
  }
}
