package org.trawler.jobs.inject;

import java.io.IOException;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.PathNames;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.inject.SeedLine.BadSeedException;

/**
 * {@code inject <crawldb> <url_dir>}: adds seed URLs to a crawldb. Job 1 reads the seed files,
 * keeps one seed per URL and, for a new crawldb, writes it directly; otherwise job 2 merges the
 * seeds into the existing crawldb. The new version is installed only when all went well.
 */
public class Injector extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(Injector.class);

  @Override
  public String name() {
    return "inject";
  }

  @Override
  public String synopsis() {
    return "<crawldb> <url_dir> [-overwrite] [-update] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            "overwrite",
            false,
            "replace existing crawldb entries with the injected ones ("
                + InjectKeys.OVERWRITE
                + ")")
        .addOption(
            "update",
            false,
            "keep existing entries' status and times, take the seeds' score, interval"
                + " and metadata ("
                + InjectKeys.UPDATE
                + ")")
        .addOption("force", false, "break the crawldb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {2, 2};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Configuration conf = getConf();
    if (cmd.hasOption("overwrite")) {
      conf.setBoolean(InjectKeys.OVERWRITE, true);
    }
    if (cmd.hasOption("update")) {
      conf.setBoolean(InjectKeys.UPDATE, true);
    }
    Path crawlDb = new Path(cmd.getArgList().get(0));
    InjectResult result =
        inject(crawlDb, new Path(cmd.getArgList().get(1)), cmd.hasOption("force"));
    out().println(result.summary(crawlDb.toString(), mode(conf)));
    return 0;
  }

  private static InjectMerge.Mode mode(Configuration conf) {
    return InjectMerge.Mode.of(
        conf.getBoolean(InjectKeys.OVERWRITE, InjectKeys.DEFAULT_OVERWRITE),
        conf.getBoolean(InjectKeys.UPDATE, InjectKeys.DEFAULT_UPDATE));
  }

  /**
   * Injects the seeds under {@code urlDir} into {@code crawlDb} (created if missing), holding its
   * lock.
   */
  public InjectResult inject(Path crawlDb, Path urlDir, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    List<Path> seedFiles = SeedFiles.list(conf, urlDir);
    checkSettings(conf);
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      boolean merge = VersionedDb.exists(conf, crawlDb);
      Path seeds = merge ? tx.scratch("seeds") : null;
      LOG.info(
          "inject: {} seed files under {} into {} crawldb {}",
          seedFiles.size(),
          urlDir,
          merge ? "existing" : "new",
          crawlDb);
      Job sort = sortJob(conf, crawlDb, seedFiles, merge ? seeds : tx.newVersion(), merge);
      runJob(sort);
      Counters mergeCounters = null;
      if (merge) {
        Job mergeJob = mergeJob(conf, crawlDb, seeds, tx.newVersion());
        runJob(mergeJob);
        mergeCounters = mergeJob.getCounters();
      }
      tx.commit();
      return InjectResult.of(sort.getCounters(), mergeCounters);
    }
  }

  /**
   * A bad setting (a normalizer or filter that cannot be set up) fails here in one line, not in
   * every map task.
   */
  private static void checkSettings(Configuration conf) {
    SeedParser.fromConf(conf);
  }

  private static Job sortJob(
      Configuration conf, Path crawlDb, List<Path> seedFiles, Path out, boolean merge)
      throws IOException {
    Job job = CrawlJob.create(conf, "inject sort " + crawlDb);
    for (Path file : seedFiles) {
      FileInputFormat.addInputPath(job, file);
    }
    job.setInputFormatClass(WholeFileTextInputFormat.class);
    job.setMapperClass(SeedMapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Seed.class);
    if (merge) {
      job.setReducerClass(SeedReducer.class);
      job.setOutputFormatClass(SequenceFileOutputFormat.class);
      job.setOutputKeyClass(Text.class);
      job.setOutputValueClass(CrawlDatum.class);
      FileOutputFormat.setOutputPath(job, out);
    } else {
      job.setReducerClass(NewDbReducer.class);
      CrawlJob.setCrawlDbOutput(job, out);
    }
    return job;
  }

  private static Job mergeJob(Configuration conf, Path crawlDb, Path seeds, Path out)
      throws IOException {
    Job job = CrawlJob.create(conf, "inject merge " + crawlDb);
    CrawlJob.addCrawlDbInput(job, crawlDb);
    FileInputFormat.addInputPath(job, seeds);
    job.setMapperClass(Mapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(CrawlDatum.class);
    job.setReducerClass(MergeReducer.class);
    CrawlJob.setCrawlDbOutput(job, out);
    return job;
  }

  /** Text lines, one split per file, so that the mapper can count line numbers. */
  public static class WholeFileTextInputFormat extends TextInputFormat {
    @Override
    protected boolean isSplitable(JobContext context, Path file) {
      return false;
    }
  }

  /** Seed line → (normalized URL, seed), or a counter and a log line naming file and line. */
  public static class SeedMapper extends Mapper<LongWritable, Text, Text, Seed> {
    /**
     * Problems logged per task; the rest are only counted, so a garbage file cannot flood the log.
     */
    static final int MAX_LOGGED = 100;

    private SeedParser parser;
    private long now;
    private String file;
    private long lineNumber;
    private int logged;

    @Override
    protected void setup(Context context) {
      parser = SeedParser.fromConf(context.getConfiguration());
      now = System.currentTimeMillis();
      file = fileName(context.getInputSplit());
    }

    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      lineNumber++;
      try {
        SeedParser.Accepted seed = parser.parse(line.toString(), now);
        if (seed != null) {
          context.write(new Text(seed.url), new Seed(file, lineNumber, seed.datum));
          InjectCounter.URLS_INJECTED.in(context).increment(1);
        }
      } catch (BadSeedException e) {
        e.problem().summaryCounter().in(context).increment(1);
        e.problem().in(context).increment(1);
        if (logged++ < MAX_LOGGED) {
          // A normalizer's or filter's bug keeps its stack trace (the cause); the seed's own faults
          // do not need one.
          LOG.warn(
              "{}:{}: skipped, {}: {}",
              file,
              lineNumber,
              e.getMessage(),
              excerpt(line.toString()),
              e.getCause());
        } else if (logged == MAX_LOGGED + 1) {
          LOG.warn("{}: more skipped lines are only counted, not logged", file);
        }
      }
    }

    private static String fileName(InputSplit split) {
      if (!(split instanceof FileSplit)) {
        return String.valueOf(split);
      }
      return PathNames.forUser(((FileSplit) split).getPath());
    }

    /** The start of the line, control characters escaped, for the log. */
    static String excerpt(String line) {
      StringBuilder sb = new StringBuilder("'");
      int max = 120;
      for (int i = 0; i < line.length() && i < max; i++) {
        char c = line.charAt(i);
        sb.append(
            c == '\t'
                ? "\\t"
                : Character.isISOControl(c)
                    ? String.format("\\u%04x", (int) c)
                    : String.valueOf(c));
      }
      sb.append(line.length() > max ? "'... (" + line.length() + " characters)" : "'");
      return sb.toString();
    }
  }

  /**
   * Job 1: of the seeds for one URL, the last (by file, then line) wins; written with status
   * injected.
   */
  public static class SeedReducer extends Reducer<Text, Seed, Text, CrawlDatum> {
    private final Seed last = new Seed();

    @Override
    protected void reduce(Text url, Iterable<Seed> seeds, Context context)
        throws IOException, InterruptedException {
      long count = 0;
      for (Seed seed : seeds) {
        if (count++ == 0 || seed.isAfter(last)) {
          last.set(seed);
        }
      }
      if (count > 1) {
        InjectCounter.URLS_DUPLICATE.in(context).increment(count - 1);
      }
      context.write(url, output(last.datum(), context));
    }

    /** What is written for the winning seed. */
    protected CrawlDatum output(CrawlDatum seed, Context context) {
      return seed;
    }
  }

  /** Job 1 when there is no crawldb yet: writes the winning seed as a new crawldb entry. */
  public static class NewDbReducer extends SeedReducer {
    @Override
    protected CrawlDatum output(CrawlDatum seed, Context context) {
      InjectCounter.URLS_NEW.in(context).increment(1);
      return InjectMerge.merge(null, seed, InjectMerge.Mode.KEEP);
    }
  }

  /** Job 2: per URL, its existing crawldb entry (if any) and its seed (if any) → the new entry. */
  public static class MergeReducer extends Reducer<Text, CrawlDatum, Text, CrawlDatum> {
    private InjectMerge.Mode mode;

    @Override
    protected void setup(Context context) {
      mode = mode(context.getConfiguration());
    }

    @Override
    protected void reduce(Text url, Iterable<CrawlDatum> values, Context context)
        throws IOException, InterruptedException {
      CrawlDatum old = null;
      CrawlDatum injected = null;
      for (CrawlDatum value : values) {
        if (value.getStatus() == CrawlStatus.INJECTED) {
          injected = new CrawlDatum(value);
        } else {
          old = new CrawlDatum(value);
        }
      }
      if (injected != null) {
        (old == null ? InjectCounter.URLS_NEW : InjectCounter.URLS_MERGED).in(context).increment(1);
      }
      context.write(
          url,
          injected == null ? old : InjectMerge.merge(old, injected, mode)); // old is a copy already
    }
  }
}
