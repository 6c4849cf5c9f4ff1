package org.trawler.jobs;

import java.io.IOException;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRConfig;
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
  private static final int LOCAL_POLL_MILLIS = 50;

  private CrawlJob() {}

  /** A new job named "trawler &lt;name&gt;" that ships the Trawler job jar. */
  public static Job create(Configuration conf, String name) throws IOException {
    Job job = Job.getInstance(conf, "trawler " + name);
    job.setJarByClass(CrawlJob.class);
    if (MRConfig.LOCAL_FRAMEWORK_NAME.equals(conf.get(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME))) {
      // Hadoop checks for completion every 5 s: in local mode that wait is most of a small job's time.
      job.getConfiguration().setInt(Job.COMPLETION_POLL_INTERVAL_KEY, LOCAL_POLL_MILLIS);
    }
    return job;
  }

  /** Adds the installed crawldb version as a SequenceFile input of (Text url, CrawlDatum). */
  public static void addCrawlDbInput(Job job, Path crawlDb) throws IOException {
    FileInputFormat.addInputPath(job, CrawlDb.current(crawlDb));
    job.setInputFormatClass(SequenceFileInputFormat.class);
  }

  /** Makes the job write a crawldb version (block-compressed MapFile of Text → CrawlDatum) to {@code out}. */
  public static void setCrawlDbOutput(Job job, Path out) {
    job.setOutputFormatClass(MapFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(CrawlDatum.class);
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
      throw new UserException(job.getJobName() + " failed" + (why == null || why.isEmpty() ? "" : ": " + why));
    }
  }
}
