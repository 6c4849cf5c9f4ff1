package org.trawler.jobs.warc;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.Channels;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.netpreserve.jwarc.HttpResponse;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;

/** Reads WARC files back with jwarc, for the tests. */
public final class WarcReading {
  private WarcReading() {}

  /** A record read and its block (the record's body: for HTTP records, head and payload). */
  public record Entry(WarcRecord record, byte[] block) {
    /** The HTTP response in the block (response and revisit records). */
    public HttpResponse http() throws IOException {
      return HttpResponse.parse(Channels.newChannel(new ByteArrayInputStream(block)));
    }
  }

  /** Every record of a file, its body read, so the reader goes through the whole file. */
  public static List<WarcRecord> records(File warc) throws IOException {
    List<WarcRecord> records = new ArrayList<>();
    for (Entry e : entries(warc)) {
      records.add(e.record());
    }
    return records;
  }

  /** Every record of a file with its block. */
  public static List<Entry> entries(File warc) throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (WarcReader reader = new WarcReader(warc.toPath())) {
      for (WarcRecord r : reader) {
        entries.add(new Entry(r, r.body().stream().readAllBytes()));
      }
    }
    return entries;
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
