package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.linkdb.LinkDbKeys;

/** The index command in local mode: shards, re-indexing, deletes, -noCommit, bad writers. */
public class IndexJobTest {
  private static final int PAGES = 30;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path crawlDb;
  private Path index;

  @Before
  public void setUp() throws IOException {
    conf = LocalJobFixtures.localConf();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf.setInt("mapreduce.job.reduces", 2);
    File root = tmp.newFolder("crawl");
    crawlDb = new Path(root.getPath(), "crawldb");
    index = new Path(root.getPath(), "index");
    SortedMap<String, CrawlDatum> db = new TreeMap<>();
    for (int i = 0; i < PAGES; i++) {
      db.put(url(i), IndexPages.db(i < 5 ? CrawlStatus.DB_GONE : CrawlStatus.DB_FETCHED));
    }
    LocalJobFixtures.writeMapFile(conf, VersionedDb.current(crawlDb), CrawlDatum.class, db);
  }

  private static String url(int i) {
    return String.format("http://site%d.example/page%02d.html", i % 3, i);
  }

  /** A segment that fetched every page, the first five gone, the text naming {@code word}. */
  private Path segment(String name, String word) throws IOException {
    Path segment = new Path(crawlDb.getParent(), "segments/" + name);
    SortedMap<String, CrawlDatum> fetch = new TreeMap<>();
    SortedMap<String, ParseData> data = new TreeMap<>();
    SortedMap<String, ParseText> text = new TreeMap<>();
    for (int i = 0; i < PAGES; i++) {
      fetch.put(
          url(i), IndexPages.fetch(i < 5 ? CrawlStatus.FETCH_GONE : CrawlStatus.FETCH_SUCCESS));
      data.put(url(i), new ParseData(ParseData.SUCCESS, "", "Page " + i));
      text.put(url(i), new ParseText("page " + i + " says " + word, "*page " + i + "* " + word));
    }
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.CRAWL_FETCH), CrawlDatum.class, fetch);
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.PARSE_DATA), ParseData.class, data);
    LocalJobFixtures.writeMapFile(
        conf, new Path(segment, Segment.PARSE_TEXT), ParseText.class, text);
    return segment;
  }

  private CommandRun index(Path segment, String... more) throws Exception {
    String[] args = {"index", index.toString(), crawlDb.toString(), segment.toString()};
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return CommandRun.run(conf, all);
  }

  private int hits(String query) throws Exception {
    CommandRun search =
        CommandRun.run(conf, "search", index.toString(), query, "-n", "100", "-json");
    return (int) search.out.lines().filter(l -> l.startsWith("{")).count();
  }

  /** A linkdb built from three rounds of links between the pages, each anchor naming its page. */
  private Path linkDb(String name, int maxGenerations) throws Exception {
    Path linkDb = new Path(crawlDb.getParent(), name);
    for (int round = 0; round < 3; round++) {
      SortedMap<String, ParseData> pages = new TreeMap<>();
      for (int i = round; i < PAGES; i += 3) {
        ParseData data = new ParseData(ParseData.SUCCESS, "", "Page " + i);
        for (int k = 1; k <= 4; k++) {
          data.getOutlinks()
              .add(new Outlink(url((i * 7 + k * 11) % PAGES), "from page " + i + " link " + k));
        }
        pages.put(url(i), data);
      }
      Path links = new Path(crawlDb.getParent(), "links/" + name + "/2024010" + (round + 1));
      LocalJobFixtures.writeMapFile(
          conf, new Path(links, Segment.PARSE_DATA), ParseData.class, pages);
      CommandRun run =
          CommandRun.run(
              conf,
              "invertlinks",
              linkDb.toString(),
              links.toString(),
              "-D",
              LinkDbKeys.MAX_GENERATIONS + "=" + maxGenerations,
              "-D",
              LinkDbKeys.MAX_GENERATION_RATIO + "=1e9");
      assertEquals(run.toString(), 0, run.exitCode);
    }
    return linkDb;
  }

  /** url → the anchors of its document in the installed index. */
  private Map<String, List<String>> anchors() throws IOException {
    return IndexDocuments.values(
        new File(VersionedDb.current(index).toUri().getPath()), IndexFields.ANCHOR);
  }

  @Test
  public void aLinkdbInGenerationsGivesTheAnchorsOfTheLinkdbMergedEveryTime() throws Exception {
    conf.setInt(LinkDbKeys.MAX_INLINKS, 3);
    conf.setInt(IndexerKeys.MAX_ANCHORS, 100);
    Path merged = linkDb("linkdb-merged", 0);
    Path generations = linkDb("linkdb-generations", 8);
    assertTrue(new File(generations.toUri().getPath(), "current/gen-000002").isDirectory());
    Path segment = segment("20240101000000", "apples");
    assertEquals(0, index(segment, "-linkdb", merged.toString()).exitCode);
    Map<String, List<String>> expected = anchors();
    assertTrue(
        "some pages reach the inlink cap: " + expected,
        expected.values().stream().anyMatch(a -> a.size() == 3));
    assertEquals(0, index(segment, "-linkdb", generations.toString()).exitCode);
    assertEquals(expected, anchors());
  }

  @Test
  public void reindexingReplacesDocumentsInTheSameShards() throws Exception {
    CommandRun first = index(segment("20240101000000", "apples"));
    assertEquals(first.err, 0, first.exitCode);
    assertTrue(first.out, first.out.contains("25 added, 0 deleted, 5 skipped"));
    assertEquals(2, IndexJob.shards(conf, index));
    assertEquals(25, hits("apples"));

    conf.setInt("mapreduce.job.reduces", 3); // the shards stay two: a URL keeps its shard
    CommandRun second = index(segment("20240102000000", "pears"), "-deleteGone");
    assertEquals(second.err, 0, second.exitCode);
    assertTrue(second.out, second.out.contains("25 added, 5 deleted, 0 skipped"));
    assertEquals(2, IndexJob.shards(conf, index));
    assertEquals(25, hits("pears"));
    assertEquals(0, hits("apples"));
  }

  @Test
  public void shardsStoredPlainAndWithLz4MixAndKeepTheirSnippets() throws Exception {
    conf.set(IndexerKeys.LUCENE_STORED_COMPRESSION, "lz4");
    assertEquals(0, index(segment("20240101000000", "apples")).exitCode);
    conf.set(IndexerKeys.LUCENE_STORED_COMPRESSION, "none");
    assertEquals(0, index(segment("20240102000000", "pears"), "-deleteGone").exitCode);
    CommandRun search = CommandRun.run(conf, "search", index.toString(), "page", "-n", "100");
    assertEquals(search.err, 0, search.exitCode);
    assertEquals(search.out, 25, search.out.lines().filter(l -> l.contains("[page]")).count());
    assertEquals(25, hits("pears"));
  }

  @Test
  public void anUnknownStoredCompressionIsOneLineAndExitTwoBeforeAnythingRuns() throws Exception {
    conf.set(IndexerKeys.LUCENE_STORED_COMPRESSION, "zstd");
    CommandRun run = index(segment("20240101000000", "apples"));
    assertEquals(run.err, 2, run.exitCode); // the settings check knows the key's values
    assertTrue(run.err, run.err.contains("not one of"));
    assertEquals(run.err, 1, run.errLines().length);
    assertTrue(run.err, run.err.contains(IndexerKeys.LUCENE_STORED_COMPRESSION));
  }

  @Test
  public void noCommitLeavesTheIndexAsItWas() throws Exception {
    assertEquals(0, index(segment("20240101000000", "apples")).exitCode);
    CommandRun second = index(segment("20240102000000", "pears"), "-noCommit");
    assertEquals(second.err, 0, second.exitCode);
    assertEquals(25, hits("apples"));
    assertEquals(0, hits("pears"));
  }

  @Test
  public void anUnknownWriterIsABadSettingInOneLineBeforeAnyJob() throws Exception {
    conf.set(IndexerKeys.WRITERS, "lucene, elastic");
    CommandRun run = index(segment("20240101000000", "apples"));
    assertEquals(2, run.exitCode);
    assertEquals(run.err, 1, run.errLines().length);
    assertTrue(run.err, run.err.contains("'elastic'") && run.err.contains("lucene"));
    assertFalse(new File(index.toUri().getPath()).exists());
  }

  @Test
  public void searchOnAMissingIndexSaysSo() throws Exception {
    CommandRun run = CommandRun.run(conf, "search", index.toString(), "apples");
    assertEquals(1, run.exitCode); // not found, as docs/cli.md says
    assertTrue(run.err, run.err.contains("no index at " + index));
  }

  /** The JSON objects of the jsonl files of the installed index version, in file order. */
  private List<JsonNode> jsonLines() throws IOException {
    File version = new File(VersionedDb.current(index).toUri().getPath());
    File[] files = version.listFiles(f -> f.getName().startsWith("documents-r-"));
    java.util.Arrays.sort(files);
    List<JsonNode> lines = new ArrayList<>();
    ObjectMapper json = new ObjectMapper();
    for (File f : files) {
      InputStream in = new FileInputStream(f);
      if (f.getName().endsWith(".gz")) {
        in = new GZIPInputStream(in);
      }
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          lines.add(json.readTree(line));
        }
      }
    }
    return lines;
  }

  private static Map<String, String> byAction(List<JsonNode> lines, String action, String field) {
    Map<String, String> ids = new TreeMap<>();
    for (JsonNode line : lines) {
      if (line.path("action").asText().equals(action)) {
        ids.put(line.path("id").asText(), line.path(field).asText());
      }
    }
    return ids;
  }

  @Test
  public void jsonLinesHoldTheLuceneIndexDocumentsAndItsDeletes() throws Exception {
    conf.set(IndexerKeys.WRITERS, "jsonl,lucene");
    assertEquals(0, index(segment("20240101000000", "apples")).exitCode);
    File version = new File(VersionedDb.current(index).toUri().getPath());
    Map<String, String> luceneTitles = new TreeMap<>();
    IndexDocuments.values(version, IndexFields.TITLE)
        .forEach((url, titles) -> luceneTitles.put(url, titles.get(0)));
    List<JsonNode> lines = jsonLines();
    assertEquals(25, luceneTitles.size());
    assertEquals(luceneTitles, byAction(lines, "add", IndexFields.TITLE));
    assertEquals(
        IndexDocuments.values(version, IndexFields.CONTENT).get(url(7)).get(0),
        byAction(lines, "add", IndexFields.CONTENT).get(url(7)));
    assertEquals("*page 7* apples", byAction(lines, "add", IndexFields.MARKDOWN).get(url(7)));
    assertEquals(
        List.of("*page 7* apples"),
        IndexDocuments.values(version, IndexFields.MARKDOWN).get(url(7)));
    assertEquals(Map.of(), byAction(lines, "delete", "id"));
    assertEquals(2, version.listFiles(f -> f.getName().endsWith(".jsonl")).length);
    assertEquals(2, IndexJob.shards(conf, index));

    CommandRun second = index(segment("20240102000000", "pears"), "-deleteGone");
    assertEquals(second.err, 0, second.exitCode);
    lines = jsonLines();
    Set<String> gone = new TreeSet<>();
    for (int i = 0; i < 5; i++) {
      gone.add(url(i));
    }
    assertEquals(gone, byAction(lines, "delete", "id").keySet());
    assertEquals(luceneTitles.keySet(), byAction(lines, "add", "id").keySet());
    File newVersion = new File(VersionedDb.current(index).toUri().getPath());
    assertEquals(
        byAction(lines, "add", "id").keySet(),
        IndexDocuments.values(newVersion, IndexFields.URL).keySet());
  }

  @Test
  public void jsonLinesGzippedAndNotCommitted() throws Exception {
    conf.set(IndexerKeys.WRITERS, "jsonl");
    conf.setBoolean(IndexerKeys.JSONL_GZIP, true);
    assertEquals(0, index(segment("20240101000000", "apples")).exitCode);
    File version = new File(VersionedDb.current(index).toUri().getPath());
    assertEquals(2, version.listFiles(f -> f.getName().endsWith(".jsonl.gz")).length);
    List<JsonNode> lines = jsonLines();
    assertEquals(25, lines.size());
    assertTrue(lines.get(0).path("content").asText().endsWith("apples"));

    assertEquals(0, index(segment("20240102000000", "pears"), "-noCommit").exitCode);
    File uncommitted = new File(VersionedDb.current(index).toUri().getPath());
    assertEquals(0, uncommitted.listFiles(f -> f.getName().startsWith("documents-")).length);
  }
}
