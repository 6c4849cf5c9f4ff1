package org.trawler.jobs.read;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/** The -stats job's mapper and reducer under MRUnit: a part's totals, then the db's. */
public class StatsJobMapReduceTest {
  private static CrawlDatum datum(CrawlStatus status, float score) {
    return new CrawlDatum(status, 86400, score);
  }

  @Test
  public void aPartsRecordsBecomeOneTotalKeyedByThePart() throws IOException {
    MapDriver<Writable, Writable, Text, Writable> driver =
        MapDriver.newMapDriver(new StatsJob.PartMapper());
    driver.getConfiguration().setClass(StatsJob.STATS_CLASS, CrawlDbStats.class, DbStats.class);
    driver.withMapInputPath(new Path("/db/current/part-r-00001/data"));
    driver.withInput(new Text("http://a.test/"), datum(CrawlStatus.DB_FETCHED, 1f));
    driver.withInput(new Text("http://b.test/"), datum(CrawlStatus.DB_UNFETCHED, 3f));
    List<Pair<Text, Writable>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals("/db/current/part-r-00001", out.get(0).getFirst().toString());
    CrawlDbStats part = (CrawlDbStats) out.get(0).getSecond();
    assertEquals(2, part.total());
    assertEquals(1, part.count(CrawlStatus.DB_FETCHED));
  }

  @Test
  public void thePartsTotalsAddUpToOneRecord() throws IOException {
    CrawlDbStats first = new CrawlDbStats();
    first.add(datum(CrawlStatus.DB_FETCHED, 1f));
    CrawlDbStats second = new CrawlDbStats();
    second.add(datum(CrawlStatus.DB_FETCHED, 2f));
    second.add(datum(CrawlStatus.DB_GONE, 0.5f));
    ReduceDriver<Text, Writable, NullWritable, Writable> driver =
        ReduceDriver.newReduceDriver(new StatsJob.MergeReducer());
    driver.getConfiguration().setClass(StatsJob.STATS_CLASS, CrawlDbStats.class, DbStats.class);
    driver.withInput(new Text("part-r-00000"), List.of(first));
    driver.withInput(new Text("part-r-00001"), List.of(second));
    List<Pair<NullWritable, Writable>> out = driver.run();
    assertEquals(1, out.size());
    CrawlDbStats total = (CrawlDbStats) out.get(0).getSecond();
    assertEquals(3, total.total());
    assertEquals(2, total.count(CrawlStatus.DB_FETCHED));
    assertEquals(1, total.count(CrawlStatus.DB_GONE));
    CrawlDbStats expected = new CrawlDbStats();
    expected.merge(first);
    expected.merge(second);
    assertEquals(expected.table("db"), total.table("db"));
  }
}
