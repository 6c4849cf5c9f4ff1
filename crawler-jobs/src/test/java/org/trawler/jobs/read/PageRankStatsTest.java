package org.trawler.jobs.read;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** readdb -stats shows the PageRank range once rank ran, across parts; nothing before. */
public class PageRankStatsTest {

  private static CrawlDatum ranked(float rank) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f);
    d.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(rank));
    return d;
  }

  @Test
  public void rankedPagesAndTheirRangeAreShown() throws IOException {
    CrawlDbStats first = new CrawlDbStats();
    first.add(ranked(0.25f));
    first.add(new CrawlDatum(CrawlStatus.DB_UNFETCHED, 86400, 1f)); // found since the rank run
    CrawlDbStats second = new CrawlDbStats();
    second.add(ranked(2.5f));
    ReduceDriver<Text, Writable, NullWritable, Writable> driver =
        ReduceDriver.newReduceDriver(new StatsJob.MergeReducer());
    driver.getConfiguration().setClass(StatsJob.STATS_CLASS, CrawlDbStats.class, DbStats.class);
    driver.withInput(new Text("part-r-00000"), List.of(first));
    driver.withInput(new Text("part-r-00001"), List.of(second));
    CrawlDbStats total = (CrawlDbStats) driver.run().get(0).getSecond();
    String table = total.table("db");
    assertTrue(table, table.endsWith("pagerank: 2 ranked  min 0.2500  max 2.5000\n"));
    assertTrue(
        total.json("db"),
        total.json("db").contains("\"pagerank\":{\"ranked\":2,\"min\":0.25,\"max\":2.5}"));

    CrawlDbStats unranked = new CrawlDbStats();
    unranked.add(new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f));
    assertFalse(unranked.table("db"), unranked.table("db").contains("pagerank"));
    assertFalse(unranked.json("db"), unranked.json("db").contains("pagerank"));
  }
}
