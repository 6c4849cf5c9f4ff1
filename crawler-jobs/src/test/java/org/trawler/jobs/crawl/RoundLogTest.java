package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.parse.ParseNote;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.LocalJobFixtures;

public class RoundLogTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theTrapReasonsThatOccurredAreTheRoundsHeldBack() {
    Map<String, Long> counters =
        Map.of(
            JobCounter.resultKey(ParseNote.GROUP, "repeating_path"), 4L,
            JobCounter.resultKey(ParseNote.GROUP, "url_too_long"), 1L,
            JobCounter.resultKey(ParseNote.GROUP, "path_too_deep"), 0L,
            JobCounter.resultKey(ParseNote.GROUP, "lang_mixed"), 7L);
    assertEquals(
        List.of(Map.entry("url_too_long", 1L), Map.entry("repeating_path", 4L)),
        List.copyOf(RoundLog.heldBack(counters).entrySet()));
  }

  @Test
  public void aTornLastLineIsSkippedByTheReaderAndDroppedByTheNextAppend() throws Exception {
    File dir = tmp.newFolder("crawl");
    File rounds = new File(dir, RoundLog.ROUNDS_FILE);
    Files.writeString(rounds.toPath(), "{\"round\":1}\n{\"round\":2,\"fetched\":{\"ok\"");
    Path file = new Path(rounds.getPath());
    List<JsonNode> read = RoundLog.read(LocalJobFixtures.localConf(), file);
    assertEquals(1, read.size());
    assertEquals(1, read.get(0).path("round").asInt());

    RoundLog log = new RoundLog(LocalJobFixtures.localConf(), new Path(dir.getPath()));
    log.running(2, 3, CrawlRound.FETCH);
    assertEquals(
        "fetch",
        RoundLog.readRun(LocalJobFixtures.localConf(), new Path(dir.getPath()))
            .path("phase")
            .asText());
    log.finished(2, 3);
    assertEquals(
        "finished",
        RoundLog.readRun(LocalJobFixtures.localConf(), new Path(dir.getPath()))
            .path("state")
            .asText());
    for (String name : dir.list()) {
      assertFalse("a temporary file left behind: " + name, name.contains(".tmp"));
    }
  }

  @Test
  public void aRerunNumbersItsRoundsOnFromTheLastRecordedOne() throws Exception {
    File dir = tmp.newFolder("crawl");
    RoundLog log = new RoundLog(LocalJobFixtures.localConf(), new Path(dir.getPath()));
    assertEquals(0, log.lastRound());
    Files.writeString(
        new File(dir, RoundLog.ROUNDS_FILE).toPath(), "{\"round\":1}\n{\"round\":2}\n");
    assertEquals(2, log.lastRound());
  }

  @Test
  public void aStoppedRunSaysSoAndNamesTheSegmentItNeverFetched() throws Exception {
    File dir = tmp.newFolder("crawl");
    Path root = new Path(dir.getPath());
    RoundLog log = new RoundLog(LocalJobFixtures.localConf(), root);
    File segment = new File(dir, "segments/20261129010000");
    assertTrue(new File(segment, "crawl_generate").mkdirs());
    log.running(3, 4, CrawlRound.FETCH, new Path(segment.getPath()));
    assertNull("a running crawl's segment is its own", log.unfetchedSegmentOfStoppedRun());
    log.stopped();
    JsonNode run = RoundLog.readRun(LocalJobFixtures.localConf(), root);
    assertEquals("stopped", run.path("state").asText());
    assertEquals(3, run.path("round").asInt());
    assertEquals("fetch", run.path("phase").asText());
    assertEquals(segment.getName(), log.unfetchedSegmentOfStoppedRun().getName());
    assertTrue(new File(segment, "crawl_fetch").mkdirs());
    assertNull("a fetched segment is kept", log.unfetchedSegmentOfStoppedRun());

    log.finished(3, 4);
    log.stopped();
    assertEquals(
        "finished", RoundLog.readRun(LocalJobFixtures.localConf(), root).path("state").asText());
  }

  @Test
  public void aFileWrittenWithAChecksumIsReplacedAndReadsBackWithoutOne() throws Exception {
    File dir = tmp.newFolder("crawl");
    Path root = new Path(dir.getPath());
    FileSystem fs = root.getFileSystem(LocalJobFixtures.localConf());
    try (var out = fs.create(new Path(root, RoundLog.RUN_FILE))) {
      out.write("{\"state\":\"running\",\"phase\":\"generate\"}\n".getBytes());
    }
    assertTrue(new File(dir, "." + RoundLog.RUN_FILE + ".crc").exists());
    new RoundLog(LocalJobFixtures.localConf(), root).running(1, 3, CrawlRound.UPDATEDB);
    assertEquals(
        "updatedb", RoundLog.readRun(LocalJobFixtures.localConf(), root).path("phase").asText());
    assertEquals(List.of(RoundLog.RUN_FILE), List.of(dir.list()));
  }

  @Test
  public void outcomesCountRefreshRedirectsAsRedirects() {
    long[] o =
        RoundLog.outcomes(
            Map.of(
                "fetcher/fetch_success",
                10L,
                "fetcher/fetch_gone",
                2L,
                "parse/refresh_redirects",
                1L));
    assertEquals(9, o[0]);
    assertEquals(1, o[1]);
    assertEquals(2, o[2]);
  }
}
