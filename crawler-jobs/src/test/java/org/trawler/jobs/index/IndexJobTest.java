package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

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
      text.put(url(i), new ParseText("page " + i + " says " + word));
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
  public void anUnknownStoredCompressionIsOneLineAndExitThree() throws Exception {
    conf.set(IndexerKeys.LUCENE_STORED_COMPRESSION, "zstd");
    CommandRun run = index(segment("20240101000000", "apples"));
    assertEquals(3, run.exitCode);
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
    assertEquals(3, run.exitCode);
    assertTrue(run.err, run.err.contains("no index at " + index));
  }
}
