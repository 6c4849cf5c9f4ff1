package org.trawler.jobs.fetch;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.trawler.core.datum.CrawlDatum;

/**
 * A segment's fetch lists, one map task per file: a list is never split, so a host stays in one
 * task.
 */
public class FetchListInputFormat extends SequenceFileInputFormat<Text, CrawlDatum> {
  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }
}
