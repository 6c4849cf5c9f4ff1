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
import org.trawler.core.datum.HostDatum;

/** readhostdb -stats says how many hosts are backed off now and until when, across parts. */
public class HostDbStatsTest {
  /** 2100-01-01T00:00:00Z and 2100-01-02T00:00:00Z: backoffs that have not ended. */
  private static final long UNTIL = 4102444800000L;

  private static final long LATER = UNTIL + 86_400_000L;

  private static HostDatum backedOff(int level, long until) {
    HostDatum d = new HostDatum();
    d.setBackoff(level, until);
    return d;
  }

  @Test
  public void hostsBackedOffNowAreCountedWithTheLatestEnd() throws IOException {
    HostDbReader.Stats first = new HostDbReader.Stats();
    first.add(backedOff(1, UNTIL));
    first.add(backedOff(2, 1000L)); // a backoff that ended long ago
    HostDbReader.Stats second = new HostDbReader.Stats();
    second.add(backedOff(3, LATER));
    second.add(new HostDatum());
    ReduceDriver<Text, Writable, NullWritable, Writable> driver =
        ReduceDriver.newReduceDriver(new StatsJob.MergeReducer());
    driver
        .getConfiguration()
        .setClass(StatsJob.STATS_CLASS, HostDbReader.Stats.class, DbStats.class);
    driver.withInput(new Text("part-r-00000"), List.of(first));
    driver.withInput(new Text("part-r-00001"), List.of(second));
    List<Pair<NullWritable, Writable>> out = driver.run();
    String table = ((HostDbReader.Stats) out.get(0).getSecond()).table("hostdb");
    assertTrue(table, table.contains("\nhosts backed off (429/503):     3\n"));
    assertTrue(
        table,
        table.contains(
            "\nhosts backed off now:           2 (until 2100-01-02T00:00:00Z at the latest;"
                + " -dump lists them)\n"));

    HostDbReader.Stats none = new HostDbReader.Stats();
    none.add(backedOff(2, 1000L));
    assertFalse(none.table("hostdb"), none.table("hostdb").contains("backed off now"));
  }
}
