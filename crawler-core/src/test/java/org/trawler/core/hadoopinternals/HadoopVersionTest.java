package org.trawler.core.hadoopinternals;

import static org.junit.Assert.assertEquals;

import org.apache.hadoop.util.VersionInfo;
import org.junit.Test;

/**
 * Fails on a Hadoop other than the one this package was written for: its classes lean on Hadoop's
 * internals, which an upgrade may change without a compile error. Re-check what the message says,
 * then change {@link #WRITTEN_FOR}.
 */
public class HadoopVersionTest {
  static final String WRITTEN_FOR = "3.5.0";

  @Test
  public void posixLocalFileSystemWasWrittenForThisHadoop() {
    assertWrittenFor(
        PosixLocalFileSystem.class,
        "that RawLocalFileSystem.setPermission still forks chmod without the native library and"
            + " that its FileStatus still loads permissions lazily (PosixLocalFileSystemTest)");
  }

  @Test
  public void rawMapFileWriterWasWrittenForThisHadoop() {
    assertWrittenFor(
        RawMapFileWriter.class,
        "that MapFile.Writer still writes a data and an index SequenceFile with every"
            + " io.map.index.interval-th key (RawMapFileWriterTest reads its files with"
            + " MapFile.Reader)");
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
