package org.trawler.jobs;

import java.io.IOException;
import org.trawler.core.UserException;

/**
 * How a tool runs a job it did not build itself: its own {@link CrawlTool#runJob}, which records
 * the job's counters in the tool's results.
 */
@FunctionalInterface
public interface JobRunner {
  void run(org.apache.hadoop.mapreduce.Job job) throws IOException, UserException;
}
