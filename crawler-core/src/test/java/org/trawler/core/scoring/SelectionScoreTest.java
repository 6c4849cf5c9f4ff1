package org.trawler.core.scoring;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThrows;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.FloatWritable;
import org.junit.Test;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

public class SelectionScoreTest {

  private static SelectionScore score(String order) {
    Configuration conf = new Configuration(false);
    conf.set(ScoringKeys.ORDER, order);
    return SelectionScore.from(conf);
  }

  private static CrawlDatum datum(float opic, Float pageRank) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 60, opic);
    if (pageRank != null) {
      d.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(pageRank));
    }
    return d;
  }

  @Test
  public void opicIsTheCrawldbScoreWhateverTheRank() {
    assertEquals(3f, score("opic").of(datum(3f, 8f)), 0f);
    assertEquals(3f, score("OPIC").of(datum(3f, null)), 0f);
  }

  @Test
  public void pageRankOrderTakesTheRankAndTheTeleportShareForAnUnrankedUrl() {
    assertEquals(8f, score("pagerank").of(datum(3f, 8f)), 0f);
    assertEquals(0.15f, score("pagerank").of(datum(3f, null)), 1e-6f);
  }

  @Test
  public void combinedIsTheGeometricMeanAndNeverNegative() {
    assertEquals(4f, score("combined").of(datum(2f, 8f)), 1e-6f);
    assertEquals(0f, score("combined").of(datum(-1f, 8f)), 0f);
  }

  @Test
  public void unknownOrderAndDampingOutsideTheOpenUnitIntervalAreBadSettings() {
    assertThrows(BadSettingException.class, () -> score("hits"));
    Configuration conf = new Configuration(false);
    conf.set(ScoringKeys.DAMPING, "1");
    assertThrows(BadSettingException.class, () -> SelectionScore.from(conf));
  }
}
