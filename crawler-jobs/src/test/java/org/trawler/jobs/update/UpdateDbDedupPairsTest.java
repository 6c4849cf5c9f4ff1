package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.dedup.CandidatePairs;
import org.trawler.jobs.update.UpdateDb.UpdateMapper;
import org.trawler.jobs.update.UpdateDb.UpdateReducer;

/**
 * updatedb asked by the round driver whether dedup can find a pair: it counts the groups of pages
 * (one signature, or one band of the fingerprint) in which two URLs share the signature or lie
 * within dedup.near.distance bits, and writes the crawldb it writes unasked.
 */
public class UpdateDbDedupPairsTest {
  private static final Text A = new Text("http://a.example/");
  private static final Text B = new Text("http://b.example/");

  private static Configuration asked() {
    Configuration conf = Datums.conf();
    conf.setBoolean(UpdateKeys.INTERNAL_DEDUP_PAIRS, true);
    return conf;
  }

  /** A fetched crawldb page with this signature and fingerprint. */
  private static CrawlDatum page(int signature, long fingerprint) {
    CrawlDatum d = Datums.old(CrawlStatus.DB_FETCHED);
    d.setSignature(new byte[] {(byte) signature});
    d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    return d;
  }

  /** The groups updatedb counted, after checking that it wrote both pages as they were. */
  private static long pairGroups(Configuration conf, CrawlDatum a, CrawlDatum b)
      throws IOException {
    MapReduceDriver<Text, CrawlDatum, Text, CrawlDatum, Text, CrawlDatum> driver =
        MapReduceDriver.newMapReduceDriver(new UpdateMapper(), new UpdateReducer())
            .withConfiguration(conf)
            .withInput(A, new CrawlDatum(a))
            .withInput(B, new CrawlDatum(b));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    assertEquals(List.of(new Pair<>(A, a), new Pair<>(B, b)), out);
    return UpdateCounter.DEDUP_PAIR_GROUPS.valueIn(driver.getCounters());
  }

  @Test
  public void twoPagesWithOneSignatureAreAGroupWithAPair() throws IOException {
    assertEquals(1, pairGroups(asked(), page(7, 0L), page(7, -1L)));
  }

  @Test
  public void nearFingerprintsAreAPairInEachBandTheyShare() throws IOException {
    // one bit apart: three of the four 16-bit bands agree
    assertEquals(
        3, pairGroups(asked(), page(1, 0x1234_5678_9abc_def0L), page(2, 0x1234_5678_9abc_def1L)));
  }

  @Test
  public void fingerprintsSharingABandButFarApartHoldNoPair() throws IOException {
    // the low band agrees, 48 bits differ: a bucket, but no pair in it
    assertEquals(0, pairGroups(asked(), page(1, 0L), page(2, 0xffff_ffff_ffff_0000L)));
  }

  @Test
  public void aFetchCarryingTheEntrysSignatureIsSentToo() throws IOException {
    CrawlDatum fetch = Datums.fetch(page(7, 5L), CrawlStatus.FETCH_SUCCESS, Datums.NOW);
    List<Pair<Text, CrawlDatum>> out =
        MapDriver.newMapDriver(new UpdateMapper())
            .withConfiguration(asked())
            .withMapInputPath(new Path("/crawl/segments/20240101000000/crawl_fetch/part-r-00000"))
            .withInput(A, fetch)
            .run();
    assertEquals(1 + 4 + 1, out.size());
  }

  /** What an asked updatedb's mapper sends for a parsed fetch of A (signature 9, fingerprint 5). */
  private static List<Pair<Text, CrawlDatum>> mapParsedFetch() throws IOException {
    CrawlDatum signature = Datums.signature(9);
    signature.putMeta(MetadataKeys.FINGERPRINT, 5L);
    return MapDriver.newMapDriver(new UpdateMapper())
        .withConfiguration(asked())
        .withMapInputPath(new Path("/crawl/segments/20240101000000/crawl_parse/part-r-00000"))
        .withInput(A, signature)
        .run();
  }

  @Test
  public void checkKeysFindTheirReducerWithTheHostAndDomainCapsOn() throws IOException {
    List<Pair<Text, CrawlDatum>> out = mapParsedFetch();
    for (Pair<Text, CrawlDatum> p : out) {
      int byHost = new HostUrlCap.ByHost().getPartition(p.getFirst(), p.getSecond(), 4);
      int byDomain = new HostUrlCap.ByDomain().getPartition(p.getFirst(), p.getSecond(), 4);
      assertTrue(byHost >= 0 && byHost < 4 && byDomain >= 0 && byDomain < 4);
    }
  }

  @Test
  public void unaskedUpdatedbSendsNoCheckRecord() throws IOException {
    List<Pair<Text, CrawlDatum>> out =
        MapDriver.newMapDriver(new UpdateMapper())
            .withConfiguration(Datums.conf())
            .withMapInputPath(new Path("/crawl/crawldb/current/part-r-00000/data"))
            .withInput(A, page(7, 0L))
            .run();
    assertEquals(1, out.size());
  }

  @Test
  public void aParsedFetchIsSentBesideTheCrawlDbEntryOfItsUrl() throws IOException {
    List<Pair<Text, CrawlDatum>> out = mapParsedFetch();
    // the signature's group, one bucket per band of the fingerprint, and the record itself
    assertEquals(1 + 4 + 1, out.size());
    for (Pair<Text, CrawlDatum> p : out.subList(0, 5)) {
      assertTrue(p.getFirst().toString(), CandidatePairs.isKey(p.getFirst()));
    }
    assertEquals(A, out.get(5).getFirst());
  }
}
