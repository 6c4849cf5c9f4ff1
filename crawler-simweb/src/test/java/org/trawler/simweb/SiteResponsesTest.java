package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.trawler.simweb.SiteModelTest.bodyOf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.Test;
import org.trawler.simweb.SiteModel.Kind;

/**
 * What the site's pages look like: HTML of the configured size with the model's links, titles and
 * anchors.
 */
public class SiteResponsesTest {

  @Test
  public void pagesAreHtmlOfTheConfiguredSizeWithTheModelsLinksAndAnchors() {
    SiteModel web = SiteModel.builder().hosts(3).pages(50).outlinks(12).pageKb(8).build();
    for (int p = 0; p < 50; p++) {
      String url = web.pageUrl(1, p);
      if (web.kindOf(url) != Kind.OK) {
        continue;
      }
      String html = bodyOf(web, url);
      int bytes = html.getBytes(StandardCharsets.UTF_8).length;
      assertTrue(url + " has " + bytes + " bytes", bytes >= 8 * 1024 && bytes < 8 * 1024 + 2000);
      Document doc = Jsoup.parse(html, url);
      assertEquals(web.titleOf(url), doc.title());
      List<String> hrefs = new ArrayList<>();
      for (Element a : doc.select("a[href]")) {
        hrefs.add(a.absUrl("href"));
        assertEquals(web.titleOf(a.absUrl("href")), a.text());
      }
      assertEquals(web.outlinksOf(url), hrefs);
      assertTrue(doc.select("p").size() > 5);
    }
  }

  @Test
  public void homePageLinksIntoTheSite() {
    SiteModel web = SiteModel.builder().hosts(2).pages(50).outlinks(3).build();
    String home = web.homeUrl(1);
    List<String> links = web.outlinksOf(home);
    assertEquals(10, links.size());
    assertEquals(web.pageUrl(1, 0), links.get(0));
    Document doc = Jsoup.parse(bodyOf(web, home), home);
    assertEquals(links.size(), doc.select("a[href]").size());
  }
}
