package org.trawler.jobs.sitemap;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.politeness.HostFetcher;
import org.trawler.jobs.politeness.RobotsDb;

/**
 * {@code sitemap <crawldb> [-hostdb <hostdb>] [-sitemapUrls <dir>] [-threads N] [-force]}: reads
 * the sitemaps of the crawldb's sites ({@link SiteSitemaps}) and merges their URLs into the crawldb
 * ({@link SitemapMapping}). A first pass lists the sites ({@link SiteListing}: with the sitemaps
 * given in -sitemapUrls, leaving out hosts the hostdb shows failing) in sitemap.fetch.tasks lists
 * by host group; one map task per list reads them, -threads sites at a time, one request at a time
 * per host ({@link HostFetcher}); the reducer merges per URL with the crawldb, and the new version
 * is installed under the crawldb's lock. The robots.txt answers the task asked for go into the
 * crawl's robots db afterwards, as a fetch's do ({@link RobotsDb#keep}).
 */
public class SitemapJob extends CrawlTool {
  /** Job parameter: sites read at once by a map task. */
  static final String THREADS = "trawler.sitemap.threads";

  /** Job parameter: the merge time, ms epoch. */
  static final String TIME = "trawler.sitemap.time";

  /** Job parameter: the robots db to take kept robots.txt answers from. */
  static final String ROBOTS_DB = "trawler.sitemap.robots.db";

  /** Job parameter: where the tasks write the robots.txt answers they asked for. */
  static final String ROBOTS_ASKED = "trawler.sitemap.robots.asked";

  /** What a run did. */
  public record Result(
      long sites, long sitemaps, long urls, long added, Map<String, Long> problems) {
    /** The counters of sitemaps that could not be read whole, shown when they are not zero. */
    static final SitemapCounter[] PROBLEMS = {
      SitemapCounter.NOT_FETCHED,
      SitemapCounter.TOO_LARGE,
      SitemapCounter.PARSE_TIMEOUT,
      SitemapCounter.UNKNOWN_FORMAT,
      SitemapCounter.UNPARSABLE,
      SitemapCounter.TOO_MANY_URLS
    };

    public String summary(Path crawlDb) {
      StringBuilder line =
          new StringBuilder(
              String.format(
                  "sitemap: %d sites, %d sitemaps read, %d URLs; %d new in %s",
                  sites, sitemaps, urls, added, crawlDb));
      if (!problems.isEmpty()) {
        line.append("; sitemaps with problems:");
        problems.forEach((name, n) -> line.append(' ').append(name).append(' ').append(n));
      }
      return line.toString();
    }

    static Map<String, Long> problems(Counters c) {
      Map<String, Long> problems = new LinkedHashMap<>();
      for (SitemapCounter counter : PROBLEMS) {
        long n = counter.valueIn(c);
        if (n > 0) {
          problems.put(counter.counterName(), n);
        }
      }
      return problems;
    }
  }

  @Override
  public String name() {
    return "sitemap";
  }

  @Override
  public String synopsis() {
    return "<crawldb> [-hostdb <hostdb>] [-sitemapUrls <dir>] [-threads N] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(valued("hostdb", "hostdb", "leave out the hosts this hostdb shows failing"))
        .addOption(
            valued("sitemapUrls", "dir", "text files of sitemap URLs to read too, one a line"))
        .addOption(valued("threads", "N", "sites read at once (default 10)"))
        .addOption("force", false, "break the crawldb and robots db locks left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Path crawlDb = new Path(cmd.getArgList().get(0));
    Path hostDb = cmd.hasOption("hostdb") ? new Path(cmd.getOptionValue("hostdb")) : null;
    Path given = cmd.hasOption("sitemapUrls") ? new Path(cmd.getOptionValue("sitemapUrls")) : null;
    int threads = intOption(cmd, "threads", 10);
    if (threads < 1) {
      throw new UsageException("-threads must be at least 1, not " + threads);
    }
    if (hostDb != null) {
      VersionedDb.currentForReading(
          getConf(), hostDb, VersionedDb.Kind.HOSTDB); // run's may not be there yet
    }
    Result r = run(crawlDb, hostDb, given, threads, cmd.hasOption("force"), null);
    out().println(r.summary(crawlDb));
    return 0;
  }

  /**
   * Reads the sitemaps of the sites of {@code crawlDb}, but those listed under {@code done}, and
   * installs the merged crawldb; nothing is installed when no site is left. With {@code done}
   * (null: none), the sites read are listed there too, for the next run to leave out.
   */
  public Result run(Path crawlDb, Path hostDb, Path given, int threads, boolean force, Path done)
      throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    Path current = VersionedDb.currentForReading(conf, crawlDb);
    Path installedHostDb = HostDb.installed(conf, hostDb);
    long now = System.currentTimeMillis();
    conf.setLong(TIME, now);
    conf.setInt(THREADS, Math.max(1, threads));
    FileSystem fs = crawlDb.getFileSystem(conf);
    Path robots = HostDb.robotsDb(conf, crawlDb, null);
    Path asked = null;
    if (robots != null) {
      robots = robots.getFileSystem(conf).makeQualified(robots);
      conf.set(ROBOTS_DB, robots.toString());
      asked =
          fs.makeQualified(new Path(crawlDb.getParent(), "sitemap-robots-" + UUID.randomUUID()));
      conf.set(ROBOTS_ASKED, asked.toString());
    }
    // A file larger than sitemap.size.max arrives truncated and is refused as too large.
    conf.setInt(
        ProtocolKeys.CONTENT_LIMIT,
        Settings.getInt(conf, SitemapKeys.SIZE_MAX, SitemapKeys.DEFAULT_SIZE_MAX));
    HostFetcher.checkSettings(conf); // a bad setting fails here, before any task
    Result result;
    try {
      try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
        // the sites to read, inside the transaction: a failed write leaves nothing behind
        Path list = tx.scratch("sitemap-sites");
        long sites = listSites(conf, current, given, done, installedHostDb, list);
        if (sites == 0) {
          return new Result(0, 0, 0, 0, Map.of());
        }
        Job job = CrawlJob.create(conf, "sitemap " + crawlDb);
        MultipleInputs.addInputPath(
            job, list, SiteListing.SiteListInputFormat.class, ReadMapper.class);
        MultipleInputs.addInputPath(job, current, SequenceFileInputFormat.class, Mapper.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(CrawlDatum.class);
        job.setReducerClass(MergeReducer.class);
        CrawlJob.setCrawlDbOutput(job, tx.newVersion());
        runJob(job);
        if (done != null) {
          keepList(fs, list, done);
        }
        tx.commit();
        Counters c = job.getCounters();
        result =
            new Result(
                sites,
                SitemapCounter.PARSED.valueIn(c),
                SitemapCounter.URLS.valueIn(c),
                SitemapCounter.ADDED.valueIn(c),
                Result.problems(c));
      }
      if (asked != null && fs.exists(asked)) {
        RobotsDb.keep(conf, robots, asked, force); // the robots.txt answers the tasks asked for
      }
    } finally {
      if (asked != null) {
        fs.delete(asked, true);
      }
    }
    return result;
  }

  /**
   * The listing pass alone: writes the site lists of the crawldb version {@code current} (with the
   * sitemaps under {@code given}, less the sites listed under {@code done} and the hosts the
   * installed hostdb version {@code hostDb} shows failing; each may be null) to {@code out}, one
   * file per fetch task (sitemap.fetch.tasks); returns how many sites they list.
   */
  public long listSites(
      Configuration conf, Path current, Path given, Path done, Path hostDb, Path out)
      throws IOException, UserException {
    Job listing = SiteListing.job(conf, current, given, done, hostDb, SiteListing.tasks(conf), out);
    runJob(listing);
    return SitemapCounter.SITES.valueIn(listing.getCounters());
  }

  /** Moves the site list's parts into {@code done}, where the next run's listing reads them. */
  private static void keepList(FileSystem fs, Path list, Path done) throws IOException {
    fs.mkdirs(done);
    String run = UUID.randomUUID().toString();
    for (Path part : PartFiles.list(fs.getConf(), list)) {
      fs.rename(part, new Path(done, run + "-" + part.getName()));
    }
  }

  /** Lines "site TAB sitemap..." to (url → sitemap entry), -threads sites at a time. */
  public static class ReadMapper extends Mapper<LongWritable, Text, Text, CrawlDatum> {
    @Override
    public void run(Context context) throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      List<String[]> lines = new ArrayList<>();
      while (context.nextKeyValue()) {
        lines.add(context.getCurrentValue().toString().split("\t", -1));
      }
      long now = conf.getLong(TIME, System.currentTimeMillis());
      String robots = conf.get(ROBOTS_DB);
      SiteSitemaps.Sink sink =
          new SiteSitemaps.Sink() {
            @Override
            public void entry(String url, CrawlDatum entry) {
              synchronized (context) {
                try {
                  context.write(new Text(url), entry);
                } catch (IOException | InterruptedException e) {
                  throw new IllegalStateException(e);
                }
              }
            }

            @Override
            public void count(SitemapCounter counter, long n) {
              synchronized (context) {
                counter.in(context).increment(n);
              }
            }
          };
      ExecutorService pool = Executors.newFixedThreadPool(conf.getInt(THREADS, 1));
      try (HostFetcher fetcher = new HostFetcher(conf, robots == null ? null : new Path(robots))) {
        SiteSitemaps reader = reader(conf, fetcher);
        List<Future<?>> done = new ArrayList<>();
        for (String[] line : lines) {
          List<String> given =
              line.length < 2 || line[1].isBlank() ? List.of() : List.of(line[1].split(" "));
          done.add(
              pool.submit(
                  () -> {
                    reader.read(line[0], given, now, sink);
                    return null;
                  }));
        }
        for (Future<?> f : done) {
          try {
            f.get();
          } catch (java.util.concurrent.ExecutionException e) {
            throw new IOException("reading sitemaps failed", e.getCause());
          }
        }
        String asked = conf.get(ROBOTS_ASKED);
        if (asked != null) {
          fetcher.writeAskedRobots(new Path(asked), context.getTaskAttemptID().toString());
        }
        fetcher.handOverQuiet(context.getTaskAttemptID().toString());
      } finally {
        pool.shutdownNow();
      }
    }

    static SiteSitemaps reader(Configuration conf, HostFetcher fetcher) {
      return new SiteSitemaps(
          new SiteSitemaps.Source() {
            @Override
            public org.trawler.core.protocol.ProtocolOutput fetch(String url)
                throws InterruptedException {
              return fetcher.fetch(url);
            }

            @Override
            public List<String> robotsSitemaps(String url) {
              return fetcher.robotsSitemaps(url);
            }
          },
          SitemapReader.fromConf(conf),
          SitemapMapping.fromConf(conf),
          URLNormalizers.forScope(conf, URLNormalizers.SCOPE_SITEMAP),
          new URLFilters(conf),
          Settings.getInt(conf, SitemapKeys.INDEX_MAX_DEPTH, SitemapKeys.DEFAULT_INDEX_MAX_DEPTH),
          conf.getBoolean(SitemapKeys.STRICT, SitemapKeys.DEFAULT_STRICT),
          conf.getBoolean(SitemapKeys.URL_DEFAULT, SitemapKeys.DEFAULT_URL_DEFAULT));
    }
  }

  /** A URL's crawldb datum and sitemap entries to its new crawldb datum. */
  public static class MergeReducer extends Reducer<Text, CrawlDatum, Text, CrawlDatum> {
    private SitemapMapping mapping;
    private long now;

    @Override
    protected void setup(Context context) {
      mapping = SitemapMapping.fromConf(context.getConfiguration());
      now = context.getConfiguration().getLong(TIME, System.currentTimeMillis());
    }

    @Override
    protected void reduce(Text url, Iterable<CrawlDatum> values, Context context)
        throws IOException, InterruptedException {
      CrawlDatum known = null;
      CrawlDatum entry = null;
      for (CrawlDatum d : values) {
        if (d.getStatus().isDbStatus()) {
          known = new CrawlDatum(d);
        } else if (entry == null || d.getModifiedTime() > entry.getModifiedTime()) {
          entry = new CrawlDatum(d);
        }
      }
      if (entry == null) {
        context.write(url, known);
        return;
      }
      if (known == null) {
        SitemapCounter.ADDED.in(context).increment(1);
      }
      context.write(url, mapping.merge(known, entry, now));
    }
  }
}
