package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.store.PartFiles;

public class RangeReducerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final ReduceDriver<Rank, Candidate, Rank, Candidate> reduce =
      ReduceDriver.newReduceDriver(new RangeReducer());

  private List<Long> counts(File dir, int partition) throws Exception {
    List<Long> counts = new ArrayList<>();
    PartFiles.read(
        new Configuration(),
        new Path(dir.toURI()),
        new IntWritable(),
        new LongWritable(),
        (range, count) -> {
          assertEquals(partition, range.get());
          counts.add(count.get());
        });
    return counts;
  }

  /**
   * Makes the reducer the given partition with the given topN; returns where it leaves its count.
   */
  private File configure(int partition, long topN) {
    File countDir = new File(tmp.getRoot(), "counts");
    reduce.getConfiguration().set(GeneratorKeys.RANGE_COUNT_DIR, countDir.toURI().toString());
    reduce.getConfiguration().setInt(MRJobConfig.TASK_PARTITION, partition);
    reduce.getConfiguration().setLong(GeneratorKeys.TOP_N, topN);
    return countDir;
  }

  @Test
  public void writesItsRangeInOrderUpToTopNAndLeavesItsCount() throws Exception {
    File countDir = configure(3, 2);
    for (int i = 0; i < 4; i++) {
      reduce.withInput(
          new Rank(0, 10 - i, "http://a.com/" + i),
          List.of(new Candidate(i, Datums.due(0, 10 - i, 0))));
    }
    List<Pair<Rank, Candidate>> out = reduce.run();
    assertEquals(2, out.size());
    assertEquals("http://a.com/0", out.get(0).getFirst().url().toString());
    assertEquals("http://a.com/1", out.get(1).getFirst().url().toString());
    assertEquals(List.of(2L), counts(countDir, 3));
  }

  @Test
  public void rangeSmallerThanTopNIsWrittenWhole() throws Exception {
    File countDir = configure(0, 5);
    reduce.withInput(
        new Rank(0, 1f, "http://a.com/"), List.of(new Candidate(0, Datums.due(0, 1f, 0))));
    assertEquals(1, reduce.run().size());
    assertEquals(List.of(1L), counts(countDir, 0));
  }
}
