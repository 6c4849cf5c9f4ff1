package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.junit.Test;
import org.netpreserve.jwarc.WarcReader;
import org.netpreserve.jwarc.WarcRecord;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseText;
import org.trawler.core.store.DbLock;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.read.CrawlDbReader;
import org.trawler.simweb.SimWebServer;
import org.trawler.simweb.SiteModel;

/**
 * One crawl round on a real (mini) cluster, the one this JVM's cluster tests share ({@link
 * MiniCrawlCluster#shared}): HDFS with one datanode, YARN with two node managers, crawldb and
 * segments on hdfs://, every job a YARN application. The round is {@code bin/crawl run <urls>
 * <crawl> 1 --numFetchers 2} with HADOOP_CONF_DIR set, that is {@code hadoop jar <job jar> run ...}
 * in its own JVM, as a user types it: inject, generate into two fetch lists, fetch (parsing as
 * pages arrive), updatedb, invertlinks. The checks read HDFS through readdb and take the crawldb
 * lock from this JVM. Then, side by side, {@code warc} and {@code urlindex} of the segment, and
 * {@code rank} through the job jar on a copy of the crawl on HDFS and in local mode on a local
 * copy: the same score for every URL.
 *
 * <p>Which fetch task fetched which host: the site's request observer asks Linux, while each
 * request is being served, which process holds the client end of the connection ({@link
 * LoopbackClients}); a fetch task is a YarnChild JVM whose command line names its task attempt.
 * Nothing in a request could tell the two tasks apart (same address, same User-Agent), and the
 * segment's outputs are partitioned by URL, not by task; the process is the task.
 *
 * <p>To keep the round near a minute on a small machine, jobs with at most one reduce run as uber
 * jobs, whatever their number of maps (map and reduce inside the application master's container:
 * still a YARN application on HDFS). The fetch job turns uber mode off for itself, so its two lists
 * run as two map tasks in two containers.
 */
public class ClusterCrawlIT {
  private static final int HOSTS = 6;
  private static final int PAGES = 6;

  /**
   * rank's iterations on the cluster and in local mode: one is enough to compare them, since it
   * already reads the rank records and the counters (pages, dangling pages) that YARN jobs wrote.
   */
  private static final int RANK_ITERATIONS = 1;

  private static final Pattern ATTEMPT = Pattern.compile("attempt_(\\d+_\\d+)_m_(\\d+)_\\d+");

  /** host → the processes that asked it: "job_... map N" for a map task, else what else it was. */
  private final Map<Integer, Set<String>> clientsByHost = new ConcurrentHashMap<>();

  private SiteModel web;

  @Test
  public void oneRoundOnHdfsAndYarnFetchesEachHostFromOneTask() throws Exception {
    assertTrue(
        "needs Linux /proc to tell fetch tasks apart (the product runs on Linux)",
        LoopbackClients.available());
    long started = System.nanoTime();
    long startedMillis = System.currentTimeMillis();
    MiniCrawlCluster cluster = MiniCrawlCluster.shared();
    try (SimWebServer server = startSite()) {
      SiteModel site = server.site();
      log("cluster up in %.1f s", seconds(started));
      Configuration conf = cluster.crawlerConf();
      FileSystem fs = cluster.fileSystem();
      Path crawl = cluster.hdfsPath("/user/crawler/crawl");
      Path crawlDb = new Path(crawl, "crawldb");
      Path segments = new Path(crawl, "segments");
      Path urls = cluster.hdfsPath("/user/crawler/urls");
      writeSeeds(fs, new Path(urls, "seeds.txt"), site.allUrls());
      File confDir =
          MiniCrawlCluster.writeConfDir(
              uberConf(cluster.hadoopConf()), new File("target/cluster-it/hadoop-conf"));
      HadoopCommand hadoop = HadoopCommand.install(new File("target/cluster-it/bin"));

      long t = System.nanoTime();
      // Crawler settings as a user gives them: -D (the cluster's *-site.xml come before
      // trawler-default.xml).
      HadoopCommand.Result run =
          hadoop.crawlScript(
              confDir,
              "run",
              urls.toString(),
              crawl.toString(),
              "1",
              "--numFetchers",
              "2",
              "-D",
              "fetcher.server.delay=0",
              // no page of this site is slow, but its PDFs and DOCX are written when first asked
              // for (PDFBox, POI): 5 s left two of them unfetched on a loaded machine
              "-D",
              "http.timeout=30000",
              // each page's Markdown too, for warc -markdown below
              "-D",
              "parser.markdown=true");
      assertEquals(run.output(), 0, run.exitCode());
      log("bin/crawl run (hadoop jar) in %.1f s: %s", seconds(t), roundLine(run.output()));
      Path segment = onlySegment(fs, segments);

      assertTrue("linkdb on HDFS", fs.exists(VersionedDb.current(new Path(crawl, "linkdb"))));
      assertTrue(
          "parsed in the fetch tasks (run's rounds parse as pages arrive)",
          fs.exists(new Path(segment, Segment.PARSE_DATA)));
      assertEquals(
          "two fetch lists, neither empty",
          2,
          nonEmptyParts(conf, new Path(segment, Segment.CRAWL_GENERATE)));
      assertStatuses(conf, site, crawlDb, cluster.hdfsPath("/user/crawler/dump"));
      assertDocumentTextsOnHdfs(conf, site, segment);
      assertInstalledAndUnlocked(fs, crawlDb);
      assertHeldLockStopsASecondWriter(conf, fs, crawlDb, segment);

      // After the round, two chains of applications read its output and write apart, so they run
      // side by side: warc then urlindex on the crawl,
      // and rank through the job jar on a copy of the crawl on HDFS (urlindex reads the crawldb
      // that rank installs a new version of); meanwhile this JVM ranks a local copy in local mode.
      Path rankCrawl = cluster.hdfsPath("/user/crawler/rank/crawl");
      Path rankCrawlDb = new Path(rankCrawl, "crawldb");
      assertTrue(FileUtil.copy(fs, crawlDb, fs, rankCrawlDb, false, conf));
      assertTrue(FileUtil.copy(fs, segments, fs, new Path(rankCrawl, "segments"), false, conf));
      File localCrawl = new File("target/cluster-it/rank-local/crawl");
      FileUtil.fullyDelete(localCrawl.getParentFile());
      fs.copyToLocalFile(crawlDb, new Path(localCrawl.getAbsolutePath(), "crawldb"));
      fs.copyToLocalFile(segments, new Path(localCrawl.getAbsolutePath(), "segments"));
      ExecutorService sideBySide = Executors.newFixedThreadPool(2);
      try {
        Future<Void> exports =
            sideBySide.submit(
                () -> {
                  exportAndIndex(hadoop, confDir, cluster, fs, conf, crawlDb, segment);
                  return null;
                });
        Future<Map<String, Float>> rankedOnYarn =
            sideBySide.submit(
                () -> {
                  long began = System.nanoTime();
                  HadoopCommand.Result rank =
                      hadoop.crawlScript(
                          confDir,
                          "rank",
                          rankCrawl.toString(),
                          "-iterations",
                          Integer.toString(RANK_ITERATIONS));
                  assertEquals(rank.output(), 0, rank.exitCode());
                  log("bin/crawl rank (hadoop jar) in %.1f s", seconds(began));
                  return pageRanks(conf, rankCrawlDb);
                });
        Configuration local = CrawlerConfiguration.create();
        local.set("mapreduce.framework.name", "local");
        local.set("fs.defaultFS", "file:///");
        step(
            local,
            "rank",
            localCrawl.getAbsolutePath(),
            "-iterations",
            Integer.toString(RANK_ITERATIONS));
        Map<String, Float> inLocalMode =
            pageRanks(local, new Path(localCrawl.getAbsolutePath(), "crawldb"));
        Map<String, Float> onYarn = await(rankedOnYarn);
        assertEquals(onYarn.keySet(), inLocalMode.keySet());
        assertTrue("ranked on YARN: " + onYarn, onYarn.values().stream().allMatch(r -> r > 0));
        onYarn.forEach((url, r) -> assertEquals(url, r, inLocalMode.get(url), 1e-9));
        await(exports);
      } finally {
        sideBySide.shutdownNow();
      }

      List<ApplicationReport> apps = applications(conf, startedMillis);
      assertEquals(
          "rank's jobs on YARN: three for the graph, one per iteration, one to write",
          3 + RANK_ITERATIONS + 1,
          apps.stream().filter(a -> a.getName().startsWith("trawler rank: ")).count());
      // the round's line says " duplicates N;" when its updatedb found a pair and dedup ran
      assertEveryStepRanOnYarn(apps, roundLine(run.output()).contains(" duplicates "));
      assertEachHostFetchedByOneOfTwoFetchTasks(apps);
    }
    log("cluster test: %.1f s in all", seconds(started));
  }

  /**
   * {@code warc -wat -wet -markdown -cdx} of the segment, then {@code urlindex} of its WARC files,
   * both through the job jar on HDFS, each checked as a user would read it.
   */
  private static void exportAndIndex(
      HadoopCommand hadoop,
      File confDir,
      MiniCrawlCluster cluster,
      FileSystem fs,
      Configuration conf,
      Path crawlDb,
      Path segment)
      throws Exception {
    long t = System.nanoTime();
    Path datasets = cluster.hdfsPath("/user/crawler/warc");
    HadoopCommand.Result export =
        hadoop.crawlScript(
            confDir,
            "warc",
            datasets.toString(),
            segment.toString(),
            "-wat",
            "-wet",
            "-markdown",
            "-cdx");
    assertEquals(export.output(), 0, export.exitCode());
    log("bin/crawl warc -wat -wet -markdown -cdx (hadoop jar) in %.1f s", seconds(t));
    assertWatAndWetBesideEachWarcOnHdfs(fs, datasets);

    t = System.nanoTime();
    Path urlIndex = cluster.hdfsPath("/user/crawler/urlindex");
    HadoopCommand.Result index =
        hadoop.crawlScript(
            confDir,
            "urlindex",
            urlIndex.toString(),
            segment.toString(),
            "-warc",
            datasets.toString(),
            "-crawldb",
            crawlDb.toString());
    assertEquals(index.output(), 0, index.exitCode());
    log("bin/crawl urlindex (hadoop jar) in %.1f s", seconds(t));
    assertEveryIndexRowPointsAtItsRecord(conf, fs, urlIndex, datasets);
  }

  /** What a step run on another thread returned, or what it threw, as if run on this one. */
  private static <T> T await(Future<T> step) throws Exception {
    try {
      return step.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e.getCause() instanceof Exception cause ? cause : e;
    }
  }

  /**
   * Six hosts of a few pages; some redirects, 404s, 500s and robots-disallowed pages; a fifth of
   * the OK pages are documents (a PDF, a DOCX, ODTs, feeds).
   */
  private SimWebServer startSite() throws IOException {
    SimWebServer server =
        SimWebServer.builder(
                SiteModel.builder()
                    .hosts(HOSTS)
                    .pages(PAGES)
                    .outlinks(3)
                    .pageKb(1)
                    .port(0)
                    .seed(15)
                    .docsPct(20)
                    .redirectPct(15)
                    .notFoundPct(10)
                    .errorPct(10)
                    .disallowPct(10)
                    .build())
            .requestObserver(this::recordClient)
            .build();
    server.start();
    web = server.site();
    return server;
  }

  /** Small jobs as uber jobs (see the class comment): settings of the cluster. */
  private static Configuration uberConf(Configuration conf) {
    conf.setBoolean("mapreduce.job.ubertask.enable", true);
    // warc reads five parts of each of the two fetch lists: ten maps, one over Hadoop's default
    conf.setInt("mapreduce.job.ubertask.maxmaps", 100);
    return conf;
  }

  private void recordClient(int host, String path, InetSocketAddress client) {
    String who =
        LoopbackClients.commandLine(client, new InetSocketAddress(web.address(host), web.port()));
    Matcher task = who == null ? null : ATTEMPT.matcher(who);
    String name;
    if (task != null && task.find()) {
      name = "job_" + task.group(1) + " map " + Integer.parseInt(task.group(2));
    } else if (who == null) {
      name = "a client no process holds (" + client + ")";
    } else {
      name =
          who.contains("MRAppMaster") ? "an application master" : "a process other than a map task";
    }
    clientsByHost.computeIfAbsent(host, h -> ConcurrentHashMap.newKeySet()).add(name);
  }

  /** run's summary line of its round. */
  private static String roundLine(String output) {
    return output
        .lines()
        .filter(l -> l.startsWith("round 1:"))
        .findFirst()
        .orElse("(no round line in:\n" + output + ")");
  }

  private static void step(Configuration conf, String... args) throws Exception {
    long t = System.nanoTime();
    int rc = Main.run(new Configuration(conf), args);
    assertEquals(String.join(" ", args) + " exit code", 0, rc);
    log("%s: %.1f s", args[0], seconds(t));
  }

  /** Every crawldb URL's PageRank (_pr_), as rank wrote it. */
  private static Map<String, Float> pageRanks(Configuration conf, Path crawlDb) throws Exception {
    Map<String, Float> ranks = new TreeMap<>();
    PartFiles.read(
        conf,
        VersionedDb.current(crawlDb),
        new Text(),
        new CrawlDatum(),
        (url, d) -> {
          Writable pr = d.getMetadata().get(MetadataKeys.PAGE_RANK);
          ranks.put(url.toString(), pr == null ? -1f : ((FloatWritable) pr).get());
        });
    return ranks;
  }

  private static void writeSeeds(FileSystem fs, Path file, List<String> urls) throws IOException {
    try (OutputStream out = fs.create(file)) {
      out.write((String.join("\n", urls) + "\n").getBytes(StandardCharsets.UTF_8));
    }
  }

  private static Path onlySegment(FileSystem fs, Path segments) throws IOException {
    FileStatus[] list = fs.listStatus(segments);
    assertEquals("one segment under " + segments, 1, list.length);
    return list[0].getPath();
  }

  private static int nonEmptyParts(Configuration conf, Path dir) throws Exception {
    int nonEmpty = 0;
    for (Path part : PartFiles.list(conf, dir)) {
      try (SequenceFile.Reader reader =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(part))) {
        if (reader.next(new Text(), new CrawlDatum())) {
          nonEmpty++;
        }
      }
    }
    return nonEmpty;
  }

  /**
   * What one round must make of each URL of the site, by the site's own model, as readdb dumps the
   * crawldb from HDFS to HDFS.
   */
  private static void assertStatuses(Configuration conf, SiteModel web, Path crawlDb, Path dumpDir)
      throws Exception {
    Map<String, String> expected = new TreeMap<>();
    Set<SiteModel.Kind> kinds = new TreeSet<>();
    for (String url : web.allUrls()) {
      expected.put(url, expectedStatus(web, url));
      kinds.add(web.kindOf(url));
    }
    assertEquals("the site has every kind of page", SiteModel.DEFAULT_KINDS, kinds);
    step(conf, "readdb", crawlDb.toString(), "-dump", dumpDir.toString());
    Map<String, String> actual = new TreeMap<>();
    ObjectMapper json = new ObjectMapper();
    FileSystem fs = dumpDir.getFileSystem(conf);
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(
                fs.open(new Path(dumpDir, CrawlDbReader.DUMP_JSON)), StandardCharsets.UTF_8))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        JsonNode entry = json.readTree(line);
        int retries = entry.get("retries").asInt();
        actual.put(
            entry.get("url").asText(),
            entry.get("status").asText() + (retries > 0 ? " retries " + retries : ""));
      }
    }
    assertEquals(expected, actual);
  }

  /**
   * Each document's text, as the job jar's parsers read it in the fetch tasks, is in parse_text on
   * HDFS: the PDF's (Tika through the job jar) among them.
   */
  private static void assertDocumentTextsOnHdfs(Configuration conf, SiteModel web, Path segment)
      throws Exception {
    Map<String, String> texts = new TreeMap<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.PARSE_TEXT),
        new Text(),
        new ParseText(),
        (url, text) -> texts.put(url.toString(), text.getText()));
    int pdfs = 0;
    for (String url : web.documentUrls()) {
      SiteModel.DocType type = web.docType(url);
      if (type.isFeed()) {
        String title = web.feedItems(url).get(0).title();
        assertTrue(url + ": " + texts.get(url), texts.get(url).contains(title));
        continue;
      }
      String text = texts.get(url);
      assertTrue(
          url + " (" + type + "): " + text, text != null && text.contains(web.documentWord(url)));
      pdfs += type == SiteModel.DocType.PDF ? 1 : 0;
    }
    assertTrue("the site has a PDF", pdfs >= 1);
  }

  /**
   * Each WARC file has its WAT (a record per WARC record), its WET and its Markdown file beside, on
   * HDFS.
   */
  private static void assertWatAndWetBesideEachWarcOnHdfs(FileSystem fs, Path dir)
      throws IOException {
    int warcs = 0;
    for (FileStatus st : fs.listStatus(dir)) {
      String name = st.getPath().getName();
      if (!name.endsWith(".warc.gz")) {
        continue;
      }
      warcs++;
      String base = name.substring(0, name.length() - ".warc.gz".length());
      int records = count(fs, st.getPath(), null);
      assertEquals(
          name + ": its WAT has its warcinfo and a metadata record per WARC record",
          records,
          count(fs, new Path(dir, base + ".warc.wat.gz"), "metadata") - 1);
      assertTrue(name + " has its WET", count(fs, new Path(dir, base + ".warc.wet.gz"), null) > 1);
      assertTrue(
          name + " has its Markdown conversions",
          count(fs, new Path(dir, base + ".warc.md.gz"), "conversion") > 1);
    }
    assertTrue("WARC files on HDFS", warcs > 0);
  }

  /**
   * The Parquet URL index on HDFS has one row per response or revisit record of the WARC files, and
   * each row's file, offset and length read back (a range read, as a user's would be) the record of
   * the row's URL.
   */
  private static void assertEveryIndexRowPointsAtItsRecord(
      Configuration conf, FileSystem fs, Path index, Path warcDir) throws IOException {
    int captures = 0;
    for (FileStatus st : fs.listStatus(warcDir)) {
      if (st.getPath().getName().endsWith(".warc.gz")) {
        captures += count(fs, st.getPath(), "response") + count(fs, st.getPath(), "revisit");
        captures -= 2; // count() counts the warcinfo record with each type
      }
    }
    int rows = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(index, true);
    while (files.hasNext()) {
      Path file = files.next().getPath();
      if (!file.getName().endsWith(".parquet")) {
        continue;
      }
      try (ParquetReader<Group> reader =
          ParquetReader.builder(new GroupReadSupport(), file).withConf(conf).build()) {
        for (Group row = reader.read(); row != null; row = reader.read()) {
          rows++;
          assertRowPointsAtItsRecord(fs, warcDir, row);
        }
      }
    }
    assertTrue("the index has rows", rows > 0);
    assertEquals("a row per response or revisit record", captures, rows);
  }

  private static void assertRowPointsAtItsRecord(FileSystem fs, Path warcDir, Group row)
      throws IOException {
    String url = row.getString("url", 0);
    Path file = new Path(warcDir, row.getString("warc_filename", 0));
    long offset = row.getInteger("warc_record_offset", 0);
    int length = row.getInteger("warc_record_length", 0);
    byte[] member = new byte[length];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(offset, member);
    }
    try (WarcReader reader = new WarcReader(new ByteArrayInputStream(member))) {
      WarcRecord record = reader.next().orElseThrow();
      assertEquals(
          url + " at " + file.getName() + ":" + offset,
          url,
          record.headers().first("WARC-Target-URI").orElse(""));
    }
  }

  /** The records of a WARC file (of {@code type} only, when given), read with jwarc. */
  private static int count(FileSystem fs, Path file, String type) throws IOException {
    int n = 0;
    try (WarcReader reader = new WarcReader(fs.open(file))) {
      for (WarcRecord r : reader) {
        n += type == null || type.equals(r.type()) || r.type().equals("warcinfo") ? 1 : 0;
      }
    }
    return n;
  }

  private static void assertInstalledAndUnlocked(FileSystem fs, Path crawlDb) throws IOException {
    assertTrue(fs.exists(VersionedDb.current(crawlDb)));
    assertTrue("inject's version kept as old", fs.exists(VersionedDb.old(crawlDb)));
    for (FileStatus st : fs.listStatus(crawlDb)) {
      assertTrue(
          "left in the crawldb: " + st.getPath(),
          st.getPath().getName().equals(VersionedDb.CURRENT)
              || st.getPath().getName().equals(VersionedDb.OLD));
    }
  }

  /**
   * The lock is an exclusive create on HDFS: while it is held, updatedb fails at once and changes
   * nothing.
   */
  private static void assertHeldLockStopsASecondWriter(
      Configuration conf, FileSystem fs, Path crawlDb, Path segment) throws Exception {
    long installed = fs.getFileStatus(VersionedDb.current(crawlDb)).getModificationTime();
    try (DbLock lock = DbLock.acquire(conf, crawlDb, "crawldb", false)) {
      assertEquals(
          UserException.FAILED,
          Main.run(
              new Configuration(conf),
              new String[] {"updatedb", crawlDb.toString(), segment.toString()}));
    }
    assertEquals(installed, fs.getFileStatus(VersionedDb.current(crawlDb)).getModificationTime());
    assertTrue(!fs.exists(VersionedDb.lockFile(crawlDb)));
  }

  private static String expectedStatus(SiteModel web, String url) {
    switch (web.kindOf(url)) {
      case OK:
        return "db_fetched";
      case REDIRECT:
        return web.redirectStatus(url) == 301 ? "db_redir_perm" : "db_redir_temp";
      case NOT_FOUND:
      case DISALLOWED:
        return "db_gone";
      case ERROR:
        return "db_unfetched retries 1";
      default:
        throw new AssertionError(url);
    }
  }

  /**
   * The cluster's applications since {@code sinceMillis}: this test's, not those of the JVM's other
   * tests.
   */
  private static List<ApplicationReport> applications(Configuration conf, long sinceMillis)
      throws Exception {
    try (YarnClient yarn = YarnClient.createYarnClient()) {
      yarn.init(conf);
      yarn.start();
      return yarn.getApplications().stream().filter(a -> a.getStartTime() >= sinceMillis).toList();
    }
  }

  private static void assertEveryStepRanOnYarn(List<ApplicationReport> apps, boolean deduped) {
    Set<String> ran = new TreeSet<>();
    for (ApplicationReport app : apps) {
      log(
          "%s %-40s %s in %.1f s",
          app.getApplicationId(),
          app.getName(),
          app.getFinalApplicationStatus(),
          (app.getFinishTime() - app.getStartTime()) / 1e3);
      assertEquals(
          app.getName(), FinalApplicationStatus.SUCCEEDED, app.getFinalApplicationStatus());
      ran.add(app.getName().split(" ")[1]);
    }
    assertTrue(
        "YARN applications for every step: " + ran,
        ran.containsAll(List.of("inject", "generate", "fetch", "updatedb", "invertlinks", "warc")));
    // run's dedup step (crawl.dedup), when updatedb found a pair to judge: one job finding exact
    // and near copies, and the merge when it found any, as YARN applications of the job jar
    Set<String> dedupJobs = new TreeSet<>();
    for (ApplicationReport app : apps) {
      if (app.getName().startsWith("trawler dedup ")) {
        dedupJobs.add(app.getName().substring(app.getName().indexOf(": ") + 2));
      }
    }
    if (!deduped) {
      assertEquals("no dedup job without a pair to judge", Set.of(), dedupJobs);
      return;
    }
    assertTrue(
        "dedup jobs on YARN: " + dedupJobs,
        dedupJobs.contains("find duplicates")
            && Set.of("find duplicates", "mark duplicates").containsAll(dedupJobs));
  }

  private void assertEachHostFetchedByOneOfTwoFetchTasks(List<ApplicationReport> apps) {
    String fetchJob = null;
    for (ApplicationReport app : apps) {
      if (app.getName().startsWith("trawler fetch")) {
        fetchJob = app.getApplicationId().toString().replace("application_", "job_");
      }
    }
    Set<String> tasks = new TreeSet<>();
    for (int host = 0; host < HOSTS; host++) {
      Set<String> clients = clientsByHost.getOrDefault(host, Set.of());
      assertEquals("fetch tasks that asked host " + host + ": " + clients, 1, clients.size());
      tasks.addAll(clients);
    }
    assertEquals(Set.of(fetchJob + " map 0", fetchJob + " map 1"), tasks);
  }

  private static void log(String format, Object... args) {
    PrintStream out = System.out;
    out.printf("cluster-it: " + format + "%n", args);
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
