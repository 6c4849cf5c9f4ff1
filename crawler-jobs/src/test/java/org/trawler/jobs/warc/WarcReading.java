package org.trawler.jobs.warc;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

/** Reads WARC files back with jwarc, for the tests. */
public final class WarcReading {
  private WarcReading() {}

  /** Every record of a file, its body read, so the reader goes through the whole file. */
  public static List<WarcRecord> records(File warc) throws IOException {
    List<WarcRecord> records = new ArrayList<>();
    try (WarcReader reader = new WarcReader(warc.toPath())) {
      for (WarcRecord r : reader) {
        r.body().consume();
        records.add(r);
      }
    }
    return records;
  }

  /**
   * The record at {@code offset}, read from only the {@code length} bytes there and decompressed as
   * one gzip member: what a replay tool does with a CDXJ line.
   */
  public static WarcRecord recordAt(File warc, long offset, long length) throws IOException {
    byte[] member = new byte[(int) length];
    try (RandomAccessFile f = new RandomAccessFile(warc, "r")) {
      f.seek(offset);
      f.readFully(member);
    }
    byte[] plain = new GZIPInputStream(new ByteArrayInputStream(member)).readAllBytes();
    WarcReader reader = new WarcReader(new ByteArrayInputStream(plain));
    return reader.next().orElseThrow(() -> new IOException("no record at " + offset));
  }
}
