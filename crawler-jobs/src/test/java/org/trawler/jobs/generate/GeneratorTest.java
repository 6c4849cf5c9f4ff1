package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.net.NetKeys;
import org.trawler.core.net.URLParts;
import org.trawler.core.net.filter.PrefixURLFilter;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.cli.Main;
import org.trawler.jobs.politeness.PolitenessKeys;

/** The whole tool in local mode, on a crawldb the test writes. */
public class GeneratorTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final long now = System.currentTimeMillis();
  private Configuration conf;
  private Path crawlDb;
  private Path segments;

  /** What one run printed and returned. */
  private static final class Run {
    int code;
    String out;
    String err;

    Path segment() {
      return new Path(out.trim());
    }
  }

  @Before
  public void setUp() throws Exception {
    conf = CrawlerConfiguration.create();
    conf.set("fs.defaultFS", "file:///");
    conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
    conf.set("hadoop.tmp.dir", new File(tmp.getRoot(), "hadoop").getAbsolutePath());
    // The normalizer and filter implementations are not part of this package.
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
    File crawl = tmp.newFolder("crawl");
    crawlDb = new Path(new File(crawl, "crawldb").toURI());
    segments = new Path(new File(crawl, "segments").toURI());
  }

  private void writeCrawlDb(Map<String, CrawlDatum> entries) throws Exception {
    Path part = new Path(VersionedDb.current(crawlDb), "part-r-00000");
    try (MapFile.Writer writer =
        new MapFile.Writer(
            conf,
            part,
            MapFile.Writer.keyClass(Text.class),
            MapFile.Writer.valueClass(CrawlDatum.class))) {
      for (Map.Entry<String, CrawlDatum> e : new TreeMap<>(entries).entrySet()) {
        writer.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  private Run generate(Configuration runConf, String... args) throws Exception {
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    Run run = new Run();
    String[] command = new String[args.length + 1];
    command[0] = "generate";
    System.arraycopy(args, 0, command, 1, args.length);
    run.code =
        Main.run(
            new Configuration(runConf),
            command,
            new PrintStream(outBytes, true, StandardCharsets.UTF_8),
            new PrintStream(errBytes, true, StandardCharsets.UTF_8));
    run.out = outBytes.toString(StandardCharsets.UTF_8);
    run.err = errBytes.toString(StandardCharsets.UTF_8);
    return run;
  }

  private Run generate(String... args) throws Exception {
    return generate(conf, args);
  }

  private String[] args(String... options) {
    List<String> all = new ArrayList<>(List.of(crawlDb.toString(), segments.toString()));
    all.addAll(List.of(options));
    return all.toArray(new String[0]);
  }

  /** Every fetch list of a segment, in file order, as (url, datum) in record order. */
  private List<LinkedHashMap<String, CrawlDatum>> fetchLists(Path segment) throws Exception {
    List<LinkedHashMap<String, CrawlDatum>> lists = new ArrayList<>();
    for (Path file : PartFiles.list(conf, new Path(segment, Segment.CRAWL_GENERATE))) {
      LinkedHashMap<String, CrawlDatum> list = new LinkedHashMap<>();
      try (SequenceFile.Reader reader =
          new SequenceFile.Reader(conf, SequenceFile.Reader.file(file))) {
        assertEquals(SequenceFile.CompressionType.BLOCK, reader.getCompressionType());
        Text url = new Text();
        CrawlDatum datum = new CrawlDatum();
        while (reader.next(url, datum)) {
          list.put(url.toString(), new CrawlDatum(datum));
        }
      }
      lists.add(list);
    }
    return lists;
  }

  private Map<String, CrawlDatum> selected(Path segment) throws Exception {
    Map<String, CrawlDatum> all = new HashMap<>();
    PartFiles.read(
        conf,
        new Path(segment, Segment.CRAWL_GENERATE),
        new Text(),
        new CrawlDatum(),
        (url, datum) -> all.put(url.toString(), new CrawlDatum(datum)));
    return all;
  }

  private Map<String, CrawlDatum> installedCrawlDb() throws Exception {
    Map<String, CrawlDatum> all = new HashMap<>();
    PartFiles.read(
        conf,
        VersionedDb.current(crawlDb),
        new Text(),
        new CrawlDatum(),
        (url, datum) -> all.put(url.toString(), new CrawlDatum(datum)));
    return all;
  }

  private static String host(String url) throws Exception {
    return URLParts.host(url);
  }

  /** Many hosts, scores with ties across hosts, all due. */
  private Map<String, CrawlDatum> manyHosts(int hosts, int perHost) {
    Map<String, CrawlDatum> db = new HashMap<>();
    for (int h = 0; h < hosts; h++) {
      for (int i = 0; i < perHost; i++) {
        float score = ((h * 7 + i * 13) % 10) / 2f; // five-way ties between hosts
        db.put(
            "http://host" + h + ".example" + h + ".org/page" + i,
            Datums.due(now - 1000, score, i % 3));
      }
    }
    return db;
  }

  /**
   * The reference selection: best score first, ties by URL, at most maxCount per host, at most
   * topN.
   */
  private static List<String> expectedSelection(Map<String, CrawlDatum> db, int maxCount, int topN)
      throws Exception {
    List<String> urls = new ArrayList<>(db.keySet());
    urls.sort(
        Comparator.comparing((String u) -> -db.get(u).getScore()).thenComparing(u -> new Text(u)));
    Map<String, Integer> perHost = new HashMap<>();
    List<String> selected = new ArrayList<>();
    for (String url : urls) {
      int n = perHost.getOrDefault(host(url), 0);
      if ((maxCount > 0 && n >= maxCount) || selected.size() >= topN) {
        continue;
      }
      perHost.put(host(url), n + 1);
      selected.add(url);
    }
    return selected;
  }

  /** Generates from {@code db} with three select reducers; the run must succeed. */
  private Run generateWithThreeReducers(Map<String, CrawlDatum> db, String... options)
      throws Exception {
    writeCrawlDb(db);
    conf.setInt(MRJobConfig.NUM_REDUCES, 3);
    conf.setLong(GeneratorKeys.ONE_JOB_MAX_BYTES, 0); // select, then fetch lists: two jobs
    Run run = generate(args(options));
    assertEquals(run.err, 0, run.code);
    return run;
  }

  @Test
  public void topNIsExactWithSeveralReducers() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(9, 8);
    Run run = generateWithThreeReducers(db, "-topN", "17");
    assertEquals(1, run.out.split("\n").length);
    assertEquals(new HashSet<>(expectedSelection(db, -1, 17)), selected(run.segment()).keySet());
    assertTrue(run.err, run.err.contains("selected 17 of 72 URLs"));
    assertTrue(run.err, run.err.contains("55 topN"));
  }

  @Test
  public void topNAndHostCapTogetherAreExactWithSeveralReducers() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(9, 8);
    conf.setInt(GeneratorKeys.MAX_COUNT, 2);
    Run run = generateWithThreeReducers(db, "-topN", "11");
    assertEquals(new HashSet<>(expectedSelection(db, 2, 11)), selected(run.segment()).keySet());
  }

  @Test
  public void topNLargerThanWhatIsDueSelectsEverythingDue() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(3, 4);
    Run run = generateWithThreeReducers(db, "-topN", "100");
    assertEquals(db.keySet(), selected(run.segment()).keySet());
  }

  /**
   * Generates from the crawldb once in two jobs (select on three reducers, a top-N cut if needed,
   * then the fetch list) and once in one; returns {two jobs, one job}, each the fetch list's URLs
   * in order with their scores, and the summary line.
   */
  private List<List<String>> generateBothWays(long topN) throws Exception {
    List<List<String>> ways = new ArrayList<>();
    for (long maxBytes : new long[] {0, GeneratorKeys.DEFAULT_ONE_JOB_MAX_BYTES}) {
      Configuration c = new Configuration(conf);
      c.setInt(MRJobConfig.NUM_REDUCES, 3);
      c.setLong(GeneratorKeys.ONE_JOB_MAX_BYTES, maxBytes);
      Generator generator = new Generator();
      generator.setConf(c);
      Generator.Result result =
          generator.generate(crawlDb, segments, new Generator.Settings(topN, 0, 0, false));
      long jobs = generator.results().get(CrawlTool.JOBS);
      assertTrue("jobs: " + jobs, maxBytes == 0 ? jobs >= 2 : jobs == 1); // a top-N cut is a third

      List<String> way = new ArrayList<>();
      for (Map<String, CrawlDatum> list : fetchLists(result.segment())) {
        list.forEach((url, datum) -> way.add(url + " " + datum.getScore()));
        way.add("--");
      }
      // A URL both the host cap and topN refuse counts under one of them, which depends on the
      // reducers' split: the selection and the number skipped are the same.
      way.add("selected " + result.selected() + " of " + result.total());
      way.add("skipped " + skippedCount(result.skipped()));
      ways.add(way);
    }
    return ways;
  }

  /** The sum of the counts in "; skipped: 54 host cap, 7 topN". */
  private static long skippedCount(String skipped) {
    long n = 0;
    for (String part : skipped.replace("; skipped: ", "").split(", ")) {
      if (!part.isEmpty()) {
        n += Long.parseLong(part.substring(0, part.indexOf(' ')));
      }
    }
    return n;
  }

  @Test
  public void oneJobWritesTheFetchListTwoJobsWrite() throws Exception {
    writeCrawlDb(manyHosts(9, 8));
    List<List<String>> ways = generateBothWays(0);
    assertEquals(ways.get(0), ways.get(1));
    assertTrue(ways.get(0).toString(), ways.get(0).contains("selected 72 of 72"));
  }

  @Test
  public void oneJobKeepsTopNAndTheHostCapExactly() throws Exception {
    writeCrawlDb(manyHosts(9, 8));
    conf.setInt(GeneratorKeys.MAX_COUNT, 2);
    List<List<String>> ways = generateBothWays(11);
    assertEquals(ways.get(0), ways.get(1));
    assertTrue(ways.get(1).toString(), ways.get(1).contains("selected 11 of 72"));
  }

  @Test
  public void oneJobMarksTheCrawlDbAsTwoJobsDo() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(4, 5);
    writeCrawlDb(db);
    conf.setBoolean(GeneratorKeys.UPDATE_CRAWLDB, true);
    Configuration twoJobs = new Configuration(conf);
    twoJobs.setLong(GeneratorKeys.ONE_JOB_MAX_BYTES, 0);
    Set<String> marked = new HashSet<>();
    for (Configuration c : List.of(twoJobs, conf)) {
      Run run = generate(c, args("-topN", "6"));
      assertEquals(run.err, 0, run.code);
      Set<String> selectedNow = selected(run.segment()).keySet();
      assertEquals(6, selectedNow.size());
      assertTrue("a marked URL was selected again", Collections.disjoint(marked, selectedNow));
      marked.addAll(selectedNow);
      long markedInDb =
          installedCrawlDb().values().stream()
              .filter(d -> d.getMetaLong(MetadataKeys.GENERATE_TIME, -1) > 0)
              .count();
      assertEquals(marked.size(), markedInDb);
    }
  }

  @Test
  public void oneJobOnlyForOneFetchListAndASmallCrawlDb() {
    assertTrue(Generator.oneJob(1, 1000, 1048576));
    assertTrue(Generator.oneJob(1, 1048576, 1048576));
    assertFalse(Generator.oneJob(1, 1048577, 1048576));
    assertFalse(Generator.oneJob(2, 1000, 1048576));
    assertFalse("0 turns it off", Generator.oneJob(1, 1000, 0));
  }

  @Test
  public void generatedDatumIsTheCrawlDbDatumMarkedWithTheGenerateTime() throws Exception {
    CrawlDatum datum = Datums.due(now - 1000, 2.5f, 3);
    datum.putMeta(new Text("category"), "news");
    writeCrawlDb(Map.of("http://a.example.com/x", datum));
    Run run = generate(args());
    assertEquals(run.err, 0, run.code);
    CrawlDatum generated = selected(run.segment()).get("http://a.example.com/x");
    long marked = generated.getMetaLong(MetadataKeys.GENERATE_TIME, -1);
    assertTrue(marked >= now && marked <= System.currentTimeMillis());
    generated.getMetadata().remove(MetadataKeys.GENERATE_TIME);
    assertEquals(datum, generated);
    // Without generate.update.crawldb the crawldb is only read.
    assertEquals(datum, installedCrawlDb().get("http://a.example.com/x"));
    assertFalse(FileSystem.getLocal(conf).exists(VersionedDb.lockFile(crawlDb)));
  }

  @Test
  public void numFetchersPutsEachHostInOneListAndHostsTakeTurns() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(7, 5);
    writeCrawlDb(db);
    Run run = generate(args("-numFetchers", "3"));
    assertEquals(run.err, 0, run.code);
    List<LinkedHashMap<String, CrawlDatum>> lists = fetchLists(run.segment());
    assertEquals(3, lists.size());
    Map<String, Integer> listOfHost = new HashMap<>();
    int total = 0;
    for (int i = 0; i < lists.size(); i++) {
      Map<String, Integer> seen = new HashMap<>();
      Map<String, Float> lastScore = new HashMap<>();
      int round = 0;
      for (Map.Entry<String, CrawlDatum> e : lists.get(i).entrySet()) {
        String host = host(e.getKey());
        Integer listBefore = listOfHost.putIfAbsent(host, i);
        assertTrue("host " + host + " in two lists", listBefore == null || listBefore == i);
        int turn = seen.merge(host, 1, Integer::sum) - 1;
        assertTrue("hosts take turns in list " + i + ": " + lists.get(i).keySet(), turn >= round);
        round = turn;
        float score = e.getValue().getScore();
        assertTrue(
            "a host's best URL comes first",
            score <= lastScore.getOrDefault(host, Float.MAX_VALUE));
        lastScore.put(host, score);
        total++;
      }
    }
    assertEquals(db.size(), total);
    assertEquals(7, listOfHost.size());
  }

  @Test
  public void byDomainKeepsTheHostsOfADomainInOneList() throws Exception {
    Map<String, CrawlDatum> db = new HashMap<>();
    for (String host : new String[] {"a", "b", "c", "d", "e", "f"}) {
      db.put("http://" + host + ".example.com/", Datums.due(now - 1000, 1f, 0));
      db.put("http://" + host + ".other" + host + ".net/", Datums.due(now - 1000, 1f, 0));
    }
    writeCrawlDb(db);
    conf.set(PolitenessKeys.PARTITION_MODE, "byDomain");
    Run run = generate(args("-numFetchers", "4"));
    assertEquals(run.err, 0, run.code);
    int listsWithExampleCom = 0;
    for (Map<String, CrawlDatum> list : fetchLists(run.segment())) {
      if (list.keySet().stream().anyMatch(u -> u.contains(".example.com"))) {
        listsWithExampleCom++;
        assertEquals(6, list.keySet().stream().filter(u -> u.contains(".example.com")).count());
      }
    }
    assertEquals(1, listsWithExampleCom);
  }

  @Test
  public void updateCrawlDbMakesASecondGeneratePickOtherUrls() throws Exception {
    Map<String, CrawlDatum> db = manyHosts(2, 5);
    writeCrawlDb(db);
    conf.setBoolean(GeneratorKeys.UPDATE_CRAWLDB, true);
    Run first = generate(args("-topN", "4"));
    assertEquals(first.err, 0, first.code);
    Run second = generate(args("-topN", "4"));
    assertEquals(second.err, 0, second.code);
    assertNotEquals(first.segment(), second.segment());

    Set<String> one = selected(first.segment()).keySet();
    Set<String> two = selected(second.segment()).keySet();
    assertEquals(4, one.size());
    assertEquals(4, two.size());
    Set<String> both = new HashSet<>(one);
    both.retainAll(two);
    assertTrue("picked twice: " + both, both.isEmpty());

    Map<String, CrawlDatum> installed = installedCrawlDb();
    assertEquals(db.size(), installed.size());
    long marked =
        installed.values().stream()
            .filter(d -> d.getMetadata().containsKey(MetadataKeys.GENERATE_TIME))
            .count();
    assertEquals(8, marked);
    FileSystem fs = FileSystem.getLocal(conf);
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
    assertTrue(fs.exists(VersionedDb.old(crawlDb)));
  }

  @Test
  public void withoutUpdateCrawlDbASecondGeneratePicksTheSameUrlsAndIgnoresTheLock()
      throws Exception {
    Map<String, CrawlDatum> db = manyHosts(2, 5);
    writeCrawlDb(db);
    FileSystem fs = FileSystem.getLocal(conf);
    fs.create(VersionedDb.lockFile(crawlDb)).close(); // another job is updating the crawldb
    Run first = generate(args("-topN", "4"));
    Run second = generate(args("-topN", "4"));
    assertEquals(first.err, 0, first.code);
    assertEquals(second.err, 0, second.code);
    assertEquals(selected(first.segment()).keySet(), selected(second.segment()).keySet());
  }

  @Test
  public void heldLockStopsUpdateCrawlDbUnlessForced() throws Exception {
    writeCrawlDb(manyHosts(2, 2));
    conf.setBoolean(GeneratorKeys.UPDATE_CRAWLDB, true);
    FileSystem fs = FileSystem.getLocal(conf);
    fs.create(VersionedDb.lockFile(crawlDb)).close();
    Run locked = generate(args());
    assertEquals(3, locked.code);
    assertTrue(locked.err, locked.err.contains("locked"));
    assertEquals("", locked.out);
    Run forced = generate(args("-force"));
    assertEquals(forced.err, 0, forced.code);
    assertFalse(fs.exists(VersionedDb.lockFile(crawlDb)));
  }

  /** What the db.ignore.external.links description says: it drops outlinks, not crawldb URLs. */
  @Test
  public void externalUrlsAlreadyInTheCrawlDbAreGeneratedUnlessAFilterDropsThem() throws Exception {
    Map<String, CrawlDatum> db = new TreeMap<>();
    db.put("http://a.test/", Datums.due(now - Datums.DAY, 1f, 0));
    db.put("http://b.test/", Datums.due(now - Datums.DAY, 1f, 1));
    writeCrawlDb(db);
    conf.setBoolean(NetKeys.IGNORE_EXTERNAL_LINKS, true);
    Run all = generate(args());
    assertEquals(all.err, 0, all.code);
    assertEquals(db.keySet(), selected(all.segment()).keySet());

    File prefixes = tmp.newFile("prefix-urlfilter.txt");
    Files.writeString(prefixes.toPath(), "http://a.test/\n");
    conf.set(NetKeys.FILTER_ORDER, PrefixURLFilter.class.getName());
    conf.set(NetKeys.PREFIX_FILTER_FILE, prefixes.getPath());
    Run filtered = generate(args());
    assertEquals(filtered.err, 0, filtered.code);
    assertEquals(Set.of("http://a.test/"), selected(filtered.segment()).keySet());
  }

  @Test
  public void nothingDueExitsOneAndLeavesNoSegment() throws Exception {
    writeCrawlDb(
        Map.of(
            "http://a.example.com/later", Datums.due(now + Datums.DAY, 1f, 0),
            "http://a.example.com/dup", Datums.withStatus(CrawlStatus.DB_DUPLICATE, now - 1000)));
    Run run = generate(args());
    assertEquals(1, run.code);
    assertEquals("", run.out);
    assertTrue(run.err, run.err.contains("nothing due"));
    assertTrue(run.err, run.err.contains("1 not due, 1 duplicate"));
    FileSystem fs = FileSystem.getLocal(conf);
    assertTrue(!fs.exists(segments) || fs.listStatus(segments).length == 0);
  }

  @Test
  public void addDays31MakesFetchedPagesDueAgain() throws Exception {
    Map<String, CrawlDatum> db = new HashMap<>();
    for (int i = 0; i < 3; i++) {
      db.put(
          "http://a.example.com/" + i,
          Datums.withStatus(CrawlStatus.DB_FETCHED, now + 30 * Datums.DAY));
    }
    writeCrawlDb(db);
    assertEquals(1, generate(args()).code);
    Run run = generate(args("-adddays", "31"));
    assertEquals(run.err, 0, run.code);
    assertEquals(db.keySet(), selected(run.segment()).keySet());
  }

  @Test
  public void badOptionsAreUsageErrors() throws Exception {
    writeCrawlDb(manyHosts(1, 1));
    assertEquals(2, generate(args("-topN", "0")).code);
    assertEquals(2, generate(args("-topN", "-5")).code);
    assertEquals(2, generate(args("-numFetchers", "0")).code);
    assertEquals(2, generate(args("-topN", "many")).code);
    assertEquals(2, generate(crawlDb.toString()).code);
    conf.set(GeneratorKeys.ORDER, "random");
    Run badOrder = generate(args());
    assertEquals(2, badOrder.code);
    assertTrue(badOrder.err, badOrder.err.contains("generate.order"));
  }

  @Test
  public void filterClassThatIsNotThereIsOneClearLine() throws Exception {
    writeCrawlDb(manyHosts(1, 1));
    conf.set(NetKeys.FILTER_ORDER, "org.example.NoSuchFilter");
    Run run = generate(args());
    assertEquals(2, run.code);
    assertTrue(run.err, run.err.contains("org.example.NoSuchFilter"));
    assertEquals(run.err, 1, run.err.trim().split("\n").length);
    assertEquals(0, generate(args("-noFilter")).code);
  }

  @Test
  public void missingCrawlDbIsOneClearLine() throws Exception {
    Run run = generate(args());
    assertEquals(3, run.code);
    assertEquals(run.err, 1, run.err.trim().split("\n").length);
    assertTrue(run.err, run.err.contains("no crawldb at"));
  }
}
