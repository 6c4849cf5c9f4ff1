/**
 * Where the jobs reach into Hadoop's MapReduce beyond its public API, kept in one place because an
 * upgrade may change what these classes rely on without a compile error: {@code
 * SortingSegmentWriter} (redoes the shuffle's sort inside a fetch task), {@code LocalJobLeftovers}
 * (removes LocalJobRunner's {@code localRunner} directories and metrics sources by their names) and
 * {@code LocalTaskFailure} (reads a failed local job's exception from LocalJobRunner's log). {@code
 * HadoopVersionTest} names the Hadoop version they were written for and what to re-check when it
 * changes; docs/architecture.md lists which job each serves and how to measure it switched off.
 */
package org.trawler.jobs.hadoopinternals;
