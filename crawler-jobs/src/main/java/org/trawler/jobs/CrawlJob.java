package org.trawler.jobs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.PartFileCheck;
import org.trawler.core.store.PathNames;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.hadoopinternals.LocalJobLeftovers;
import org.trawler.jobs.hadoopinternals.LocalTaskFailure;

/** How every Trawler job is created, wired to the crawldb, and run. */
public final class CrawlJob {
  private static final Set<String> DEFAULT_RESOURCES =
      Set.of("core-default.xml", "mapred-default.xml", CrawlerConfiguration.DEFAULT_RESOURCE);

  private CrawlJob() {}

  /** A new job named "trawler &lt;name&gt;" that ships the Trawler job jar. */
  public static Job create(Configuration conf, String name) throws IOException {
    Job job = Job.getInstance(conf, "trawler " + name);
    job.setJarByClass(CrawlJob.class);
    if (isLocal(conf)) {
      // The client polls for completion every 5 s by default: most of a small local job's time; a
      // poll in this JVM costs little, and every job waits half the interval on average. Not 1 ms:
      // a long job's client would then ask for its status a thousand times a second, on a core the
      // tasks need.
      job.getConfiguration().setInt("mapreduce.client.completion.pollinterval", 10);
      job.getConfiguration().setInt("mapreduce.client.progressmonitor.pollinterval", 100);
      useAllCores(job.getConfiguration());
    }
    return job;
  }

  /**
   * Local mode runs one map and one reduce at a time unless told otherwise: a crawldb job then uses
   * one core of many. Unless the user set them, as many maps and reduces run side by side as there
   * are cores, a job that does not choose its reducers gets one per core, and the buffers of the
   * tasks running together share the heap instead of each assuming it has it to itself (the sort
   * buffer is sized when the job's input is known, in {@link #run}).
   */
  static void useAllCores(Configuration conf) {
    int cores = Runtime.getRuntime().availableProcessors();
    setUnlessUserSet(conf, LocalJobRunner.LOCAL_MAX_MAPS, cores);
    setUnlessUserSet(conf, LocalJobRunner.LOCAL_MAX_REDUCES, cores);
    setUnlessUserSet(conf, MRJobConfig.NUM_REDUCES, cores);
    int reduces = Math.max(1, conf.getInt(LocalJobRunner.LOCAL_MAX_REDUCES, 1));
    if (!userSet(conf, MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT)) {
      // each running reduce may keep this share of the heap for map outputs (Hadoop's default 0.70
      // is for one)
      conf.setFloat(MRJobConfig.SHUFFLE_INPUT_BUFFER_PERCENT, 0.6f / reduces);
    }
  }

  /**
   * A map task's output is at most this many times its (compressed) input, spill margin included.
   */
  static final int MAP_OUTPUT_PER_INPUT_BYTE = 10;

  /** The smallest sort buffer a local map task gets, MB. */
  static final int MIN_SORT_MB = 4;

  /** The largest, MB: Hadoop's default, what a large round has always had. */
  static final int MAX_SORT_MB = 100;

  /**
   * The map-side sort buffer (mapreduce.task.io.sort.mb) of a local job reading {@code inputBytes}
   * with {@code runningMaps} maps side by side in a heap of {@code heapMb}. Every map task
   * allocates the whole buffer up front, so a buffer sized for the heap rather than the work makes
   * a small round's JVM grow by hundreds of MB of garbage: the buffer holds the job's whole map
   * output at most, and together the running maps' buffers take at most a third of the heap.
   */
  static int sortBufferMb(long inputBytes, long heapMb, int runningMaps) {
    long forHeap = Math.max(8, Math.min(MAX_SORT_MB, heapMb / 3 / Math.max(1, runningMaps)));
    long forInput = (Math.max(0, inputBytes) * MAP_OUTPUT_PER_INPUT_BYTE + (1 << 20) - 1) >> 20;
    return (int) Math.min(forHeap, Math.max(MIN_SORT_MB, forInput));
  }

  /** Sizes a local job's sort buffer to its input, unless the user set it. */
  static void sizeSortBuffer(Job job) throws IOException {
    Configuration conf = job.getConfiguration();
    if (!isLocal(conf) || userSet(conf, MRJobConfig.IO_SORT_MB)) {
      return;
    }
    int maps = Math.max(1, conf.getInt(LocalJobRunner.LOCAL_MAX_MAPS, 1));
    long heapMb = Runtime.getRuntime().maxMemory() >> 20;
    conf.setInt(MRJobConfig.IO_SORT_MB, sortBufferMb(inputBytes(job), heapMb, maps));
  }

  /** The bytes under the job's input paths (globs expanded; a missing path counts nothing). */
  static long inputBytes(Job job) throws IOException {
    Configuration conf = job.getConfiguration();
    long bytes = 0;
    for (Path p : inputPaths(job)) {
      FileSystem fs = p.getFileSystem(conf);
      FileStatus[] matches = fs.globStatus(p);
      for (FileStatus m : matches == null ? new FileStatus[0] : matches) {
        bytes += fs.getContentSummary(m.getPath()).getLength();
      }
    }
    return bytes;
  }

  private static void setUnlessUserSet(Configuration conf, String key, int value) {
    if (!userSet(conf, key)) {
      conf.setInt(key, value);
    }
  }

  /**
   * True when {@code key} has a value from a site file, -D or code: not only from Hadoop's or
   * Trawler's defaults.
   */
  public static boolean userSet(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null && !Arrays.stream(sources).allMatch(DEFAULT_RESOURCES::contains);
  }

  /** True when jobs run in this JVM (Hadoop's local runner), not on YARN. */
  public static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  /**
   * Adds the installed crawldb version as a SequenceFile input of (Text url, CrawlDatum): current,
   * or the previous version if an install was interrupted (see {@link VersionedDb#readable}).
   */
  public static void addCrawlDbInput(Job job, Path crawlDb) throws IOException {
    FileInputFormat.addInputPath(job, crawlDbVersion(job.getConfiguration(), crawlDb));
    job.setInputFormatClass(SequenceFileInputFormat.class);
  }

  /** The crawldb version a job reads: as {@link #addCrawlDbInput}, for MultipleInputs. */
  public static Path crawlDbVersion(Configuration conf, Path crawlDb) throws IOException {
    Path version = VersionedDb.readable(crawlDb.getFileSystem(conf), crawlDb);
    return version != null ? version : VersionedDb.current(crawlDb);
  }

  /**
   * Makes the job write a crawldb version (block-compressed MapFile of Text → CrawlDatum) to {@code
   * out}.
   */
  public static void setCrawlDbOutput(Job job, Path out) {
    setMapFileOutput(job, out, CrawlDatum.class);
  }

  /**
   * Makes the job write a block-compressed MapFile of Text → {@code valueClass} (e.g. a linkdb
   * version) to {@code out}.
   */
  public static void setMapFileOutput(Job job, Path out, Class<? extends Writable> valueClass) {
    job.setOutputFormatClass(MapFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(valueClass);
    FileOutputFormat.setOutputPath(job, out);
    FileOutputFormat.setCompressOutput(job, true);
    SequenceFileOutputFormat.setOutputCompressionType(job, SequenceFile.CompressionType.BLOCK);
  }

  /**
   * Runs the job to completion. Its SequenceFile inputs are checked first (header and last
   * records), so a truncated or corrupt part file fails at once with one line naming it. A failed
   * job becomes a {@link UserException} (exit 3) with the first reason found: an unreadable input
   * (local mode, where Hadoop keeps the task's exception to its log), a failed task's first
   * diagnostic line (YARN), or Hadoop's failure info. In local mode the runner's leftover
   * directories of the job are removed and its metrics unregistered ({@link LocalJobLeftovers}).
   */
  public static void run(Job job) throws IOException, UserException {
    Configuration conf = job.getConfiguration();
    sizeSortBuffer(job);
    List<Path> inputs = PartFileCheck.dataFiles(conf, sequenceFileInputs(job));
    PartFileCheck.checkEnds(conf, inputs);
    String localReason = null;
    boolean ok;
    try (LocalTaskFailure local = isLocal(conf) ? LocalTaskFailure.listen() : null) {
      ok = job.waitForCompletion(false);
      if (!ok && local != null) {
        localReason = local.reason(job.getJobID());
      }
      if (local != null) {
        LocalJobLeftovers.remove(conf, job.getJobID());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserException(job.getJobName() + " was interrupted");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    if (!ok) {
      throw failure(job, inputs, localReason);
    }
  }

  /**
   * The input paths the job reads through a SequenceFileInputFormat (directly or via
   * MultipleInputs).
   */
  static List<Path> sequenceFileInputs(Job job) {
    return inputPaths(job, format -> isSequenceFileFormat(job.getConfiguration(), format));
  }

  /** Every input path of the job, whatever its format (directly or via MultipleInputs). */
  static List<Path> inputPaths(Job job) {
    return inputPaths(job, format -> true);
  }

  /** The input paths whose input format class name passes {@code format}. */
  private static List<Path> inputPaths(Job job, Predicate<String> format) {
    Configuration conf = job.getConfiguration();
    List<Path> paths = new ArrayList<>();
    String perPath = conf.get(MultipleInputs.DIR_FORMATS);
    if (perPath != null) {
      for (String entry : perPath.split(",")) {
        String[] pathAndFormat = entry.split(";", 2);
        if (pathAndFormat.length == 2 && format.test(pathAndFormat[1])) {
          paths.add(new Path(pathAndFormat[0]));
        }
      }
    } else if (format.test(conf.get(MRJobConfig.INPUT_FORMAT_CLASS_ATTR))) {
      paths.addAll(Arrays.asList(FileInputFormat.getInputPaths(job)));
    }
    return paths;
  }

  private static boolean isSequenceFileFormat(Configuration conf, String className) {
    if (className == null) {
      return false;
    }
    try {
      return SequenceFileInputFormat.class.isAssignableFrom(conf.getClassByName(className));
    } catch (ClassNotFoundException e) {
      return false;
    }
  }

  private static UserException failure(Job job, List<Path> inputs, String localReason)
      throws IOException {
    Configuration conf = job.getConfiguration();
    // The command prints its own "trawler <command>: " in front.
    String name = job.getJobName().replaceFirst("^trawler ", "");
    if (isLocal(conf)) {
      UserException unreadable = PartFileCheck.findUnreadable(conf, inputs);
      if (unreadable != null) {
        return new UserException(name + " failed: " + unreadable.getMessage(), unreadable);
      }
      if (localReason != null) {
        Path output = FileOutputFormat.getOutputPath(job);
        boolean named = output == null || localReason.contains(output.toString());
        return new UserException(
            name
                + " failed: "
                + firstLine(localReason)
                + (named ? "" : " (output " + PathNames.forUser(output) + ")"));
      }
      return new UserException(name + " failed (the task's error is in the log above)");
    }
    String why = firstTaskDiagnostic(job);
    if (why == null) {
      try {
        why = job.getStatus().getFailureInfo();
      } catch (IOException | InterruptedException e) {
        // the reason is in the task logs then
      }
    }
    boolean unknown = why == null || why.isBlank() || why.equals("NA");
    return new UserException(
        name + " failed" + (unknown ? " (the task's error is in its log)" : ": " + firstLine(why)));
  }

  /** The first line of the first failed task attempt's diagnostics, or null. */
  private static String firstTaskDiagnostic(Job job) {
    try {
      for (int from = 0; ; ) {
        TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
        if (events.length == 0) {
          return null;
        }
        for (TaskCompletionEvent e : events) {
          if (e.getStatus() == TaskCompletionEvent.Status.FAILED
              || e.getStatus() == TaskCompletionEvent.Status.TIPFAILED) {
            String[] diagnostics = job.getTaskDiagnostics(e.getTaskAttemptId());
            if (diagnostics != null && diagnostics.length > 0 && !diagnostics[0].isBlank()) {
              return e.getTaskAttemptId() + ": " + diagnostics[0];
            }
          }
        }
        from += events.length;
      }
    } catch (IOException | InterruptedException e) {
      return null;
    }
  }

  private static String firstLine(String text) {
    String trimmed = text.strip();
    int nl = trimmed.indexOf('\n');
    return (nl < 0 ? trimmed : trimmed.substring(0, nl)).strip();
  }
}
