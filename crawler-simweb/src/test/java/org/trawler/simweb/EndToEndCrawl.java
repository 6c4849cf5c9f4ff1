package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * The index writers' end-to-end crawl: simweb's three hosts of 30 pages (some redirects, some 404s)
 * crawled in three rounds by bin/crawl ({@link TrawlerCommand}), and what the crawl's own commands
 * say of it: the URLs of a status (readdb) and the URLs Lucene's search finds (search). For the
 * crawls a test runs in its own JVM, the same in this JVM: {@link #runHere}, {@link #knownUrls},
 * {@link #fetchedUrls} and {@link #searchHere}.
 */
public final class EndToEndCrawl implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static EndToEndCrawl shared;

  private final SimWebServer web;
  private final TrawlerCommand trawler;
  private final Path crawl;
  private final Map<String, Set<String>> luceneHits = new HashMap<>();

  private EndToEndCrawl(SimWebServer web, TrawlerCommand trawler, Path crawl) {
    this.web = web;
    this.trawler = trawler;
    this.crawl = crawl;
  }

  /**
   * Starts the site and runs {@code run <seeds> <dir>/crawl 3} with {@code runOptions} (an --index
   * and its writers' settings, say).
   */
  public static EndToEndCrawl run(Path dir, String... runOptions) throws Exception {
    SimWebServer web =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(3)
                    .pages(30)
                    .outlinks(4)
                    .pageKb(2)
                    .port(0)
                    .seed(11)
                    .redirectPct(10)
                    .notFoundPct(15)
                    .build())
            .build()
            .start();
    try {
      Path seeds = web.site().writeSeeds(dir.resolve("seeds"), false);
      Path crawl = dir.resolve("crawl");
      TrawlerCommand trawler = new TrawlerCommand(dir);
      List<String> args = new ArrayList<>(List.of("run", seeds.toString(), crawl.toString(), "3"));
      args.addAll(List.of(runOptions));
      args.addAll(List.of("-D", "fetcher.server.delay=0", "-D", "fetcher.threads.fetch=8"));
      // bin/crawl's classpath has not the tests' core-site.xml: the site's addresses, no other
      args.addAll(List.of(ServedAddresses.option(web.site().addresses()).split(" ")));
      ok(trawler.run(args.toArray(new String[0])));
      return new EndToEndCrawl(web, trawler, crawl);
    } catch (Exception | AssertionError e) {
      web.close();
      throw e;
    }
  }

  /**
   * The crawl with its Lucene index (crawl/index) that this JVM's tests share, made by the first
   * that asks; it is only read, and each test writes its own outputs and indexes.
   */
  public static synchronized EndToEndCrawl shared() throws Exception {
    if (shared == null) {
      Path dir = Files.createTempDirectory("trawler-e2e");
      EndToEndCrawl crawl = run(dir, "--index", dir.resolve("crawl/index").toString());
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    crawl.close();
                    FileUtils.deleteQuietly(dir.toFile());
                  }));
      shared = crawl;
    }
    return shared;
  }

  public SiteModel site() {
    return web.site();
  }

  public TrawlerCommand trawler() {
    return trawler;
  }

  /** A path in the crawl directory: crawldb, linkdb, segments, index... */
  public Path path(String name) {
    return crawl.resolve(name);
  }

  /** The result of a command that must succeed. */
  public static TrawlerCommand.Result ok(TrawlerCommand.Result r) {
    assertEquals(r.out() + r.err(), 0, r.exitCode());
    return r;
  }

  /** The URLs the crawldb holds with a status, e.g. db_gone. */
  public Set<String> urlsWithStatus(String status) throws Exception {
    Path dump = crawl.resolve("dump-" + status);
    ok(
        trawler.run(
            "readdb", path("crawldb").toString(), "-dump", dump.toString(), "-status", status));
    return urls(Files.readString(dump.resolve("dump.jsonl")));
  }

  /**
   * The URLs Lucene's search of the crawl's index (crawl/index) finds for a query: the search
   * command, run in this JVM (one JVM start less a query; the index is only read).
   */
  public synchronized Set<String> luceneHits(String query) throws Exception {
    Set<String> hits = luceneHits.get(query);
    if (hits == null) {
      hits = searchHere(CrawlerConfiguration.create(), path("index").toString(), query);
      luceneHits.put(query, hits);
    }
    return hits;
  }

  /** Runs a command that must succeed in this JVM; returns what it printed on stdout. */
  public static String runHere(Configuration conf, String... args) throws Exception {
    CommandRun run = CommandRun.run(conf, args);
    assertEquals(String.join(" ", args) + ": " + run, 0, run.exitCode);
    return run.out;
  }

  /** The URLs the search command run in this JVM finds in {@code index} (exit 1 is none). */
  public static Set<String> searchHere(Configuration conf, String index, String query)
      throws Exception {
    CommandRun run = CommandRun.run(conf, "search", index, query, "-json", "-n", "10000");
    assertTrue(run.toString(), run.exitCode == 0 || run.exitCode == 1);
    return urls(run.out);
  }

  /** The URLs of the crawldb of the crawl directory {@code crawl}, whatever their status. */
  public static Set<String> knownUrls(Configuration conf, org.apache.hadoop.fs.Path crawl)
      throws Exception {
    return new TreeSet<>(
        LocalJobFixtures.readAll(
                conf,
                VersionedDb.current(new org.apache.hadoop.fs.Path(crawl, "crawldb")),
                new CrawlDatum(),
                CrawlDatum::new)
            .keySet());
  }

  /** The URLs the segments of the crawl directory {@code crawl} fetched (their crawl_fetch). */
  public static Set<String> fetchedUrls(Configuration conf, org.apache.hadoop.fs.Path crawl)
      throws Exception {
    Set<String> fetched = new TreeSet<>();
    org.apache.hadoop.fs.Path segments = new org.apache.hadoop.fs.Path(crawl, "segments");
    FileSystem fs = segments.getFileSystem(conf);
    for (FileStatus segment : fs.listStatus(segments)) {
      fetched.addAll(
          LocalJobFixtures.readAll(
                  conf,
                  new org.apache.hadoop.fs.Path(segment.getPath(), Segment.CRAWL_FETCH),
                  new CrawlDatum(),
                  CrawlDatum::new)
              .keySet());
    }
    return fetched;
  }

  /** The "url" of each JSON object of a JSON Lines text. */
  private static Set<String> urls(String jsonLines) throws Exception {
    Set<String> urls = new TreeSet<>();
    for (String line : jsonLines.split("\n")) {
      if (line.startsWith("{")) {
        JsonNode object = JSON.readTree(line);
        if (object.has("url")) {
          urls.add(object.path("url").asText());
        }
      }
    }
    return urls;
  }

  @Override
  public void close() {
    web.close();
  }
}
