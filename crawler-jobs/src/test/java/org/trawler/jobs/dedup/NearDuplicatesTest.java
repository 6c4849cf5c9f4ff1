package org.trawler.jobs.dedup;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;
import static org.junit.Assert.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class NearDuplicatesTest {

  static DedupCandidate page(String url, long fingerprint, float score) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 0, score);
    d.putMeta(MetadataKeys.FINGERPRINT, fingerprint);
    return new DedupCandidate(url, d);
  }

  @Test
  public void theBandsCoverTheSixtyFourBitsOnce() {
    NearDuplicates near = new NearDuplicates(3);
    assertEquals(4, near.bands());
    long all = -1L;
    assertEquals(0xffffL, near.bandBits(all, 0));
    assertEquals(0xffffL, near.bandBits(all, 3));
    assertEquals(0x1234L, near.bandBits(0x1234_0000_0000_0000L, 3));
    assertEquals(0L, near.bandBits(0x1234_0000_0000_0000L, 2));
    NearDuplicates five = new NearDuplicates(5); // 6 bands of 10 or 11 bits
    int bits = 0;
    for (int b = 0; b < five.bands(); b++) {
      bits += Long.bitCount(five.bandBits(-1L, b));
    }
    assertEquals(64, bits);
    assertEquals(-1L, new NearDuplicates(0).bandBits(-1L, 0));
  }

  @Test
  public void fingerprintsWithinTheDistanceAlwaysShareABand() {
    SplittableRandom rnd = new SplittableRandom(38);
    for (int distance = 0; distance <= 8; distance++) {
      NearDuplicates near = new NearDuplicates(distance);
      for (int round = 0; round < 2000; round++) {
        long a = rnd.nextLong();
        long b = a;
        for (int flip = 0; flip < distance; flip++) {
          b ^= 1L << rnd.nextInt(64);
        }
        assertTrue(near.near(a, b));
        assertTrue(near.firstSharedBand(a, b) >= 0);
      }
    }
  }

  @Test
  public void eachPageIsMatchedToTheBestRankedPageNearItAndPairsCountOnce() {
    NearDuplicates near = new NearDuplicates(3);
    DedupCandidate best = page("http://a.example/", 0b0000L, 5f);
    // they differ in the top band only: band 0 is the first they share
    DedupCandidate second = page("http://b.example/", 0b0111L << 60, 3f); // 3 bits from best
    DedupCandidate third = page("http://c.example/", 0b1111L << 60, 2f); // 4 from best, 1 from 2nd
    DedupCandidate far = page("http://d.example/", 0xffL << 48, 1f);
    NearDuplicates.BucketMatches found = near.inBucket(List.of(best, second, third, far), 0);
    assertEquals(
        List.of(
            new NearDuplicates.Match("http://b.example/", best),
            new NearDuplicates.Match("http://c.example/", second)),
        found.matches());
    assertEquals(2, found.pairs());
    assertEquals(0, near.inBucket(List.of(best, second, third), 1).pairs());
  }

  @Test
  public void aDistanceOutsideTheFingerprintIsABadSetting() {
    assertThrows(BadSettingException.class, () -> new NearDuplicates(64));
    assertThrows(BadSettingException.class, () -> new NearDuplicates(-1));
  }
}
