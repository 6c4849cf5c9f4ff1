package org.trawler.jobs.crawl;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.Test;
import org.trawler.jobs.dedup.DeduplicationJob;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.index.IndexJob;
import org.trawler.jobs.update.UpdateDb;

/** The round line says why a fetched page was not indexed. */
public class RoundLineTest {

  private static CrawlRound.Result round(Map<String, Long> counters, IndexJob.Result indexed) {
    return round(counters, null, indexed);
  }

  private static CrawlRound.Result round(
      Map<String, Long> counters, DeduplicationJob.Result deduped, IndexJob.Result indexed) {
    return new CrawlRound.Result(
        1,
        new Path("crawl/segments/20240101000000"),
        new Generator.Result(new Path("crawl/segments/20240101000000"), 45, 45, 1, ""),
        new UpdateDb.Result(1, 50, 5, Map.of("db_unfetched", 5L)),
        Map.of("fetch", 1.0),
        counters,
        deduped,
        indexed,
        1.0);
  }

  @Test
  public void parseAndIndexSkipsAreNamedWithTheirReasons() {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("fetcher/fetch_success", 45L);
    counters.put("parse/success", 44L);
    counters.put("parse/notparsed", 1L);
    counters.put("parse_reasons/unsupported_type", 1L);
    String line =
        round(counters, new IndexJob.Result(44, 0, 1, Map.of("skipped_not_parsed", 1L))).summary();
    assertTrue(
        line,
        line.contains(
            "crawldb 50 (unfetched 5); notparsed 1, parse_failed 0 (unsupported_type 1);"
                + " indexed 44, deleted 0, skipped 1 (skipped_not_parsed 1); 1.0 s (fetch 1.0)"));
  }

  @Test
  public void aRoundWhereEveryPageParsedAndWasIndexedSaysNothingMore() {
    String line =
        round(
                Map.of("fetcher/fetch_success", 45L, "parse/success", 45L),
                new IndexJob.Result(45, 0, 0, Map.of()))
            .summary();
    assertTrue(line, line.contains("crawldb 50 (unfetched 5); indexed 45, deleted 0; 1.0 s"));
  }

  @Test
  public void aFetchStoppedEarlySaysHowManyUrlsItLeftAndWhy() {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("fetcher/fetch_success", 12L);
    counters.put("fetcher/fetch_gone", 1L);
    counters.put("fetcher/hit_by_timelimit", 32L);
    counters.put("parse/success", 12L);
    CrawlRound.Result r = round(counters, null);
    String line = r.summary();
    assertTrue(
        line,
        line.contains(
            "fetched ok 12, redirect 0, gone 1, retry 0, notmodified 0, hit_by_timelimit 32; new 5;"));
    assertEquals(13, r.fetchedUrls());
    assertEquals(32, r.haltedUrls());
    assertEquals("32 URLs not fetched (hit_by_timelimit)", r.notFetched());
  }

  @Test
  public void urlsLeftForSeveralCausesAreCountedPerCause() {
    Map<String, Long> counters = new LinkedHashMap<>();
    counters.put("fetcher/fetch_success", 3L);
    counters.put("fetcher/hit_by_timelimit", 20L);
    counters.put("fetcher/write_failed", 7L);
    CrawlRound.Result r = round(counters, null);
    assertTrue(
        r.summary(),
        r.summary().contains("notmodified 0, hit_by_timelimit 20, write_failed 7; new 5;"));
    assertEquals(27, r.haltedUrls());
    assertEquals("27 URLs not fetched (hit_by_timelimit 20, write_failed 7)", r.notFetched());
  }

  @Test
  public void aFetchThatRanToTheEndLeftNoUrls() {
    CrawlRound.Result r = round(Map.of("fetcher/fetch_success", 45L), null);
    assertEquals(0, r.haltedUrls());
    assertEquals("", r.notFetched());
  }

  @Test
  public void aRoundThatMarkedDuplicatesSaysHowManyInItsLineAndRecord() {
    CrawlRound.Result r =
        round(
            Map.of("fetcher/fetch_success", 45L),
            new DeduplicationJob.Result(
                40, 2, 3, 38, 5, 7, 1, 0, Map.of("db_duplicate", 7L, "db_unfetched", 5L)),
            new IndexJob.Result(38, 7, 0, Map.of()));
    assertTrue(
        r.summary(),
        r.summary()
            .contains(
                "crawldb 50 (unfetched 5); duplicates 7, un-marked 1; indexed 38, deleted 7;"));
    JsonNode dedup = RoundLog.record(r, 0).get("dedup");
    assertEquals(7, dedup.get("duplicates").asLong());
    assertEquals(2, dedup.get("exact").asLong());
    assertEquals(5, dedup.get("nearPairs").asLong());
    assertEquals(1, dedup.get("unmarked").asLong());
    // the crawldb as dedup left it, not as updatedb did
    assertEquals(7, RoundLog.record(r, 0).get("crawldb").get("db_duplicate").asLong());
  }

  @Test
  public void aRoundWithoutDedupNamesNoDuplicates() {
    CrawlRound.Result r = round(Map.of("fetcher/fetch_success", 45L), null);
    assertTrue(r.summary(), !r.summary().contains("duplicates"));
    assertTrue(RoundLog.record(r, 0).get("dedup") == null);
  }
}
