package org.trawler.simweb;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.trawler.simweb.SiteModelTest.bodyOf;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
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
  public void apidocsPagesRepeatTheirNavBarAndListTheModelsLinksInAMemberTable() {
    SiteModel web = SiteModel.builder().profile(SiteProfile.APIDOCS).hosts(2).pages(600).build();
    int checked = 0;
    for (int p = 0; p < 40; p++) {
      String url = web.pageUrl(0, p);
      if (web.kindOf(url) != Kind.OK) {
        continue;
      }
      checked++;
      String html = bodyOf(web, url);
      int bytes = html.getBytes(StandardCharsets.UTF_8).length;
      assertTrue(web.pageBytes(0, p) >= 50 * 1024);
      assertTrue(url + " has " + bytes + " bytes", bytes >= web.pageBytes(0, p));
      Document doc = Jsoup.parse(html, url);
      // the nav bar is in the header and again in the footer
      List<String> header = hrefs(doc.select("header a[href]"));
      assertEquals(header, hrefs(doc.select("footer a[href]")));
      assertEquals(p < 100 ? 99 : 100, header.size());
      assertEquals(web.pageUrl(0, p == 0 ? 1 : 0), header.get(0));
      // one table row per link besides the nav bar; its type column links a nav bar page again
      List<String> distinct = new ArrayList<>();
      for (Element a : doc.select("a[href]")) {
        String href = a.absUrl("href");
        assertEquals(web.titleOf(href), a.text());
        if (!distinct.contains(href)) {
          distinct.add(href);
        }
      }
      assertEquals(web.outlinksOf(url), distinct);
      assertEquals(400, doc.select("table.members tbody tr").size());
      assertTrue(header.containsAll(hrefs(doc.select("table.members td:eq(1) a[href]"))));
      assertTrue(doc.select("a[href]").size() >= 2 * header.size() + 2 * 400);
    }
    assertTrue(checked > 30);
  }

  private static List<String> hrefs(List<Element> links) {
    List<String> urls = new ArrayList<>();
    for (Element a : links) {
      urls.add(a.absUrl("href"));
    }
    return urls;
  }

  @Test
  public void scriptPagesLeaveTheirLinksAndWordToTheScriptsJson() throws Exception {
    SiteModel web =
        SiteModel.builder().hosts(2).pages(40).outlinks(4).navLinks(2).jsPct(50).build();
    SiteResponses responses = new SiteResponses(web);
    int scripted = 0;
    for (int p = 0; p < 40; p++) {
      String url = web.pageUrl(0, p);
      if (web.kindOf(url) != Kind.OK) {
        continue;
      }
      Document doc = Jsoup.parse(bodyOf(web, url), url);
      List<String> inHtml = new ArrayList<>();
      for (Element a : doc.select("a[href]")) {
        if (!inHtml.contains(a.absUrl("href"))) {
          inHtml.add(a.absUrl("href"));
        }
      }
      List<String> json = web.pathOf(0, p).endsWith(".html") ? jsonLinks(web, responses, p) : null;
      if (!web.isScriptPage(url)) {
        assertEquals(url, web.outlinksOf(url), inHtml);
        assertEquals(List.of(), web.scriptLinksOf(url));
        assertEquals(null, web.scriptWord(url));
        assertEquals(404, responses.get(0, web.scriptDataPath(0, p), null).status());
        continue;
      }
      scripted++;
      List<String> expected = new ArrayList<>(web.outlinksOf(url));
      expected.removeAll(web.scriptLinksOf(url));
      assertEquals(url, expected, inHtml);
      assertEquals(url, web.scriptLinksOf(url), json);
      assertTrue(doc.select("script").html().contains(p + ".json"));
      assertFalse(doc.text().contains(web.scriptWord(url)));
      String data = new String(responses.get(0, web.scriptDataPath(0, p), null).body(), UTF_8);
      assertTrue(data, data.contains(web.scriptWord(url)));
    }
    assertTrue("script pages: " + scripted, scripted >= 10 && scripted <= 30);
    SiteModel plain = SiteModel.builder().hosts(1).pages(10).build();
    assertEquals(404, new SiteResponses(plain).get(0, "/p/1.json", null).status());
  }

  /** The links a page's JSON gives its script, absolute. */
  private static List<String> jsonLinks(SiteModel web, SiteResponses responses, int page)
      throws Exception {
    SiteResponses.Response r = responses.get(0, web.scriptDataPath(0, page), null);
    if (r.status() != 200) {
      return null;
    }
    assertEquals("application/json", r.headers().get("Content-Type"));
    List<String> links = new ArrayList<>();
    for (com.fasterxml.jackson.databind.JsonNode l :
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(r.body()).get("links")) {
      links.add(
          java.net.URI.create(web.pageUrl(0, page)).resolve(l.get("href").asText()).toString());
    }
    return links;
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

  @Test
  public void everyNthPageIsSentGzipEncodedAndAnotherIsLarge() throws Exception {
    SiteModel web =
        SiteModel.builder().hosts(1).pages(20).pageKb(2).gzipEvery(3).largeEvery(7).build();
    SiteResponses responses = new SiteResponses(web);
    SiteModel plainSite = SiteModel.builder().hosts(1).pages(20).pageKb(2).build();
    SiteResponses plain = new SiteResponses(plainSite);
    for (int p = 0; p < 20; p++) {
      if (web.kindOf(0, p) != Kind.OK) {
        continue;
      }
      SiteResponses.Response r = responses.get(0, web.pathOf(0, p), null);
      byte[] body = r.body();
      if (p % 3 == 1) {
        assertEquals("gzip", r.headers().get("Content-Encoding"));
        body =
            new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(body))
                .readAllBytes();
      } else {
        assertEquals(null, r.headers().get("Content-Encoding"));
      }
      int size = body.length;
      int factor = p % 7 == 2 ? SiteModel.LARGE_FACTOR : 1;
      assertTrue(p + ": " + size, size >= factor * 2048 && size < factor * 2048 + 2000);
      if (factor == 1) {
        assertEquals(
            new String(plain.get(0, web.pathOf(0, p), null).body(), StandardCharsets.UTF_8),
            new String(body, StandardCharsets.UTF_8));
      }
    }
  }

  @Test
  public void faultPagesAnswerAsTheirKindSays() {
    SiteModel web =
        SiteModel.builder()
            .hosts(1)
            .pages(400)
            .port(8080)
            .resetPct(10)
            .slowPct(10)
            .loopPct(10)
            .hugePct(10)
            .hugeKb(3000)
            .build();
    SiteResponses responses = new SiteResponses(web);
    Map<Kind, Integer> checked = new EnumMap<>(Kind.class);
    for (int p = 0; p < 400; p++) {
      String path = web.pathOf(0, p);
      SiteResponses.Response r = responses.get(0, path, null);
      Kind kind = web.kindOf(0, p);
      switch (kind) {
        case RESET:
          assertEquals(SiteResponses.NO_ANSWER, r.status());
          break;
        case SLOW:
          assertEquals(200, r.status());
          assertEquals(r.body().length, r.length());
          break;
        case LOOP:
          {
            assertEquals(302, r.status());
            String partner = web.loopUrl(0, p);
            assertEquals(partner, r.headers().get("Location"));
            SiteResponses.Response back =
                responses.get(0, partner.substring(partner.indexOf("/loop/")), null);
            assertEquals(302, back.status());
            assertEquals(web.pageUrl(0, p), back.headers().get("Location"));
            break;
          }
        case HUGE:
          assertEquals(200, r.status());
          assertEquals(3000 * 1024L, r.length());
          assertTrue("a huge page is streamed from a small piece", r.body().length <= 65536);
          assertTrue(new String(r.body(), StandardCharsets.UTF_8).startsWith("<p>"));
          break;
        default:
          continue;
      }
      checked.merge(kind, 1, Integer::sum);
    }
    assertEquals(4, checked.size());
  }
}
