package org.trawler.jobs.inject;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.inject.InjectMerge.Mode;

public class InjectMergeTest {

  static CrawlDatum fetched() {
    CrawlDatum old = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 3.0f);
    old.setFetchTime(1000);
    old.setModifiedTime(500);
    old.setRetries(2);
    old.setSignature(new byte[] {1, 2, 3});
    old.setDepth(4);
    old.putMeta(MetadataKeys.FIXED_INTERVAL, 86400);
    old.putMeta(new Text("category"), "old");
    old.putMeta(new Text("kept"), "yes");
    return old;
  }

  static CrawlDatum injected() {
    CrawlDatum seed = new CrawlDatum(CrawlStatus.INJECTED, 600, 0.5f);
    seed.setFetchTime(9999);
    seed.setDepth(0);
    seed.putMeta(new Text("category"), "new");
    return seed;
  }

  @Test
  public void newUrlBecomesUnfetchedWithTheSeedsValues() {
    CrawlDatum merged = InjectMerge.merge(null, injected(), Mode.KEEP);
    assertEquals(CrawlStatus.DB_UNFETCHED, merged.getStatus());
    assertEquals(9999, merged.getFetchTime());
    assertEquals(0.5f, merged.getScore(), 0);
    assertEquals(600, merged.getFetchInterval());
    assertEquals(new Text("new"), merged.getMetadata().get(new Text("category")));
  }

  @Test
  public void urlWithoutSeedIsCopiedUnchanged() {
    for (Mode mode : Mode.values()) {
      assertEquals(fetched(), InjectMerge.merge(fetched(), null, mode));
    }
  }

  @Test
  public void existingUrlIsKeptUntouchedByDefault() {
    CrawlDatum old = fetched();
    CrawlDatum merged = InjectMerge.merge(old, injected(), Mode.KEEP);
    assertEquals(fetched(), merged);
    assertNotSame(old, merged);
  }

  @Test
  public void overwriteReplacesTheExistingEntry() {
    CrawlDatum merged = InjectMerge.merge(fetched(), injected(), Mode.OVERWRITE);
    CrawlDatum expected = injected();
    expected.setStatus(CrawlStatus.DB_UNFETCHED);
    assertEquals(expected, merged);
  }

  @Test
  public void updateKeepsStatusAndTimesButTakesScoreIntervalAndMetadata() {
    CrawlDatum merged = InjectMerge.merge(fetched(), injected(), Mode.UPDATE);
    assertEquals(CrawlStatus.DB_FETCHED, merged.getStatus());
    assertEquals(1000, merged.getFetchTime());
    assertEquals(500, merged.getModifiedTime());
    assertEquals(2, merged.getRetries());
    assertEquals(3, merged.getSignature().length);
    assertEquals(0.5f, merged.getScore(), 0);
    assertEquals(600, merged.getFetchInterval());
    assertEquals(new Text("new"), merged.getMetadata().get(new Text("category")));
    assertEquals(new Text("yes"), merged.getMetadata().get(new Text("kept")));
    assertEquals(0, merged.getDepth());
    assertNull(
        "the old pin does not hold against the seed's interval",
        merged.getMetadata().get(MetadataKeys.FIXED_INTERVAL));
  }

  @Test
  public void updateWithAFixedIntervalPinsTheNewOne() {
    CrawlDatum seed = injected();
    seed.putMeta(MetadataKeys.FIXED_INTERVAL, 600);
    CrawlDatum merged = InjectMerge.merge(fetched(), seed, Mode.UPDATE);
    assertEquals(new IntWritable(600), merged.getMetadata().get(MetadataKeys.FIXED_INTERVAL));
  }

  @Test
  public void overwriteWinsOverUpdate() {
    assertEquals(Mode.OVERWRITE, Mode.of(true, true));
    assertEquals(Mode.UPDATE, Mode.of(false, true));
    assertEquals(Mode.KEEP, Mode.of(false, false));
  }

  @Test
  public void mergeDoesNotChangeItsArguments() {
    CrawlDatum old = fetched();
    CrawlDatum seed = injected();
    InjectMerge.merge(old, seed, Mode.UPDATE);
    InjectMerge.merge(old, seed, Mode.OVERWRITE);
    assertEquals(fetched(), old);
    assertEquals(injected(), seed);
  }
}
