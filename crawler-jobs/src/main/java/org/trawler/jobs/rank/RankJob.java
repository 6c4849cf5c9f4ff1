package org.trawler.jobs.rank;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.trawler.core.scoring.SelectionScore;
import org.trawler.jobs.CrawlJob;

/**
 * How every job of rank is set up: a crawl job whose map output is (URL, {@link RankRecord}), with
 * the graph's page count for the tasks' {@link PageRank}; {@link #between} for the jobs that read
 * and write rank records as sequence files (all but the first and the last).
 */
final class RankJob {
  private RankJob() {}

  /** A job named {@code name} with its mapper and reducer, for a graph of {@code pages} pages. */
  @SuppressWarnings("rawtypes")
  static Job create(
      Configuration conf,
      String name,
      long pages,
      Class<? extends Mapper> mapper,
      Class<? extends Reducer> reducer)
      throws IOException {
    Job job = CrawlJob.create(conf, "rank: " + name);
    job.getConfiguration().setLong(RankKeys.INTERNAL_NODES, pages);
    job.setMapperClass(mapper);
    job.setReducerClass(reducer);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(RankRecord.class);
    return job;
  }

  /** {@link #create} reading rank records from {@code in}. */
  @SuppressWarnings("rawtypes")
  static Job between(
      Configuration conf,
      String name,
      long pages,
      Path in,
      Class<? extends Mapper> mapper,
      Class<? extends Reducer> reducer,
      Path out)
      throws IOException {
    Job job = create(conf, name, pages, mapper, reducer);
    FileInputFormat.addInputPath(job, in);
    job.setInputFormatClass(SequenceFileInputFormat.class);
    return writeRecords(job, out);
  }

  /** Has {@code job} write rank records as a sequence file to {@code out}. */
  static Job writeRecords(Job job, Path out) {
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(RankRecord.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    return job;
  }

  /** The PageRank step of a task of a job {@link #create} made. */
  static PageRank pageRank(Configuration conf) {
    return PageRank.sumOne(SelectionScore.damping(conf), conf.getLong(RankKeys.INTERNAL_NODES, 1));
  }
}
