package org.trawler.jobs.rank;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.trawler.jobs.rank.RankRecord.Edge;
import org.trawler.jobs.rank.RankRecord.Kind;

/** One PageRank iteration over the page graph as one job ({@link PageRank#next} per page). */
public final class RankIteration {
  private RankIteration() {}

  /** The job of iteration {@code iteration}, the dangling pages holding {@code danglingMass}. */
  static Job job(
      Configuration conf, Path in, Path out, PageRank pr, double danglingMass, int iteration)
      throws IOException {
    Job job =
        RankJob.between(
            conf,
            "iteration " + iteration,
            pr.nodes(),
            in,
            ShareMapper.class,
            RankReducer.class,
            out);
    job.getConfiguration().set(RankKeys.INTERNAL_DANGLING, Double.toString(danglingMass));
    return job;
  }

  /** A node to itself, and its rank's share to each page it links. */
  public static class ShareMapper extends Mapper<Text, RankRecord, Text, RankRecord> {
    private final Text target = new Text();

    @Override
    protected void map(Text url, RankRecord node, Context context)
        throws IOException, InterruptedException {
      context.write(url, node);
      double total = node.totalWeight();
      for (Edge e : node.edges()) {
        target.set(e.url());
        context.write(target, RankRecord.share(PageRank.share(node.value(), e.weight(), total)));
      }
    }
  }

  /** A node and the shares it received: the node with its new rank; counts the change. */
  public static class RankReducer extends Reducer<Text, RankRecord, Text, RankRecord> {
    private PageRank pr;
    private double danglingMass;

    @Override
    protected void setup(Context context) {
      pr = RankJob.pageRank(context.getConfiguration());
      danglingMass = context.getConfiguration().getDouble(RankKeys.INTERNAL_DANGLING, 0);
    }

    @Override
    protected void reduce(Text url, Iterable<RankRecord> values, Context context)
        throws IOException, InterruptedException {
      RankRecord node = null;
      double inflow = 0;
      for (RankRecord r : values) {
        if (r.kind() == Kind.SHARE) {
          inflow += r.value();
        } else {
          node = RankRecord.node(r.value(), r.edges());
        }
      }
      if (node == null) {
        return; // every link's target is a node: only a share of a broken input lands here
      }
      double rank = pr.next(inflow, danglingMass);
      RankCounter.L1_CHANGE.in(context).increment(RankCounter.units(Math.abs(rank - node.value())));
      if (node.edges().isEmpty()) {
        RankCounter.DANGLING_MASS.in(context).increment(RankCounter.units(rank));
      }
      context.write(url, RankRecord.node(rank, node.edges()));
    }
  }
}
