package org.trawler.jobs.read;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;

/** readdb -stats counts db_gone by reason (soft_404 too) and db_duplicate by kind, across parts. */
public class Soft404StatsTest {

  private static CrawlDatum gone(String protocolStatus) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_GONE, 86400, 1f);
    d.putMeta(MetadataKeys.PROTOCOL_STATUS, protocolStatus);
    return d;
  }

  @Test
  public void soft404sAreCountedBesideTheirStatus() throws IOException {
    CrawlDbStats first = new CrawlDbStats();
    first.add(gone("200 soft_404 the host's answer for a missing page, 000000000000abcd"));
    first.add(gone("404 http_404"));
    CrawlDbStats second = new CrawlDbStats();
    second.add(gone("200 soft_404 the host's answer for a missing page, 000000000000abce"));
    second.add(new CrawlDatum(CrawlStatus.DB_FETCHED, 86400, 1f));
    ReduceDriver<Text, Writable, NullWritable, Writable> driver =
        ReduceDriver.newReduceDriver(new StatsJob.MergeReducer());
    driver.getConfiguration().setClass(StatsJob.STATS_CLASS, CrawlDbStats.class, DbStats.class);
    driver.withInput(new Text("part-r-00000"), List.of(first));
    driver.withInput(new Text("part-r-00001"), List.of(second));
    List<Pair<NullWritable, Writable>> out = driver.run();
    CrawlDbStats total = (CrawlDbStats) out.get(0).getSecond();
    String table = total.table("db");
    assertTrue(table, table.contains("\n  db_gone                       3\n"));
    assertTrue(table, table.contains("\n  db_gone, soft_404             2\n"));
    assertTrue(total.json("db"), total.json("db").contains("\"soft404\":2"));

    assertTrue(table, table.contains("\n  db_gone, http_404             1\n"));
    assertTrue(
        total.json("db"),
        total.json("db").contains("\"goneReasons\":{\"http_404\":1,\"soft_404\":2}"));

    CrawlDbStats none = new CrawlDbStats();
    none.add(gone("404 http_404"));
    assertFalse(none.table("db"), none.table("db").contains("soft_404"));
    assertFalse(none.json("db"), none.json("db").contains("soft404"));
  }

  @Test
  public void duplicatesAreSplitExactAndNear() throws IOException {
    CrawlDbStats stats = new CrawlDbStats();
    for (String kind : List.of("exact", "near", "near")) {
      CrawlDatum d = new CrawlDatum(CrawlStatus.DB_DUPLICATE, 86400, 1f);
      d.putMeta(MetadataKeys.DUPLICATE_OF, "http://www.example/");
      d.putMeta(MetadataKeys.DUPLICATE_KIND, kind);
      stats.add(d);
    }
    stats.add(new CrawlDatum(CrawlStatus.DB_DUPLICATE, 86400, 1f)); // a mark from before kinds
    String table = stats.table("db");
    assertTrue(table, table.contains("\n  db_duplicate                  4\n"));
    assertTrue(table, table.contains("\n  db_duplicate, exact           1\n"));
    assertTrue(table, table.contains("\n  db_duplicate, near            2\n"));
    assertTrue(
        stats.json("db"), stats.json("db").contains("\"duplicates\":{\"exact\":1,\"near\":2}"));
  }
}
