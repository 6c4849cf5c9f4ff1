package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;

/**
 * The "done when": {@code run ... --index} of a multilingual simweb site ({@code --langs},
 * eleven languages, a third of the pages without {@code <html lang>} and a third with the
 * template's {@code lang="en"} whatever their language) gives every page the language the site
 * model wrote it in; {@code search 'lang:de AND bibliothek'} finds the German pages that say
 * "Bibliothek", and {@code -fields url,lang,jsonld.Article.headline} shows each page's language and
 * JSON-LD headline.
 */
public class MultilingualCrawlTest {
  private static final List<String> LANGS =
      List.of("en", "de", "fr", "es", "it", "pt", "nl", "ru", "ja", "zh", "ko");

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static SiteModel site;
  private static Configuration conf;
  private static String index;

  /** Every hit of lang:xx for each language: url -> [lang, jsonld.Article.headline]. */
  private static final Map<String, List<String>> HITS = new TreeMap<>();

  @BeforeClass
  public static void crawlAndIndex() throws Exception {
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(2)
                    .pages(30)
                    .outlinks(3)
                    .pageKb(2)
                    .seed(3)
                    .redirectPct(0)
                    .notFoundPct(0)
                    .errorPct(0)
                    .disallowPct(0)
                    .langs(LANGS)
                    .port(0)
                    .build())
            .build()
            .start();
    site = server.site();
    File seeds = TMP.newFolder("seeds");
    site.writeSeeds(seeds.toPath(), true);
    String crawl = TMP.newFolder("crawl").getAbsolutePath();
    index = crawl + "/index";
    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("http.timeout", "10000");
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {"run", seeds.getPath(), crawl, "1", "--index", index},
            printer(new ByteArrayOutputStream()),
            System.err);
    assertEquals(0, rc);
    for (String lang : LANGS) {
      HITS.putAll(search("lang:" + lang));
    }
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  public void everyPageHasTheLanguageItIsWrittenIn() {
    Map<String, String> expected = new TreeMap<>();
    for (String url : site.allUrls()) {
      expected.put(url, site.langOf(url));
    }
    Map<String, String> indexed = new TreeMap<>();
    HITS.forEach((url, fields) -> indexed.put(url, fields.get(0)));
    assertEquals(expected, indexed);
    assertEquals(new TreeSet<>(LANGS), new TreeSet<>(indexed.values()));
  }

  @Test
  public void markupThatSaysNothingOrTheWrongLanguageDoesNotDecide() {
    int undeclared = 0;
    int wrong = 0;
    for (String url : site.allUrls()) {
      String declared = site.declaredLangOf(url);
      undeclared += declared == null ? 1 : 0;
      wrong += declared != null && !declared.equals(site.langOf(url)) ? 1 : 0;
      assertEquals(url, site.langOf(url), HITS.get(url).get(0));
    }
    assertTrue("pages without <html lang>: " + undeclared, undeclared >= 10);
    assertTrue("pages whose <html lang> is wrong: " + wrong, wrong >= 10);
  }

  @Test
  public void eachPageHasItsJsonLdHeadline() {
    for (Map.Entry<String, List<String>> hit : HITS.entrySet()) {
      assertEquals(hit.getKey(), site.titleOf(hit.getKey()), hit.getValue().get(1));
    }
  }

  @Test
  public void langAndAWordFindTheGermanPagesWithThatWord() throws Exception {
    SiteResponses responses = new SiteResponses(site);
    Set<String> expected = new TreeSet<>();
    for (String url : site.allUrls()) {
      SiteModel.Page at = site.locate(url);
      if (site.langOf(url).equals("de")
          && responses.render(at.host(), at.page()).contains("Bibliothek")) {
        expected.add(url);
      }
    }
    assertFalse(expected.isEmpty());
    assertEquals(expected, search("lang:de AND bibliothek").keySet());
    assertEquals(Set.of(), search("lang:fr AND bibliothek").keySet());
  }

  /** The hits of {@code query}: url -> [lang, jsonld.Article.headline], as search -fields shows. */
  private static Map<String, List<String>> search(String query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {
              "search",
              index,
              query,
              "-n",
              "10000",
              "-json",
              "-fields",
              "url,lang,jsonld.Article.headline"
            },
            printer(out),
            printer(new ByteArrayOutputStream()));
    assertTrue(query + ": exit code " + rc, rc == 0 || rc == 1);
    Map<String, List<String>> hits = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      if (!line.isBlank()) {
        JsonNode hit = json.readTree(line);
        hits.put(
            hit.get("url").asText(),
            List.of(hit.get("lang").asText(), hit.get("jsonld.Article.headline").asText()));
      }
    }
    return hits;
  }

  private static PrintStream printer(ByteArrayOutputStream out) {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }
}
