package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Top-N cut: writes one range of the candidates in rank order (at most topN of them, no later one
 * can be selected) and leaves its count for the driver, which then knows where the N-th is.
 */
public class RangeReducer extends Reducer<Rank, Candidate, Rank, Candidate> {
  private long topN;
  private long written;

  @Override
  protected void setup(Context context) {
    topN = context.getConfiguration().getLong(GeneratorKeys.TOP_N, 0);
  }

  @Override
  protected void reduce(Rank rank, Iterable<Candidate> candidates, Context context)
      throws IOException, InterruptedException {
    for (Candidate candidate : candidates) {
      if (topN > 0 && written >= topN) {
        return;
      }
      context.write(rank, candidate);
      written++;
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    try (SequenceFile.Writer count =
        TaskSideFile.open(
            conf, GeneratorKeys.RANGE_COUNT_DIR, IntWritable.class, LongWritable.class)) {
      if (count != null) {
        count.append(new IntWritable(TaskSideFile.partition(conf)), new LongWritable(written));
      }
    }
  }
}
