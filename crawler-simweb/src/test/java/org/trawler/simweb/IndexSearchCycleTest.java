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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.Segment;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.cli.Main;

/**
 * Crawl, index and search end to end: after 3 rounds of {@code run --index}, a search for the
 * marker word finds exactly the fetched OK pages the site model puts it on; after the site removed
 * some pages (they answer 404) and a later round fetched them again, those pages are no longer
 * found and the others still are.
 */
public class IndexSearchCycleTest {
  private static final int ROUNDS = 3;
  private static final Pattern URL_FIELD = Pattern.compile("\"url\":\"([^\"]+)\"");

  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static SimWebServer server;
  private static SiteModel before;
  private static SiteModel after;
  private static Configuration conf;
  private static Path crawl;
  private static Path index;
  private static String firstRun;
  private static Set<String> fetchedFirst;
  private static Set<String> hitsFirst;
  private static Map<String, List<String>> extractedFirst;
  private static Set<String> fetchedLater;
  private static Set<String> hitsLater;

  private static SiteModel.Builder site() {
    return SiteModel.builder()
        .hosts(3)
        .pages(40)
        .outlinks(4)
        .pageKb(2)
        .seed(7)
        .redirectPct(10)
        .notFoundPct(10)
        .errorPct(10)
        .disallowPct(10);
  }

  @BeforeClass
  public static void crawlIndexAndSearch() throws Exception {
    server = SimWebServer.builder(site().port(0).build()).build().start();
    before = server.site();
    File seeds = TMP.newFolder("seeds");
    before.writeSeeds(seeds.toPath(), false);
    crawl = new Path(TMP.newFolder("crawl").getAbsolutePath());
    index = new Path(crawl, "index");

    conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("fetcher.server.delay", "0");
    conf.set("fetcher.threads.fetch", "8");
    conf.set("http.timeout", "5000");

    firstRun =
        run(
            "run",
            seeds.getPath(),
            crawl.toString(),
            String.valueOf(ROUNDS),
            "--index",
            index.toString());
    fetchedFirst = fetched();
    hitsFirst = search(SiteModel.MARKER_WORD);
    extractedFirst = extracted("lang:en");

    // The same site a month later, with a third of its pages removed.
    server.close();
    server =
        SimWebServer.builder(site().port(before.port()).removedPct(33).build()).build().start();
    after = server.site();
    run(
        "run",
        seeds.getPath(),
        crawl.toString(),
        "1",
        "--adddays",
        "31",
        "--index",
        index.toString());
    fetchedLater = fetched();
    hitsLater = search(SiteModel.MARKER_WORD);
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
  }

  private static String run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc = Main.run(new Configuration(conf), args, printer(out), System.err);
    String text = out.toString(StandardCharsets.UTF_8);
    assertEquals("exit code of " + String.join(" ", args) + "\n" + text, 0, rc);
    return text;
  }

  private static PrintStream printer(ByteArrayOutputStream out) {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }

  /** The URLs of every hit of a search (as JSON), none when it exits 1. */
  private static Set<String> search(String query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {"search", index.toString(), query, "-n", "10000", "-json"},
            printer(out),
            printer(new ByteArrayOutputStream()));
    assertTrue("exit code " + rc, rc == 0 || rc == 1);
    Set<String> urls = new TreeSet<>();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      Matcher m = URL_FIELD.matcher(line);
      if (m.find()) {
        urls.add(m.group(1));
      }
    }
    return urls;
  }

  /**
   * Each hit of {@code query}: its url, lang and jsonld.Article.headline fields, as search -fields
   * shows.
   */
  private static Map<String, List<String>> extracted(String query) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    String fields = "url,lang,jsonld.Article.headline";
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {
              "search", index.toString(), query, "-n", "10000", "-json", "-fields", fields
            },
            printer(out),
            printer(new ByteArrayOutputStream()));
    assertEquals(0, rc);
    Map<String, List<String>> hits = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    for (String line : out.toString(StandardCharsets.UTF_8).split("\n")) {
      JsonNode hit = json.readTree(line);
      hits.put(
          hit.get("url").asText(),
          List.of(hit.get("lang").asText(), hit.get("jsonld.Article.headline").asText()));
    }
    return hits;
  }

  private static Set<String> fetched() throws Exception {
    Set<String> fetched = new TreeSet<>();
    FileSystem fs = crawl.getFileSystem(conf);
    for (FileStatus seg : fs.listStatus(new Path(crawl, "segments"))) {
      Map<String, CrawlDatum> fetch =
          LocalJobFixtures.readAll(
              conf,
              new Path(seg.getPath(), Segment.CRAWL_FETCH),
              new CrawlDatum(),
              CrawlDatum::new);
      fetched.addAll(fetch.keySet());
    }
    return fetched;
  }

  private static Set<String> markedOkPages(SiteModel site, Set<String> fetched) {
    Set<String> urls = new TreeSet<>();
    for (String url : fetched) {
      if (site.kindOf(url) == SiteModel.Kind.OK && site.hasMarkerWord(url)) {
        urls.add(url);
      }
    }
    return urls;
  }

  @Test
  public void everyIndexedPageHasItsLanguageAndItsJsonLdHeadline() {
    Map<String, List<String>> expected = new TreeMap<>();
    for (String url : fetchedFirst) {
      if (before.kindOf(url) == SiteModel.Kind.OK) {
        expected.put(url, List.of("en", before.titleOf(url)));
      }
    }
    assertTrue(expected.size() > 20);
    assertEquals(expected, extractedFirst);
  }

  @Test
  public void searchFindsExactlyTheFetchedPagesThatHaveTheWord() {
    Set<String> expected = markedOkPages(before, fetchedFirst);
    assertTrue("the crawl reached pages with the word: " + expected, expected.size() >= 3);
    assertEquals(expected, hitsFirst);
  }

  @Test
  public void pagesThatWentAwayLeaveTheIndexAndTheOthersStay() {
    Set<String> removed = new TreeSet<>(markedOkPages(before, fetchedFirst));
    removed.removeAll(markedOkPages(after, fetchedFirst));
    assertFalse("some indexed pages with the word were removed", removed.isEmpty());
    for (String url : removed) {
      assertFalse(
          url + " was removed from the site and must leave the index", hitsLater.contains(url));
    }
    assertEquals(markedOkPages(after, fetchedLater), hitsLater);
  }

  @Test
  public void eachRoundsLineSaysWhatItIndexed() {
    long lines =
        firstRun
            .lines()
            .filter(
                l ->
                    l.matches(
                        "round \\d: .* indexed \\d+, deleted \\d+(, skipped \\d+ \\(.*\\))?; .*"))
            .count();
    assertEquals(firstRun, ROUNDS, lines);
    assertTrue(firstRun, firstRun.contains("bin/crawl search " + index));
  }

  @Test
  public void aQueryThatDoesNotParseIsAUsageErrorSayingWhere() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {"search", index.toString(), "title:(quokka"},
            printer(new ByteArrayOutputStream()),
            printer(err));
    assertEquals(2, rc);
    String message = err.toString(StandardCharsets.UTF_8);
    assertEquals(message, 1, message.lines().count());
    assertTrue(message, message.contains("column"));
  }

  @Test
  public void aWordNoPageHasExitsOne() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int rc =
        Main.run(
            new Configuration(conf),
            new String[] {"search", index.toString(), "wombat"},
            printer(new ByteArrayOutputStream()),
            printer(err));
    assertEquals(1, rc);
  }
}
