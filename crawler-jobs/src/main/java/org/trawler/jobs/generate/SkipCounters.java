package org.trawler.jobs.generate;

import java.util.EnumMap;

import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/** A task's skip counters, each looked up once: a lookup by name for every skipped URL cost more than the skip. */
final class SkipCounters {
  private final TaskInputOutputContext<?, ?, ?, ?> context;
  private final EnumMap<SkipReason, Counter> counters = new EnumMap<>(SkipReason.class);

  SkipCounters(TaskInputOutputContext<?, ?, ?, ?> context) {
    this.context = context;
  }

  void count(SkipReason reason) {
    counters.computeIfAbsent(reason, r -> context.getCounter(SkipReason.GROUP, r.counter())).increment(1);
  }
}
