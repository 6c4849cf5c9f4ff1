package org.trawler.jobs.warc;

import java.io.IOException;
import java.nio.channels.Channels;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.netpreserve.jwarc.MessageVersion;
import org.netpreserve.jwarc.WarcCompression;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.netpreserve.jwarc.WarcRevisit;
import org.netpreserve.jwarc.WarcWriter;
import org.netpreserve.jwarc.Warcinfo;
import org.trawler.jobs.CounterSink;

/**
 * The WAT and WET files beside a task's WARC files, Common Crawl's derived datasets: for {@code
 * <name>.warc.gz}, {@code <name>.warc.wat.gz} (a {@link WatRecords metadata record} per WARC
 * record) and {@code <name>.warc.wet.gz} (a {@link WetRecords conversion record} per parsed page),
 * and our own {@code <name>.warc.md.gz} (a text/markdown conversion record per page with Markdown),
 * each beginning with its own warcinfo, every record its own gzip member. Written as the WARC file
 * is, from the same records in the same task, and completed (renamed from {@code .open}) with it.
 */
final class DatasetFiles {
  static final String WAT_SUFFIX = ".warc.wat.gz";
  static final String WET_SUFFIX = ".warc.wet.gz";

  /** Not *.md.warc.gz: whatever lists a folder's *.warc.gz would take it for a crawl's WARC. */
  static final String MARKDOWN_SUFFIX = ".warc.md.gz";

  /** A WARC record written: its bytes and where it begins in its file. */
  record Written(RecordBytes bytes, long offset) {}

  private final DerivedFile wat;
  private final DerivedFile wet;
  private final DerivedFile markdown;
  private final List<DerivedFile> all;
  private final WatRecords watRecords;
  private String warcName;

  /**
   * WAT files when {@code watRecords} is given, WET files when {@code wet}, Markdown files when
   * {@code markdown}.
   */
  DatasetFiles(
      FileSystem fs,
      Path dir,
      WatRecords watRecords,
      boolean wet,
      boolean markdown,
      Map<String, List<String>> warcinfo,
      CounterSink counters) {
    this.watRecords = watRecords;
    this.wat =
        watRecords == null
            ? null
            : new DerivedFile(
                fs,
                dir,
                WAT_SUFFIX,
                warcinfo,
                counters,
                WarcCounter.WAT_RECORDS,
                WarcCounter.WAT_BYTES);
    this.wet =
        wet
            ? new DerivedFile(
                fs,
                dir,
                WET_SUFFIX,
                warcinfo,
                counters,
                WarcCounter.WET_RECORDS,
                WarcCounter.WET_BYTES)
            : null;
    this.markdown =
        markdown
            ? new DerivedFile(
                fs,
                dir,
                MARKDOWN_SUFFIX,
                warcinfo,
                counters,
                WarcCounter.MARKDOWN_RECORDS,
                WarcCounter.MARKDOWN_BYTES)
            : null;
    this.all = Stream.of(wat, this.wet, this.markdown).filter(Objects::nonNull).toList();
  }

  /** Whether any file is written beside the WARC files. */
  boolean any() {
    return !all.isEmpty();
  }

  /** Begins the files of the WARC file {@code name}, begun at {@code time}. */
  void begin(String name, Instant time) throws IOException {
    warcName = name;
    String base = name.substring(0, name.length() - WarcFiles.WARC_SUFFIX.length());
    for (DerivedFile f : all) {
      f.open(base, time);
    }
  }

  /** Adds the derived records of one capture's WARC records (the warcinfo's: capture null). */
  void add(Capture capture, List<Written> records) throws IOException {
    if (wat != null) {
      for (Written w : records) {
        wat.write(watRecords.build(w.bytes(), warcName, w.offset()));
      }
    }
    if ((wet != null || markdown != null) && capture != null) {
      WarcRecord parsedFrom = null;
      for (Written w : records) {
        WarcRecord r = w.bytes().original();
        parsedFrom = r instanceof WarcResponse || r instanceof WarcRevisit ? r : parsedFrom;
      }
      if (parsedFrom != null) {
        write(wet, WetRecords.conversion(capture, parsedFrom));
        write(markdown, WetRecords.markdown(capture, parsedFrom));
      }
    }
  }

  private static void write(DerivedFile file, WarcConversion record) throws IOException {
    if (file != null && record != null) {
      file.write(record);
    }
  }

  /** Completes the files: the WARC file beside them is complete. */
  void finish() throws IOException {
    for (DerivedFile f : all) {
      f.finish();
    }
  }

  void abort() {
    for (DerivedFile f : all) {
      f.abort();
    }
  }

  /** One derived file: written under a temporary name, renamed when complete. */
  private static final class DerivedFile {
    private final FileSystem fs;
    private final Path dir;
    private final String suffix;
    private final Map<String, List<String>> warcinfo;
    private final CounterSink counters;
    private final WarcCounter recordCounter;
    private final WarcCounter byteCounter;
    private String name;
    private FSDataOutputStream stream;
    private WarcWriter writer;

    DerivedFile(
        FileSystem fs,
        Path dir,
        String suffix,
        Map<String, List<String>> warcinfo,
        CounterSink counters,
        WarcCounter recordCounter,
        WarcCounter byteCounter) {
      this.fs = fs;
      this.dir = dir;
      this.suffix = suffix;
      this.warcinfo = warcinfo;
      this.counters = counters;
      this.recordCounter = recordCounter;
      this.byteCounter = byteCounter;
    }

    void open(String base, Instant time) throws IOException {
      name = base + suffix;
      stream = fs.create(new Path(dir, name + WarcFiles.OPEN_SUFFIX), false);
      writer = new WarcWriter(Channels.newChannel(stream), WarcCompression.GZIP);
      writer.write(
          new Warcinfo.Builder()
              .version(MessageVersion.WARC_1_1)
              .date(time)
              .filename(name)
              .fields(warcinfo)
              .build());
    }

    void write(WarcRecord record) throws IOException {
      writer.write(record);
      counters.count(recordCounter, 1);
    }

    void finish() throws IOException {
      long size = writer.position();
      writer.close();
      writer = null;
      stream = null;
      Path to = new Path(dir, name);
      if (!fs.rename(new Path(dir, name + WarcFiles.OPEN_SUFFIX), to)) {
        throw new IOException("cannot rename " + name + WarcFiles.OPEN_SUFFIX + " to " + to);
      }
      counters.count(byteCounter, size);
    }

    void abort() {
      try {
        if (stream != null) {
          stream.close();
          fs.delete(new Path(dir, name + WarcFiles.OPEN_SUFFIX), false);
        }
      } catch (IOException e) {
        // the temporary name never looks complete; a later export does not read it
      }
      stream = null;
      writer = null;
    }
  }
}
