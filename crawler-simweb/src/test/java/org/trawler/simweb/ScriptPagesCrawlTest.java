package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;

/**
 * simweb's script pages (--js-pct) crawled twice: without rendering, the crawldb knows exactly the
 * pages reachable by the links in the pages' HTML, and none of the words the scripts write is
 * found; with fetcher.render=true, it knows exactly the pages reachable by every link, scripts'
 * included, and each fetched script page is found by its script-written word.
 */
public class ScriptPagesCrawlTest {
  private static final int ROUNDS = 2;

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static SiteModel web;
  private static Crawl raw;
  private static Crawl rendered;

  /** One crawl's crawldb URLs, fetched URLs and index. */
  private record Crawl(Configuration conf, Set<String> known, Set<String> fetched, Path index) {}

  @BeforeClass
  public static void crawlTwice() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(1)
                    .pages(30)
                    .outlinks(3)
                    .pageKb(1)
                    .port(0)
                    .seed(5)
                    .redirectPct(0)
                    .notFoundPct(0)
                    .errorPct(0)
                    .disallowPct(0)
                    .jsPct(50)
                    .build())
            .build()
            .start();
    web = server.site();
    raw = crawl("raw", false);
    rendered = crawl("rendered", true);
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static Crawl crawl(String name, boolean render) throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "4");
    conf.set("http.timeout", "5000");
    conf.setBoolean("fetcher.render", render);
    conf.set("fetcher.render.timeout", "20"); // a shared, loaded test machine
    java.io.File seeds = TMP.newFolder(name + "-seeds");
    web.writeSeeds(seeds.toPath(), false);
    Path crawl = new Path(TMP.newFolder(name).getAbsolutePath());
    Path index = new Path(crawl, "index");
    EndToEndCrawl.runHere(
        conf,
        "run",
        seeds.getPath(),
        crawl.toString(),
        String.valueOf(ROUNDS),
        "--index",
        index.toString());
    return new Crawl(
        conf, EndToEndCrawl.knownUrls(conf, crawl), EndToEndCrawl.fetchedUrls(conf, crawl), index);
  }

  /** The URLs a search finds. */
  private static Set<String> search(Crawl crawl, String word) throws Exception {
    return EndToEndCrawl.searchHere(crawl.conf, crawl.index.toString(), word);
  }

  /**
   * The URLs within {@code hops} links of the seeds, following only the links in the pages' HTML
   * unless {@code scripts}.
   */
  private static Set<String> within(int hops, boolean scripts) {
    Map<String, Integer> depth = new HashMap<>();
    ArrayDeque<String> queue = new ArrayDeque<>();
    for (String seed : web.seeds()) {
      depth.put(seed, 0);
      queue.add(seed);
    }
    while (!queue.isEmpty()) {
      String url = queue.poll();
      int d = depth.get(url);
      if (d == hops || web.kindOf(url) != SiteModel.Kind.OK) {
        continue;
      }
      List<String> scriptLinks = scripts ? List.of() : web.scriptLinksOf(url);
      for (String link : web.outlinksOf(url)) {
        if (!scriptLinks.contains(link) && depth.putIfAbsent(link, d + 1) == null) {
          queue.add(link);
        }
      }
    }
    return new TreeSet<>(depth.keySet());
  }

  private static Set<String> scriptPages(Set<String> urls) {
    Set<String> pages = new TreeSet<>();
    for (String url : urls) {
      if (web.isScriptPage(url)) {
        pages.add(url);
      }
    }
    return pages;
  }

  @Test
  public void theSiteHasPagesOnlyItsScriptsLinkTo() {
    Set<String> onlyByScript = new TreeSet<>(within(ROUNDS, true));
    onlyByScript.removeAll(within(ROUNDS, false));
    assertTrue("pages only script links reach: " + onlyByScript, onlyByScript.size() >= 3);
    assertTrue(scriptPages(within(ROUNDS - 1, false)).size() >= 3);
  }

  @Test
  public void withoutRenderingOnlyTheHtmlsLinksAreFound() {
    assertEquals(within(ROUNDS, false), raw.known);
    assertEquals(within(ROUNDS - 1, false), raw.fetched);
  }

  @Test
  public void withRenderingEveryScriptWrittenLinkIsFound() {
    assertEquals(within(ROUNDS, true), rendered.known);
    assertEquals(within(ROUNDS - 1, true), rendered.fetched);
    for (String page : scriptPages(rendered.fetched)) {
      assertTrue(page, rendered.known.containsAll(web.scriptLinksOf(page)));
    }
  }

  @Test
  public void scriptWrittenWordsAreSearchableOnlyWhenRendered() throws Exception {
    Set<String> pages = scriptPages(rendered.fetched);
    assertFalse(pages.isEmpty());
    for (String page : pages) {
      String word = web.scriptWord(page);
      Set<String> found = search(rendered, word);
      assertTrue(word + " finds " + page + ": " + found, found.contains(page));
    }
    for (String page : scriptPages(raw.fetched)) {
      String word = web.scriptWord(page);
      Set<String> found = search(raw, word);
      assertEquals(word + " is not in the raw HTML", Set.of(), found);
    }
  }
}
