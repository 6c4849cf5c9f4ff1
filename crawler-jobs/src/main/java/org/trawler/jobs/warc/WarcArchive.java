package org.trawler.jobs.warc;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.trawler.core.conf.Settings;
import org.trawler.core.parse.CharsetDetector;
import org.trawler.core.parse.ParseKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CounterSink;

/**
 * One task's WARC output: captures in, records built ({@link CaptureRecords}) and written to
 * rotating files ({@link WarcFiles}). The export's reducer and the fetch task (fetcher.store.warc)
 * each hold one.
 */
public final class WarcArchive implements Closeable {
  private final CaptureRecords records;
  private final WarcFiles files;

  private WarcArchive(CaptureRecords records, WarcFiles files) {
    this.records = records;
    this.files = files;
  }

  /**
   * The file system without Hadoop's .crc side files on the local disk: WARC and CDXJ files carry
   * their own digests, and users hand the folder to WARC tools that do not expect them.
   */
  private static FileSystem withoutChecksums(FileSystem fs) {
    return fs instanceof ChecksumFileSystem local ? local.getRawFileSystem() : fs;
  }

  /** Files of task number {@code task} in {@code dir}, as the warc.* keys say; no WAT or WET. */
  public static WarcArchive open(Configuration conf, Path dir, int task, CounterSink counters)
      throws IOException {
    return open(conf, dir, task, counters, false);
  }

  /**
   * Files of task number {@code task} in {@code dir}, as the warc.* keys say, with WAT, WET and
   * Markdown files beside them when {@code datasets} and warc.wat, warc.wet, warc.markdown say so
   * (the export: the fetch task has no parse to make them from).
   */
  public static WarcArchive open(
      Configuration conf, Path dir, int task, CounterSink counters, boolean datasets)
      throws IOException {
    String prefix = conf.getTrimmed(WarcKeys.PREFIX, WarcKeys.DEFAULT_PREFIX);
    long maxSize = Settings.getBytes(conf, WarcKeys.MAX_SIZE, WarcKeys.DEFAULT_MAX_SIZE);
    boolean cdx = conf.getBoolean(WarcKeys.CDX, WarcKeys.DEFAULT_CDX);
    int memory = Settings.getInt(conf, WarcKeys.REVISIT_MEMORY, WarcKeys.DEFAULT_REVISIT_MEMORY);
    FileSystem fs = withoutChecksums(dir.getFileSystem(conf));
    Map<String, List<String>> warcinfo = warcinfo(conf, prefix);
    return new WarcArchive(
        new CaptureRecords(new CaptureMemory(Math.max(1, memory)), counters),
        new WarcFiles(
            fs,
            dir,
            task,
            new WarcFiles.Layout(prefix, maxSize, cdx, warcinfo, System::currentTimeMillis),
            counters,
            datasets ? datasetFiles(conf, fs, dir, warcinfo, counters) : null));
  }

  private static DatasetFiles datasetFiles(
      Configuration conf,
      FileSystem fs,
      Path dir,
      Map<String, List<String>> warcinfo,
      CounterSink counters) {
    WatRecords wat =
        conf.getBoolean(WarcKeys.WAT, WarcKeys.DEFAULT_WAT)
            ? new WatRecords(
                CharsetDetector.forDefault(
                    conf.get(ParseKeys.FALLBACK_CHARSET, ParseKeys.DEFAULT_FALLBACK_CHARSET)),
                counters)
            : null;
    return new DatasetFiles(
        fs,
        dir,
        wat,
        conf.getBoolean(WarcKeys.WET, WarcKeys.DEFAULT_WET),
        conf.getBoolean(WarcKeys.MARKDOWN, WarcKeys.DEFAULT_MARKDOWN),
        warcinfo,
        counters);
  }

  /** Archives one fetch (nothing when nothing went over the wire). */
  public void add(Capture capture) throws IOException {
    files.write(records.build(capture), capture);
  }

  /** Completes the file being written. */
  @Override
  public void close() throws IOException {
    files.close();
  }

  /** Drops the file being written, for a task that fails. */
  public void abort() {
    files.abort();
  }

  /** The warcinfo fields: who wrote the files, how, and by which rules the crawl fetched. */
  static Map<String, List<String>> warcinfo(Configuration conf, String prefix) {
    Map<String, List<String>> fields = new LinkedHashMap<>();
    // the default agent name is the software's name and version
    fields.put("software", List.of(ProtocolKeys.DEFAULT_AGENT_NAME + " (jwarc)"));
    fields.put("hostname", List.of(hostname()));
    fields.put("format", List.of("WARC File Format 1.1"));
    fields.put(
        "conformsTo",
        List.of("https://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"));
    fields.put(
        "http-header-user-agent",
        List.of(conf.getTrimmed(ProtocolKeys.AGENT_NAME, ProtocolKeys.DEFAULT_AGENT_NAME)));
    fields.put("robots", List.of("obey"));
    fields.put("isPartOf", List.of(prefix));
    return fields;
  }

  private static String hostname() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }
}
