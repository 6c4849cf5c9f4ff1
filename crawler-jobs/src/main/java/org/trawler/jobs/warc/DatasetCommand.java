package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.store.FileMoves;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;

/**
 * A command that writes a dataset of fetched segments into a directory (warc, urlindex): {@value
 * #SYNOPSIS} and options of its own; it prints one summary line with the time it took.
 */
abstract class DatasetCommand extends CrawlTool {
  /** How every such command's synopsis begins. */
  static final String SYNOPSIS = "<out_dir> (<segment>... | -dir <segments_dir>)";

  /**
   * {@code -dir <segments_dir>}: every fetched segment under a directory, as {@code description}.
   */
  static Option segmentsDir(String description) {
    return valued("dir", "segments_dir", description);
  }

  /**
   * Sets {@code key} to the value of option {@code opt} when given; a value {@code check} refuses
   * (a BadSettingException) is a usage error: "-opt takes {@code expected}, not 'value'".
   */
  static void setting(
      CommandLine cmd,
      Configuration conf,
      String opt,
      String key,
      Consumer<Configuration> check,
      String expected)
      throws UsageException {
    if (!cmd.hasOption(opt)) {
      return;
    }
    String value = cmd.getOptionValue(opt);
    conf.set(key, value);
    try {
      check.accept(conf);
    } catch (BadSettingException e) {
      throw new UsageException("-" + opt + " takes " + expected + ", not '" + value + "'");
    }
  }

  @Override
  protected final int[] positionalArity() {
    return new int[] {1, -1};
  }

  @Override
  protected final int execute(CommandLine cmd) throws Exception {
    configure(cmd, getConf());
    Path out = new Path(cmd.getArgList().get(0));
    List<Path> segments = segmentArgs(cmd, 1, Segment.CRAWL_FETCH, "fetched");
    long start = System.nanoTime();
    String summary = write(cmd, out, segments);
    out().println(summary + String.format("; %.1f s", (System.nanoTime() - start) / 1e9));
    return 0;
  }

  /**
   * Runs {@code job}, which writes into the work directory {@code work}, then moves the files it
   * wrote whose names end with {@code suffixes} into {@code out}, all or none, in that order of
   * suffixes ({@link FileMoves#outOfWork}); the work directory is removed either way.
   */
  protected void runInto(Job job, FileSystem fs, Path work, Path out, List<String> suffixes)
      throws IOException, UserException {
    try {
      runJob(job);
      FileMoves.outOfWork(fs, work, out, suffixes);
    } finally {
      fs.delete(work, true);
    }
  }

  /** Sets the configuration from the command's own options; a bad value is a usage error. */
  protected abstract void configure(CommandLine cmd, Configuration conf) throws UsageException;

  /** Writes the dataset of {@code segments} into {@code out}; returns its summary line. */
  protected abstract String write(CommandLine cmd, Path out, List<Path> segments)
      throws IOException, UserException;
}
