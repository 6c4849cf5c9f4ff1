package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.parse.filter.FilterKeys;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.UsageException;

/**
 * {@code warc <out_dir> (<segment>... | -dir <segments_dir>) [-maxSize 1g] [-cdx] [-wat] [-wet]
 * [-markdown] [-prefix NAME]}: writes every fetch of the segments as WARC/1.1 (request, response or
 * revisit, metadata records; a warcinfo record first in each file), and beside each file on request
 * its WAT and WET files, Common Crawl's derived formats, and its pages' Markdown, in the same task.
 * {@link TagMapper} reads the segments' fetch, content, http_transcript and parse_data parts;
 * {@link ArchiveReducer} pairs them per URL and fetch and writes its own files through a {@link
 * WarcArchive}. Files appear in out_dir only when the job succeeded, moved from a work directory
 * inside it, each under its final name only when complete.
 */
public class WarcExport extends DatasetCommand {
  private static final Logger LOG = LoggerFactory.getLogger(WarcExport.class);

  /** The segment parts an export reads; crawl_fetch is required, the others used when there. */
  static final List<String> PARTS =
      List.of(Segment.CRAWL_FETCH, Segment.CONTENT, Segment.HTTP_TRANSCRIPT, Segment.PARSE_DATA);

  /** The part read besides when WET or Markdown files are written: the text they hold. */
  static final String WET_PART = Segment.PARSE_TEXT;

  /** What an export did. */
  public record Result(
      int segments,
      long urls,
      long notExchanged,
      long files,
      long bytes,
      long records,
      long watRecords,
      long wetRecords,
      long markdownRecords) {

    public String summary(Path out) {
      String datasets =
          (watRecords > 0 ? String.format("; %d WAT records", watRecords) : "")
              + (wetRecords > 0 ? String.format("; %d WET records", wetRecords) : "")
              + (markdownRecords > 0
                  ? String.format("; %d Markdown records", markdownRecords)
                  : "");
      return String.format(
          "warc: %d URLs archived in %d file%s (%.1f MB, %d records) under %s from %d segment%s;"
              + " %d URLs with nothing exchanged skipped%s",
          urls,
          files,
          files == 1 ? "" : "s",
          bytes / 1e6,
          records,
          out,
          segments,
          segments == 1 ? "" : "s",
          notExchanged,
          datasets);
    }
  }

  @Override
  public String name() {
    return "warc";
  }

  @Override
  public String synopsis() {
    return SYNOPSIS + " [-maxSize 1g] [-cdx] [-wat] [-wet] [-markdown] [-prefix NAME]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(segmentsDir("export every fetched segment under this directory"))
        .addOption(
            Option.builder("maxSize")
                .hasArg()
                .argName("size")
                .desc("start a new file at this size, e.g. 1g, 100m (" + WarcKeys.MAX_SIZE + ")")
                .build())
        .addOption("cdx", false, "write a CDXJ index beside each file (" + WarcKeys.CDX + ")")
        .addOption(
            "wat",
            false,
            "write a WAT file (metadata of every record, as JSON) beside each file ("
                + WarcKeys.WAT
                + ")")
        .addOption(
            "wet",
            false,
            "write a WET file (text of every parsed page) beside each file (" + WarcKeys.WET + ")")
        .addOption(
            "markdown",
            false,
            "write a Markdown file (text/markdown conversion records of the pages parsed with "
                + FilterKeys.MARKDOWN
                + ") beside each file ("
                + WarcKeys.MARKDOWN
                + ")")
        .addOption(
            Option.builder("prefix")
                .hasArg()
                .argName("name")
                .desc("file name prefix (" + WarcKeys.PREFIX + ")")
                .build());
  }

  @Override
  protected void configure(CommandLine cmd, Configuration conf) throws UsageException {
    setting(
        cmd,
        conf,
        "maxSize",
        WarcKeys.MAX_SIZE,
        WarcExport::maxSize,
        "a positive size (e.g. 1g, 500m)");
    if (cmd.hasOption("cdx")) {
      conf.setBoolean(WarcKeys.CDX, true);
    }
    if (cmd.hasOption("wat")) {
      conf.setBoolean(WarcKeys.WAT, true);
    }
    if (cmd.hasOption("wet")) {
      conf.setBoolean(WarcKeys.WET, true);
    }
    if (cmd.hasOption("markdown")) {
      conf.setBoolean(WarcKeys.MARKDOWN, true);
    }
    setting(cmd, conf, "prefix", WarcKeys.PREFIX, WarcExport::prefix, "a name without '/'");
  }

  @Override
  protected String write(CommandLine cmd, Path out, List<Path> segments)
      throws IOException, UserException {
    return export(out, segments).summary(out);
  }

  /** The largest WARC file, in bytes: a positive size. */
  private static long maxSize(Configuration conf) {
    return Settings.getBytes(conf, WarcKeys.MAX_SIZE, WarcKeys.DEFAULT_MAX_SIZE, 1, Long.MAX_VALUE);
  }

  /** The WARC file names' prefix: a name, not a path. */
  private static String prefix(Configuration conf) {
    String prefix = conf.getTrimmed(WarcKeys.PREFIX, WarcKeys.DEFAULT_PREFIX);
    if (prefix.isEmpty() || prefix.contains("/")) {
      throw new BadSettingException(
          WarcKeys.PREFIX, "must be a non-empty name without '/', not '" + prefix + "'");
    }
    return prefix;
  }

  /** Exports {@code segments} into {@code out}; every segment must have been fetched. */
  public Result export(Path out, List<Path> segments) throws IOException, UserException {
    Configuration conf = getConf();
    maxSize(conf);
    prefix(conf);
    for (Path segment : segments) {
      Segment.requirePart(conf, segment, Segment.CRAWL_FETCH, "fetch it first");
      if (!Segment.hasPart(conf, segment, Segment.HTTP_TRANSCRIPT)) {
        LOG.warn(
            "{} has no {} (fetched with {}=false, or by an older Trawler): its fetches have no"
                + " WARC records",
            segment,
            Segment.HTTP_TRANSCRIPT,
            ProtocolKeys.STORE_HTTP_HEADERS);
      }
    }
    FileSystem fs = out.getFileSystem(conf);
    if (fs.exists(out) && !fs.getFileStatus(out).isDirectory()) {
      throw new UserException(out + " is a file, not a directory for WARC files");
    }
    fs.mkdirs(out);
    Path work = Segment.newWorkDir(out, "warc");
    Job job = CrawlJob.create(conf, "warc " + out);
    List<String> parts = new ArrayList<>(PARTS);
    if (conf.getBoolean(WarcKeys.WET, WarcKeys.DEFAULT_WET)
        || conf.getBoolean(WarcKeys.MARKDOWN, WarcKeys.DEFAULT_MARKDOWN)) {
      parts.add(WET_PART);
    }
    for (Path segment : segments) {
      for (String part : parts) {
        if (Segment.hasPart(conf, segment, part)) {
          // one input format for all, so each split is a FileSplit naming its segment
          FileInputFormat.addInputPath(job, new Path(segment, part));
        }
      }
    }
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(TagMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(SegmentValue.class);
    job.setReducerClass(ArchiveReducer.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class); // no empty part files
    FileOutputFormat.setOutputPath(job, work);
    // every WARC file before any CDXJ: killed half-way, out never has an index without its file
    runInto(
        job,
        fs,
        work,
        out,
        List.of(
            WarcFiles.WARC_SUFFIX,
            DatasetFiles.WAT_SUFFIX,
            DatasetFiles.WET_SUFFIX,
            DatasetFiles.MARKDOWN_SUFFIX,
            WarcFiles.CDXJ_SUFFIX));
    Counters c = job.getCounters();
    long records = 0;
    for (WarcCounter counter :
        List.of(
            WarcCounter.WARCINFO_RECORDS,
            WarcCounter.REQUEST_RECORDS,
            WarcCounter.RESPONSE_RECORDS,
            WarcCounter.REVISIT_IDENTICAL_RECORDS,
            WarcCounter.REVISIT_NOT_MODIFIED_RECORDS,
            WarcCounter.METADATA_RECORDS)) {
      records += counter.valueIn(c);
    }
    return new Result(
        segments.size(),
        WarcCounter.URLS_ARCHIVED.valueIn(c),
        WarcCounter.URLS_NOT_EXCHANGED.valueIn(c),
        WarcCounter.FILES.valueIn(c),
        WarcCounter.BYTES.valueIn(c),
        records,
        WarcCounter.WAT_RECORDS.valueIn(c),
        WarcCounter.WET_RECORDS.valueIn(c),
        WarcCounter.MARKDOWN_RECORDS.valueIn(c));
  }

  /** The segment a part file belongs to: the parent of the part directory above it. */
  static String segmentOf(Path file) {
    Set<String> parts = new HashSet<>(PARTS);
    parts.add(WET_PART);
    for (Path p = file; p != null && p.getParent() != null; p = p.getParent()) {
      if (parts.contains(p.getName())) {
        return p.getParent().toString();
      }
    }
    return file.getParent().toString();
  }

  /** A segment part's (url, record) to (url, record tagged with its segment). */
  public static class TagMapper extends Mapper<Text, Writable, Text, SegmentValue> {
    private String segment;

    @Override
    protected void setup(Context context) {
      segment =
          context.getInputSplit() instanceof FileSplit split
              ? segmentOf(split.getPath())
              : String.valueOf(context.getInputSplit());
    }

    @Override
    protected void map(Text url, Writable record, Context context)
        throws IOException, InterruptedException {
      context.write(url, new SegmentValue(segment, record));
    }
  }

  /** One URL's records to its captures, archived in this task's WARC files. */
  public static class ArchiveReducer
      extends Reducer<Text, SegmentValue, NullWritable, NullWritable> {
    private WarcArchive archive;
    private CaptureFilter filter;
    private CounterSink counters;

    @Override
    protected void setup(Context context) throws IOException, InterruptedException {
      filter = CaptureFilter.fromConf(context.getConfiguration());
      counters = CounterSink.of(context);
      archive =
          WarcArchive.open(
              context.getConfiguration(),
              filesDir(context),
              context.getTaskAttemptID().getTaskID().getId(),
              counters,
              true);
    }

    /** Where the task's files go: its attempt's directory, which the job commits. */
    protected Path filesDir(Context context) throws IOException, InterruptedException {
      return FileOutputFormat.getWorkOutputPath(context);
    }

    @Override
    protected void reduce(Text url, Iterable<SegmentValue> values, Context context)
        throws IOException {
      for (Capture capture : Captures.assemble(url.toString(), values)) {
        WarcCounter leftOut = filter.leftOut(capture.parse());
        if (leftOut != null) {
          counters.count(leftOut, 1);
          LOG.debug("{} left out of the export: {}", url, leftOut);
        } else {
          archive.add(capture);
        }
      }
    }

    @Override
    protected void cleanup(Context context) throws IOException {
      archive.close();
    }

    @Override
    public void run(Context context) throws IOException, InterruptedException {
      try {
        super.run(context);
      } catch (IOException | RuntimeException e) {
        if (archive != null) {
          archive.abort();
        }
        throw e;
      }
    }
  }
}
