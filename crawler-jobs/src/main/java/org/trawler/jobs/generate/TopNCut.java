package org.trawler.jobs.generate;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DefaultStringifier;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;
import org.trawler.core.UserException;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.JobRunner;

/**
 * Generate's exact top-N cut ({@link RankBoundMapper}, {@link RangeReducer}), when several select
 * reducers together kept more than topN candidates: from the ranks the select reducers sampled
 * (every topN/1000-th of their sorted output) it takes a rank bound with provably at least topN
 * candidates before it and the range boundaries, sorts the candidates under the bound into ranges
 * (total-order partitioning), and from the ranges' counts finds the range and position of the N-th
 * URL. The fetch-list job then reads the ranges before it whole and that range up to the position.
 */
final class TopNCut {
  private final Configuration conf;
  private final Path tmp;
  private final JobRunner runner;

  /**
   * @param tmp where the cut writes its ranges, counts and boundaries
   * @param runner runs the cut's job (the generator's own runJob)
   */
  TopNCut(Configuration conf, Path tmp, JobRunner runner) {
    this.conf = conf;
    this.tmp = tmp;
    this.runner = runner;
  }

  /**
   * The exact top-N of the candidates: a total-order sort into ranges, then the position of the
   * N-th.
   */
  Selection cut(Path candidates, Path samples, long topN, int reducers)
      throws IOException, UserException {
    List<Rank> sorted = readRanks(conf, samples);
    Collections.sort(sorted);
    int boundIndex = boundIndex(sorted.size(), topN, SelectReducer.sampleEvery(topN), reducers);
    if (boundIndex >= 0) {
      sorted = sorted.subList(0, boundIndex + 1);
    }
    List<Rank> boundaries = rangeBoundaries(sorted, reducers);
    Path ranked = new Path(tmp, "ranked");
    Path counts = new Path(tmp, "range-counts");

    Job job = CrawlJob.create(conf, "generate top " + topN);
    Configuration jobConf = job.getConfiguration();
    jobConf.set(GeneratorKeys.RANGE_COUNT_DIR, counts.toString());
    job.setInputFormatClass(SequenceFileInputFormat.class);
    FileInputFormat.addInputPath(job, candidates);
    if (boundIndex >= 0) {
      DefaultStringifier.store(jobConf, sorted.get(boundIndex), GeneratorKeys.RANK_BOUND);
    }
    job.setMapperClass(RankBoundMapper.class);
    job.setMapOutputKeyClass(Rank.class);
    job.setMapOutputValueClass(Candidate.class);
    job.setNumReduceTasks(boundaries.size() + 1);
    if (!boundaries.isEmpty()) {
      Path boundaryFile = new Path(tmp, "range-boundaries");
      writeRanks(conf, boundaryFile, boundaries);
      TotalOrderPartitioner.setPartitionFile(jobConf, boundaryFile);
      job.setPartitionerClass(TotalOrderPartitioner.class);
    }
    job.setReducerClass(RangeReducer.class);
    job.setReduceSpeculativeExecution(false); // one attempt per count file
    sequenceFileOutput(job, ranked, Rank.class, Candidate.class);
    runner.run(job);

    long[] rangeCounts = readRangeCounts(conf, counts, boundaries.size() + 1);
    int[] position = cutPosition(rangeCounts, topN);
    List<Path> inputs = new ArrayList<>();
    for (int i = 0; i <= position[0]; i++) {
      inputs.add(new Path(ranked, partName(i)));
    }
    return new Selection(inputs, topN, partName(position[0]), position[1]);
  }

  /**
   * At most {@code ranges - 1} increasing boundaries, evenly spaced through the sorted samples.
   * Every sample stands for the same number of candidates, so the ranges come out about equal.
   */
  static List<Rank> rangeBoundaries(List<Rank> sorted, int ranges) {
    List<Rank> boundaries = new ArrayList<>();
    for (int i = 1; i < ranges; i++) {
      int index = (int) ((long) i * sorted.size() / ranges);
      if (index == 0 || index >= sorted.size()) {
        continue;
      }
      Rank boundary = sorted.get(index);
      if (boundaries.isEmpty() || boundaries.get(boundaries.size() - 1).compareTo(boundary) < 0) {
        boundaries.add(boundary);
      }
    }
    return boundaries;
  }

  /**
   * The index in the sorted samples of a rank with at least topN candidates at or before it, or -1
   * when the samples do not prove one. Each of the {@code runs} select outputs is sorted and
   * sampled at ordinals 0, k, 2k...; a run with a samples at or before sample m has at least
   * (a-1)k+1 candidates there, so sample m has at least (m+1-runs)k+1 before it: enough from m =
   * ceil((topN-1)/k) + runs - 1.
   */
  static int boundIndex(int samples, long topN, long sampleEvery, int runs) {
    long m = (topN - 1 + sampleEvery - 1) / sampleEvery + runs - 1;
    return m < samples ? (int) m : -1;
  }

  /**
   * {range k, position p}: the N-th URL is the p-th (1-based) of range k, given each range's count.
   */
  static int[] cutPosition(long[] rangeCounts, long topN) {
    long before = 0;
    for (int k = 0; k < rangeCounts.length; k++) {
      if (before + rangeCounts[k] >= topN) {
        return new int[] {k, (int) Math.min(Integer.MAX_VALUE, topN - before)};
      }
      before += rangeCounts[k];
    }
    throw new IllegalStateException("the ranges hold " + before + " URLs, fewer than topN " + topN);
  }

  private static String partName(int partition) {
    return String.format("part-r-%05d", partition);
  }

  /** Job output as block-compressed SequenceFiles. */
  static void sequenceFileOutput(Job job, Path out, Class<?> keyClass, Class<?> valueClass) {
    job.setOutputKeyClass(keyClass);
    job.setOutputValueClass(valueClass);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    FileOutputFormat.setCompressOutput(job, true);
    SequenceFileOutputFormat.setOutputCompressionType(job, SequenceFile.CompressionType.BLOCK);
  }

  private static List<Rank> readRanks(Configuration conf, Path dir)
      throws IOException, UserException {
    List<Rank> ranks = new ArrayList<>();
    PartFiles.read(
        conf, dir, new Rank(), NullWritable.get(), (rank, none) -> ranks.add(new Rank(rank)));
    return ranks;
  }

  private static void writeRanks(Configuration conf, Path file, List<Rank> ranks)
      throws IOException {
    try (SequenceFile.Writer writer =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(Rank.class),
            SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (Rank rank : ranks) {
        writer.append(rank, NullWritable.get());
      }
    }
  }

  private static long[] readRangeCounts(Configuration conf, Path dir, int ranges)
      throws IOException, UserException {
    long[] counts = new long[ranges];
    PartFiles.read(
        conf,
        dir,
        new IntWritable(),
        new LongWritable(),
        (range, count) -> counts[range.get()] = count.get());
    return counts;
  }

  /** Reads each ranked file whole in one map task, so the task knows the records' positions. */
  public static class WholeFileInput extends SequenceFileInputFormat<Rank, Candidate> {
    @Override
    protected boolean isSplitable(JobContext context, Path file) {
      return false;
    }
  }

  /**
   * What the fetch-list job reads: whole files, except the first {@code cutLimit} records of {@code
   * cutPart}.
   */
  static final class Selection {
    final List<Path> inputs;
    final long count;
    final String cutPart;
    final long cutLimit;

    Selection(List<Path> inputs, long count, String cutPart, long cutLimit) {
      this.inputs = inputs;
      this.count = count;
      this.cutPart = cutPart;
      this.cutLimit = cutLimit;
    }
  }
}
