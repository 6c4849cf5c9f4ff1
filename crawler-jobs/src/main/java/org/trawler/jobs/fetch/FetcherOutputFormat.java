package org.trawler.jobs.fetch;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
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
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.Segment;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter.Part;
import org.trawler.jobs.hostdb.Soft404;
import org.trawler.jobs.hostdb.Soft404Probe;
import org.trawler.jobs.parse.ParseOutputFormat;
import org.trawler.jobs.politeness.RobotsDb;

/**
 * Writes a fetch job's records into the segment's parts, under the job's output path (a work
 * directory inside the segment), one file per fetch task in each part, sorted by URL inside the
 * task ({@link SortingSegmentWriter}): fetch datums to crawl_fetch (block-compressed MapFile),
 * content to content (record-compressed MapFile, when fetcher.store.content), transcripts to
 * http_transcript (when fetcher.store.http.headers), the robots.txt answers asked for to
 * crawl_robots (SequenceFile, for the robots db). More record types (parse in the fetch task) are
 * more {@link Part}s.
 */
public class FetcherOutputFormat extends FileOutputFormat<Text, SegmentRecord> {

  /**
   * The parts a task writes: crawl_fetch, content (fetcher.store.content), and the parse ones for
   * fetcher.parse.
   */
  protected List<Part> parts(Configuration conf) {
    List<Part> parts = new ArrayList<>();
    parts.add(
        new Part(
            Segment.CRAWL_FETCH,
            CrawlDatum.class,
            r -> r instanceof CrawlDatum && (((CrawlDatum) r).getStatus()).isFetchStatus(),
            true,
            false));
    if (conf.getBoolean(FetcherKeys.STORE_CONTENT, FetcherKeys.DEFAULT_STORE_CONTENT)) {
      parts.add(new Part(Segment.CONTENT, Content.class, r -> r instanceof Content, true, true));
    }
    if (conf.getBoolean(ProtocolKeys.STORE_HTTP_HEADERS, ProtocolKeys.DEFAULT_STORE_HTTP_HEADERS)) {
      parts.add(
          new Part(
              Segment.HTTP_TRANSCRIPT,
              HttpTranscript.class,
              r -> r instanceof HttpTranscript,
              true,
              true));
    }
    parts.add(
        new Part(
            RobotsDb.SEGMENT_PART, RobotsTxt.class, r -> r instanceof RobotsTxt, false, false));
    if (Soft404Probe.on(conf)) {
      parts.add(
          new Part(
              Soft404.SEGMENT_PART, HostDatum.class, r -> r instanceof HostDatum, false, false));
    }
    if (conf.getBoolean(FetcherKeys.PARSE, FetcherKeys.DEFAULT_PARSE)) {
      parts.add(
          new Part(Segment.PARSE_DATA, ParseData.class, r -> r instanceof ParseData, true, false));
      parts.add(
          new Part(Segment.PARSE_TEXT, ParseText.class, r -> r instanceof ParseText, true, true));
      parts.add(
          new Part(
              Segment.CRAWL_PARSE,
              CrawlDatum.class,
              r -> r instanceof CrawlDatum && ParseOutputFormat.isParseRecord(r),
              false,
              false));
    }
    return parts;
  }

  /**
   * Whether a fetch task sorts its own output (fetcher.output.sort.in.task): the fetch job is
   * map-only; otherwise it has a reduce.
   */
  static boolean sortsInTask(Configuration conf) {
    return conf.getBoolean(FetcherKeys.SORT_IN_TASK, FetcherKeys.DEFAULT_SORT_IN_TASK);
  }

  /** The segment must not have been fetched (the fetch command removes crawl_fetch for -force). */
  @Override
  public void checkOutputSpecs(JobContext job) throws IOException {
    Path output = getOutputPath(job);
    if (output == null) {
      throw new InvalidJobConfException("the fetch job has no segment as its output path");
    }
    Path fetched = new Path(Segment.ofOutput(output), Segment.CRAWL_FETCH);
    if (fetched.getFileSystem(job.getConfiguration()).exists(fetched)) {
      throw new FileAlreadyExistsException(fetched + " exists: the segment was fetched already");
    }
  }

  /**
   * A writer that sorts the task's records by URL itself: the fetch job is map-only. With
   * fetcher.output.sort.in.task=false the job has a reduce and its shuffle sorts them: the reduce
   * task writes them as they come ({@link PlainSegmentWriter}).
   */
  @Override
  public RecordWriter<Text, SegmentRecord> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    CompressionCodec codec =
        getCompressOutput(context)
            ? ReflectionUtils.newInstance(
                getOutputCompressorClass(context, DefaultCodec.class), conf)
            : null;
    // crawl_parse's linked datums come combined from the fetch task (LinkCombiningWriter)
    return sortsInTask(conf)
        ? new SortingSegmentWriter(
            context,
            parts(conf),
            getDefaultWorkFile(context, ""),
            codec,
            FetcherSettings.sortBufferBytes(conf),
            conf.getBoolean(FetcherKeys.RAW_MAPFILE, FetcherKeys.DEFAULT_RAW_MAPFILE))
        : new PlainSegmentWriter(conf, parts(conf), getDefaultWorkFile(context, ""), codec);
  }
}
