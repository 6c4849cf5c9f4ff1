package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.crawl.CrawlRound;
import org.trawler.jobs.fetch.FetchCounter;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.simweb.ServedAddresses;
import org.trawler.simweb.SiteModel;

/**
 * {@code bench --soak MINUTES}: a long crawl of a faulty simweb (5xx, resets, slow answers,
 * redirect loops, huge pages), round after round with {@link CrawlRound} as {@code run} does,
 * measuring after each round what a slow leak would make grow: heap after a full collection, live
 * threads, open file descriptors, local temporary disk; and the fetch rate, which a leak would make
 * fall.
 */
final class SoakRun {
  private static final String FETCH_PAGES = FetchCounter.PAGES.resultKey();

  /** What the soak was asked to do; the fault mix is simweb's arguments. */
  record Settings(
      int hosts,
      int pages,
      int threads,
      long topN,
      double minutes,
      int maxRounds,
      int latencyMs,
      double delaySeconds,
      List<String> faults) {}

  private final Configuration baseConf;
  private final PrintStream out;
  private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
  private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();

  SoakRun(Configuration conf, PrintStream out) {
    this.baseConf = conf;
    this.out = out;
  }

  /** The simweb arguments of the mix on {@code hosts} hosts. */
  static List<String> faultMix() {
    return List.of(
        "--redirect-pct",
        "0",
        "--notfound-pct",
        "0",
        "--disallow-pct",
        "0",
        "--error-pct",
        "5",
        "--reset-pct",
        "2",
        "--slow-pct",
        "1",
        "--slow-ms",
        "5000",
        "--loop-pct",
        "1",
        "--huge-pct",
        "0.5");
  }

  /**
   * Serves the site in its own JVM, injects its home pages, and crawls until time or rounds run
   * out.
   */
  SoakReport run(Settings s, Path dir) throws Exception {
    List<String> simweb =
        Stream.concat(
                Stream.of(
                    "--hosts",
                    "" + s.hosts(),
                    "--pages",
                    "" + s.pages(),
                    "--latency-ms",
                    "" + s.latencyMs(),
                    "--page-kb",
                    "20",
                    "--port",
                    "0",
                    "--threads",
                    "" + SimWebProcess.serverThreads(s.threads())),
                s.faults().stream())
            .toList();
    Path seeds = dir.resolve("seeds").resolve("seeds.txt");
    Files.createDirectories(seeds.getParent());
    Path hadoopTmp = dir.resolve("hadoop-tmp");
    Path javaTmp = Paths.get(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    Set<Path> javaTmpBefore = entries(javaTmp);
    out.println("bench: soak: starting simweb in its own JVM: " + String.join(" ", simweb));
    SoakReport report = new SoakReport(s, os.getSystemLoadAverage());
    try (SimWebProcess server = SimWebProcess.start(simweb, seeds, dir.resolve("simweb.log"))) {
      Configuration conf = crawlConf(s, hadoopTmp);
      CrawlDir crawl = new CrawlDir(new org.apache.hadoop.fs.Path(dir.resolve("crawl").toString()));
      Injector injector = new Injector();
      injector.setConf(new Configuration(conf));
      injector.inject(
          crawl.crawlDb(), new org.apache.hadoop.fs.Path(seeds.getParent().toString()), false);
      CrawlRound round = new CrawlRound(conf, crawl, new Generator.Settings(s.topN(), 1, 0, false));
      long start = System.nanoTime();
      SoakReport.Row.printHeader(out);
      for (int n = 1; n <= s.maxRounds() && minutesSince(start) < s.minutes(); n++) {
        long t0 = System.nanoTime();
        Optional<CrawlRound.Result> result;
        try {
          result = round.run(n, CrawlRound.DIRECT);
        } catch (Exception e) {
          out.println("bench: soak: round " + n + " failed: " + e);
          report.failed(n, e.toString());
          break;
        }
        if (result.isEmpty()) {
          out.println("bench: soak: round " + n + ": nothing due, stopping");
          report.ranDry(n);
          break;
        }
        double roundSeconds = (System.nanoTime() - t0) / 1e9;
        SoakReport.Row row =
            measure(
                result.get(),
                roundSeconds,
                minutesSince(start),
                crawl,
                hadoopTmp,
                javaTmp,
                javaTmpBefore,
                dir);
        report.add(row);
        row.print(out);
      }
      report.loadAverageAfter(os.getSystemLoadAverage());
      report.serverCpuSeconds(server.cpuSeconds());
    }
    return report;
  }

  private static double minutesSince(long startNanos) {
    return (System.nanoTime() - startNanos) / 60e9;
  }

  /** The figures after a round: collected once, so the heap is what the round left behind. */
  private SoakReport.Row measure(
      CrawlRound.Result r,
      double roundSeconds,
      double minutes,
      CrawlDir crawl,
      Path hadoopTmp,
      Path javaTmp,
      Set<Path> javaTmpBefore,
      Path workDir) {
    System.gc();
    long heap = memory.getHeapMemoryUsage().getUsed();
    long pages = r.counters().getOrDefault(FETCH_PAGES, 0L);
    double fetchSeconds = r.seconds().getOrDefault(CrawlRound.FETCH, roundSeconds);
    long javaTmpBytes = 0;
    long tmpEntries = count(hadoopTmp);
    for (Path p : entries(javaTmp)) {
      if (!javaTmpBefore.contains(p) && !workDir.startsWith(p) && !p.startsWith(workDir)) {
        javaTmpBytes += bytes(p);
        tmpEntries += 1 + count(p);
      }
    }
    return new SoakReport.Row(
        r.round(),
        minutes,
        roundSeconds,
        pages,
        fetchSeconds,
        pages / fetchSeconds,
        heap,
        threads.getThreadCount(),
        openFileDescriptors(),
        bytes(hadoopTmp),
        javaTmpBytes,
        tmpEntries,
        r.updated().urls(),
        bytes(Paths.get(crawl.crawlDb().toUri().getPath())),
        r.counters()
            .getOrDefault(
                JobCounter.resultKey(FetchCounter.GROUP, CrawlStatus.FETCH_RETRY.label()), 0L));
  }

  /** Open file descriptors of this JVM, -1 where the OS does not say. */
  private long openFileDescriptors() {
    return os instanceof com.sun.management.UnixOperatingSystemMXBean unix
        ? unix.getOpenFileDescriptorCount()
        : -1;
  }

  /** The entries of a directory now (empty when it cannot be listed). */
  private static Set<Path> entries(Path dir) {
    Set<Path> set = new HashSet<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.forEach(set::add);
    } catch (IOException | UncheckedIOException e) {
      // nothing there yet
    }
    return set;
  }

  /** Bytes of the regular files under {@code p}; files that vanish while counted count 0. */
  static long bytes(Path p) {
    if (!Files.exists(p)) {
      return 0;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      return walk.mapToLong(SoakRun::size).sum();
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }

  /** Files and directories under {@code p}, {@code p} not counted. */
  static long count(Path p) {
    if (!Files.isDirectory(p)) {
      return 0;
    }
    try (Stream<Path> walk = Files.walk(p)) {
      return walk.count() - 1;
    } catch (IOException | UncheckedIOException e) {
      return 0;
    }
  }

  private static long size(Path f) {
    try {
      return Files.isRegularFile(f) ? Files.size(f) : 0;
    } catch (IOException e) {
      return 0;
    }
  }

  /** bench's loopback settings, and the crawl's Hadoop temporary files under the work directory. */
  private Configuration crawlConf(Settings s, Path hadoopTmp) {
    Configuration conf = new Configuration(baseConf);
    ServedAddresses.allow(conf, SiteModel.addresses(s.hosts()), "trawler bench --soak");
    conf.set(CommonConfigurationKeys.HADOOP_TMP_DIR, hadoopTmp.toString());
    conf.set(PolitenessKeys.SERVER_DELAY, Double.toString(s.delaySeconds()));
    conf.setInt(ProtocolKeys.FETCHER_THREADS, s.threads());
    conf.setInt(ProtocolKeys.FETCHER_THREADS_PER_QUEUE, 1);
    conf.setInt(FetcherKeys.PROGRESS_INTERVAL, 60);
    // One URL per host a round: every fetch list spreads over as many hosts, so pages/s measures
    // the crawler, not how the frontier clusters on a few hosts early in the crawl.
    if (!CrawlJob.userSet(conf, GeneratorKeys.MAX_COUNT)) {
      conf.setInt(GeneratorKeys.MAX_COUNT, 1);
    }
    return conf;
  }
}
