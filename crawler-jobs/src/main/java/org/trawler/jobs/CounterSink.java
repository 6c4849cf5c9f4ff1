package org.trawler.jobs;

import org.apache.hadoop.mapreduce.TaskAttemptContext;

/** Where counts go: a running task's Hadoop counters, the fetch task's output, or a test's list. */
@FunctionalInterface
public interface CounterSink {
  /** Adds {@code amount} to counter {@code name} of {@code group}. */
  void count(String group, String name, long amount);

  default void count(JobCounter counter, long amount) {
    count(counter.group(), counter.counterName(), amount);
  }

  /** The counters of a running task. */
  static CounterSink of(TaskAttemptContext context) {
    return (group, name, amount) -> context.getCounter(group, name).increment(amount);
  }
}
