package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiBits;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.util.Bits;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.index.IndexShards;

/**
 * kill -9 of the index job at any moment leaves the previous index or the new one, complete and
 * searchable, never a mix; the next run (with -force when the dead job's lock is there, which the
 * refusal names) succeeds and leaves no temporary directory. The same kill points as {@link
 * CrashSafetyTest}: lock taken, job running, job output committed, 90% of an unkilled run.
 */
public class IndexCrashSafetyTest {
  private static final int URLS = 2000;

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration conf;
  private static ChildCommand child;
  private static File template;

  @BeforeClass
  public static void setUp() throws Exception {
    LoggerFactory.getLogger(IndexCrashSafetyTest.class).info("index crash safety tests");
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("mapreduce.framework.name", "local");
    settings.put("fs.defaultFS", "file:///");
    settings.put("urlnormalizer.order", "");
    settings.put("urlfilter.order", "");
    settings.put("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    conf = LocalJobFixtures.localConf();
    settings.forEach(conf::set);
    child = new ChildCommand(tmp.getRoot(), settings);

    // A crawl indexed once; a second segment fetched the same pages again with new text.
    template = tmp.newFolder("crawl");
    CrawlData.crawlDb(conf, path(template, "crawldb"), URLS, CrawlStatus.DB_FETCHED);
    String[] parts = {Segment.CRAWL_FETCH, Segment.CONTENT, Segment.PARSE_DATA, Segment.PARSE_TEXT};
    CrawlData.segmentWith(conf, path(template, "segments/20240101000000"), URLS, parts);
    CommandRun first =
        CommandRun.run(
            conf,
            "index",
            path(template, "index").toString(),
            path(template, "crawldb").toString(),
            path(template, "segments/20240101000000").toString());
    assertEquals(first.err, 0, first.exitCode);
    Path second = path(template, "segments/20240102000000");
    CrawlData.segmentWith(conf, second, URLS, Segment.CRAWL_FETCH, Segment.PARSE_DATA);
    SortedMap<String, ParseText> texts = new TreeMap<>();
    for (int i = 0; i < URLS; i++) {
      texts.put(CrawlData.url(i), new ParseText("changed text of page " + i));
    }
    LocalJobFixtures.writeMapFile(
        conf, new Path(second, Segment.PARSE_TEXT), ParseText.class, texts);
  }

  private static Path path(File crawl, String child) {
    return new Path(new File(crawl, child).getPath());
  }

  private static String[] command(File crawl) {
    return new String[] {
      "index",
      path(crawl, "index").toString(),
      path(crawl, "crawldb").toString(),
      path(crawl, "segments/20240102000000").toString()
    };
  }

  /** Every document of the installed index: id → content; fails if it cannot be searched. */
  private static Map<String, String> documents(File crawl) throws Exception {
    Map<String, String> docs = new TreeMap<>();
    try (IndexShards shards = IndexShards.open(conf, path(crawl, "index"))) {
      IndexReader reader = shards.reader();
      Bits live = MultiBits.getLiveDocs(reader);
      StoredFields stored = reader.storedFields();
      for (int i = 0; i < reader.maxDoc(); i++) {
        if (live == null || live.get(i)) {
          Document d = stored.document(i);
          docs.put(d.get("id"), d.get("content"));
        }
      }
    }
    return docs;
  }

  private record KillPoint(String name, BooleanSupplier moment, long delayMillis) {}

  @Test
  public void indexKilledAtAnyMomentLeavesTheOldOrTheNewIndexSearchable() throws Exception {
    Map<String, String> before = documents(template);
    assertEquals(URLS, before.size());

    File measured = copy(template, "measured");
    long start = System.nanoTime();
    int exit = ChildCommand.waitFor(child.start(command(measured)));
    long millis = (System.nanoTime() - start) / 1_000_000L;
    assertEquals(child.lastLog(), 0, exit);
    Map<String, String> after = documents(measured);
    assertNotEquals("the run must change the index for the test to mean anything", before, after);
    assertEquals(URLS, after.size());

    List<String> outcomes = new ArrayList<>();
    int killedMidRun = 0;
    String[] names = {"lock taken", "job running", "job output committed", "at 90%"};
    for (String name : names) {
      File work = copy(template, name.replaceAll("\\W+", "-"));
      File indexDir = new File(work, "index");
      long startKill = System.nanoTime();
      KillPoint point =
          switch (name) {
            case "lock taken" ->
                new KillPoint(name, () -> new File(indexDir, VersionedDb.LOCK).exists(), 0);
            case "job running" -> new KillPoint(name, () -> tempDirs(indexDir).length > 0, 30);
            case "job output committed" ->
                new KillPoint(
                    name,
                    () ->
                        Stream.of(tempDirs(indexDir))
                            .anyMatch(d -> new File(d, "_SUCCESS").exists()),
                    0);
            default ->
                new KillPoint(name, () -> System.nanoTime() - startKill > millis * 900_000L, 0);
          };
      Process p = child.start(command(work));
      boolean killed = ChildCommand.killWhen(p, point.moment(), point.delayMillis());
      killedMidRun += killed ? 1 : 0;
      String where = "killed " + name + (killed ? "" : " (had already ended)");

      Map<String, String> state = documents(work);
      assertTrue(
          where + ": the index is neither the old nor the new version",
          state.equals(before) || state.equals(after));
      outcomes.add(name + " → " + (state.equals(after) ? "new" : "old"));

      rerun(work, where);
      assertEquals(where + ": the rerun completes the work", after, documents(work));
    }
    LoggerFactory.getLogger(IndexCrashSafetyTest.class)
        .info("index ran {} ms; kills: {}", millis, outcomes);
    assertTrue("no kill landed while the command ran: " + outcomes, killedMidRun >= 2);
  }

  /** The next run: refused while the dead job's lock is there, naming it; then with -force. */
  private static void rerun(File work, String where) throws Exception {
    String[] command = command(work);
    File lock = new File(new File(work, "index"), VersionedDb.LOCK);
    if (lock.exists()) {
      CommandRun refused = CommandRun.run(conf, command);
      assertEquals(where + ": " + refused.err, 3, refused.exitCode);
      assertTrue(where + ": " + refused.err, refused.err.contains(lock.getPath()));
      assertTrue(where + ": " + refused.err, refused.err.contains("-force"));
      command = java.util.Arrays.copyOf(command, command.length + 1);
      command[command.length - 1] = "-force";
    }
    CommandRun next = CommandRun.run(conf, command);
    assertEquals(where + ": the next run succeeds: " + next.err, 0, next.exitCode);
    assertFalse(where + ": lock released", lock.exists());
    assertEquals(where + ": no temporary directory left", 0, tempDirs(lock.getParentFile()).length);
  }

  private static File[] tempDirs(File db) {
    File[] dirs = db.listFiles((d, name) -> name.startsWith(".tmp-") && !name.contains("probe"));
    return dirs == null ? new File[0] : dirs;
  }

  private static File copy(File from, String name) throws IOException {
    File to = new File(tmp.getRoot(), "runs/" + name);
    return CrawlData.copy(from, to);
  }
}
