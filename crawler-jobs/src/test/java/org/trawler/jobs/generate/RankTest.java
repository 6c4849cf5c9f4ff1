package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class RankTest {

  private static Rank rank(GenerateOrder order, String url, float score, int depth) {
    CrawlDatum d = Datums.due(0, score, depth);
    return new Rank(order.rankDepth(d), d.getScore(), url);
  }

  private static List<String> sortedUrls(List<Rank> ranks) {
    List<Rank> copy = new ArrayList<>(ranks);
    Collections.sort(copy);
    List<String> urls = new ArrayList<>();
    for (Rank r : copy) {
      urls.add(r.url().toString());
    }
    return urls;
  }

  @Test
  public void scoreOrderPutsTheBestScoreFirstWhateverTheDepth() {
    List<Rank> ranks =
        Arrays.asList(
            rank(GenerateOrder.SCORE, "http://a/low", 0.5f, 0),
            rank(GenerateOrder.SCORE, "http://a/deep-best", 3f, 7),
            rank(GenerateOrder.SCORE, "http://a/mid", 1f, 1));
    assertEquals(
        Arrays.asList("http://a/deep-best", "http://a/mid", "http://a/low"), sortedUrls(ranks));
  }

  @Test
  public void depthOrderPutsLowerDepthFirstThenBetterScore() {
    List<Rank> ranks =
        Arrays.asList(
            rank(GenerateOrder.DEPTH, "http://a/d1-low", 0.5f, 1),
            rank(GenerateOrder.DEPTH, "http://a/d2-best", 9f, 2),
            rank(GenerateOrder.DEPTH, "http://a/d1-high", 2f, 1),
            rank(GenerateOrder.DEPTH, "http://a/seed", 0.1f, 0));
    assertEquals(
        Arrays.asList("http://a/seed", "http://a/d1-high", "http://a/d1-low", "http://a/d2-best"),
        sortedUrls(ranks));
  }

  @Test
  public void equalScoresAreOrderedByUrl() {
    List<Rank> ranks =
        Arrays.asList(
            rank(GenerateOrder.SCORE, "http://b/", 1f, 0),
            rank(GenerateOrder.SCORE, "http://a/", 1f, 0),
            rank(GenerateOrder.SCORE, "http://c/", 1f, 0));
    assertEquals(Arrays.asList("http://a/", "http://b/", "http://c/"), sortedUrls(ranks));
  }

  @Test
  public void newUrlsFirstSeenInAFeedComeBeforeOthersOfTheSameScoreNewestFirst() {
    CrawlDatum page = Datums.due(0, 1f, 1);
    CrawlDatum older = Datums.due(0, 1f, 1);
    older.putMeta(MetadataKeys.FEED_ITEM, 1_000L);
    CrawlDatum newer = Datums.due(0, 1f, 1);
    newer.putMeta(MetadataKeys.FEED_ITEM, 2_000L);
    CrawlDatum better = Datums.due(0, 2f, 1);
    List<Rank> ranks =
        Arrays.asList(
            new Rank(0, 1f, Rank.newsOf(page), "http://a/a-page"),
            new Rank(0, 1f, Rank.newsOf(older), "http://a/older-news"),
            new Rank(0, 1f, Rank.newsOf(newer), "http://a/newer-news"),
            new Rank(0, 2f, Rank.newsOf(better), "http://a/better-score"));
    assertEquals(
        Arrays.asList(
            "http://a/better-score",
            "http://a/newer-news",
            "http://a/older-news",
            "http://a/a-page"),
        sortedUrls(ranks));
  }

  @Test
  public void onlyUnfetchedUrlsRankAsNews() {
    CrawlDatum fetched = Datums.due(0, 1f, 1);
    fetched.setStatus(CrawlStatus.DB_FETCHED);
    fetched.putMeta(MetadataKeys.FEED_ITEM, 2_000L);
    assertEquals(0, Rank.newsOf(fetched));
    fetched.setStatus(CrawlStatus.DB_UNFETCHED);
    assertEquals(2_000L, Rank.newsOf(fetched));
  }

  @Test
  public void nanScoreRanksLast() {
    List<Rank> ranks =
        Arrays.asList(
            rank(GenerateOrder.SCORE, "http://a/nan", Float.NaN, 0),
            rank(GenerateOrder.SCORE, "http://a/low", -5f, 0));
    assertEquals(Arrays.asList("http://a/low", "http://a/nan"), sortedUrls(ranks));
  }

  @Test
  public void serializedComparisonAgreesWithObjectComparison() throws IOException {
    List<Rank> ranks =
        Arrays.asList(
            new Rank(0, 1f, "http://a/"),
            new Rank(0, 1f, "http://a/b"),
            new Rank(0, 2f, "http://z/"),
            new Rank(1, 5f, "http://a/"),
            new Rank(0, -1f, "http://\u00e9t\u00e9/"),
            new Rank(0, 0f, "http://a/"),
            new Rank(0, -0f, "http://a/"),
            new Rank(3, Float.NaN, "http://n/"),
            new Rank(0, 1f, 5L, "http://a/"),
            new Rank(0, 1f, 7L, "http://z/"),
            new Rank(0, 2f, 7L, "http://a/b"));
    assertAgrees(ranks);
  }

  @Test
  public void fetchSlotsOrderBySlotThenRank() throws IOException {
    List<FetchSlot> slots =
        Arrays.asList(
            new FetchSlot(1, new Rank(0, 9f, "http://a/2")),
                new FetchSlot(0, new Rank(0, 1f, "http://b/1")),
            new FetchSlot(0, new Rank(0, 5f, "http://a/1")),
                new FetchSlot(1, new Rank(0, 0.5f, "http://b/2")));
    List<FetchSlot> sorted = new ArrayList<>(slots);
    Collections.sort(sorted);
    List<String> urls = new ArrayList<>();
    for (FetchSlot s : sorted) {
      urls.add(s.rank().url().toString());
    }
    assertEquals(Arrays.asList("http://a/1", "http://b/1", "http://a/2", "http://b/2"), urls);
    assertAgrees(slots);
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void assertAgrees(List<? extends WritableComparable> keys) throws IOException {
    WritableComparator raw = WritableComparator.get(keys.get(0).getClass());
    for (WritableComparable a : keys) {
      for (WritableComparable b : keys) {
        DataOutputBuffer ba = new DataOutputBuffer();
        a.write(ba);
        DataOutputBuffer bb = new DataOutputBuffer();
        b.write(bb);
        int bytes = raw.compare(ba.getData(), 0, ba.getLength(), bb.getData(), 0, bb.getLength());
        int objects = a.compareTo(b);
        assertTrue(a + " vs " + b, Integer.signum(bytes) == Integer.signum(objects));
      }
    }
  }
}
