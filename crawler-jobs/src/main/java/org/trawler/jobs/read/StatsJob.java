package org.trawler.jobs.read;

import java.io.IOException;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.JobRunner;

/**
 * -stats of a db ({@link DbStats}): read by the client below readdb.stats.job.min.bytes, else by a
 * MapReduce job, as Nutch's readdb does, so a large db is not read through one JVM. Either way each
 * part is counted on its own and the parts' totals are merged in part order: one map task per part,
 * one reducer that receives them sorted by part name.
 */
public final class StatsJob {
  /** Job parameter: the {@link DbStats} class the tasks count with. */
  static final String STATS_CLASS = "trawler.stats.class";

  private StatsJob() {}

  /**
   * The stats of the db version {@code current}: by a job through {@code runner} when it holds at
   * least readdb.stats.job.min.bytes, else read here.
   */
  public static <V extends Writable, S extends DbStats<V, S>> S stats(
      Configuration conf, Path current, V value, Class<S> statsClass, JobRunner runner)
      throws IOException, UserException {
    return stats(
        conf,
        current,
        value,
        statsClass,
        () -> ReflectionUtils.newInstance(statsClass, conf),
        runner);
  }

  /**
   * As {@link #stats(Configuration, Path, Writable, Class, JobRunner)}, the parts read here counted
   * by stats {@code newStats} makes (the job's tasks make theirs from {@code statsClass}).
   */
  public static <V extends Writable, S extends DbStats<V, S>> S stats(
      Configuration conf,
      Path current,
      V value,
      Class<S> statsClass,
      Supplier<S> newStats,
      JobRunner runner)
      throws IOException, UserException {
    long min =
        Settings.getBytes(
            conf, ReaderKeys.STATS_JOB_MIN_BYTES, ReaderKeys.DEFAULT_STATS_JOB_MIN_BYTES);
    List<Path> parts = PartFiles.list(conf, current);
    FileSystem fs = current.getFileSystem(conf);
    if (parts.isEmpty() || fs.getContentSummary(current).getLength() < min) {
      return read(conf, parts, value, newStats);
    }
    return run(conf, current, parts, statsClass, runner);
  }

  /** The stats of the data files {@code parts}, read part by part here. */
  static <V extends Writable, S extends DbStats<V, S>> S read(
      Configuration conf, List<Path> parts, V value, Supplier<S> empty)
      throws IOException, UserException {
    S total = empty.get();
    for (Path file : parts) {
      S part = empty.get();
      PartFiles.readFile(conf, file, new Text(), value, (k, v) -> part.add(k, v));
      total.merge(part);
    }
    return total;
  }

  private static <S extends DbStats<?, S>> S run(
      Configuration conf, Path current, List<Path> parts, Class<S> statsClass, JobRunner runner)
      throws IOException, UserException {
    Path out = new Path(conf.get("hadoop.tmp.dir"), "trawler-stats-" + UUID.randomUUID());
    FileSystem outFs = out.getFileSystem(conf);
    try {
      Job job = CrawlJob.create(conf, "stats " + current);
      job.getConfiguration().setClass(STATS_CLASS, statsClass, DbStats.class);
      FileInputFormat.setInputPaths(job, parts.toArray(new Path[0]));
      job.setInputFormatClass(WholePartInputFormat.class);
      job.setMapperClass(PartMapper.class);
      job.setMapOutputKeyClass(Text.class);
      job.setMapOutputValueClass(statsClass);
      job.setReducerClass(MergeReducer.class);
      job.setNumReduceTasks(1);
      job.setOutputKeyClass(NullWritable.class);
      job.setOutputValueClass(statsClass);
      job.setOutputFormatClass(SequenceFileOutputFormat.class);
      FileOutputFormat.setOutputPath(job, out);
      runner.run(job);
      S total = ReflectionUtils.newInstance(statsClass, conf);
      PartFiles.read(conf, out, NullWritable.get(), total, (k, v) -> {});
      return total;
    } finally {
      outFs.delete(out, true);
    }
  }

  /** Each part whole to one map task: the parts' totals are merged in part order. */
  public static class WholePartInputFormat extends SequenceFileInputFormat<Writable, Writable> {
    @Override
    protected boolean isSplitable(JobContext context, Path filename) {
      return false;
    }
  }

  /** A part's records to (part name, its totals), written when the part ends. */
  public static class PartMapper extends Mapper<Writable, Writable, Text, Writable> {
    private DbStats<Writable, ?> stats;

    @Override
    @SuppressWarnings("unchecked")
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      stats = ReflectionUtils.newInstance(conf.getClass(STATS_CLASS, null, DbStats.class), conf);
    }

    @Override
    protected void map(Writable key, Writable value, Context context) {
      stats.add(key, value);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      Path file = ((FileSplit) context.getInputSplit()).getPath();
      // a MapFile part is read through its data file: the part is the directory
      Path part = file.getName().equals("data") ? file.getParent() : file;
      context.write(new Text(part.toString()), stats);
    }
  }

  /** The parts' totals, in part order, to the db's totals: one record. */
  public static class MergeReducer extends Reducer<Text, Writable, NullWritable, Writable> {
    private DbStats<?, ?> total;

    @Override
    protected void setup(Context context) {
      Configuration conf = context.getConfiguration();
      total = ReflectionUtils.newInstance(conf.getClass(STATS_CLASS, null, DbStats.class), conf);
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    protected void reduce(Text part, Iterable<Writable> values, Context context) {
      for (Writable v : values) {
        ((DbStats) total).merge((DbStats) v);
      }
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      context.write(NullWritable.get(), total);
    }
  }
}
