package org.trawler.console.report;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.trawler.core.UserException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CrawlJob;

/**
 * The report's figures as one MapReduce pass over the crawldb and the segments' crawl_fetch,
 * content and parse_data: each mapper turns a record into {@link FigureCount}s, one reducer (also
 * the combiner) sums them. The output (a few hundred keys, plus a few per host) is sorted, so the
 * client reads it in one stream without holding the crawl.
 */
public final class FigureJob {
  private FigureJob() {}

  /**
   * Runs the pass into {@code out} (a SequenceFile of Text → LongWritable); {@code crawlDb} is an
   * installed version, {@code segments} the segments to read.
   */
  public static void run(Configuration conf, Path crawlDbVersion, List<Path> segments, Path out)
      throws IOException, UserException {
    Job job = CrawlJob.create(conf, "report figures");
    job.setJarByClass(FigureJob.class);
    MultipleInputs.addInputPath(
        job, crawlDbVersion, SequenceFileInputFormat.class, CrawlDbMapper.class);
    for (Path segment : segments) {
      if (Segment.hasPart(conf, segment, Segment.CRAWL_FETCH)) {
        MultipleInputs.addInputPath(
            job,
            new Path(segment, Segment.CRAWL_FETCH),
            SequenceFileInputFormat.class,
            FetchMapper.class);
      }
      boolean parsed = Segment.hasPart(conf, segment, Segment.PARSE_DATA);
      if (parsed) {
        MultipleInputs.addInputPath(
            job,
            new Path(segment, Segment.PARSE_DATA),
            SequenceFileInputFormat.class,
            ParseDataMapper.class);
      }
      if (Segment.hasPart(conf, segment, Segment.CONTENT)) {
        MultipleInputs.addInputPath(
            job,
            new Path(segment, Segment.CONTENT),
            SequenceFileInputFormat.class,
            parsed ? ContentSizeMapper.class : ContentMapper.class);
      }
    }
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(LongWritable.class);
    job.setCombinerClass(SumReducer.class);
    job.setReducerClass(SumReducer.class);
    // One sorted file: the figures are small, and a host's rows must arrive together.
    job.setNumReduceTasks(1);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    FileSystem fs = out.getFileSystem(conf);
    fs.delete(out, true);
    FileOutputFormat.setOutputPath(job, out);
    CrawlJob.run(job);
  }

  private static void write(Map<String, Long> counts, Mapper<?, ?, Text, LongWritable>.Context c)
      throws IOException, InterruptedException {
    for (Map.Entry<String, Long> e : counts.entrySet()) {
      c.write(new Text(e.getKey()), new LongWritable(e.getValue()));
    }
  }

  /** crawldb (url → CrawlDatum) to its status, depth and host. */
  public static class CrawlDbMapper extends Mapper<Text, CrawlDatum, Text, LongWritable> {
    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      write(FigureCount.ofCrawlDb(url.toString(), datum), context);
    }
  }

  /** crawl_fetch (url → fetch datum) to its status, code, reason, time and host. */
  public static class FetchMapper extends Mapper<Text, CrawlDatum, Text, LongWritable> {
    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      write(FigureCount.ofFetch(url.toString(), datum), context);
    }
  }

  /** content (url → Content) of a segment not parsed yet to its announced media type and size. */
  public static class ContentMapper extends Mapper<Text, Content, Text, LongWritable> {
    @Override
    protected void map(Text url, Content content, Context context)
        throws IOException, InterruptedException {
      write(FigureCount.ofContent(content), context);
    }
  }

  /** content (url → Content) of a parsed segment to its size. */
  public static class ContentSizeMapper extends Mapper<Text, Content, Text, LongWritable> {
    @Override
    protected void map(Text url, Content content, Context context)
        throws IOException, InterruptedException {
      write(FigureCount.ofContentSize(content), context);
    }
  }

  /** parse_data (url → ParseData) to the media type detected from the page. */
  public static class ParseDataMapper extends Mapper<Text, ParseData, Text, LongWritable> {
    @Override
    protected void map(Text url, ParseData parse, Context context)
        throws IOException, InterruptedException {
      write(FigureCount.ofParse(parse), context);
    }
  }

  /** Sums a key's amounts. */
  public static class SumReducer extends Reducer<Text, LongWritable, Text, LongWritable> {
    @Override
    protected void reduce(Text key, Iterable<LongWritable> values, Context context)
        throws IOException, InterruptedException {
      long sum = 0;
      for (LongWritable v : values) {
        sum += v.get();
      }
      context.write(key, new LongWritable(sum));
    }
  }
}
