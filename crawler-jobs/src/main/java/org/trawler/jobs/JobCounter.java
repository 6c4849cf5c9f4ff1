package org.trawler.jobs;

import java.util.Locale;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * A Hadoop counter of a job. Each job names its counters in one enum implementing this, beside the
 * job ({@code InjectCounter}, {@code FetchCounter}, ...): one constant per counter, named in
 * lower_snake_case after the constant, in the job's group. A closed set that is counted as it is
 * (generate's skip reasons, inject's seed problems) implements this itself. A family of counters
 * named after the members of another closed set (one per crawl status, per fetch reason) has its
 * group as a constant of the job's enum, its names from that set.
 */
public interface JobCounter {
  /** The counter group: the job's. */
  String group();

  /** The constant's name (an enum implements this). */
  String name();

  /** The counter's name, lower_snake_case: the constant's name in lower case. */
  default String counterName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The counter in a running task. */
  default Counter in(TaskAttemptContext context) {
    return context.getCounter(group(), counterName());
  }

  /** Its value in a finished job's counters. */
  default long valueIn(Counters counters) {
    return counters.findCounter(group(), counterName()).getValue();
  }

  /** Its key in {@link CrawlTool#results()}. */
  default String resultKey() {
    return resultKey(group(), counterName());
  }

  /**
   * The key of counter {@code name} of {@code group} in {@link CrawlTool#results()}: "group/name".
   */
  static String resultKey(String group, String name) {
    return group + "/" + name;
  }
}
