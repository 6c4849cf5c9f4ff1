package org.trawler.jobs.hadoopinternals;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocalDirAllocator;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionOutputStream;
import org.apache.hadoop.io.compress.Compressor;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.hadoopinternals.RawMapFileWriter;
import org.trawler.core.io.Closeables;

/**
 * Sorts a fetch task's records by URL inside the task, so the fetch job needs no shuffle and no
 * reduce. Records collect in memory, large values (content) compressed as they arrive; a full
 * buffer is sorted and written to a run file on local disk by a background thread while fetching
 * goes on; {@link #close} merges the runs straight into the segment's parts. After the last fetch
 * only the last buffer is sorted and already-compressed bytes are copied: no content is sorted,
 * shuffled or compressed again once fetching has ended. Not thread-safe: the fetch recorder
 * serializes writes.
 */
public final class SortingSegmentWriter extends RecordWriter<Text, SegmentRecord> {
  /**
   * One segment part: its directory, record type, which records it takes, MapFile or SequenceFile,
   * and whether its values are large (pages, texts): those are compressed one by one (record
   * compression) as they arrive, the small ones (datums) in blocks at the end.
   */
  public record Part(
      String name,
      Class<? extends Writable> type,
      Predicate<Writable> accepts,
      boolean mapFile,
      boolean large) {
    /**
     * How this part's file is compressed with {@code codec} (null = none): large values one by one,
     * the small ones in blocks.
     */
    public CompressionType compression(CompressionCodec codec) {
      return codec == null
          ? CompressionType.NONE
          : large ? CompressionType.RECORD : CompressionType.BLOCK;
    }
  }

  private static final Logger LOG = LoggerFactory.getLogger(SortingSegmentWriter.class);

  /**
   * Bytes a buffered record costs beyond its key and value: the object, arrays' headers, list slot.
   */
  private static final int RECORD_OVERHEAD = 64;

  private static final Comparator<Entry> BY_URL =
      (a, b) -> WritableComparator.compareBytes(a.url, 0, a.url.length, b.url, 0, b.url.length);

  private final Configuration conf;
  private final TaskAttemptContext context;
  private final List<Part> parts;
  private final Path workFile;
  private final CompressionCodec codec;
  private final long bufferLimit;
  private final boolean rawMapFiles;
  private final File runDir;
  private final ExecutorService spiller;

  private final DataOutputBuffer serialized = new DataOutputBuffer();
  private final DataOutputBuffer compressed = new DataOutputBuffer();
  private Compressor compressor;
  private CompressionOutputStream compressing;

  private List<Entry> buffer = new ArrayList<>();
  private long buffered;
  private final List<Run> runs = new ArrayList<>();
  private Future<?> spilling;

  /**
   * One record: the URL's UTF-8 bytes, the index of its part, its serialized (maybe compressed)
   * value.
   */
  private record Entry(byte[] url, int part, byte[] value) {}

  /** A sorted run on local disk and its record count. */
  private record Run(File file, int records) {}

  /**
   * @param parts the segment's parts; a record goes to the first that accepts it
   * @param workFile the task's output file name ({@code <work>/part-m-NNNNN}); each part gets one
   * @param codec compresses the output, or null for none
   */
  public SortingSegmentWriter(
      TaskAttemptContext context,
      List<Part> parts,
      Path workFile,
      CompressionCodec codec,
      long bufferLimit)
      throws IOException {
    this(context, parts, workFile, codec, bufferLimit, true);
  }

  /**
   * @param rawMapFiles false = MapFiles through Hadoop's MapFile.Writer, each record read back and
   *     written again (fetcher.output.raw.mapfile), not as raw bytes ({@link RawMapFileWriter})
   */
  public SortingSegmentWriter(
      TaskAttemptContext context,
      List<Part> parts,
      Path workFile,
      CompressionCodec codec,
      long bufferLimit,
      boolean rawMapFiles)
      throws IOException {
    this.rawMapFiles = rawMapFiles;
    this.conf = context.getConfiguration();
    this.context = context;
    this.parts = parts;
    this.workFile = workFile;
    this.codec = codec;
    this.bufferLimit = bufferLimit;
    Path local =
        new LocalDirAllocator(MRConfig.LOCAL_DIR)
            .getLocalPathForWrite("trawler-fetch-runs/" + context.getTaskAttemptID(), conf);
    this.runDir = new File(local.toUri().getPath());
    this.spiller =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "fetch-output-sorter");
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void write(Text key, SegmentRecord record) throws IOException {
    Writable value = record.get();
    int part = partOf(key, value);
    serialized.reset();
    value.write(serialized);
    byte[] bytes = recordCompressed(parts.get(part)) ? compress(serialized) : copy(serialized);
    buffer.add(new Entry(key.copyBytes(), part, bytes));
    buffered += key.getLength() + bytes.length + RECORD_OVERHEAD;
    if (buffered >= bufferLimit) {
      spill();
    }
  }

  private int partOf(Text key, Writable value) throws IOException {
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i).accepts.test(value)) {
        return i;
      }
    }
    throw new IOException(
        "no segment part takes "
            + value.getClass().getSimpleName()
            + " records ("
            + key
            + ": "
            + value
            + ")");
  }

  /** Large values are compressed one by one, here, so the end of the task only copies them. */
  private boolean recordCompressed(Part part) {
    return codec != null && part.large;
  }

  /** The value compressed as a record-compressed SequenceFile writer would compress it. */
  private byte[] compress(DataOutputBuffer in) throws IOException {
    if (compressing == null) {
      compressor = CodecPool.getCompressor(codec, conf);
      compressing = codec.createOutputStream(compressed, compressor);
    }
    compressed.reset();
    compressing.resetState();
    compressing.write(in.getData(), 0, in.getLength());
    compressing.finish();
    return copy(compressed);
  }

  private static byte[] copy(DataOutputBuffer b) {
    byte[] out = new byte[b.getLength()];
    System.arraycopy(b.getData(), 0, out, 0, out.length);
    return out;
  }

  /**
   * Hands the full buffer to the background thread (after the previous run is written) and starts a
   * new one.
   */
  private void spill() throws IOException {
    awaitSpill();
    List<Entry> full = buffer;
    File file = new File(runDir, "run-" + runs.size());
    runs.add(new Run(file, full.size()));
    buffer = new ArrayList<>();
    buffered = 0;
    spilling =
        spiller.submit(
            () -> {
              writeRun(full, file);
              return null;
            });
  }

  private void awaitSpill() throws IOException {
    if (spilling == null) {
      return;
    }
    try {
      spilling.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while a sorted run was written", e);
    } catch (ExecutionException e) {
      throw new IOException(
          "cannot write a sorted run to " + runDir + ": " + e.getCause(), e.getCause());
    } finally {
      spilling = null;
    }
  }

  private static void writeRun(List<Entry> entries, File file) throws IOException {
    entries.sort(BY_URL);
    if (!file.getParentFile().isDirectory() && !file.getParentFile().mkdirs()) {
      throw new IOException("cannot create " + file.getParentFile());
    }
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(new FileOutputStream(file), 1 << 16))) {
      for (Entry e : entries) {
        out.writeInt(e.url.length);
        out.write(e.url);
        out.writeByte(e.part);
        out.writeInt(e.value.length);
        out.write(e.value);
      }
    }
  }

  /** Merges the runs and the last buffer into one file per part; the run files are removed. */
  @Override
  public void close(TaskAttemptContext ctx) throws IOException {
    List<Source> sources = new ArrayList<>();
    List<Sink> sinks = new ArrayList<>();
    try {
      awaitSpill();
      buffer.sort(BY_URL);
      for (Run run : runs) {
        sources.add(new RunSource(sources.size(), run));
      }
      sources.add(new ListSource(sources.size(), buffer));
      for (Part part : parts) {
        sinks.add(new Sink(part));
      }
      long written = merge(sources, sinks);
      if (!runs.isEmpty()) {
        LOG.info(
            "merged {} records from {} sorted run(s) and the last buffer", written, runs.size());
      }
    } finally {
      closeAll(sources, sinks);
      spiller.shutdownNow();
      FileUtil.fullyDelete(runDir);
      if (compressor != null) {
        CodecPool.returnCompressor(compressor);
      }
    }
  }

  private long merge(List<Source> sources, List<Sink> sinks) throws IOException {
    PriorityQueue<Source> heads =
        new PriorityQueue<>(
            Comparator.comparing((Source s) -> s.head, BY_URL).thenComparingInt(s -> s.order));
    for (Source s : sources) {
      if (s.advance()) {
        heads.add(s);
      }
    }
    DataOutputBuffer key = new DataOutputBuffer();
    RawMapFileWriter.Bytes bytes = new RawMapFileWriter.Bytes();
    long written = 0;
    while (!heads.isEmpty()) {
      Source s = heads.poll();
      Entry e = s.head;
      key.reset();
      WritableUtils.writeVInt(key, e.url.length);
      key.write(e.url);
      Sink sink = sinks.get(e.part);
      sink.append(e, key, bytes.set(e.value, e.value.length, recordCompressed(sink.part)));
      if (++written % 10_000 == 0) {
        context.progress();
      }
      if (s.advance()) {
        heads.add(s);
      }
    }
    return written;
  }

  private static void closeAll(List<Source> sources, List<Sink> sinks) throws IOException {
    List<Closeable> all = new ArrayList<>(sources);
    all.addAll(sinks);
    Closeables.closeAll(all);
  }

  /** Where the merge reads from, in URL order: a run file or the last buffer. */
  private abstract static class Source implements Closeable {
    /**
     * Breaks ties between equal URLs: earlier runs first, so records keep the order they were
     * written in.
     */
    final int order;

    Entry head;

    Source(int order) {
      this.order = order;
    }

    /** Moves to the next entry; false at the end. */
    abstract boolean advance() throws IOException;

    @Override
    public void close() throws IOException {}
  }

  private static final class ListSource extends Source {
    private final List<Entry> entries;
    private int next;

    ListSource(int order, List<Entry> entries) {
      super(order);
      this.entries = entries;
    }

    @Override
    boolean advance() {
      head = next < entries.size() ? entries.get(next++) : null;
      return head != null;
    }
  }

  private static final class RunSource extends Source {
    private final DataInputStream in;
    private int left;

    RunSource(int order, Run run) throws IOException {
      super(order);
      this.in =
          new DataInputStream(new BufferedInputStream(new FileInputStream(run.file), 1 << 16));
      this.left = run.records;
    }

    @Override
    boolean advance() throws IOException {
      if (left == 0) {
        head = null;
        return false;
      }
      left--;
      byte[] url = new byte[in.readInt()];
      in.readFully(url);
      int part = in.readByte();
      byte[] value = new byte[in.readInt()];
      in.readFully(value);
      head = new Entry(url, part, value);
      return true;
    }

    @Override
    public void close() throws IOException {
      in.close();
    }
  }

  /** One part's output file: a MapFile, or a SequenceFile where keys may repeat in any order. */
  private final class Sink implements Closeable {
    final Part part;
    private final RawMapFileWriter mapFile;
    private final MapFile.Writer plainMapFile;
    private final SequenceFile.Writer sequenceFile;
    private final Text plainKey = new Text();
    private final DataInputBuffer plainIn = new DataInputBuffer();
    private Decompressor decompressor;

    Sink(Part part) throws IOException {
      this.part = part;
      Path path = new Path(new Path(workFile.getParent(), part.name), workFile.getName());
      CompressionType type = part.compression(codec);
      SequenceFile.Writer.Option compression =
          codec == null
              ? SequenceFile.Writer.compression(type)
              : SequenceFile.Writer.compression(type, codec);
      mapFile =
          part.mapFile && rawMapFiles
              ? new RawMapFileWriter(conf, path, part.type, type, codec)
              : null;
      plainMapFile =
          part.mapFile && !rawMapFiles
              ? new MapFile.Writer(
                  conf,
                  path,
                  MapFile.Writer.keyClass(Text.class),
                  MapFile.Writer.valueClass(part.type),
                  compression)
              : null;
      sequenceFile =
          part.mapFile
              ? null
              : SequenceFile.createWriter(
                  conf,
                  SequenceFile.Writer.file(path),
                  SequenceFile.Writer.keyClass(Text.class),
                  SequenceFile.Writer.valueClass(part.type),
                  compression);
    }

    void append(Entry e, DataOutputBuffer key, RawMapFileWriter.Bytes value) throws IOException {
      if (mapFile != null) {
        mapFile.append(key.getData(), key.getLength(), value);
      } else if (plainMapFile != null) {
        plainKey.set(e.url);
        plainMapFile.append(plainKey, readBack(e.value));
      } else {
        sequenceFile.appendRaw(key.getData(), 0, key.getLength(), value);
      }
    }

    /** The record a buffered value holds, decompressed first if it was compressed on arrival. */
    private Writable readBack(byte[] value) throws IOException {
      Writable record = ReflectionUtils.newInstance(part.type, conf);
      if (recordCompressed(part)) {
        if (decompressor == null) {
          decompressor = CodecPool.getDecompressor(codec);
        }
        decompressor.reset();
        try (DataInputStream in =
            new DataInputStream(
                codec.createInputStream(new ByteArrayInputStream(value), decompressor))) {
          record.readFields(in);
        }
      } else {
        plainIn.reset(value, value.length);
        record.readFields(plainIn);
      }
      return record;
    }

    @Override
    public void close() throws IOException {
      try {
        if (mapFile != null) {
          mapFile.close();
        } else if (plainMapFile != null) {
          plainMapFile.close();
        } else {
          sequenceFile.close();
        }
      } finally {
        if (decompressor != null) {
          CodecPool.returnDecompressor(decompressor);
        }
      }
    }
  }
}
