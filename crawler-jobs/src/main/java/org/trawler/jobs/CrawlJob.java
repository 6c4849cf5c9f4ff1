package org.trawler.jobs;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.CrawlDb;

/** How every Trawler job is created, wired to the crawldb, and run. */
public final class CrawlJob {
  private static final Logger LOG = LoggerFactory.getLogger(CrawlJob.class);
  /** Task completion events asked at once, and at most this many batches (a job has finitely many attempts). */
  private static final int EVENT_BATCH = 100;
  private static final int MAX_EVENT_BATCHES = 100;

  private CrawlJob() {}

  /** A new job named "trawler &lt;name&gt;" that ships the Trawler job jar. */
  public static Job create(Configuration conf, String name) throws IOException {
    Job job = Job.getInstance(conf, "trawler " + name);
    job.setJarByClass(CrawlJob.class);
    if (isLocal(conf)) {
      // The client polls for completion every 5 s by default: most of a small local job's time.
      job.getConfiguration().setInt("mapreduce.client.completion.pollinterval", 50);
      job.getConfiguration().setInt("mapreduce.client.progressmonitor.pollinterval", 100);
    }
    return job;
  }

  /** True when jobs run in this JVM (Hadoop's local runner), not on YARN. */
  public static boolean isLocal(Configuration conf) {
    return "local".equals(conf.get("mapreduce.framework.name", "local"));
  }

  /** Adds the installed crawldb version as a SequenceFile input of (Text url, CrawlDatum). */
  public static void addCrawlDbInput(Job job, Path crawlDb) throws IOException {
    FileInputFormat.addInputPath(job, CrawlDb.current(crawlDb));
    job.setInputFormatClass(SequenceFileInputFormat.class);
  }

  /** Makes the job write a crawldb version (block-compressed MapFile of Text → CrawlDatum) to {@code out}. */
  public static void setCrawlDbOutput(Job job, Path out) {
    setMapFileOutput(job, out, CrawlDatum.class);
  }

  /** Makes the job write a block-compressed MapFile of Text → {@code valueClass} (e.g. a linkdb version) to {@code out}. */
  public static void setMapFileOutput(Job job, Path out, Class<? extends Writable> valueClass) {
    job.setOutputFormatClass(MapFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(valueClass);
    FileOutputFormat.setOutputPath(job, out);
    FileOutputFormat.setCompressOutput(job, true);
    SequenceFileOutputFormat.setOutputCompressionType(job, SequenceFile.CompressionType.BLOCK);
  }

  /** Runs the job to completion; a failed job becomes a {@link UserException} (exit 3) with Hadoop's reason. */
  public static void run(Job job) throws IOException, UserException {
    boolean ok;
    try {
      ok = job.waitForCompletion(false);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UserException(job.getJobName() + " was interrupted");
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
    if (!ok) {
      String why = "";
      try {
        why = job.getStatus().getFailureInfo();
      } catch (IOException | InterruptedException e) {
        // the reason is in the task logs then
      }
      // LocalJobRunner reports "NA"; the task's exception is in the log then.
      boolean unknown = why == null || why.isEmpty() || why.equals("NA");
      String taskError = unknown ? null : firstTaskError(job);
      throw new UserException(job.getJobName() + " failed" + (unknown ? " (the task's error is in the log above)" : ": " + why)
          + (taskError == null ? "" : "; first task error: " + taskError));
    }
  }

  /**
   * On a cluster the failed task's exception is in its container's log on some node: the first
   * line of the first failed attempt's diagnostics (the whole of them logged here), or null.
   */
  private static String firstTaskError(Job job) {
    try {
      int from = 0;
      for (int batch = 0; batch < MAX_EVENT_BATCHES; batch++) {
        TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, EVENT_BATCH);
        for (TaskCompletionEvent event : events) {
          if (event.getStatus() != TaskCompletionEvent.Status.FAILED) {
            continue;
          }
          String[] diagnostics = job.getTaskDiagnostics(event.getTaskAttemptId());
          if (diagnostics != null && diagnostics.length > 0 && diagnostics[0] != null) {
            LOG.warn("{} failed: {}", event.getTaskAttemptId(), diagnostics[0]);
            return event.getTaskAttemptId() + ": " + diagnostics[0].strip().lines().findFirst().orElse("");
          }
        }
        if (events.length < EVENT_BATCH) {
          break;
        }
        from += events.length;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      LOG.debug("cannot read the task diagnostics of {}", job.getJobName(), e);
    }
    return null;
  }
}
