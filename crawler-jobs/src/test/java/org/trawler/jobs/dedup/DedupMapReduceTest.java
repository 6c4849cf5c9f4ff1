package org.trawler.jobs.dedup;

import static org.junit.Assert.assertEquals;

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

/** dedup's mappers and reducers under MRUnit. */
public class DedupMapReduceTest {

  private static final byte[] SIG = {1, 2, 3};

  /** The signature's group key. */
  private static BytesWritable group(byte[] signature) {
    return new BytesWritable(DeduplicationJob.signatureKey(signature));
  }

  private static CrawlDatum datum(CrawlStatus status, byte[] signature, float score) {
    CrawlDatum d = new CrawlDatum(status, 3600, score);
    d.setSignature(signature);
    d.setFetchTime(1000L);
    return d;
  }

  private static DedupCandidate page(String url, CrawlDatum d) {
    return new DedupCandidate(url, d);
  }

  private static CrawlDatum marked(CrawlDatum d) {
    return DuplicateChoice.markedDuplicate(d);
  }

  @Test
  public void mapperGroupsFetchedPagesBySignatureAndSkipsTheRest() throws IOException {
    CrawlDatum fetched = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum notModified = datum(CrawlStatus.DB_NOTMODIFIED, SIG, 2f);
    CrawlDatum markedBefore = datum(CrawlStatus.DB_DUPLICATE, SIG, 3f);
    markedBefore.putMeta(MetadataKeys.DUPLICATE_OF, "http://kept/");
    // none has a fingerprint: only signature groups
    MapDriver.newMapDriver(new DeduplicationJob.GroupMapper())
        .withInput(new Text("http://a/"), fetched)
        .withInput(new Text("http://b/"), datum(CrawlStatus.DB_UNFETCHED, null, 1f))
        .withInput(new Text("http://c/"), datum(CrawlStatus.DB_FETCHED, null, 1f))
        .withInput(new Text("http://d/"), datum(CrawlStatus.DB_DUPLICATE, SIG, 1f))
        .withInput(new Text("http://e/"), notModified)
        .withInput(new Text("http://f/"), markedBefore)
        .withOutput(group(SIG), page("http://a/", DuplicateChoice.exactRanking(fetched)))
        .withOutput(group(SIG), page("http://e/", DuplicateChoice.exactRanking(notModified)))
        .withOutput(group(SIG), page("http://f/", DuplicateChoice.exactRanking(markedBefore)))
        .withCounter(DedupCounter.GROUP, DedupCounter.DOCUMENTS_WITH_SIGNATURE.counterName(), 3)
        .withCounter(DedupCounter.GROUP, DedupCounter.DOCUMENTS_MARKED_BEFORE.counterName(), 1)
        .runTest();
  }

  @Test
  public void reducerMarksAllButTheBestPageOfASignature() throws IOException {
    CrawlDatum low = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum best = datum(CrawlStatus.DB_FETCHED, SIG, 5f);
    CrawlDatum longer = datum(CrawlStatus.DB_NOTMODIFIED, SIG, 5f);
    ReduceDriver.newReduceDriver(new DeduplicationJob.GroupReducer())
        .withInput(
            group(SIG),
            List.of(
                new DedupCandidate("http://low/", low),
                new DedupCandidate("http://best/", best),
                new DedupCandidate("http://best/longer", longer)))
        .withOutput(new Text("http://low/"), page("http://best/", best))
        .withOutput(new Text("http://best/longer"), page("http://best/", best))
        .withCounter(DedupCounter.GROUP, DedupCounter.DOCUMENTS_MARKED_DUPLICATE.counterName(), 2)
        .runTest();
  }

  @Test
  public void reducerLeavesAUniqueSignatureAlone() throws IOException {
    ReduceDriver.newReduceDriver(new DeduplicationJob.GroupReducer())
        .withInput(
            group(SIG),
            List.of(new DedupCandidate("http://a/", datum(CrawlStatus.DB_FETCHED, SIG, 1f))))
        .runTest();
  }

  @Test
  public void markReducerMarksTheEntryADuplicateOfTheBestCopy() throws IOException {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum other = datum(CrawlStatus.DB_UNFETCHED, null, 1f);
    CrawlDatum marked = marked(entry);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "http://best/");
    marked.putMeta(MetadataKeys.DUPLICATE_KIND, "exact"); // the same signature as the best copy
    marked.putMeta(MetadataKeys.DUPLICATE_NEW, 1); // no duplicate before: the index deletes it
    ReduceDriver.newReduceDriver(new DeduplicationJob.MarkReducer())
        .withInput(
            new Text("http://a/"),
            List.of(
                page("http://good/", datum(CrawlStatus.DB_FETCHED, SIG, 2f)),
                page("http://a/", entry),
                page("http://best/", datum(CrawlStatus.DB_FETCHED, SIG, 5f))))
        .withInput(new Text("http://c/"), List.of(page("http://c/", other)))
        .withOutput(new Text("http://a/"), marked)
        .withOutput(new Text("http://c/"), other)
        .withCounter(DedupCounter.GROUP, DedupCounter.URLS_MARKED.counterName(), 1)
        .runTest();
  }

  @Test
  public void aCopyBothStepsMatchedIsExactWhicheverMatchComesFirst() throws IOException {
    CrawlDatum entry = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum best = datum(CrawlStatus.DB_FETCHED, SIG, 5f);
    CrawlDatum marked = marked(entry);
    marked.putMeta(MetadataKeys.DUPLICATE_OF, "http://best/");
    marked.putMeta(MetadataKeys.DUPLICATE_KIND, "exact");
    marked.putMeta(MetadataKeys.DUPLICATE_NEW, 1);
    ReduceDriver.newReduceDriver(new DeduplicationJob.MarkReducer())
        .withInput(
            new Text("http://a/"),
            List.of(
                page("http://best/", DuplicateChoice.ranking(best)), // the near step's
                page("http://a/", entry),
                page("http://best/", DuplicateChoice.exactRanking(best))))
        .withOutput(new Text("http://a/"), marked)
        .runTest();
  }

  @Test
  public void findingDuplicatesEndToEndKeepsTheShortestOfEqualScores() throws IOException {
    CrawlDatum a = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum b = datum(CrawlStatus.DB_FETCHED, SIG, 1f);
    CrawlDatum c = datum(CrawlStatus.DB_FETCHED, new byte[] {9}, 1f);
    MapReduceDriver.newMapReduceDriver(
            new DeduplicationJob.GroupMapper(), new DeduplicationJob.GroupReducer())
        .withInput(new Text("http://example.com/index.html"), a)
        .withInput(new Text("http://example.com/"), b)
        .withInput(new Text("http://other.example/"), c)
        .withOutput(
            new Text("http://example.com/index.html"),
            page("http://example.com/", DuplicateChoice.exactRanking(b)))
        .runTest();
    assertEquals(CrawlStatus.DB_FETCHED, a.getStatus());
  }
}
