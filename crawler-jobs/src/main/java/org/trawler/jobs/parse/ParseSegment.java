package org.trawler.jobs.parse;

import java.io.IOException;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.LocalJobRunner;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.hostdb.HostKnowledgeReader;

/**
 * {@code parse <segment> [-force]}: parses a fetched segment's content into parse_data, parse_text
 * and crawl_parse. Map-only: each task keeps its input's (sorted) order, so the parse_data and
 * parse_text MapFiles are sorted like the content they come from.
 */
public class ParseSegment extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(ParseSegment.class);
  private static final long MIN_SPLIT_BYTES = 1L << 20;

  @Override
  public String name() {
    return "parse";
  }

  @Override
  public String synopsis() {
    return "<segment> [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption("force", false, "parse again a segment that already has parse output");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws IOException, UserException {
    parse(new Path(cmd.getArgList().get(0)), cmd.hasOption("force"));
    return 0;
  }

  /** Parses the content of {@code segment}; with {@code force} again, if it was parsed. */
  public void parse(Path segment, boolean force) throws IOException, UserException {
    Configuration conf = getConf();
    SegmentParser.checkSettings(conf);
    Segment.requirePart(conf, segment, Segment.CONTENT, "not fetched yet? run fetch first");
    clearParseOutput(conf, segment, force);
    Segment.removeScratch(conf, segment);

    Job job = CrawlJob.create(conf, "parse " + segment.getName());
    Configuration jobConf = job.getConfiguration();
    HostDb.useLearnedParams(jobConf, HostDb.besideSegment(segment));
    // the tasks' one read of it: the parsers' outlink normalizers take what a task read
    HostKnowledgeReader.handOver(
        jobConf, HostDb.installed(jobConf, HostDb.besideSegment(segment)), List.of());
    jobConf.setBoolean(
        FileOutputCommitter.SUCCESSFUL_JOB_OUTPUT_DIR_MARKER, false); // no _SUCCESS among the parts
    Path content = new Path(segment, Segment.CONTENT);
    FileInputFormat.addInputPath(job, content);
    if (CrawlJob.isLocal(conf) && !CrawlJob.userSet(conf, FileInputFormat.SPLIT_MAXSIZE)) {
      long bytes = content.getFileSystem(conf).getContentSummary(content).getLength();
      int maps = jobConf.getInt(LocalJobRunner.LOCAL_MAX_MAPS, 1);
      FileInputFormat.setMaxInputSplitSize(job, splitSize(bytes, maps));
    }
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(ParseMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(ParseOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(SegmentRecord.class);
    Path work = Segment.newWorkDir(segment, "parse");
    FileOutputFormat.setOutputPath(job, work);
    FileOutputFormat.setCompressOutput(job, true);
    SequenceFileOutputFormat.setOutputCompressionType(job, SequenceFile.CompressionType.BLOCK);
    try {
      runJob(job);
      Segment.installParts(conf, work, segment, ParseOutputFormat.PARTS);
    } finally {
      work.getFileSystem(conf).delete(work, true);
    }

    LOG.info("parsed {}: {}", segment, summary(job));
  }

  /**
   * The largest input split for {@code bytes} of content parsed by {@code maps} tasks at a time:
   * about four splits per task, so every core parses even when one fetch task wrote all the content
   * and a slow split does not leave a core idle at the end; never under 1 MB (a compressed block).
   */
  static long splitSize(long bytes, int maps) {
    return Math.max(MIN_SPLIT_BYTES, bytes / (4L * Math.max(1, maps)) + 1);
  }

  /** Refuses a parsed segment unless forced; with force, removes the old parse output. */
  private static void clearParseOutput(Configuration conf, Path segment, boolean force)
      throws IOException, UserException {
    FileSystem fs = segment.getFileSystem(conf);
    for (String part : ParseOutputFormat.PARTS) {
      Path path = new Path(segment, part);
      if (!fs.exists(path)) {
        continue;
      }
      if (!force) {
        throw new UserException(
            segment + " is already parsed (it has " + part + "); use -force to parse it again");
      }
      fs.delete(path, true);
    }
  }

  private static String summary(Job job) throws IOException {
    CounterGroup counters = job.getCounters().getGroup(ParseCounter.GROUP);
    StringBuilder sb = new StringBuilder();
    for (byte status : new byte[] {ParseData.SUCCESS, ParseData.NOT_PARSED, ParseData.FAILED}) {
      String name = ParseData.statusName(status);
      sb.append(counters.findCounter(name).getValue()).append(' ').append(name).append(", ");
    }
    return sb.append(ParseCounter.OUTLINKS.valueIn(job.getCounters()))
        .append(" outlinks")
        .toString();
  }

  /** Parses each page into its parse records; input and output are keyed by URL. */
  public static class ParseMapper extends Mapper<Text, Content, Text, SegmentRecord> {
    private SegmentParser parser;
    private CounterSink counts;
    private RecordWriter<Text, SegmentRecord> out;
    private long now;

    @Override
    protected void setup(Context context) throws IOException {
      Configuration conf = context.getConfiguration();
      parser =
          new SegmentParser(
              conf,
              ParseMarkers.open(context),
              HostKnowledgeReader.read(conf, System.currentTimeMillis()));
      counts = CounterSink.of(context);
      out = LinkCombiningWriter.inFrontOf(context);
      now = System.currentTimeMillis();
    }

    @Override
    protected void map(Text url, Content content, Context context)
        throws IOException, InterruptedException {
      SegmentParser.report(url, parser.parse(url, content, now, out::write), counts);
    }

    @Override
    protected void cleanup(Context context) throws IOException, InterruptedException {
      out.close(context); // the combined linked datums
      if (parser != null) {
        parser.countAbandoned(counts);
        parser.close();
      }
    }
  }
}
