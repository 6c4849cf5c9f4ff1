package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapred.InvalidJobConfException;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.jobs.parse.ParseOutputFormat;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.store.Segment;

/**
 * Writes a fetch job's records into the segment (the job's output path), one file per reduce task
 * in each part: fetch datums to crawl_fetch, content to content (when fetcher.store.content), both
 * block-compressed MapFiles. More record types (parse in the fetch task) are more {@link Part}s.
 */
public class FetcherOutputFormat extends FileOutputFormat<Text, SegmentRecord> {

  /** One segment part: its directory, record type, which records it takes, and MapFile or SequenceFile. */
  protected static final class Part {
    final String name;
    final Class<? extends Writable> type;
    final Predicate<Writable> accepts;
    final boolean mapFile;

    public Part(String name, Class<? extends Writable> type, Predicate<Writable> accepts, boolean mapFile) {
      this.name = name;
      this.type = type;
      this.accepts = accepts;
      this.mapFile = mapFile;
    }
  }

  /** The parts a task writes; a subclass adds parse_data, parse_text, crawl_parse for fetcher.parse. */
  protected List<Part> parts(Configuration conf) {
    List<Part> parts = new ArrayList<>();
    parts.add(new Part(Segment.CRAWL_FETCH, CrawlDatum.class,
        r -> r instanceof CrawlDatum && CrawlStatus.isFetchStatus(((CrawlDatum) r).getStatus()), true));
    if (conf.getBoolean(FetcherKeys.STORE_CONTENT, true)) {
      parts.add(new Part(Segment.CONTENT, Content.class, r -> r instanceof Content, true));
    }
    if (conf.getBoolean(FetcherKeys.PARSE, false)) {
      parts.add(new Part(Segment.PARSE_DATA, ParseData.class, r -> r instanceof ParseData, true));
      parts.add(new Part(Segment.PARSE_TEXT, ParseText.class, r -> r instanceof ParseText, true));
      parts.add(new Part(Segment.CRAWL_PARSE, CrawlDatum.class,
          r -> r instanceof CrawlDatum && ParseOutputFormat.isParseRecord(r), false));
    }
    return parts;
  }

  /** The segment must exist and not have been fetched (the fetch command removes crawl_fetch for -force). */
  @Override
  public void checkOutputSpecs(JobContext job) throws IOException {
    Path segment = getOutputPath(job);
    if (segment == null) {
      throw new InvalidJobConfException("the fetch job has no segment as its output path");
    }
    FileSystem fs = segment.getFileSystem(job.getConfiguration());
    Path fetched = new Path(segment, Segment.CRAWL_FETCH);
    if (fs.exists(fetched)) {
      throw new FileAlreadyExistsException(fetched + " exists: the segment was fetched already");
    }
  }

  @Override
  public RecordWriter<Text, SegmentRecord> getRecordWriter(TaskAttemptContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    Path file = getDefaultWorkFile(context, ""); // <work>/part-r-NNNNN
    CompressionType compression = CompressionType.NONE;
    CompressionCodec codec = null;
    if (getCompressOutput(context)) {
      compression = CompressionType.BLOCK;
      codec = ReflectionUtils.newInstance(getOutputCompressorClass(context, DefaultCodec.class), conf);
    }
    Map<Part, Appender> appenders = new LinkedHashMap<>();
    List<Closeable> files = new ArrayList<>();
    for (Part part : parts(conf)) {
      Path path = new Path(new Path(file.getParent(), part.name), file.getName());
      SequenceFile.Writer.Option compress = codec == null
          ? SequenceFile.Writer.compression(compression)
          : SequenceFile.Writer.compression(compression, codec);
      if (part.mapFile) {
        MapFile.Writer w = new MapFile.Writer(conf, path, MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(part.type), compress);
        files.add(w);
        appenders.put(part, w::append);
      } else {
        SequenceFile.Writer w = SequenceFile.createWriter(conf, SequenceFile.Writer.file(path),
            SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(part.type), compress);
        files.add(w);
        appenders.put(part, w::append);
      }
    }
    return new RecordWriter<Text, SegmentRecord>() {
      @Override
      public void write(Text key, SegmentRecord record) throws IOException {
        Writable value = record.get();
        for (Map.Entry<Part, Appender> e : appenders.entrySet()) {
          if (e.getKey().accepts.test(value)) {
            e.getValue().append(key, value);
            return;
          }
        }
        throw new IOException("no segment part takes " + value.getClass().getSimpleName() + " records (" + key
            + ": " + value + ")");
      }

      @Override
      public void close(TaskAttemptContext ctx) throws IOException {
        IOException first = null;
        for (Closeable f : files) {
          try {
            f.close();
          } catch (IOException e) {
            first = first == null ? e : first;
          }
        }
        if (first != null) {
          throw first;
        }
      }
    };
  }

  /** Appends to one part's file. */
  private interface Appender {
    void append(Text key, Writable value) throws IOException;
  }
}
