package org.trawler.jobs.dedup;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** dedup's near-duplicate mappers and reducers under MRUnit. */
public class NearDedupMapReduceTest {

  private static final byte[] SIG = {1, 2, 3};

  private static CrawlDatum datum(CrawlStatus status, Long fingerprint, float score) {
    CrawlDatum d = new CrawlDatum(status, 3600, score);
    d.setSignature(SIG);
    d.setFetchTime(1000L);
    if (fingerprint != null) {
      d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    }
    return d;
  }

  private static DedupCandidate ranked(String url, long fingerprint, float score) {
    return new DedupCandidate(
        url, DuplicateChoice.ranking(datum(CrawlStatus.DB_FETCHED, fingerprint, score)));
  }

  private static DedupCandidate exact(String url, CrawlDatum d) {
    return new DedupCandidate(url, DuplicateChoice.exactRanking(d));
  }

  private static BytesWritable bucket(int band, long bits) {
    return new BytesWritable(
        DeduplicationJob.bucketKey(new byte[DeduplicationJob.BUCKET_KEY_LENGTH], band, bits));
  }

  private static String counter(NearDuplicateCounter c) {
    return c.counterName();
  }

  @Test
  public void bandMapperWritesEachBandOfEachPageWithAFingerprint() throws IOException {
    long fp = 0x0004_0003_0002_0001L;
    CrawlDatum marked = datum(CrawlStatus.DB_DUPLICATE, 7L, 1f);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept/");
    DedupCandidate a =
        new DedupCandidate(
            "http://a/", DuplicateChoice.ranking(datum(CrawlStatus.DB_FETCHED, fp, 2f)));
    DedupCandidate m = new DedupCandidate("http://m/", DuplicateChoice.ranking(marked));
    // beside the buckets, in the same shuffle, each candidate's signature group
    BytesWritable sigGroup = new BytesWritable(DeduplicationJob.signatureKey(SIG));
    MapDriver.newMapDriver(new DeduplicationJob.GroupMapper())
        .withInput(new Text("http://a/"), datum(CrawlStatus.DB_FETCHED, fp, 2f))
        .withInput(new Text("http://short/"), datum(CrawlStatus.DB_FETCHED, null, 2f))
        .withInput(new Text("http://gone/"), datum(CrawlStatus.DB_GONE, fp, 2f))
        .withInput(new Text("http://exact/"), datum(CrawlStatus.DB_DUPLICATE, fp, 2f))
        .withInput(new Text("http://m/"), marked)
        .withOutput(sigGroup, exact("http://a/", datum(CrawlStatus.DB_FETCHED, fp, 2f)))
        .withOutput(bucket(0, 1), a)
        .withOutput(bucket(1, 2), a)
        .withOutput(bucket(2, 3), a)
        .withOutput(bucket(3, 4), a)
        .withOutput(sigGroup, exact("http://short/", datum(CrawlStatus.DB_FETCHED, null, 2f)))
        .withOutput(sigGroup, exact("http://m/", marked))
        .withOutput(bucket(0, 7), m)
        .withOutput(bucket(1, 0), m)
        .withOutput(bucket(2, 0), m)
        .withOutput(bucket(3, 0), m)
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.PAGES_WITH_FINGERPRINT), 2)
        .runTest();
  }

  @Test
  public void bandReducerMatchesEachPageToTheBestPageNearItWhateverTheOrder() throws IOException {
    DedupCandidate best = ranked("http://a.example/", 0L, 5f);
    DedupCandidate second = ranked("http://b.example/", 0b0111L << 60, 3f);
    DedupCandidate third = ranked("http://c.example/", 0b1111L << 60, 2f);
    DedupCandidate far = ranked("http://d.example/", 0xffL << 48, 1f);
    ReduceDriver.newReduceDriver(new DeduplicationJob.GroupReducer())
        .withInput(bucket(0, 0), List.of(far, third, best, second))
        .withOutput(new Text("http://b.example/"), best)
        .withOutput(new Text("http://c.example/"), second)
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.NEAR_DUPLICATE_PAIRS), 2)
        .runTest();
  }

  @Test
  public void anOversizedBucketIsCutToItsBestPagesAndCounted() throws IOException {
    DedupCandidate best = ranked("http://a.example/", 0L, 5f);
    DedupCandidate second = ranked("http://b.example/", 1L << 60, 3f);
    DedupCandidate third = ranked("http://c.example/", 1L << 61, 2f);
    ReduceDriver<BytesWritable, DedupCandidate, Text, DedupCandidate> driver =
        ReduceDriver.newReduceDriver(new DeduplicationJob.GroupReducer());
    driver.getConfiguration().setInt(DedupKeys.NEAR_BUCKET_MAX, 2);
    driver
        .withInput(bucket(0, 0), List.of(third, best, second))
        .withOutput(new Text("http://b.example/"), best)
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.NEAR_DUPLICATE_PAIRS), 1)
        .withCounter(NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.BUCKETS_CUT), 1)
        .runTest();
  }

  @Test
  public void entryMapperKeysEachDatumByItsUrl() throws IOException {
    CrawlDatum d = datum(CrawlStatus.DB_FETCHED, 1L, 1f);
    MapDriver.newMapDriver(new DeduplicationJob.EntryMapper())
        .withInput(new Text("http://a/"), d)
        .withOutput(new Text("http://a/"), new DedupCandidate("http://a/", d))
        .runTest();
  }

  @Test
  public void markReducerMarksAPageADuplicateOfTheBestPageNearIt() throws IOException {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, 3L, 1f);
    // marked before dedup named the kept page: left as it is
    CrawlDatum oldMark = DuplicateChoice.markedDuplicate(entry);
    CrawlDatum earlier = datum(CrawlStatus.DB_DUPLICATE, 3L, 1f);
    earlier.putMeta(MetadataKeys.DUPLICATE_OF, "http://was-near.example/");
    CrawlDatum marked = DuplicateChoice.markedDuplicate(entry);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "http://best.example/");
    marked.putMeta(MetadataKeys.DUPLICATE_KIND, "near"); // near, not the same signature
    marked.putMeta(MetadataKeys.DUPLICATE_NEW, 1);
    CrawlDatum unmarked = new CrawlDatum(earlier);
    unmarked.setStatus(CrawlStatus.DB_FETCHED);
    unmarked.getMetadata().remove(MetadataKeys.DUPLICATE_OF);
    ReduceDriver.newReduceDriver(new DeduplicationJob.MarkReducer())
        .withInput(
            new Text("http://x/"),
            List.of(
                ranked("http://good.example/", 2L, 4f),
                new DedupCandidate("http://x/", entry),
                ranked("http://best.example/", 3L, 9f)))
        .withInput(new Text("http://y/"), List.of(new DedupCandidate("http://y/", earlier)))
        .withInput(new Text("http://z/"), List.of(ranked("http://best.example/", 3L, 9f)))
        .withInput(new Text("http://w/"), List.of(new DedupCandidate("http://w/", oldMark)))
        .withOutput(new Text("http://x/"), marked)
        .withOutput(new Text("http://y/"), unmarked)
        .withOutput(new Text("http://w/"), oldMark)
        .withCounter(DedupCounter.GROUP, DedupCounter.URLS_MARKED.counterName(), 1)
        .withCounter(DedupCounter.GROUP, DedupCounter.URLS_UNMARKED.counterName(), 1)
        .runTest();
  }

  @Test
  public void findingNearDuplicatesEndToEndMatchesAcrossHostsOnce() throws IOException {
    CrawlDatum a = datum(CrawlStatus.DB_FETCHED, 0x00ff_00ff_00ff_00ffL, 1f);
    CrawlDatum b = datum(CrawlStatus.DB_FETCHED, 0x00ff_00ff_00ff_00feL, 1f); // 1 bit off
    CrawlDatum c = datum(CrawlStatus.DB_FETCHED, 0x0f0f_0f0f_0f0f_0f0fL, 1f);
    // three contents: no exact copies beside the near pair
    a.setSignature(new byte[] {1});
    b.setSignature(new byte[] {2});
    c.setSignature(new byte[] {3});
    MapReduceDriver.newMapReduceDriver(
            new DeduplicationJob.GroupMapper(), new DeduplicationJob.GroupReducer())
        .withInput(new Text("http://mirror.example/page"), a)
        .withInput(new Text("http://www.example/page"), b)
        .withInput(new Text("http://other.example/"), c)
        // equal scores: the shorter URL is kept; the pair shares 3 bands, one match per band
        .withOutput(
            new Text("http://mirror.example/page"),
            new DedupCandidate("http://www.example/page", DuplicateChoice.ranking(b)))
        .withOutput(
            new Text("http://mirror.example/page"),
            new DedupCandidate("http://www.example/page", DuplicateChoice.ranking(b)))
        .withOutput(
            new Text("http://mirror.example/page"),
            new DedupCandidate("http://www.example/page", DuplicateChoice.ranking(b)))
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.NEAR_DUPLICATE_PAIRS), 1)
        .runTest(false);
  }

  @Test
  public void oneShuffleFindsExactCopiesAndNearPagesSideBySide() throws IOException {
    CrawlDatum a = datum(CrawlStatus.DB_FETCHED, 0x00ff_00ff_00ff_00ffL, 1f);
    CrawlDatum b = datum(CrawlStatus.DB_FETCHED, 0x00ff_00ff_00ff_00feL, 1f); // 1 bit off
    CrawlDatum c = datum(CrawlStatus.DB_FETCHED, 0x0f0f_0f0f_0f0f_0f0fL, 1f);
    // all three the same signature: the shortest URL is kept, the other two are its copies
    DedupCandidate other =
        new DedupCandidate("http://other.example/", DuplicateChoice.exactRanking(c));
    DedupCandidate www = new DedupCandidate("http://www.example/page", DuplicateChoice.ranking(b));
    MapReduceDriver.newMapReduceDriver(
            new DeduplicationJob.GroupMapper(), new DeduplicationJob.GroupReducer())
        .withInput(new Text("http://mirror.example/page"), a)
        .withInput(new Text("http://www.example/page"), b)
        .withInput(new Text("http://other.example/"), c)
        .withOutput(new Text("http://mirror.example/page"), other)
        .withOutput(new Text("http://www.example/page"), other)
        // and the near pair, once per band it shares (the merge keeps the better match)
        .withOutput(new Text("http://mirror.example/page"), www)
        .withOutput(new Text("http://mirror.example/page"), www)
        .withOutput(new Text("http://mirror.example/page"), www)
        .withCounter(DedupCounter.GROUP, DedupCounter.DOCUMENTS_WITH_SIGNATURE.counterName(), 3)
        .withCounter(DedupCounter.GROUP, DedupCounter.DOCUMENTS_MARKED_DUPLICATE.counterName(), 2)
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.PAGES_WITH_FINGERPRINT), 3)
        .withCounter(
            NearDuplicateCounter.GROUP, counter(NearDuplicateCounter.NEAR_DUPLICATE_PAIRS), 1)
        .runTest(false);
  }
}
