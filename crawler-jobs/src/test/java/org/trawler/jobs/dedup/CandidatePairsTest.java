package org.trawler.jobs.dedup;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** What updatedb sends to ask whether dedup can find a pair, and how a group is judged. */
public class CandidatePairsTest {

  private static CrawlDatum page(byte[] signature, Long fingerprint) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f);
    d.setSignature(signature);
    if (fingerprint != null) {
      d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    }
    return d;
  }

  /** The versions each check key got, in key order (a key's bytes kept one char each). */
  private static Map<String, List<CrawlDatum>> sent(CandidatePairs pairs, Object... urlsAndPages)
      throws Exception {
    Map<String, List<CrawlDatum>> groups = new TreeMap<>();
    for (int i = 0; i < urlsAndPages.length; i += 2) {
      pairs.send(
          (String) urlsAndPages[i],
          (CrawlDatum) urlsAndPages[i + 1],
          (k, v) -> {
            assertTrue(CandidatePairs.isKey(k));
            groups
                .computeIfAbsent(new String(k.copyBytes(), ISO_8859_1), x -> new ArrayList<>())
                .add(new CrawlDatum(v));
          });
    }
    return groups;
  }

  private static long groupsWithAPair(CandidatePairs pairs, Map<String, List<CrawlDatum>> groups) {
    return groups.entrySet().stream()
        .filter(e -> pairs.holdsPair(new Text(e.getKey().getBytes(ISO_8859_1)), e.getValue()))
        .count();
  }

  @Test
  public void aPageIsSentUnderItsSignatureAndEachBandOfItsFingerprint() throws Exception {
    CandidatePairs pairs = new CandidatePairs(new Configuration(false));
    assertEquals(1 + 4, sent(pairs, "http://a/", page(new byte[] {1}, 42L)).size());
    assertEquals(1, sent(pairs, "http://a/", page(new byte[] {1}, null)).size());
    assertEquals(0, sent(pairs, "http://a/", page(null, null)).size());
    Configuration exactOnly = new Configuration(false);
    exactOnly.setInt(DedupKeys.NEAR_DISTANCE, -1);
    assertEquals(
        1, sent(new CandidatePairs(exactOnly), "http://a/", page(new byte[] {1}, 42L)).size());
  }

  @Test
  public void twoVersionsOfOnePageAreNoPair() throws Exception {
    CandidatePairs pairs = new CandidatePairs(new Configuration(false));
    // the crawldb's version and this round's parse of the same URL: same signature, near
    Map<String, List<CrawlDatum>> groups =
        sent(pairs, "http://a/", page(new byte[] {1}, 0L), "http://a/", page(new byte[] {1}, 1L));
    assertEquals(0, groupsWithAPair(pairs, groups));
  }

  @Test
  public void copiesAndNearPagesArePairsFarOnesAreNot() throws Exception {
    CandidatePairs pairs = new CandidatePairs(new Configuration(false));
    assertEquals(
        "the same signature", 1, pairGroups(pairs, new byte[] {1}, null, new byte[] {1}, null));
    // 3 bits apart, all in the low band: the three other bands hold the pair
    assertEquals(3, pairGroups(pairs, new byte[] {1}, 0L, new byte[] {2}, 7L));
    // 4 bits apart: beyond dedup.near.distance (3)
    assertEquals(0, pairGroups(pairs, new byte[] {1}, 0L, new byte[] {2}, 0xfL));
  }

  /** The groups holding a pair when a/ and b/ are sent with these signatures and fingerprints. */
  private static long pairGroups(
      CandidatePairs pairs,
      byte[] signatureA,
      Long fingerprintA,
      byte[] signatureB,
      Long fingerprintB)
      throws Exception {
    return groupsWithAPair(
        pairs,
        sent(
            pairs,
            "http://a/",
            page(signatureA, fingerprintA),
            "http://b/",
            page(signatureB, fingerprintB)));
  }

  @Test
  public void aBucketLargerThanTheMostComparedCountsAsHoldingAPair() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setInt(DedupKeys.NEAR_BUCKET_MAX, 2);
    CandidatePairs pairs = new CandidatePairs(conf);
    // three pages sharing the high bands, far apart in the low one
    Map<String, List<CrawlDatum>> groups =
        sent(
            pairs,
            "http://a/",
            page(new byte[] {1}, 0L),
            "http://b/",
            page(new byte[] {2}, 0xffffL),
            "http://c/",
            page(new byte[] {3}, 0x0ff0L));
    assertEquals(3, groupsWithAPair(pairs, groups));
    conf.setInt(DedupKeys.NEAR_BUCKET_MAX, 3);
    assertFalse(groupsWithAPair(new CandidatePairs(conf), groups) > 0);
  }
}
