package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.net.URI;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.Test;

public class BroadWebTest {
  /** Site 0's www host has every trait, site 1's none, site 2's is rate-limited, site 3's busy. */
  static final WebShape TINY =
      WebShape.DEFAULT
          .sized(4, 60)
          .withWwwTraits(
              List.of(
                  EnumSet.complementOf(
                      EnumSet.of(
                          HostTrait.RATE_LIMITED,
                          HostTrait.BUSY,
                          HostTrait.SLOW,
                          HostTrait.SOFT_404)),
                  Set.of(),
                  Set.of(HostTrait.RATE_LIMITED, HostTrait.SOFT_404),
                  Set.of(HostTrait.BUSY)));

  private static final Pattern HREF = Pattern.compile("href=\"([^\"]*)\"");

  @Test
  public void theDefaultWebHasAboutFourHundredHostsOfVeryDifferentSizes() {
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT, 8080);
    assertTrue(web.hosts().size() + " hosts", web.hosts().size() >= 380);
    assertTrue(web.hosts().size() + " hosts", web.hosts().size() <= 440);
    assertTrue(web.realPages() + " pages", web.realPages() >= 8500 && web.realPages() <= 9800);
    int largest = 0;
    int smallest = Integer.MAX_VALUE;
    for (WebHost h : web.hosts()) {
      if (h.role() == WebHost.Role.CONTENT) {
        largest = Math.max(largest, h.pages());
        smallest = Math.min(smallest, h.pages());
      }
    }
    assertTrue(largest + " / " + smallest, largest >= 50 * smallest);
    for (HostTrait trait : HostTrait.values()) {
      assertTrue(trait + " on no host", web.hostsWith(trait) > 0);
    }
    assertEquals(
        (web.hosts().size() + BroadWeb.HOSTS_PER_ADDRESS - 1) / BroadWeb.HOSTS_PER_ADDRESS,
        web.addresses().size());
  }

  @Test
  public void pageRankSumsToOneAndAFewPagesHoldMostOfIt() {
    BroadWeb web = BroadWeb.build(WebShape.DEFAULT, 8080);
    double[] ranks = new double[web.realPages()];
    double sum = 0;
    for (int i = 0; i < ranks.length; i++) {
      ranks[i] = web.pageRank(i);
      sum += ranks[i];
    }
    assertEquals(1.0, sum, 1e-9);
    Arrays.sort(ranks);
    double top = web.bestMass(ranks.length / 10);
    assertTrue("the top tenth holds " + top, top > 0.5);
    assertEquals(1.0, web.bestMass(ranks.length), 1e-9);
  }

  @Test
  public void theSameSeedGivesTheSameWebAnotherSeedAnother() {
    BroadWeb a = BroadWeb.build(WebShape.DEFAULT.sized(30, 800), 8080);
    BroadWeb b = BroadWeb.build(WebShape.DEFAULT.sized(30, 800), 8080);
    BroadWeb c = BroadWeb.build(WebShape.DEFAULT.sized(30, 800).seeded(2), 8080);
    assertEquals(a.resolveSetting(), b.resolveSetting());
    assertEquals(a.seeds(), b.seeds());
    assertTrue(Arrays.equals(a.links(7), b.links(7)));
    assertNotEquals(a.hosts(), c.hosts());
  }

  @Test
  public void everyKindOfUrlIsClassified() {
    BroadWeb web = BroadWeb.build(TINY, 8080);
    WebHost all = web.host("www.amber-0.test");
    WebHost plain = web.host("www.harbor-1.test");
    WebHost soft = web.host("www.lantern-2.test");
    assertTrue(all.traits().contains(HostTrait.CALENDAR));
    String three = all.pagePath(3);
    assertVisit(web, "www.amber-0.test:8080", "/", UrlKind.REAL, all.firstPage());
    assertVisit(web, "WWW.amber-0.test", three, UrlKind.REAL, all.firstPage() + 3);
    assertVisit(web, "www.amber-0.test", three + sep(three) + "print=1", UrlKind.DUPLICATE, 3);
    assertVisit(
        web,
        "www.amber-0.test",
        three + sep(three) + all.visitParam() + "=9f2c",
        UrlKind.DUPLICATE,
        3);
    assertVisit(web, "www.amber-0.test", three + sep(three) + "utm_source=x", UrlKind.DUPLICATE, 3);
    assertVisit(web, "mirror.amber-0.test", three, UrlKind.DUPLICATE, 3);
    assertVisit(web, "www.amber-0.test", "/calendar/1999-01/", UrlKind.TRAP, -1);
    String loop = "/" + all.repeatSegment() + "/" + all.repeatSegment() + "/";
    assertVisit(web, "www.amber-0.test", loop, UrlKind.TRAP, -1);
    assertVisit(web, "www.amber-0.test", "/list?color=red&size=m", UrlKind.TRAP, -1);
    assertVisit(web, "www.amber-0.test", "/private/3.html", UrlKind.DISALLOWED, -1);
    assertVisit(web, "www.amber-0.test", "/robots.txt", UrlKind.ROBOTS_TXT, -1);
    assertVisit(web, "amber-0.test", "/", UrlKind.REDIRECT, -1);
    assertVisit(web, "www.amber-0.test", all.pagePath(all.pages()), UrlKind.DEAD, -1);
    assertVisit(web, "www.lantern-2.test", soft.pagePath(soft.pages()), UrlKind.SOFT_404, -1);
    assertVisit(web, "www.lantern-2.test", "/no/such/page", UrlKind.SOFT_404, -1);
    // what is a trap or a copy on one host is nothing special on another
    assertVisit(web, "www.harbor-1.test", "/calendar/2026-11/", UrlKind.DEAD, -1);
    assertVisit(
        web,
        "www.harbor-1.test",
        plain.pagePath(2) + sep(plain.pagePath(2)) + "print=1",
        UrlKind.DEAD,
        -1);
    assertVisit(web, "www.nowhere.test", "/", UrlKind.UNKNOWN_HOST, -1);
  }

  private static String sep(String path) {
    return path.contains("?") ? "&" : "?";
  }

  private static void assertVisit(
      BroadWeb web, String host, String target, UrlKind kind, int pageOrNumber) {
    BroadWeb.Visit v = web.classify(host, target);
    assertEquals(host + target, kind, v.kind());
    if (pageOrNumber >= 0) {
      WebHost h = web.hosts().get(web.host(host).origin());
      int expected = pageOrNumber < h.firstPage() ? h.firstPage() + pageOrNumber : pageOrNumber;
      assertEquals(host + target, expected, v.page());
    }
  }

  @Test
  public void everyLinkOfEveryPageIsKnownAndTheRealOnesAreTheGraph() {
    BroadWeb web = BroadWeb.build(TINY, 8080);
    WebPages pages = new WebPages(web);
    for (int id = 0; id < web.realPages(); id++) {
      WebHost host = web.hostOfPage(id);
      String target = host.pagePath(id - host.firstPage());
      URI base = URI.create(web.url(host, target));
      String html = pages.respond(host, target, web.classify(host.name(), target)).bodyText();
      Set<Integer> reached = new HashSet<>();
      Matcher m = HREF.matcher(html);
      while (m.find()) {
        URI link = base.resolve(m.group(1).replace("&amp;", "&"));
        String path =
            link.getRawPath() + (link.getRawQuery() == null ? "" : "?" + link.getRawQuery());
        BroadWeb.Visit v = web.classify(link.getHost(), path);
        assertNotEquals(link.toString(), UrlKind.UNKNOWN_HOST, v.kind());
        if (v.kind() == UrlKind.REDIRECT) {
          WebHost www = web.hosts().get(web.host(link.getHost()).origin());
          v = web.classify(www.name(), path);
        }
        if (v.page() >= 0) {
          reached.add(v.page());
        }
      }
      for (int t : web.links(id)) {
        assertTrue(web.url(id) + " links " + web.url(t), reached.contains(t));
      }
    }
  }

  @Test
  public void theResolveSettingNamesEveryHostOnce() {
    BroadWeb web = BroadWeb.build(TINY, 8080);
    Set<String> names = new HashSet<>();
    for (String pin : web.resolveSetting().split(",")) {
      String name = pin.substring(0, pin.indexOf(':'));
      assertTrue(pin, pin.substring(pin.indexOf(':') + 1).startsWith("127.77."));
      assertTrue(pin, names.add(name));
    }
    assertEquals(web.hosts().size(), names.size());
    assertFalse(web.seeds().isEmpty());
  }
}
