package org.trawler.jobs.hadoopinternals;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.util.VersionInfo;
import org.junit.Test;

/**
 * Fails on a Hadoop other than the one this package was written for: its classes lean on Hadoop's
 * MapReduce internals, which an upgrade may change without a compile error. Re-check what the
 * message says, then change {@link #WRITTEN_FOR}.
 */
public class HadoopVersionTest {
  static final String WRITTEN_FOR = "3.5.0";

  @Test
  public void sortingSegmentWriterWasWrittenForThisHadoop() {
    assertWrittenFor(
        SortingSegmentWriter.class,
        "that a map-only job's output still reaches its OutputFormat unsorted and that"
            + " LocalDirAllocator still hands out mapreduce.cluster.local.dir"
            + " (SortingSegmentWriterTest, FetcherOutputFormatTest)");
  }

  @Test
  public void localJobLeftoversWasWrittenForThisHadoop() {
    assertWrittenFor(
        LocalJobLeftovers.class,
        "LocalJobRunner's directory names (localRunner/<user>/<job>, jobcache) and its metrics"
            + " source names (LocalJobLeftoversTest runs three jobs and finds neither left)");
  }

  @Test
  public void localTaskFailureWasWrittenForThisHadoop() {
    assertWrittenFor(
        LocalTaskFailure.class,
        "that LocalJobRunner still logs a failed job's exception as a warning whose message is the"
            + " job's id (OutOfHeapTest fails a local job and reads why)");
  }

  private static void assertWrittenFor(Class<?> internal, String recheck) {
    assertEquals(
        internal.getSimpleName()
            + " was written for Hadoop "
            + WRITTEN_FOR
            + ", now "
            + VersionInfo.getVersion()
            + ": re-check "
            + recheck,
        WRITTEN_FOR,
        VersionInfo.getVersion());
  }
}
