package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.io.Closeables;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter.Part;

/**
 * The plain Hadoop path of the fetch output (fetcher.output.sort.in.task=false): a reduce task gets
 * the records sorted by URL from the shuffle and writes each to its segment part with Hadoop's own
 * MapFile and SequenceFile writers, compressed as {@link SortingSegmentWriter} compresses them.
 * Kept so the fetch job still runs if an upgrade breaks that writer, and to measure what it gains.
 */
final class PlainSegmentWriter extends RecordWriter<Text, SegmentRecord> {
  private final List<Part> parts;
  private final List<Closeable> files = new ArrayList<>();
  private final List<MapFile.Writer> mapFiles = new ArrayList<>();
  private final List<SequenceFile.Writer> sequenceFiles = new ArrayList<>();

  /**
   * @param workFile the task's output file name ({@code <work>/part-r-NNNNN}); each part gets one
   * @param codec compresses the output, or null for none
   */
  PlainSegmentWriter(Configuration conf, List<Part> parts, Path workFile, CompressionCodec codec)
      throws IOException {
    this.parts = parts;
    for (Part part : parts) {
      Path path = new Path(new Path(workFile.getParent(), part.name()), workFile.getName());
      CompressionType type = part.compression(codec);
      SequenceFile.Writer.Option compression =
          codec == null
              ? SequenceFile.Writer.compression(type)
              : SequenceFile.Writer.compression(type, codec);
      if (part.mapFile()) {
        MapFile.Writer w =
            new MapFile.Writer(
                conf,
                path,
                MapFile.Writer.keyClass(Text.class),
                MapFile.Writer.valueClass(part.type()),
                compression);
        mapFiles.add(w);
        sequenceFiles.add(null);
        files.add(w);
      } else {
        SequenceFile.Writer w =
            SequenceFile.createWriter(
                conf,
                SequenceFile.Writer.file(path),
                SequenceFile.Writer.keyClass(Text.class),
                SequenceFile.Writer.valueClass(part.type()),
                compression);
        mapFiles.add(null);
        sequenceFiles.add(w);
        files.add(w);
      }
    }
  }

  /** Records come in URL order (the shuffle's); a record goes to the first part that takes it. */
  @Override
  public void write(Text key, SegmentRecord record) throws IOException {
    Writable value = record.get();
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i).accepts().test(value)) {
        if (mapFiles.get(i) != null) {
          mapFiles.get(i).append(key, value);
        } else {
          sequenceFiles.get(i).append(key, value);
        }
        return;
      }
    }
    throw new IOException(
        "no segment part takes " + value.getClass().getSimpleName() + " records (" + key + ")");
  }

  @Override
  public void close(TaskAttemptContext context) throws IOException {
    Closeables.closeAll(files);
  }
}
