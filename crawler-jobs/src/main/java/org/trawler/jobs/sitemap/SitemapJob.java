package org.trawler.jobs.sitemap;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
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
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizers;
import org.trawler.core.net.URLParts;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.generate.HostPolicy;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.politeness.HostFetcher;
import org.trawler.jobs.politeness.RobotsDb;

/**
 * {@code sitemap <crawldb> [-hostdb <hostdb>] [-sitemapUrls <dir>] [-threads N] [-force]}: reads
 * the sitemaps of the crawldb's sites ({@link SiteSitemaps}) and merges their URLs into the crawldb
 * ({@link SitemapMapping}). The driver lists the sites (with the sitemaps given in -sitemapUrls,
 * leaving out hosts the hostdb shows failing); one map task reads them, -threads sites at a time,
 * one request at a time per site ({@link HostFetcher}); the reducer merges per URL with the
 * crawldb, and the new version is installed under the crawldb's lock. The robots.txt answers the
 * task asked for go into the crawl's robots db afterwards, as a fetch's do ({@link RobotsDb#keep}).
 */
public class SitemapJob extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(SitemapJob.class);

  /** Job parameter: sites read at once by the map task. */
  static final String THREADS = "trawler.sitemap.threads";

  /** Job parameter: the merge time, ms epoch. */
  static final String TIME = "trawler.sitemap.time";

  /** Job parameter: the robots db to take kept robots.txt answers from. */
  static final String ROBOTS_DB = "trawler.sitemap.robots.db";

  /** Job parameter: where the tasks write the robots.txt answers they asked for. */
  static final String ROBOTS_ASKED = "trawler.sitemap.robots.asked";

  /** What a run did. */
  public record Result(Set<String> sites, long sitemaps, long urls, long added) {
    public String summary(Path crawlDb) {
      return String.format(
          "sitemap: %d sites, %d sitemaps read, %d URLs; %d new in %s",
          sites.size(), sitemaps, urls, added, crawlDb);
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
    Result r = run(crawlDb, hostDb, given, threads, cmd.hasOption("force"), Set.of());
    out().println(r.summary(crawlDb));
    return 0;
  }

  /**
   * Reads the sitemaps of the sites of {@code crawlDb}, but those in {@code done}, and installs the
   * merged crawldb; nothing is run when no site is left.
   */
  public Result run(
      Path crawlDb, Path hostDb, Path given, int threads, boolean force, Set<String> done)
      throws IOException, UserException {
    Configuration conf = new Configuration(getConf());
    Path current = VersionedDb.currentForReading(conf, crawlDb);
    Map<String, List<String>> sites = sites(conf, current, given, failingHosts(conf, hostDb));
    sites.keySet().removeAll(done);
    if (sites.isEmpty()) {
      return new Result(Set.of(), 0, 0, 0);
    }
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
        Path list = new Path(tx.scratch("sitemap-sites"), "sites.txt");
        try (Writer w = new OutputStreamWriter(fs.create(list, false), StandardCharsets.UTF_8)) {
          for (Map.Entry<String, List<String>> e : sites.entrySet()) {
            w.write(e.getKey() + "\t" + String.join(" ", e.getValue()) + "\n");
          }
        }
        Job job = CrawlJob.create(conf, "sitemap " + crawlDb);
        MultipleInputs.addInputPath(job, list, TextInputFormat.class, ReadMapper.class);
        MultipleInputs.addInputPath(job, current, SequenceFileInputFormat.class, Mapper.class);
        job.setMapOutputKeyClass(Text.class);
        job.setMapOutputValueClass(CrawlDatum.class);
        job.setReducerClass(MergeReducer.class);
        CrawlJob.setCrawlDbOutput(job, tx.newVersion());
        runJob(job);
        tx.commit();
        Counters c = job.getCounters();
        result =
            new Result(
                new TreeSet<>(sites.keySet()),
                SitemapCounter.PARSED.valueIn(c),
                SitemapCounter.URLS.valueIn(c),
                SitemapCounter.ADDED.valueIn(c));
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
   * Hosts generate skips now ({@link HostPolicy}): failing more rounds than
   * generate.host.max.failures, until generate.host.failure.delay after the last; none without a
   * hostdb.
   */
  static List<String> failingHosts(Configuration conf, Path hostDb)
      throws IOException, UserException {
    List<String> failing = new ArrayList<>();
    Path installed = HostDb.installed(conf, hostDb);
    if (installed == null) {
      return failing;
    }
    failing.addAll(HostPolicy.of(conf, installed).skippedHosts());
    return failing;
  }

  /**
   * Every site of the crawldb's URLs (scheme://host[:port]), less failing hosts, with the sitemap
   * URLs given in text files under {@code given} (their sites added).
   */
  static Map<String, List<String>> sites(
      Configuration conf, Path current, Path given, List<String> failing)
      throws IOException, UserException {
    Map<String, List<String>> sites = new TreeMap<>();
    PartFiles.read(
        conf,
        current,
        new Text(),
        new CrawlDatum(),
        (url, d) -> {
          String site = URLParts.of(url.toString()).origin();
          if (site != null && URLParts.isHttp(site)) {
            sites.computeIfAbsent(site, s -> new ArrayList<>());
          }
        });
    if (given != null) {
      FileSystem fs = given.getFileSystem(conf);
      FileStatus[] files =
          fs.getFileStatus(given).isDirectory()
              ? fs.listStatus(given)
              : new FileStatus[] {fs.getFileStatus(given)};
      for (FileStatus f : files) {
        if (!f.isFile()) {
          continue;
        }
        try (BufferedReader r =
            new BufferedReader(
                new InputStreamReader(fs.open(f.getPath()), StandardCharsets.UTF_8))) {
          for (String line = r.readLine(); line != null; line = r.readLine()) {
            String url = line.trim();
            String site = URLParts.of(url).origin();
            if (url.isEmpty() || url.startsWith("#")) {
              continue;
            }
            if (site == null) {
              LOG.warn("not a sitemap URL in {}: {}", f.getPath(), url);
              continue;
            }
            sites.computeIfAbsent(site, s -> new ArrayList<>()).add(url);
          }
        }
      }
    }
    sites.keySet().removeIf(site -> failing.contains(URLParts.host(site)));
    return sites;
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
        if (CrawlStatus.isDbStatus(d.getStatus())) {
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
