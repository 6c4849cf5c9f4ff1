package org.trawler.jobs.rank;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.CrawlJob;

/** rank's last job: the crawldb with each page's rank, into the new version. */
public final class RankWrite {
  private RankWrite() {}

  /** The job writing {@code crawlDb} with the ranks of {@code ranks} to {@code out}. */
  static Job job(Configuration conf, Path crawlDb, Path ranks, Path out, PageRank pr)
      throws IOException {
    Job job =
        RankJob.create(
            conf, crawlDb + ": write ranks", pr.nodes(), JoinMapper.class, ScoreReducer.class);
    CrawlJob.addCrawlDbInput(job, crawlDb);
    FileInputFormat.addInputPath(job, ranks);
    job.setMapOutputValueClass(RankJoin.class);
    CrawlJob.setCrawlDbOutput(job, out);
    return job;
  }

  /** crawldb entries and ranks, side by side under their URL. */
  public static class JoinMapper extends Mapper<Text, Writable, Text, RankJoin> {
    @Override
    protected void map(Text url, Writable value, Context context)
        throws IOException, InterruptedException {
      context.write(url, new RankJoin(value));
    }
  }

  /** A crawldb entry and its rank: the entry with the rank in units of the average page's. */
  public static class ScoreReducer extends Reducer<Text, RankJoin, Text, CrawlDatum> {
    private PageRank pr;

    @Override
    protected void setup(Context context) {
      pr = RankJob.pageRank(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<RankJoin> values, Context context)
        throws IOException, InterruptedException {
      CrawlDatum datum = null;
      double rank = Double.NaN;
      for (RankJoin v : values) {
        if (v.get() instanceof CrawlDatum d) {
          datum = new CrawlDatum(d);
        } else if (v.get() instanceof RankRecord r) {
          rank = r.value();
        }
      }
      if (datum == null) {
        return;
      }
      if (!Double.isNaN(rank)) {
        datum.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(pr.scaled(rank)));
        RankCounter.URLS_RANKED.in(context).increment(1);
      }
      context.write(url, datum);
    }
  }
}
