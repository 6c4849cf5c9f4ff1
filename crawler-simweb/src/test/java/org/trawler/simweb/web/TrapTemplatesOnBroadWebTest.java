package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.parse.HtmlParser;
import org.trawler.core.parse.SimHash;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.ParamLearning;
import org.trawler.jobs.hostdb.TrapLearning;

/**
 * Trap learning on the pages a {@link BroadWeb} serves, fingerprinted as parse does (the HTML
 * parser's text, SimHash): a calendar's months and a facet grid's combinations are learned as
 * traps, real pages at paths and at query URLs never are.
 */
public class TrapTemplatesOnBroadWebTest {
  private static final WebShape SHAPE =
      WebShape.DEFAULT
          .sized(2, 60)
          .withWwwTraits(List.of(Set.of(HostTrait.CALENDAR, HostTrait.FACETS), Set.of()));

  private final HtmlParser parser = new HtmlParser(CrawlerConfiguration.create());
  private final SimHash simHash = new SimHash(50);

  private ParamLearning.Page page(BroadWeb web, WebPages pages, WebHost host, String target) {
    String html = pages.respond(host, target, web.classify(host.name(), target)).bodyText();
    String url = web.url(host, target);
    Content content =
        new Content(url, url, html.getBytes(StandardCharsets.UTF_8), "text/html", false);
    String text = parser.parse(content).text().getText();
    return new ParamLearning.Page(url, simHash.fingerprint(text).getAsLong());
  }

  @Test
  public void calendarsAndFacetsAreLearnedAndRealPagesNever() {
    BroadWeb web = BroadWeb.build(SHAPE, 0);
    WebPages pages = new WebPages(web);
    TrapLearning learning =
        new TrapLearning(
            HostDbKeys.DEFAULT_TRAPS_LEARN_DISTANCE,
            HostDbKeys.DEFAULT_TRAPS_LEARN_MIN_EVIDENCE,
            HostDbKeys.DEFAULT_TRAPS_BUDGET);
    List<String> realTemplates = new ArrayList<>();
    for (WebHost host : web.hosts()) {
      if (host.role() != WebHost.Role.CONTENT) {
        continue;
      }
      List<ParamLearning.Page> fetched = new ArrayList<>();
      for (int n = 0; n < host.pages(); n++) {
        fetched.add(page(web, pages, host, host.pagePath(n)));
      }
      realTemplates.add(host.pagePath(0).startsWith("/item") ? "/item?id" : "/p/{n}.html");
      if (host.has(HostTrait.CALENDAR)) {
        for (int m = 1; m <= 9; m++) {
          fetched.add(page(web, pages, host, "/calendar/2026-0" + m + "/"));
        }
        for (String color : new String[] {"red", "blue", "green", "black"}) {
          for (String size : new String[] {"s", "m", "l", "xl"}) {
            fetched.add(page(web, pages, host, "/list?color=" + color + "&size=" + size));
            fetched.add(
                page(web, pages, host, "/list?color=" + color + "&size=" + size + "&sort=new"));
          }
        }
      }
      Map<String, HostDatum.Trap> traps = learning.learn(fetched, Map.of());
      if (host.has(HostTrait.CALENDAR)) {
        assertEquals(
            host.name() + " " + traps,
            Set.of("/calendar/{n}-{n}/", "/list?color&size", "/list?color&size&sort"),
            traps.keySet());
      } else {
        assertEquals(host.name() + " " + traps, Map.of(), traps);
      }
    }
    assertTrue(realTemplates.toString(), realTemplates.size() >= 2);
  }
}
