package org.trawler.jobs.luceneinternals;

import static org.junit.Assert.assertEquals;

import org.apache.lucene.util.Version;
import org.junit.Test;

/**
 * Fails on a Lucene other than the one this package was written for: its codec builds on Lucene's
 * codec internals, which an upgrade may change. Re-check what the message says, then change {@link
 * #WRITTEN_FOR}.
 */
public class LuceneVersionTest {
  static final String WRITTEN_FOR = "9.12.3";

  @Test
  public void uncompressedStoredFieldsCodecWasWrittenForThisLucene() {
    assertEquals(
        "UncompressedStoredFieldsCodec was written for Lucene "
            + WRITTEN_FOR
            + ", now "
            + Version.LATEST
            + ": re-check that the default codec is still Lucene912Codec and that"
            + " Lucene90CompressingStoredFieldsFormat and CompressionMode are unchanged"
            + " (UncompressedStoredFieldsCodecTest writes and reads a shard with it)",
        WRITTEN_FOR,
        Version.LATEST.toString());
  }
}
