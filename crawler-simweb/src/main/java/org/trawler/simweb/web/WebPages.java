package org.trawler.simweb.web;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.trawler.simweb.SimWebHtml;
import org.trawler.simweb.SiteModel;

/**
 * What each URL of a {@link BroadWeb} answers: real pages in simweb's prose with their links and
 * the links of their host's traps; the traps' own pages; robots.txt, redirects, "not found" pages.
 * The same URL always gets the same bytes, and every copy of a real page (mirror, visit id,
 * tracking) the same bytes as the page.
 */
final class WebPages {
  /** The month a calendar opens on; it goes on forever both ways. */
  static final String CALENDAR_START = "/calendar/2026-11/";

  static final String FACETS_START = "/list?color=red";

  private static final String[][] FACETS = {
    {"color", "red", "blue", "green", "black"},
    {"size", "s", "m", "l", "xl"},
    {"brand", "acme", "globex", "initech", "umbrella", "hooli"},
    {"sort", "new", "price", "name"}
  };

  /** One real page in this many carries a dead link. */
  private static final int DEAD_LINK_EVERY = 12;

  /** One real page in this many links its copy on the mirror host (the home page always does). */
  private static final int MIRROR_LINK_EVERY = 5;

  private final BroadWeb web;

  WebPages(BroadWeb web) {
    this.web = web;
  }

  /** The answer to {@code target} on {@code host} (null: an unknown host), judged {@code visit}. */
  WebResponse respond(WebHost host, String target, BroadWeb.Visit visit) {
    switch (visit.kind()) {
      case UNKNOWN_HOST:
        return WebResponse.html(404, SimWebHtml.message("No such site", "Not served here."));
      case ROBOTS_TXT:
        return WebResponse.text(
            "User-agent: *\nDisallow:"
                + (host.has(HostTrait.DISALLOWED) ? " /private/" : "")
                + "\n");
      case REDIRECT:
        return WebResponse.empty(
            301, Map.of("Location", web.url(web.hosts().get(host.origin()), target)));
      case DISALLOWED:
        return WebResponse.html(200, SimWebHtml.message("Members only", "Sign in to read on."));
      case SOFT_404:
        return WebResponse.html(
            200,
            SimWebHtml.message(
                "Page not found", "The page you asked for is not here. Try the home page."));
      case DEAD:
      case TDMREP_JSON:
        return WebResponse.html(404, SimWebHtml.message("Not Found", "No such page."));
      case TRAP:
        return WebResponse.html(200, trap(host, target));
      default:
        return WebResponse.html(200, page(host, visit.page(), target));
    }
  }

  private long hash(long x) {
    long z = web.shape().seed() * 0x9E3779B97F4A7C15L + x;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** Real page {@code id} as served by {@code host} (its own host or a mirror). */
  private String page(WebHost host, int id, String target) {
    WebHost origin = web.hostOfPage(id);
    int n = id - origin.firstPage();
    String title = SimWebHtml.title(hash(id), n);
    int size = 4000 + (int) Math.floorMod(hash(id), 8000L);
    boolean print =
        origin.has(HostTrait.PRINT)
            && "1".equals(BroadWeb.query(queryOf(target)).get(BroadWeb.PRINT_PARAM));
    // a page about a topic says so in a sentence of its topic's words, first on the page
    int topic = web.topicOfPage(id);
    String about = topic < 0 ? null : WebTopics.words(topic, hash(id));
    if (print) {
      return SimWebHtml.page(
          hash(id), title, about, List.of(), List.of(), size, SiteModel.Layout.PROSE);
    }
    List<SimWebHtml.Link> links = new ArrayList<>();
    for (int t : web.links(id)) {
      links.add(new SimWebHtml.Link(href(host, origin, id, t), anchor(t)));
    }
    trapLinks(host, origin, id, n, links);
    List<SimWebHtml.Link> nav = List.of(new SimWebHtml.Link("/", "Home"));
    return SimWebHtml.page(hash(id), title, about, nav, links, size, SiteModel.Layout.PROSE);
  }

  private String anchor(int id) {
    WebHost h = web.hostOfPage(id);
    return SimWebHtml.title(hash(id), id - h.firstPage());
  }

  /** A link from page {@code from} (served by {@code host}) to real page {@code to}. */
  private String href(WebHost host, WebHost origin, int from, int to) {
    WebHost target = web.hostOfPage(to);
    int n = to - target.firstPage();
    long h = hash(((long) from << 32) ^ to);
    String path = target.pagePath(n);
    if (target.has(HostTrait.TRACKING) && (h & 1) == 0) {
      path = withParam(path, "utm_source=newsletter&utm_medium=email&utm_campaign=c" + (h >>> 60));
    }
    if (target == origin) {
      if (origin.has(HostTrait.VISIT_IDS)) {
        path = withParam(path, origin.visitParam() + "=" + Long.toHexString(h >>> 16));
      }
      return path;
    }
    WebHost to0 = target;
    if (n == 0 && (h & 2) == 0 && target.name().startsWith("www.")) {
      WebHost bare = web.host(target.name().substring("www.".length()));
      if (bare != null) {
        to0 = bare;
      }
    }
    return web.url(to0, path);
  }

  private void trapLinks(WebHost host, WebHost origin, int id, int n, List<SimWebHtml.Link> links) {
    String self = origin.pagePath(n);
    if (origin.has(HostTrait.CALENDAR)) {
      links.add(new SimWebHtml.Link(CALENDAR_START, "Events this month"));
    }
    if (origin.has(HostTrait.REPEATING_PATH)) {
      links.add(
          new SimWebHtml.Link(origin.repeatSegment() + "/", "More " + origin.repeatSegment()));
    }
    if (origin.has(HostTrait.FACETS)) {
      links.add(new SimWebHtml.Link(FACETS_START, "Shop by color"));
    }
    if (origin.has(HostTrait.PRINT)) {
      links.add(new SimWebHtml.Link(withParam(self, BroadWeb.PRINT_PARAM + "=1"), "Print"));
    }
    if (origin.has(HostTrait.DISALLOWED)) {
      links.add(new SimWebHtml.Link("/private/" + n + ".html", "Members"));
    }
    if (origin.has(HostTrait.MIRRORED)
        && host == origin
        && (n == 0 || id % MIRROR_LINK_EVERY == 0)) {
      WebHost mirror = web.host("mirror." + origin.name().substring("www.".length()));
      if (mirror != null) {
        links.add(new SimWebHtml.Link(web.url(mirror, self), "Mirror"));
      }
    }
    if (id % DEAD_LINK_EVERY == 0) {
      links.add(new SimWebHtml.Link(origin.pagePath(origin.pages() + 1 + id % 50), "Old news"));
    }
  }

  private static String withParam(String path, String param) {
    return path + (path.indexOf('?') < 0 ? "?" : "&") + param;
  }

  private static String queryOf(String target) {
    int q = target.indexOf('?');
    return q < 0 ? "" : target.substring(q + 1);
  }

  /** A calendar month, a repeating path or a facet combination of {@code host}. */
  private String trap(WebHost host, String target) {
    WebHost origin = web.hosts().get(host.origin());
    long h = hash(-1 - origin.index());
    List<SimWebHtml.Link> links = new ArrayList<>();
    String title;
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    if (path.startsWith("/calendar/") && origin.has(HostTrait.CALENDAR)) {
      int year = Integer.parseInt(path.substring(10, 14));
      int month = Integer.parseInt(path.substring(15, 17));
      title = "Events " + path.substring(10, 17);
      int prev = year * 12 + month - 2;
      int next = year * 12 + month;
      links.add(new SimWebHtml.Link(month(prev), "Previous month"));
      links.add(new SimWebHtml.Link(month(next), "Next month"));
    } else if (path.equals("/list")) {
      Map<String, String> chosen = BroadWeb.query(queryOf(target));
      title = "Shop " + String.join(" ", chosen.values());
      for (String[] facet : FACETS) {
        for (int v = 1; v < facet.length; v++) {
          if (!facet[v].equals(chosen.get(facet[0]))) {
            Map<String, String> other = new LinkedHashMap<>();
            for (String[] f : FACETS) {
              String value = f[0].equals(facet[0]) ? facet[v] : chosen.get(f[0]);
              if (value != null) {
                other.put(f[0], value);
              }
            }
            StringBuilder sb = new StringBuilder("/list");
            other.forEach(
                (k, val) ->
                    sb.append(sb.length() == 5 ? '?' : '&').append(k).append('=').append(val));
            links.add(new SimWebHtml.Link(sb.toString(), facet[0] + " " + facet[v]));
          }
        }
      }
    } else {
      title = "More " + origin.repeatSegment();
      links.add(
          new SimWebHtml.Link(origin.repeatSegment() + "/", "More " + origin.repeatSegment()));
    }
    SplittableRandom rnd = new SplittableRandom(h);
    for (int i = 0; i < 3 && i < origin.pages(); i++) {
      int n = rnd.nextInt(origin.pages());
      links.add(new SimWebHtml.Link(origin.pagePath(n), anchor(origin.firstPage() + n)));
    }
    List<SimWebHtml.Link> nav = List.of(new SimWebHtml.Link("/", "Home"));
    return SimWebHtml.page(h, title, null, nav, links, 3000, SiteModel.Layout.PROSE);
  }

  /** The calendar URL of month index {@code m} (year * 12 + month - 1). */
  private static String month(int m) {
    return String.format("/calendar/%04d-%02d/", Math.floorDiv(m, 12), Math.floorMod(m, 12) + 1);
  }
}
