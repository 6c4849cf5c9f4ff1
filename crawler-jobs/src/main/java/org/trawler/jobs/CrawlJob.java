package org.trawler.jobs;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.CrawlDb;

/** How every Trawler job is created, wired to the crawldb, and run. */
public final class CrawlJob {

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
      throw new UserException(job.getJobName() + " failed" + (unknown ? " (the task's error is in the log above)" : ": " + why));
    }
  }
}
