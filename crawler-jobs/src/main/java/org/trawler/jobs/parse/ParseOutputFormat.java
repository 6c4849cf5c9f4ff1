package org.trawler.jobs.parse;

import java.io.IOException;
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
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;
import org.apache.hadoop.util.ReflectionUtils;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.store.Segment;

/**
 * Writes one stream of parse records into a segment's three parse parts: ParseData to the
 * parse_data MapFile, ParseText to the parse_text MapFile, crawl_parse datums (signature, linked)
 * to the crawl_parse SequenceFile, as they come: the parse task combines the linked datums per URL
 * before they reach it ({@link LinkCombiningWriter#inFrontOf}). The output path is a work directory
 * inside the segment; files go through the task's committer. The MapFiles need their (page URL)
 * keys in order; crawl_parse takes any order.
 */
public class ParseOutputFormat extends FileOutputFormat<Text, SegmentRecord> {

  /** The parts this format writes. */
  static final String[] PARTS = {Segment.PARSE_DATA, Segment.PARSE_TEXT, Segment.CRAWL_PARSE};

  /**
   * Whether a record goes to a parse part: lets an output format that writes other parts too
   * delegate.
   */
  public static boolean isParseRecord(Writable value) {
    if (value instanceof ParseData || value instanceof ParseText) {
      return true;
    }
    if (value instanceof CrawlDatum) {
      CrawlStatus status = ((CrawlDatum) value).getStatus();
      return status == CrawlStatus.SIGNATURE
          || status == CrawlStatus.LINKED
          || status == CrawlStatus.PARSE_META;
    }
    return false;
  }

  /**
   * The segment must not have been parsed (the parse command removes the parse parts for -force).
   */
  @Override
  public void checkOutputSpecs(JobContext job) throws IOException {
    Path output = getOutputPath(job);
    if (output == null) {
      throw new InvalidJobConfException("no output segment set");
    }
    TokenCache.obtainTokensForNamenodes(
        job.getCredentials(), new Path[] {output}, job.getConfiguration());
    Path segment = Segment.ofOutput(output);
    FileSystem fs = segment.getFileSystem(job.getConfiguration());
    for (String part : PARTS) {
      if (fs.exists(new Path(segment, part))) {
        throw new FileAlreadyExistsException(new Path(segment, part) + " already exists");
      }
    }
  }

  @Override
  public RecordWriter<Text, SegmentRecord> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Path work = ((PathOutputCommitter) getOutputCommitter(context)).getWorkPath();
    return newWriter(context, work, getUniqueFile(context, "part", ""));
  }

  /**
   * A writer of the parse parts under {@code dir} (a task's work directory, standing for the
   * segment): {@code dir/parse_data/<name>}, {@code dir/parse_text/<name>}, {@code
   * dir/crawl_parse/<name>}. Compression follows the job's output compression settings. Records
   * that are not parse records ({@link #isParseRecord}) are refused with an IOException.
   */
  public static RecordWriter<Text, SegmentRecord> newWriter(
      TaskAttemptContext context, Path dir, String name) throws IOException {
    Configuration conf = context.getConfiguration();
    CompressionType type = CompressionType.NONE;
    CompressionCodec codec = null;
    if (getCompressOutput(context)) {
      type = SequenceFileOutputFormat.getOutputCompressionType(context);
      codec =
          ReflectionUtils.newInstance(getOutputCompressorClass(context, DefaultCodec.class), conf);
    }
    SequenceFile.Writer.Option compression = SequenceFile.Writer.compression(type, codec);
    SequenceFile.Writer.Option progress = SequenceFile.Writer.progressable(context);
    MapFile.Writer data =
        new MapFile.Writer(
            conf,
            new Path(new Path(dir, Segment.PARSE_DATA), name),
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(ParseData.class),
            compression,
            progress);
    MapFile.Writer text =
        new MapFile.Writer(
            conf,
            new Path(new Path(dir, Segment.PARSE_TEXT), name),
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(ParseText.class),
            compression,
            progress);
    SequenceFile.Writer crawlParse =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(new Path(dir, Segment.CRAWL_PARSE), name)),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class),
            compression,
            progress);
    return new PartsWriter(data, text, crawlParse);
  }

  private static final class PartsWriter extends RecordWriter<Text, SegmentRecord> {
    private final MapFile.Writer data;
    private final MapFile.Writer text;
    private final SequenceFile.Writer crawlParse;

    PartsWriter(MapFile.Writer data, MapFile.Writer text, SequenceFile.Writer crawlParse) {
      this.data = data;
      this.text = text;
      this.crawlParse = crawlParse;
    }

    @Override
    public void write(Text key, SegmentRecord record) throws IOException {
      Writable value = record.get();
      if (!isParseRecord(value)) {
        throw new IOException("not a parse record for " + key + ": " + value);
      }
      if (value instanceof ParseData) {
        data.append(key, value);
      } else if (value instanceof ParseText) {
        text.append(key, value);
      } else {
        crawlParse.append(key, value);
      }
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
      try (SequenceFile.Writer c = crawlParse;
          MapFile.Writer t = text;
          MapFile.Writer d = data) {
        // closes all three, the first failure wins
      }
    }
  }
}
