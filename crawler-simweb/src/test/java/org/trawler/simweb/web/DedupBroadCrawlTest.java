package org.trawler.simweb.web;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
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
import org.trawler.console.report.ReportCommand;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.dedup.DuplicateKind;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.simweb.EndToEndCrawl;

/**
 * {@code run --index} with its default dedup over a tiny broad web whose first site serves print
 * versions and whose second has a mirror host: every copy the model serves with its page's bytes (a
 * mirror page) ends db_duplicate (exact) with duplicateOf its real page's URL, every mark names the
 * real page it copies, no real page is marked, the index holds the real pages and the copies left
 * unmarked and no duplicate, and the report counts the marks by kind. (The model's print versions
 * are other prose than their pages, the links' words and the sentences around them gone: 9 to 18
 * bits apart, beyond dedup.near.distance.)
 */
public class DedupBroadCrawlTest {
  @ClassRule public static final TemporaryFolder TMP = new TemporaryFolder();

  private static final WebShape SHAPE =
      WebShape.DEFAULT
          .sized(2, 12)
          .withWwwTraits(List.of(Set.of(HostTrait.PRINT), Set.of(HostTrait.MIRRORED)));

  private static BroadWebCrawl fixture;
  private static WebServer server;
  private static BroadWeb web;
  private static Map<String, CrawlDatum> crawlDb;
  private static Set<String> indexed;
  private static JsonNode report;

  /** The copies the server answered with a page: their URL → their real page's URL. */
  private static final Map<String, String> COPIES = new TreeMap<>();

  /** Where the crawl's report is left for a reviewer to open. */
  private static final java.io.File REPORT = new java.io.File("target/dedup-broad-report");

  /** Of those, the ones served with the very bytes of their real page. */
  private static final Set<String> SAME_BYTES = new TreeSet<>();

  /** The real pages the server answered. */
  private static final Set<String> REAL = new TreeSet<>();

  @BeforeClass
  public static void crawl() throws Exception {
    fixture = BroadWebCrawl.start(SHAPE, 8, TMP);
    server = fixture.server;
    web = fixture.web;
    Configuration conf = fixture.conf;
    String crawl = TMP.newFolder("crawl").getPath();
    String index = new java.io.File(TMP.getRoot(), "index").getPath();
    EndToEndCrawl.runHere(conf, "run", fixture.seeds.toString(), crawl, "4", "--index", index);
    WebPages pages = new WebPages(web);
    for (WebRequest r : server.requests()) {
      if (r.status() != 200) {
        continue;
      }
      String url = web.url(web.host(r.host()), r.target());
      if (r.kind() == UrlKind.DUPLICATE) {
        String real = web.url(r.page());
        COPIES.put(url, real);
        if (body(pages, url).equals(body(pages, real))) {
          SAME_BYTES.add(url);
        }
      } else if (r.kind() == UrlKind.REAL) {
        REAL.add(url);
      }
    }
    crawlDb =
        LocalJobFixtures.readAll(
            conf,
            VersionedDb.current(new org.apache.hadoop.fs.Path(crawl, "crawldb")),
            new CrawlDatum(),
            CrawlDatum::new);
    indexed = EndToEndCrawl.searchHere(conf, index, "*:*");
    report =
        ReportCommand.write(
                conf,
                new CrawlDir(new org.apache.hadoop.fs.Path(crawl)),
                new org.apache.hadoop.fs.Path(REPORT.getAbsolutePath()))
            .report();
  }

  /** What the model serves at {@code url}. */
  private static String body(WebPages pages, String url) {
    URI uri = URI.create(url);
    String target = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    WebHost host = web.host(uri.getHost());
    return pages.respond(host, target, web.classify(uri.getHost(), target)).bodyText();
  }

  @AfterClass
  public static void stop() {
    if (fixture != null) {
      fixture.close();
    }
  }

  private static Map<String, String> marked() {
    Map<String, String> marked = new TreeMap<>();
    crawlDb.forEach(
        (url, d) -> {
          if (d.getStatus() == CrawlStatus.DB_DUPLICATE) {
            marked.put(url, d.getMetaString(MetadataKeys.DUPLICATE_OF));
          }
        });
    return marked;
  }

  @Test
  public void theCrawlFetchedMirrorAndPrintCopies() {
    assertTrue(COPIES.toString(), COPIES.keySet().stream().anyMatch(u -> u.contains("//mirror.")));
    assertTrue(COPIES.toString(), COPIES.keySet().stream().anyMatch(u -> u.contains("print=1")));
    assertFalse(SAME_BYTES.isEmpty());
  }

  @Test
  public void everyCopyWithItsPagesBytesIsAnExactDuplicateOfIt() {
    for (String copy : SAME_BYTES) {
      CrawlDatum d = crawlDb.get(copy);
      assertEquals(copy, CrawlStatus.DB_DUPLICATE, d.getStatus());
      assertEquals(copy, COPIES.get(copy), d.getMetaString(MetadataKeys.DUPLICATE_OF));
      assertEquals(copy, DuplicateKind.EXACT, DuplicateKind.of(d));
    }
  }

  @Test
  public void everyMarkNamesTheRealPageItCopies() {
    Map<String, String> marked = marked();
    assertTrue(marked.toString(), COPIES.keySet().containsAll(marked.keySet()));
    marked.forEach((copy, of) -> assertEquals(copy, COPIES.get(copy), of));
  }

  @Test
  public void noRealPageIsMarked() {
    assertFalse(REAL.isEmpty());
    for (String url : REAL) {
      assertEquals(url, CrawlStatus.DB_FETCHED, crawlDb.get(url).getStatus());
    }
  }

  @Test
  public void theIndexHoldsTheRealPagesAndTheCopiesLeftUnmarked() {
    Set<String> expected = new TreeSet<>(REAL);
    expected.addAll(COPIES.keySet());
    expected.removeAll(marked().keySet());
    assertEquals(expected, indexed);
  }

  @Test
  public void theReportCountsTheMarksByKind() {
    Map<String, Long> byKind = new TreeMap<>();
    for (String url : marked().keySet()) {
      byKind.merge(DuplicateKind.of(crawlDb.get(url)).label(), 1L, Long::sum);
    }
    JsonNode duplicates = report.path("keptOut").path("duplicates");
    Map<String, Long> reported = new TreeMap<>();
    duplicates.properties().forEach(e -> reported.put(e.getKey(), e.getValue().asLong()));
    assertEquals(byKind, reported);
  }
}
