package org.trawler.simweb.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.io.JsonOutput;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.read.CrawlDbStats;
import org.trawler.jobs.read.ReaderKeys;
import org.trawler.jobs.read.StatsJob;
import org.trawler.jobs.sitemap.SitemapJob;
import org.trawler.jobs.sitemap.SitemapKeys;

/**
 * {@code bench --db-urls N --db-sites}: writes a crawldb of N URLs, {@value #PAGES_PER_HOST} per
 * host (N / 10 hosts), then lists the sitemap job's sites (its first pass alone: the sites would
 * resolve to the internet, so none is fetched) over {@value #TASKS} fetch tasks, and runs readdb
 * -stats as a job and by the client. The phases' heap peaks show what the client keeps; the lists
 * show how the sites are spread.
 */
final class SiteListBenchmark {
  static final int PAGES_PER_HOST = 10;
  static final int TASKS = 4;

  private final Configuration conf;
  private final PhaseMeter meter;
  private final PrintStream out;

  SiteListBenchmark(Configuration conf, PhaseMeter meter, PrintStream out) {
    this.conf = new Configuration(conf);
    this.meter = meter;
    this.out = out;
  }

  BenchCommand.Report run(Path dir, long urls) throws Exception {
    Path crawlDb = new Path(dir, "crawldb");
    Path current = VersionedDb.current(crawlDb);
    int parts = CrawlDbBenchmark.parts(urls, 2);
    Report report = new Report(urls, (urls + PAGES_PER_HOST - 1) / PAGES_PER_HOST, parts);
    out.printf(
        "bench: writing a crawldb of %d URLs over %d hosts in %d parts%n",
        urls, report.hosts, parts);
    report.samples.add(
        meter.measure(
            0,
            "synthesize",
            () -> {
              writeCrawlDb(current, urls, parts);
              return Map.of(BenchCommand.MAP_INPUT, urls);
            }));
    Path lists = new Path(dir, "sitemap-sites");
    report.samples.add(
        meter.measure(
            1,
            "sitemap sites",
            () -> {
              long allocated0 = allocatedHere();
              Configuration c = new Configuration(conf);
              c.setInt(SitemapKeys.FETCH_TASKS, TASKS);
              SitemapJob job = new SitemapJob();
              job.setConf(c);
              report.sites = job.listSites(c, current, null, null, null, lists);
              report.clientAllocated.add(allocatedHere() - allocated0);
              return job.results();
            }));
    report.sitesPerList = sitesPerList(lists);
    report.samples.add(stats(2, "stats job", current, 0, report));
    report.samples.add(stats(3, "stats client", current, Long.MAX_VALUE, report));
    return report;
  }

  private PhaseMeter.Sample stats(int round, String phase, Path current, long min, Report report)
      throws Exception {
    return meter.measure(
        round,
        phase,
        () -> {
          long allocated0 = allocatedHere();
          Configuration c = new Configuration(conf);
          c.setLong(ReaderKeys.STATS_JOB_MIN_BYTES, min);
          CrawlDbStats stats =
              StatsJob.stats(c, current, new CrawlDatum(), CrawlDbStats.class, CrawlJob::run);
          report.clientAllocated.add(allocatedHere() - allocated0);
          report.tables.add(stats.table("crawldb"));
          return Map.of(BenchCommand.MAP_INPUT, stats.total());
        });
  }

  /**
   * Bytes this thread (the client's: local tasks run in threads of their own) allocated so far:
   * what the client itself does per record shows here, apart from the tasks' buffers in the same
   * heap.
   */
  private static long allocatedHere() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  /** The lines of each site list, in list order. */
  private List<Long> sitesPerList(Path lists) throws IOException {
    List<Long> counts = new ArrayList<>();
    FileSystem fs = lists.getFileSystem(conf);
    for (Path part : PartFiles.list(conf, lists)) {
      long n = 0;
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(fs.open(part), StandardCharsets.UTF_8))) {
        while (r.readLine() != null) {
          n++;
        }
      }
      counts.add(n);
    }
    return counts;
  }

  private void writeCrawlDb(Path current, long urls, int parts) throws IOException {
    Text key = new Text();
    long perPart = (urls + parts - 1) / parts;
    long now = System.currentTimeMillis();
    for (int p = 0; p < parts; p++) {
      try (MapFile.Writer w =
          CrawlDbBenchmark.mapFile(
              conf, new Path(current, String.format("part-r-%05d", p)), CrawlDatum.class)) {
        for (long i = p * perPart; i < Math.min(urls, (p + 1) * perPart); i++) {
          key.set(CrawlDbBenchmark.url(i, PAGES_PER_HOST));
          CrawlDatum datum =
              new CrawlDatum(
                  i % 3 == 0 ? CrawlStatus.DB_FETCHED : CrawlStatus.DB_UNFETCHED,
                  2_592_000,
                  1.0f / (1 + i % 7));
          datum.setFetchTime(now);
          datum.setDepth((int) (i % 4));
          w.append(key, datum);
        }
      }
    }
  }

  /** Figures of the site-listing benchmark. */
  static final class Report implements BenchCommand.Report {
    private final long urls;
    private final long hosts;
    private final int parts;
    private final List<PhaseMeter.Sample> samples = new ArrayList<>();
    private final List<String> tables = new ArrayList<>();

    /** Bytes the client thread allocated: sitemap sites, stats job, stats client. */
    private final List<Long> clientAllocated = new ArrayList<>();

    private long sites;
    private List<Long> sitesPerList = List.of();
    private long peakRssBytes = -1;

    Report(long urls, long hosts, int parts) {
      this.urls = urls;
      this.hosts = hosts;
      this.parts = parts;
    }

    @Override
    public void peakRss(long bytes) {
      peakRssBytes = bytes;
    }

    private boolean sameStats() {
      return tables.size() == 2 && tables.get(0).equals(tables.get(1));
    }

    @Override
    public void print(PrintStream out) {
      out.printf(
          "%ncrawldb: %d URLs over %d hosts in %d parts; sitemap sites: %d in %d lists %s%n",
          urls, hosts, parts, sites, sitesPerList.size(), sitesPerList);
      out.printf("readdb -stats: the job's output is the client's: %s%n", sameStats());
      out.printf(
          "client thread allocated (sitemap sites, stats job, stats client): %s MB%n",
          clientAllocated.stream().map(b -> String.format("%.1f", b / 1048576.0)).toList());
      BenchReport.printTable(out, samples);
      BenchReport.printPeakRss(out, peakRssBytes);
    }

    @Override
    public void writeJson(JsonOutput j) throws IOException {
      j.beginObject()
          .name("dbUrls")
          .value(urls)
          .name("hosts")
          .value(hosts)
          .name("parts")
          .value(parts)
          .name("sites")
          .value(sites)
          .name("sitesPerList")
          .beginArray();
      for (long n : sitesPerList) {
        j.value(n);
      }
      j.endArray().name("statsSame").value(sameStats());
      j.name("clientAllocatedMB").beginArray();
      for (long b : clientAllocated) {
        j.value(b / 1048576.0);
      }
      j.endArray();
      BenchReport.machine(j);
      j.name("phases");
      BenchReport.writeSamples(j, samples);
      j.name("peakRssMB").value(BenchReport.peakRssMB(peakRssBytes));
      j.endObject();
    }
  }
}
