package org.trawler.simweb;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.io.FileUtils;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.Main;

/**
 * The index writers' end-to-end crawl: simweb's three hosts of 30 pages (some redirects, some 404s)
 * crawled in three rounds by bin/crawl ({@link TrawlerCommand}), and what the crawl's own commands
 * say of it: the URLs of a status (readdb) and the URLs Lucene's search finds (search).
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
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      int exitCode =
          Main.run(
              CrawlerConfiguration.create(),
              new String[] {"search", path("index").toString(), query, "-json", "-n", "10000"},
              new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(err, true, StandardCharsets.UTF_8));
      assertTrue(err.toString(StandardCharsets.UTF_8), exitCode == 0 || exitCode == 1);
      hits = urls(out.toString(StandardCharsets.UTF_8));
      luceneHits.put(query, hits);
    }
    return hits;
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
