package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
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
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.HttpTranscript;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFileCheck;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CounterSink;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.UsageException;

/**
 * {@code urlindex <out_dir> (<segment>... | -dir <segments_dir>) -warc <warc_dir> [-crawldb
 * <crawldb>] [-crawl NAME]}: the columnar URL index of WARC files, in Parquet, with Common Crawl's
 * cc-index-table columns ({@link UrlIndexSchema}), one row per response or revisit record. A row's
 * place in its file comes from the CDXJ line {@code warc -cdx} wrote beside it (the offset computed
 * once, where the record was written); the segments' fetches add what the crawl knew (segment,
 * reason, detected type, charset, languages), the crawldb dedup's marks. {@link KeyMapper} keys all
 * of them by SURT and URL, {@link RowReducer} joins them per URL into rows, sorted by SURT.
 */
public class UrlIndex extends DatasetCommand {
  private static final Logger LOG = LoggerFactory.getLogger(UrlIndex.class);

  /** The segment parts the index reads: the fetch, the exchanges, the parse's metadata. */
  static final List<String> PARTS =
      List.of(Segment.CRAWL_FETCH, Segment.HTTP_TRANSCRIPT, Segment.PARSE_DATA);

  /** Between SURT and URL in the shuffle key: below every SURT character, so keys sort by SURT. */
  static final char KEY_SEPARATOR = '\t';

  /** What an index run did. */
  public record Result(
      long rows, long warcRows, long diagnosticRows, long withoutFetch, long files) {
    public String summary(Path out) {
      return String.format(
          "urlindex: %d rows (%d warc, %d crawldiagnostics) in %d Parquet file%s under %s;"
              + " %d rows of records no segment read had fetched",
          rows, warcRows, diagnosticRows, files, files == 1 ? "" : "s", out, withoutFetch);
    }
  }

  @Override
  public String name() {
    return "urlindex";
  }

  @Override
  public String synopsis() {
    return SYNOPSIS + " -warc <warc_dir> [-crawldb <crawldb>] [-crawl NAME]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(segmentsDir("index the fetches of every fetched segment here"))
        .addOption(
            valued("warc", "warc_dir", "the WARC files and their CDXJ indexes (warc ... -cdx)"))
        .addOption(valued("crawldb", "crawldb", "take duplicate_of from dedup's marks here"))
        .addOption(
            valued(
                "crawl",
                "name",
                "the crawl partition, crawl=NAME (" + WarcKeys.URL_INDEX_CRAWL + ")"));
  }

  @Override
  protected void configure(CommandLine cmd, Configuration conf) throws UsageException {
    if (!cmd.hasOption("warc")) {
      throw new UsageException("name the WARC files' directory with -warc");
    }
    setting(
        cmd,
        conf,
        "crawl",
        WarcKeys.URL_INDEX_CRAWL,
        UrlIndex::crawlName,
        "a name without '/' or '='");
  }

  @Override
  protected String write(CommandLine cmd, Path out, List<Path> segments)
      throws IOException, UserException {
    Path crawlDb = cmd.hasOption("crawldb") ? new Path(cmd.getOptionValue("crawldb")) : null;
    return index(out, segments, new Path(cmd.getOptionValue("warc")), crawlDb).summary(out);
  }

  /** The crawl partition's name: urlindex.crawl, else the WARC prefix; a name, not a path. */
  static String crawlName(Configuration conf) {
    String crawl = conf.getTrimmed(WarcKeys.URL_INDEX_CRAWL, WarcKeys.DEFAULT_URL_INDEX_CRAWL);
    if (crawl.isEmpty()) {
      crawl = conf.getTrimmed(WarcKeys.PREFIX, WarcKeys.DEFAULT_PREFIX);
    }
    if (crawl.isEmpty() || crawl.contains("/") || crawl.contains("=")) {
      throw new BadSettingException(
          WarcKeys.URL_INDEX_CRAWL, "must be a name without '/' or '=', not '" + crawl + "'");
    }
    return crawl;
  }

  private static long rowGroupSize(Configuration conf) {
    return Settings.getBytes(
        conf,
        WarcKeys.URL_INDEX_ROW_GROUP_SIZE,
        WarcKeys.DEFAULT_URL_INDEX_ROW_GROUP_SIZE,
        1,
        Integer.MAX_VALUE);
  }

  /** Indexes the records of the CDXJ files in {@code warc} into {@code out}/crawl=NAME/. */
  public Result index(Path out, List<Path> segments, Path warc, Path crawlDb)
      throws IOException, UserException {
    Configuration conf = getConf();
    String crawl = crawlName(conf);
    long rowGroup = rowGroupSize(conf);
    for (Path segment : segments) {
      Segment.requirePart(conf, segment, Segment.CRAWL_FETCH, "fetch it first");
    }
    List<Path> cdxj = cdxjFiles(conf, warc);
    Path dbCurrent = null;
    if (crawlDb != null) {
      dbCurrent = VersionedDb.readable(crawlDb.getFileSystem(conf), crawlDb);
      if (dbCurrent == null) {
        throw new UserException("no crawldb at " + crawlDb);
      }
    }
    FileSystem fs = out.getFileSystem(conf);
    Path partition = new Path(out, "crawl=" + crawl);
    if (fs.exists(partition)) {
      throw new UserException(
          partition + " exists: remove it, or index under another name with -crawl");
    }
    fs.mkdirs(out);
    Path work = Segment.newWorkDir(out, "urlindex");
    Job job = CrawlJob.create(conf, "urlindex " + out);
    List<Path> sequenceFiles = new ArrayList<>();
    for (Path segment : segments) {
      for (String part : PARTS) {
        if (Segment.hasPart(conf, segment, part)) {
          sequenceFiles.add(new Path(segment, part));
        }
      }
    }
    if (dbCurrent != null) {
      sequenceFiles.add(dbCurrent);
    }
    // a truncated part file named in one line now, as jobs reading only sequence files do
    PartFileCheck.checkEnds(conf, PartFileCheck.dataFiles(conf, sequenceFiles));
    for (Path input : sequenceFiles) {
      FileInputFormat.addInputPath(job, input);
    }
    for (Path file : cdxj) {
      FileInputFormat.addInputPath(job, file);
    }
    job.setInputFormatClass(UrlIndexInputFormat.class);
    job.setMapperClass(KeyMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(UrlIndexValue.class);
    job.setReducerClass(RowReducer.class);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(UrlIndexRow.class);
    job.setOutputFormatClass(UrlIndexOutputFormat.class);
    FileOutputFormat.setOutputPath(job, work);
    GroupWriteSupport.setSchema(UrlIndexSchema.SCHEMA, job.getConfiguration());
    ParquetOutputFormat.setBlockSize(job, (int) rowGroup);
    ParquetOutputFormat.setCompression(job, CompressionCodecName.SNAPPY);
    runInto(job, fs, work, out, List.of(UrlIndexOutputFormat.EXTENSION));
    Counters c = job.getCounters();
    return new Result(
        UrlIndexCounter.ROWS.valueIn(c),
        UrlIndexCounter.ROWS_WARC.valueIn(c),
        UrlIndexCounter.ROWS_CRAWLDIAGNOSTICS.valueIn(c),
        UrlIndexCounter.ROWS_WITHOUT_FETCH.valueIn(c),
        UrlIndexCounter.FILES.valueIn(c));
  }

  /** The CDXJ files {@code warc -cdx} wrote into {@code warc}; a user error when there are none. */
  private static List<Path> cdxjFiles(Configuration conf, Path warc)
      throws IOException, UserException {
    FileSystem fs = warc.getFileSystem(conf);
    if (!fs.exists(warc) || !fs.getFileStatus(warc).isDirectory()) {
      throw new UserException("no WARC directory at " + warc);
    }
    List<Path> files = new ArrayList<>();
    for (FileStatus st : fs.listStatus(warc)) {
      if (st.isFile() && st.getPath().getName().endsWith(WarcFiles.CDXJ_SUFFIX)) {
        files.add(st.getPath());
      }
    }
    if (files.isEmpty()) {
      throw new UserException(
          warc
              + " has no CDXJ files: the index takes record offsets from them; export with warc"
              + " ... -cdx");
    }
    return files;
  }

  /** The shuffle key of a URL: its SURT (as the CDXJ lines have it), then the URL itself. */
  static Text key(String surt, String url) {
    return new Text(surt + KEY_SEPARATOR + url);
  }

  static String urlOf(Text key) {
    String k = key.toString();
    return k.substring(k.indexOf(KEY_SEPARATOR) + 1);
  }

  /** Where a split's records come from. */
  enum Source {
    CDXJ,
    SEGMENT,
    CRAWLDB;

    static Source of(Path file) {
      if (file.getName().endsWith(WarcFiles.CDXJ_SUFFIX)) {
        return CDXJ;
      }
      Set<String> parts = Set.copyOf(PARTS);
      for (Path p = file; p != null; p = p.getParent()) {
        if (parts.contains(p.getName())) {
          return SEGMENT;
        }
      }
      return CRAWLDB;
    }
  }

  /**
   * Keys each input by SURT and URL: a CDXJ line under its own key; a fetch datum and parse data
   * under their URL; a transcript under the URL of each of its exchanges (a redirect hop followed
   * inline has its own record and line); a crawldb entry only when dedup marked it.
   */
  public static class KeyMapper extends Mapper<Writable, Writable, Text, UrlIndexValue> {
    private Source source;
    private String segment;
    private Path file;

    @Override
    protected void setup(Context context) {
      if (context.getInputSplit() instanceof FileSplit split) {
        file = split.getPath();
        source = Source.of(file);
        segment = WarcExport.segmentOf(file);
      } else {
        throw new IllegalStateException("urlindex reads files, not " + context.getInputSplit());
      }
    }

    @Override
    protected void map(Writable key, Writable value, Context context)
        throws IOException, InterruptedException {
      switch (source) {
        case CDXJ -> {
          String line = value.toString();
          try {
            CdxjLine.Entry entry = CdxjLine.parse(line);
            context.write(key(entry.surt(), entry.url()), UrlIndexValue.line(line));
          } catch (IllegalArgumentException e) {
            UrlIndexCounter.BAD_CDXJ_LINES.in(context).increment(1);
            LOG.warn("{}: not a line of warc -cdx ({}), skipped: {}", file, e.getMessage(), line);
          }
        }
        case SEGMENT -> {
          String url = key.toString();
          if (value instanceof HttpTranscript transcript) {
            for (String exchanged : exchangedUrls(url, transcript)) {
              write(exchanged, UrlIndexValue.record(new SegmentValue(segment, value)), context);
            }
          } else if (value instanceof CrawlDatum || value instanceof ParseData) {
            write(url, UrlIndexValue.record(new SegmentValue(segment, value)), context);
          }
        }
        case CRAWLDB -> {
          String kept =
              value instanceof CrawlDatum datum
                  ? datum.getMetaString(MetadataKeys.DUPLICATE_OF)
                  : null;
          if (kept != null) {
            write(key.toString(), UrlIndexValue.duplicateOf(kept), context);
          }
        }
      }
    }

    private static void write(String url, UrlIndexValue value, Context context)
        throws IOException, InterruptedException {
      context.write(key(CdxjLine.surt(url), url), value);
    }
  }

  /** The URLs of a transcript's exchanges, each once; the fetched URL's when it has none. */
  static List<String> exchangedUrls(String url, HttpTranscript transcript) {
    List<String> urls = new ArrayList<>();
    for (HttpTranscript.Exchange x : transcript.exchanges()) {
      if (!urls.contains(x.url())) {
        urls.add(x.url());
      }
    }
    return urls.isEmpty() ? List.of(url) : urls;
  }

  /** One URL's lines, fetches and mark to its rows, in SURT order across the task's keys. */
  public static class RowReducer extends Reducer<Text, UrlIndexValue, NullWritable, UrlIndexRow> {
    private CounterSink counters;

    @Override
    protected void setup(Context context) {
      counters = CounterSink.of(context);
    }

    @Override
    protected void reduce(Text key, Iterable<UrlIndexValue> values, Context context)
        throws IOException, InterruptedException {
      List<String> lines = new ArrayList<>();
      List<SegmentValue> records = new ArrayList<>();
      String duplicateOf = null;
      for (UrlIndexValue v : values) {
        switch (v.kind()) {
          case CDXJ_LINE -> lines.add(v.text());
          case SEGMENT_RECORD -> records.add(v.record());
          case DUPLICATE_OF -> duplicateOf = v.text();
        }
      }
      String url = urlOf(key);
      for (UrlIndexRow row : rows(url, lines, fetches(url, records), duplicateOf, counters)) {
        context.write(NullWritable.get(), row);
      }
    }
  }

  /**
   * The fetches that exchanged {@code url}, from its segment records: each transcript with, when it
   * is the URL's own (its first exchange is the URL), the fetch datum and parse data of its
   * segment; a transcript of another URL's redirect followed inline to this one stands alone.
   */
  static List<UrlIndexRow.Fetch> fetches(String url, List<SegmentValue> records) {
    Map<String, CrawlDatum> fetched = new HashMap<>();
    Map<String, ParseData> parsed = new HashMap<>();
    List<SegmentValue> transcripts = new ArrayList<>();
    for (SegmentValue v : records) {
      if (v.record() instanceof CrawlDatum datum) {
        fetched.put(v.segment(), datum);
      } else if (v.record() instanceof ParseData parse) {
        parsed.put(v.segment(), parse);
      } else if (v.record() instanceof HttpTranscript) {
        transcripts.add(v);
      }
    }
    List<UrlIndexRow.Fetch> fetches = new ArrayList<>();
    for (SegmentValue v : transcripts) {
      HttpTranscript t = (HttpTranscript) v.record();
      boolean own = t.exchanges().isEmpty() || t.exchanges().get(0).url().equals(url);
      fetches.add(
          new UrlIndexRow.Fetch(
              v.segment(),
              own
                  ? new Capture(url, fetched.get(v.segment()), null, t, parsed.get(v.segment()))
                  : new Capture(url, null, null, t, null)));
    }
    return fetches;
  }

  /**
   * The rows of one URL: one per CDXJ line, oldest first, each with the fetch that made its record
   * when the segments have it; counts rows, and the URL's exchanges no line lists.
   */
  static List<UrlIndexRow> rows(
      String url,
      List<String> lines,
      List<UrlIndexRow.Fetch> fetches,
      String duplicateOf,
      CounterSink counters) {
    List<CdxjLine.Entry> entries = new ArrayList<>();
    for (String line : lines) {
      entries.add(CdxjLine.parse(line)); // the mapper passed only lines that parse
    }
    entries.sort(Comparator.comparing(CdxjLine.Entry::date));
    Set<HttpTranscript.Exchange> matched = Collections.newSetFromMap(new IdentityHashMap<>());
    List<UrlIndexRow> rows = new ArrayList<>();
    for (CdxjLine.Entry entry : entries) {
      if (!UrlIndexRow.fits(entry)) {
        counters.count(UrlIndexCounter.OFFSET_TOO_LARGE, 1);
        LOG.warn(
            "{}: record at {} (+{}) of {} is beyond a 32-bit offset, not indexed",
            url,
            entry.offset(),
            entry.length(),
            entry.filename());
        continue;
      }
      UrlIndexRow.Match match = UrlIndexRow.match(entry, fetches, matched);
      if (match == null) {
        counters.count(UrlIndexCounter.ROWS_WITHOUT_FETCH, 1);
      } else {
        matched.add(match.exchange());
      }
      UrlIndexRow row = UrlIndexRow.of(entry, match, duplicateOf);
      counters.count(UrlIndexCounter.ROWS, 1);
      counters.count(
          row.subset().equals(UrlIndexRow.SUBSET_WARC)
              ? UrlIndexCounter.ROWS_WARC
              : UrlIndexCounter.ROWS_CRAWLDIAGNOSTICS,
          1);
      rows.add(row);
    }
    for (UrlIndexRow.Fetch fetch : fetches) {
      if (fetch.capture().transcript() != null) {
        for (HttpTranscript.Exchange x : fetch.capture().transcript().exchanges()) {
          if (x.url().equals(url) && !matched.contains(x)) {
            counters.count(UrlIndexCounter.EXCHANGES_NOT_IN_WARC, 1);
          }
        }
      }
    }
    return rows;
  }
}
