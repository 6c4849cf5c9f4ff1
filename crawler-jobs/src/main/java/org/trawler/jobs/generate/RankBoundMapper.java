package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DefaultStringifier;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Top-N cut, map side: passes the candidates at or before the rank bound. The driver chose the
 * bound from the select samples so that at least topN candidates lie at or before it: the rest
 * cannot be selected and are not shuffled.
 */
public class RankBoundMapper extends Mapper<Rank, Candidate, Rank, Candidate> {
  private Rank bound;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    if (conf.get(GeneratorKeys.RANK_BOUND) != null) {
      bound = DefaultStringifier.load(conf, GeneratorKeys.RANK_BOUND, Rank.class);
    }
  }

  @Override
  protected void map(Rank rank, Candidate candidate, Context context)
      throws IOException, InterruptedException {
    if (bound == null || rank.compareTo(bound) <= 0) {
      context.write(rank, candidate);
    }
  }
}
