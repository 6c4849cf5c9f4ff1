package org.trawler.jobs.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class DuplicateChoiceTest {

  private static CrawlDatum datum(CrawlStatus status, byte[] signature) {
    CrawlDatum d = new CrawlDatum(status, 3600, 1f);
    d.setSignature(signature);
    return d;
  }

  @Test
  public void onlyFetchedOrNotModifiedPagesWithASignatureAreCompared() {
    byte[] sig = {1, 2};
    assertTrue(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_FETCHED, sig)));
    assertTrue(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_NOTMODIFIED, sig)));
    assertFalse(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_FETCHED, null)));
    assertFalse(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_UNFETCHED, sig)));
    assertFalse(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_GONE, sig)));
    assertFalse(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_DUPLICATE, sig)));
    CrawlDatum markedBefore = datum(CrawlStatus.DB_DUPLICATE, sig);
    markedBefore.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept.example/");
    assertTrue("an earlier mark is judged again", DuplicateChoice.isCandidate(markedBefore));
    assertFalse(DuplicateChoice.isCandidate(datum(CrawlStatus.DB_REDIR_PERM, sig)));
  }

  @Test
  public void theHighestScoreIsKeptWhateverTheUrl() {
    assertTrue(
        DuplicateChoice.compare("http://a.example/a/very/long/path", 2f, "http://a.example/", 1f)
            < 0);
    assertTrue(
        DuplicateChoice.compare("http://a.example/", 1f, "http://a.example/a/very/long/path", 2f)
            > 0);
  }

  @Test
  public void onEqualScoresTheShortestUrlIsKept() {
    assertTrue(
        DuplicateChoice.compare("http://b.example/", 1f, "http://a.example/index.html", 1f) < 0);
  }

  @Test
  public void onEqualScoresAndLengthsTheSmallestUrlIsKept() {
    assertTrue(DuplicateChoice.compare("http://a.example/x", 1f, "http://b.example/x", 1f) < 0);
    assertEquals(0, DuplicateChoice.compare("http://a.example/x", 1f, "http://a.example/x", 1f));
  }

  @Test
  public void aNaNScoreIsNeverPreferred() {
    assertTrue(
        DuplicateChoice.compare("http://a.example/long-url", 0f, "http://a/", Float.NaN) < 0);
  }

  @Test
  public void theKeeperIsTheSameWhateverTheOrder() {
    List<DedupCandidate> pages = new ArrayList<>();
    pages.add(candidate("http://c.example/", 1f));
    pages.add(candidate("http://a.example/long", 3f));
    pages.add(candidate("http://b.example/", 3f));
    pages.add(candidate("http://a.example/", 3f));
    for (long seed = 0; seed < 5; seed++) {
      Collections.shuffle(pages, new java.util.Random(seed));
      DedupCandidate kept = pages.get(0);
      for (DedupCandidate c : pages) {
        if (DuplicateChoice.compare(c, kept) < 0) {
          kept = c;
        }
      }
      assertEquals("http://a.example/", kept.getUrl());
    }
  }

  @Test
  public void aMarkedDuplicateKeepsEverythingButTheStatus() {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, new byte[] {7});
    entry.setFetchTime(1234L);
    entry.putMeta(new org.apache.hadoop.io.Text("k"), "v");
    CrawlDatum marked = DuplicateChoice.markedDuplicate(entry);
    assertEquals(CrawlStatus.DB_DUPLICATE, marked.getStatus());
    marked.setStatus(CrawlStatus.DB_FETCHED);
    assertEquals(entry, marked);
  }

  @Test
  public void aPageThatNamesAnotherCanonicalYieldsWhateverItsScore() {
    DedupCandidate copy = candidate("http://b.example/", 9f);
    copy.getDatum().putMeta(MetadataKeys.CANONICAL, "http://a.example/original");
    DedupCandidate original = candidate("http://a.example/original", 1f);
    assertTrue(DuplicateChoice.compare(original, copy) < 0);
    assertTrue(DuplicateChoice.compare(copy, original) > 0);
    DedupCandidate otherCopy = candidate("http://c.example/", 2f);
    otherCopy.getDatum().putMeta(MetadataKeys.CANONICAL, "http://a.example/original");
    assertTrue("two copies: the score decides", DuplicateChoice.compare(copy, otherCopy) < 0);
  }

  @Test
  public void aPageNearABetterOneBecomesItsDuplicate() {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, new byte[] {7});
    DuplicateChoice.Merged merged =
        DuplicateChoice.merge(entry, candidate("http://kept.example/", 2f), true);
    assertEquals(DuplicateChoice.Outcome.MARKED, merged.outcome());
    assertEquals(CrawlStatus.DB_DUPLICATE, merged.entry().getStatus());
    assertEquals("http://kept.example/", merged.entry().getMetaString(MetadataKeys.DUPLICATE_OF));
    assertEquals("near", merged.entry().getMetaString(MetadataKeys.DUPLICATE_KIND));
    assertEquals(DuplicateKind.NEAR, DuplicateKind.of(merged.entry()));
    assertEquals(1, merged.entry().getMetaInt(MetadataKeys.DUPLICATE_NEW, 0));
    assertEquals(
        "marked again: the index deleted it already",
        0,
        DuplicateChoice.merge(merged.entry(), candidate("http://kept.example/", 2f), true)
            .entry()
            .getMetaInt(MetadataKeys.DUPLICATE_NEW, 0));
    assertEquals(CrawlStatus.DB_FETCHED, entry.getStatus());
  }

  @Test
  public void aCopyWithTheKeptPagesSignatureIsAnExactDuplicate() {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, new byte[] {7});
    CrawlDatum kept = DuplicateChoice.exactRanking(datum(CrawlStatus.DB_FETCHED, new byte[] {7}));
    DuplicateChoice.Merged merged =
        DuplicateChoice.merge(entry, new DedupCandidate("http://kept.example/", kept), true);
    assertEquals(CrawlStatus.DB_DUPLICATE, merged.entry().getStatus());
    assertEquals("exact", merged.entry().getMetaString(MetadataKeys.DUPLICATE_KIND));
    assertEquals(DuplicateKind.EXACT, DuplicateKind.of(merged.entry()));
    CrawlDatum lifted = DuplicateChoice.merge(merged.entry(), null, true).entry();
    assertEquals(null, lifted.getMetaString(MetadataKeys.DUPLICATE_KIND));
    assertEquals(null, DuplicateKind.of(lifted));
  }

  @Test
  public void anEarlierNearMarkWithNoBetterPageNearIsLifted() {
    CrawlDatum entry = datum(CrawlStatus.DB_DUPLICATE, new byte[] {7});
    entry.putMeta(MetadataKeys.DUPLICATE_OF, "http://gone.example/");
    DuplicateChoice.Merged merged = DuplicateChoice.merge(entry, null, true);
    assertEquals(DuplicateChoice.Outcome.UNMARKED, merged.outcome());
    assertEquals(CrawlStatus.DB_FETCHED, merged.entry().getStatus());
    assertEquals(null, merged.entry().getMetaString(MetadataKeys.DUPLICATE_OF));
    assertEquals(
        "without a near step the mark stays",
        entry,
        DuplicateChoice.merge(entry, null, false).entry());
  }

  @Test
  public void anExactMarkAloneAndAPlainEntryStayAsTheyAre() {
    CrawlDatum exact = datum(CrawlStatus.DB_DUPLICATE, new byte[] {7});
    assertEquals(DuplicateChoice.Outcome.NONE, DuplicateChoice.merge(exact, null, true).outcome());
    assertEquals(exact, DuplicateChoice.merge(exact, null, true).entry());
    CrawlDatum fetched = datum(CrawlStatus.DB_FETCHED, new byte[] {7});
    assertEquals(fetched, DuplicateChoice.merge(fetched, null, true).entry());
  }

  @Test
  public void nearCandidatesHaveAFingerprint() {
    CrawlDatum fetched = datum(CrawlStatus.DB_FETCHED, new byte[] {7});
    assertFalse(DuplicateChoice.isNearCandidate(fetched));
    fetched.putMeta(MetadataKeys.FINGERPRINT, 42L);
    assertTrue(DuplicateChoice.isNearCandidate(fetched));
    CrawlDatum oldMark = datum(CrawlStatus.DB_DUPLICATE, new byte[] {7});
    oldMark.putMeta(MetadataKeys.FINGERPRINT, 42L);
    assertFalse(DuplicateChoice.isNearCandidate(oldMark));
    oldMark.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept.example/");
    assertTrue("an earlier mark is judged again", DuplicateChoice.isNearCandidate(oldMark));
    CrawlDatum ranking = DuplicateChoice.ranking(fetched);
    assertEquals(42L, DuplicateChoice.fingerprint(ranking));
    assertEquals(1, ranking.getMetadata().size());
    assertTrue(
        DuplicateChoice.ranking(datum(CrawlStatus.DB_FETCHED, null)).getMetadata().isEmpty());
  }

  private static DedupCandidate candidate(String url, float score) {
    CrawlDatum d = datum(CrawlStatus.DB_FETCHED, new byte[] {1});
    d.setScore(score);
    return new DedupCandidate(url, d);
  }
}
