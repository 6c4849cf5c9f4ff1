package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Reducer;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.HostGroup;

/**
 * Select, reduce side: reads its hosts' due URLs best-first and keeps each host's (or domain's)
 * best generate.max.count, and at most topN in all: the global top N lies within the union of every
 * reducer's own top N. Each kept URL gets its slot within its host. When a top-N cut follows, it
 * also writes every k-th kept rank as a sample for the cut's range boundaries.
 */
public class SelectReducer extends Reducer<Rank, CrawlDatum, Rank, Candidate> {
  /** About this many sampled ranks per reducer when the output is topN long. */
  static final long SAMPLES_PER_RUN = 1000;

  private Selector selector;
  private SequenceFile.Writer sample;
  private long sampleEvery;
  private final Candidate candidate = new Candidate();

  /**
   * Every how many kept URLs a rank is sampled: its ordinals 0, k, 2k... in the reducer's sorted
   * output.
   */
  static long sampleEvery(long topN) {
    return Math.max(1, topN / SAMPLES_PER_RUN);
  }

  /** The configured generate.count.mode: host or domain. */
  public static HostGroup countMode(Configuration conf) {
    return HostGroup.hostOrDomain(conf, GeneratorKeys.COUNT_MODE, GeneratorKeys.DEFAULT_COUNT_MODE);
  }

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    long topN = conf.getLong(GeneratorKeys.TOP_N, 0);
    selector = Selector.fromConf(conf, topN);
    sample = TaskSideFile.open(conf, GeneratorKeys.SAMPLE_DIR, Rank.class, NullWritable.class);
    sampleEvery = sampleEvery(topN);
  }

  @Override
  protected void reduce(Rank rank, Iterable<CrawlDatum> datums, Context context)
      throws IOException, InterruptedException {
    selector.url(rank.url());
    for (CrawlDatum datum : datums) {
      boolean sampled = selector.admitted() % sampleEvery == 0;
      int slot = selector.admitOrCount(context);
      if (slot < 0) {
        continue;
      }
      candidate.set(slot, datum);
      context.write(rank, candidate);
      if (sample != null && sampled) {
        sample.append(rank, NullWritable.get());
      }
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    if (sample != null) {
      sample.close();
    }
  }
}
