package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.ToolRunner;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.update.UpdateDb;
import org.trawler.simweb.SimWebServer;
import org.trawler.simweb.SiteModel;

/**
 * A task attempt that dies on a cluster is retried by YARN and the job's output holds each URL
 * once, as an unkilled run's does. The test kills the real container JVM ({@code YarnChild}, whose
 * command line names its attempt) with SIGKILL while it works: the fetch map after it fetched some
 * pages, the updatedb reduce once it has opened its output. Nothing in the crawler knows it is
 * tested: no hook, the same job jar as production. The unkilled reference runs are the same
 * commands on copies of the same inputs, in the local runner (the same code, faster).
 */
public class RetriedAttemptIT {
  private static final int HOSTS = 3;
  private static final int PAGES = 20;
  private static final int LATENCY_MS = 150;

  /** Pages the first fetch attempt fetches before it is killed: about a quarter of the site. */
  private static final int PAGES_BEFORE_KILL = 15;

  private static final long WAIT_MS = 180_000;
  private static final String[] SEGMENT_PARTS = {
    Segment.CRAWL_FETCH,
    Segment.CONTENT,
    Segment.CRAWL_PARSE,
    Segment.PARSE_DATA,
    Segment.PARSE_TEXT
  };

  private static MiniCrawlCluster cluster;
  private static SimWebServer server;
  private static Configuration yarnConf;
  private static Configuration localConf;
  private static FileSystem fs;
  private static Path crawl;
  private static Path generated;
  private static long started;

  @BeforeClass
  public static void crawlDbAndASegment() throws Exception {
    assertTrue("needs Linux /proc to find the task's JVM", new File("/proc/self/cmdline").exists());
    started = System.nanoTime();
    cluster = MiniCrawlCluster.shared();
    server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(HOSTS)
                    .pages(PAGES)
                    .outlinks(3)
                    .pageKb(1)
                    .port(0)
                    .seed(16)
                    .redirectPct(10)
                    .notFoundPct(10)
                    .errorPct(10)
                    .disallowPct(10)
                    .build())
            .latencyMs(LATENCY_MS)
            .build();
    server.start();
    log("cluster and site up in %.1f s", seconds(started));

    yarnConf = cluster.crawlerConf();
    yarnConf.setFloat("fetcher.server.delay", 0);
    yarnConf.setInt("http.timeout", 5000);
    yarnConf.setBoolean("fetcher.parse", true); // as run's rounds do: the parse parts too
    localConf = new Configuration(yarnConf);
    localConf.set(MRConfig.FRAMEWORK_NAME, "local");

    fs = cluster.fileSystem();
    crawl = cluster.hdfsPath("/retried-attempt-it/crawl");
    Path urls = cluster.hdfsPath("/retried-attempt-it/urls");
    try (OutputStream out = fs.create(new Path(urls, "seeds.txt"))) {
      out.write(
          (String.join("\n", server.site().allUrls()) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    // The inputs are made in the local runner on HDFS: only the jobs under test run on YARN.
    step(localConf, "inject", crawlDb("crawldb").toString(), urls.toString());
    step(
        localConf,
        "generate",
        crawlDb("crawldb").toString(),
        new Path(crawl, "generated").toString(),
        "-numFetchers",
        "1");
    generated = fs.listStatus(new Path(crawl, "generated"))[0].getPath();
  }

  @AfterClass
  public static void stop() {
    if (server != null) {
      server.close();
    }
    if (started != 0) {
      log("retried attempts test: %.1f s in all", seconds(started));
    }
  }

  /** Production leaves Hadoop's retries on: a task gets several attempts before the job fails. */
  @Test
  public void tasksGetMoreThanOneAttempt() {
    assertTrue(yarnConf.getInt(MRJobConfig.MAP_MAX_ATTEMPTS, 4) > 1);
    assertTrue(yarnConf.getInt(MRJobConfig.REDUCE_MAX_ATTEMPTS, 4) > 1);
  }

  @Test
  public void aFetchAttemptKilledMidFetchIsRetriedAndEachUrlIsInTheSegmentOnce() throws Exception {
    Path reference = copy(generated, new Path(crawl, "reference/segments"));
    long unkilledStart = server.requests().total();
    run(localConf, new Fetcher(), reference.toString());
    long unkilledRequests = server.requests().total() - unkilledStart;

    Path segment = copy(generated, new Path(crawl, "segments"));
    long before = server.requests().total();
    Fetcher fetcher = new Fetcher();
    Killed killed =
        runKilling(
            () -> run(yarnConf, fetcher, segment.toString()),
            "_m_",
            () -> server.requests().total() >= before + PAGES_BEFORE_KILL);
    long requests = server.requests().total() - before;
    log(
        "fetch attempt %s killed after %d requests; %d in all, %d unkilled",
        killed.attempt, killed.progress - before, requests, unkilledRequests);

    assertEquals("fetch exit code", 0, killed.exitCode);
    assertRetriedOnce(fetcher, "MAPS");
    assertTrue(
        "the second attempt fetched again what the killed one had fetched",
        requests > unkilledRequests);
    for (String part : SEGMENT_PARTS) {
      SortedMap<String, Integer> records = records(new Path(segment, part));
      if (!part.equals(Segment.CRAWL_PARSE)) { // it has a record per link: a URL many pages link to
        assertEquals(part + " holds each URL once", Map.of(), duplicates(records));
      }
      assertEquals(part + " as an unkilled fetch's", records(new Path(reference, part)), records);
    }
    assertTrue(
        "the segment has pages of every outcome: "
            + records(new Path(segment, Segment.CRAWL_FETCH)).keySet(),
        statuses(new Path(segment, Segment.CRAWL_FETCH)).size() >= 3);
  }

  @Test
  public void anUpdatedbReduceAttemptKilledMidWriteIsRetriedAndEachUrlIsInTheCrawlDbOnce()
      throws Exception {
    Path fetched = copy(generated, new Path(crawl, "fetched/segments"));
    run(localConf, new Fetcher(), fetched.toString());
    Path reference = copy(crawlDb("crawldb"), crawl, "reference-crawldb");
    run(localConf, new UpdateDb(), reference.toString(), fetched.toString());

    Path crawlDb = copy(crawlDb("crawldb"), crawl, "updated-crawldb");
    UpdateDb update = new UpdateDb();
    Killed killed =
        runKilling(
            () -> run(yarnConf, update, crawlDb.toString(), fetched.toString()),
            "_r_",
            () -> reduceOutputOpened(crawlDb));
    log("updatedb attempt %s killed once its output was open", killed.attempt);

    assertEquals("updatedb exit code", 0, killed.exitCode);
    assertRetriedOnce(update, "REDUCES");
    SortedMap<String, Integer> records = records(VersionedDb.current(crawlDb));
    assertEquals("the crawldb holds each URL once", Map.of(), duplicates(records));
    assertEquals(
        "the crawldb as an unkilled updatedb's", records(VersionedDb.current(reference)), records);
    assertEquals(
        "only the installed version and the previous one are left",
        List.of(VersionedDb.CURRENT, VersionedDb.OLD),
        names(crawlDb));
  }

  /** What a killed run gave: its exit code, the attempt killed and the progress it had made. */
  private record Killed(int exitCode, String attempt, long progress) {}

  /**
   * Runs {@code command} in another thread; once {@code due} holds, kills the YarnChild JVM of the
   * first attempt of a task of {@code kind} ({@code _m_} or {@code _r_}), then waits for the
   * command's end.
   */
  private static Killed runKilling(Callable<Integer> command, String kind, BooleanSupplier due)
      throws Exception {
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try {
      Future<Integer> exit = runner.submit(command);
      long deadline = System.currentTimeMillis() + WAIT_MS;
      while (!due.getAsBoolean()) {
        assertTrue("the job ended before its attempt could be killed", !exit.isDone());
        assertTrue(
            "no moment to kill in " + WAIT_MS + " ms", System.currentTimeMillis() < deadline);
        Thread.sleep(20);
      }
      long progress = server.requests().total();
      Optional<ProcessHandle> child = Optional.empty();
      while (child.isEmpty() && System.currentTimeMillis() < deadline) {
        child = firstAttempt(kind);
        if (child.isEmpty()) {
          Thread.sleep(20);
        }
      }
      assertTrue("a " + kind + " YarnChild running", child.isPresent());
      String attempt = attemptOf(child.get());
      assertTrue("killed " + attempt, child.get().destroyForcibly());
      return new Killed(exit.get(WAIT_MS, TimeUnit.MILLISECONDS), attempt, progress);
    } finally {
      runner.shutdownNow();
    }
  }

  /**
   * The running JVM of attempt 0 of a task of that kind: only the job under test runs on this JVM's
   * cluster, whose containers are this JVM's descendants (other clusters may run beside it).
   */
  private static Optional<ProcessHandle> firstAttempt(String kind) {
    return ProcessHandle.current()
        .descendants()
        .filter(
            p -> {
              String attempt = attemptOf(p);
              return attempt != null && attempt.contains(kind) && attempt.endsWith("_0");
            })
        .findFirst();
  }

  /** The task attempt a YarnChild JVM runs, from its command line; null for other processes. */
  private static String attemptOf(ProcessHandle p) {
    String line = p.info().commandLine().orElse("");
    if (!line.contains("org.apache.hadoop.mapred.YarnChild")) {
      return null;
    }
    for (String arg : line.split(" ")) {
      if (arg.startsWith("attempt_")) {
        return arg;
      }
    }
    return null;
  }

  /**
   * The updatedb reduce has opened its part file in the new crawldb version's committer directory:
   * it is writing the version.
   */
  private static boolean reduceOutputOpened(Path crawlDb) {
    try {
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(crawlDb, true);
      while (files.hasNext()) {
        String path = files.next().getPath().toString();
        if (path.contains("/attempt_") && path.contains("_r_") && path.contains("/part-r-")) {
          return true;
        }
      }
    } catch (IOException e) {
      // a committer directory went away while listed: ask again
    }
    return false;
  }

  /** One attempt failed (the killed one) and the task's second attempt did the work. */
  private static void assertRetriedOnce(CrawlTool tool, String tasks) {
    Map<String, Long> results = tool.results();
    String group = JobCounter.class.getName() + "/";
    log(
        "%s counters: %s",
        tasks, results.entrySet().stream().filter(e -> e.getKey().startsWith(group)).toList());
    assertEquals(
        "attempts launched",
        2L,
        (long) results.getOrDefault(group + "TOTAL_LAUNCHED_" + tasks, 0L));
    assertEquals(
        "attempts failed", 1L, (long) results.getOrDefault(group + "NUM_FAILED_" + tasks, 0L));
  }

  /**
   * Every record of every part under {@code dir} as "key [status]", with how often it occurs:
   * compared whole, so a record written twice or lost shows.
   */
  private static SortedMap<String, Integer> records(Path dir) throws Exception {
    SortedMap<String, Integer> records = new TreeMap<>();
    List<Path> parts = PartFiles.list(yarnConf, dir);
    assertTrue("parts under " + dir, !parts.isEmpty());
    for (Path part : parts) {
      try (SequenceFile.Reader r =
          new SequenceFile.Reader(yarnConf, SequenceFile.Reader.file(part))) {
        Writable key = (Writable) ReflectionUtils.newInstance(r.getKeyClass(), yarnConf);
        Writable value = (Writable) ReflectionUtils.newInstance(r.getValueClass(), yarnConf);
        while (r.next(key, value)) {
          String record =
              key
                  + (value instanceof CrawlDatum d
                      ? " " + d.statusLabel() + " retries " + d.getRetries()
                      : "");
          records.merge(record, 1, Integer::sum);
        }
      }
    }
    return records;
  }

  private static Map<String, Integer> duplicates(SortedMap<String, Integer> records) {
    Map<String, Integer> twice = new TreeMap<>();
    records.forEach(
        (record, n) -> {
          if (n > 1) {
            twice.put(record, n);
          }
        });
    return twice;
  }

  private static List<String> statuses(Path dir) throws Exception {
    return records(dir).keySet().stream().map(r -> r.split(" ")[1]).distinct().toList();
  }

  private static List<String> names(Path dir) throws IOException {
    List<String> names = new ArrayList<>();
    for (var st : fs.listStatus(dir)) {
      names.add(st.getPath().getName());
    }
    names.sort(null);
    return names;
  }

  private static Path crawlDb(String name) {
    return new Path(crawl, name);
  }

  /** A copy of {@code from} in {@code dir}, under its own name. */
  private static Path copy(Path from, Path dir) throws IOException {
    return copy(from, dir, from.getName());
  }

  private static Path copy(Path from, Path dir, String name) throws IOException {
    Path to = new Path(dir, name);
    fs.mkdirs(dir);
    assertTrue(FileUtil.copy(fs, from, fs, to, false, yarnConf));
    return to;
  }

  private static int run(Configuration conf, CrawlTool tool, String... args) throws Exception {
    long t = System.nanoTime();
    int exit = ToolRunner.run(new Configuration(conf), tool, args);
    log(
        "%s %s (%s): exit %d in %.1f s",
        tool.name(), String.join(" ", args), conf.get(MRConfig.FRAMEWORK_NAME), exit, seconds(t));
    return exit;
  }

  private static void step(Configuration conf, String... args) throws Exception {
    long t = System.nanoTime();
    assertEquals(String.join(" ", args), 0, Main.run(new Configuration(conf), args));
    log("%s: %.1f s", args[0], seconds(t));
  }

  private static void log(String format, Object... args) {
    PrintStream out = System.out;
    out.printf("retried-attempt-it: " + format + "%n", args);
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
