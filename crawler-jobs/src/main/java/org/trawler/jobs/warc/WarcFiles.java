package org.trawler.jobs.warc;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;
import org.trawler.jobs.CounterSink;

/**
 * The WARC files of one task: {@code <prefix>-<timestamp>-<task>-<serial>.warc.gz}, each beginning
 * with a warcinfo record, every record its own gzip member, a new file once one reaches the size
 * limit. A file is written under a temporary name ({@value #OPEN_SUFFIX} appended) and renamed when
 * complete, so a file under its final name is always whole; its CDXJ index likewise. A capture's
 * records stay in one file.
 */
final class WarcFiles implements Closeable {
  /** Appended to a file's name while it is written. */
  static final String OPEN_SUFFIX = ".open";

  static final String WARC_SUFFIX = ".warc.gz";
  static final String CDXJ_SUFFIX = ".cdxj";

  /**
   * What a task's files are like: named {@code <prefix>-...}, a new file from {@code maxSize} bytes
   * on, a CDXJ index beside each when {@code cdx}, each begun by a warcinfo record with the fields
   * {@code warcinfo} and dated by {@code clock}.
   */
  record Layout(
      String prefix,
      long maxSize,
      boolean cdx,
      Map<String, List<String>> warcinfo,
      LongSupplier clock) {}

  private final FileSystem fs;
  private final Path dir;
  private final int task;
  private final Layout layout;
  private final CounterSink counters;
  private final DatasetFiles datasets;

  private int serial;
  private String name;
  private FSDataOutputStream stream;
  private WarcWriter writer;
  private final List<String> cdxLines = new ArrayList<>();

  /**
   * The files of task number {@code task} in {@code dir}, with WAT and WET files beside as {@code
   * datasets} says (null: none).
   */
  WarcFiles(
      FileSystem fs,
      Path dir,
      int task,
      Layout layout,
      CounterSink counters,
      DatasetFiles datasets) {
    this.datasets = datasets != null && datasets.any() ? datasets : null;
    this.fs = fs;
    this.dir = dir;
    this.task = task;
    this.layout = layout;
    this.counters = counters;
  }

  /** {@code <prefix>-<yyyyMMddHHmmss>-<task>-<serial>.warc.gz}, task and serial five digits. */
  static String fileName(String prefix, Instant time, int task, int serial) {
    return String.format(
        "%s-%s-%05d-%05d%s", prefix, CdxjLine.timestamp(time), task, serial, WARC_SUFFIX);
  }

  /** Writes one capture's records; the file is rotated after them once it is full. */
  void write(List<ArchivedRecord> records) throws IOException {
    write(records, null);
  }

  /**
   * Writes the records of {@code capture} (null when not known: no WET record from them); the file
   * is rotated after them once it is full.
   */
  void write(List<ArchivedRecord> records, Capture capture) throws IOException {
    if (records.isEmpty()) {
      return;
    }
    if (writer == null) {
      open();
    }
    List<DatasetFiles.Written> written = datasets == null ? null : new ArrayList<>();
    for (ArchivedRecord r : records) {
      long offset = writer.position();
      if (datasets == null) {
        writer.write(r.record());
      } else {
        RecordBytes bytes = RecordBytes.of(r.record());
        writer.write(bytes.toWrite());
        written.add(new DatasetFiles.Written(bytes, offset));
      }
      if (layout.cdx() && r.index() != null) {
        cdxLines.add(CdxjLine.format(r.index(), offset, writer.position() - offset, name));
      }
    }
    if (datasets != null) {
      datasets.add(capture, written);
    }
    if (writer.position() >= layout.maxSize()) {
      finish();
    }
  }

  private void open() throws IOException {
    Instant now = Instant.ofEpochMilli(layout.clock().getAsLong());
    name = fileName(layout.prefix(), now, task, serial++);
    while (fs.exists(new Path(dir, name))) { // a second export into the directory in one second
      name = fileName(layout.prefix(), now, task, serial++);
    }
    stream = fs.create(new Path(dir, name + OPEN_SUFFIX), false);
    writer = new WarcWriter(Channels.newChannel(stream), WarcCompression.GZIP);
    Warcinfo info =
        new Warcinfo.Builder()
            .version(MessageVersion.WARC_1_1)
            .date(now)
            .filename(name)
            .fields(layout.warcinfo())
            .build();
    if (datasets == null) {
      writer.write(info);
    } else {
      datasets.begin(name, now);
      RecordBytes bytes = RecordBytes.of(info);
      writer.write(bytes.toWrite());
      datasets.add(null, List.of(new DatasetFiles.Written(bytes, 0)));
    }
    counters.count(WarcCounter.WARCINFO_RECORDS, 1);
  }

  /** Completes the current file: closed, renamed to its final name, its CDXJ written beside. */
  private void finish() throws IOException {
    long size = writer.position();
    try {
      writer.close();
    } catch (RuntimeException e) {
      throw unfinished(e);
    }
    stream = null;
    writer = null;
    rename(name);
    if (datasets != null) {
      datasets.finish();
    }
    counters.count(WarcCounter.FILES, 1);
    counters.count(WarcCounter.BYTES, size);
    if (layout.cdx()) {
      Collections.sort(cdxLines);
      String index = name.substring(0, name.length() - WARC_SUFFIX.length()) + CDXJ_SUFFIX;
      try (Writer out =
          new OutputStreamWriter(
              fs.create(new Path(dir, index + OPEN_SUFFIX), false), StandardCharsets.UTF_8)) {
        for (String line : cdxLines) {
          out.write(line);
          out.write('\n');
        }
      }
      rename(index);
      cdxLines.clear();
    }
  }

  /**
   * jwarc's gzip channel fails on its own buffer (BufferOverflowException) when the file system
   * refused a write under it: flushing the stream shows the refusal (a full disk) to report
   * instead.
   */
  private IOException unfinished(RuntimeException e) {
    Path file = new Path(dir, name + OPEN_SUFFIX);
    try {
      stream.flush();
    } catch (IOException refused) {
      return new IOException("cannot write " + file + ": " + refused.getMessage(), refused);
    }
    return new IOException("cannot complete " + file + ": " + e, e);
  }

  private void rename(String finalName) throws IOException {
    Path to = new Path(dir, finalName);
    if (!fs.rename(new Path(dir, finalName + OPEN_SUFFIX), to)) {
      throw new IOException("cannot rename " + finalName + OPEN_SUFFIX + " to " + to);
    }
  }

  /** Completes the file being written, if any. */
  @Override
  public void close() throws IOException {
    if (writer != null) {
      finish();
    }
  }

  /** Abandons the file being written (a failed task): its temporary file is removed. */
  void abort() {
    try {
      if (stream != null) {
        stream.close();
        fs.delete(new Path(dir, name + OPEN_SUFFIX), false);
      }
    } catch (IOException e) {
      // the temporary name never looks complete; a later export does not read it
    }
    stream = null;
    writer = null;
    if (datasets != null) {
      datasets.abort();
    }
  }
}
