package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.linkdb.LinkDbContents;

/**
 * kill -9 of a crawldb writer at any moment leaves the previous crawldb or the new one, complete
 * and readable, never a mix; the next run of the same command (breaking the stale lock with -force,
 * which the refusal names) succeeds and leaves no temporary directory. Each command runs in a child
 * JVM, killed with SIGKILL at moments spread over its run: as soon as it holds the lock, while its
 * job runs, just after the job committed its output (before the install), and at 90% of an unkilled
 * run's duration.
 *
 * <p>The four moments each reach a different part of the writer's transaction: the lock, a job's
 * half-written output, the window between the job's commit and the install, the install and what
 * follows. The lock and the install are the same code for every crawldb writer (and for the
 * linkdb's generations, done their own way); the jobs are each command's own. So by default one
 * crawldb writer (updatedb) and one linkdb writer (invertlinks adding a generation) are killed at
 * all four, and every other command at the two moments inside its own jobs, which a kill lands in
 * however fast the run is: a job writing its output (inject's and dedup's first job, generate's
 * selection, the linkdb merges) and its jobs' output committed, before the install. Both leave the
 * lock and a temporary directory, so the refusal naming the lock and the rerun with -force that
 * clears the leftovers are checked for every command. -Dtrawler.faults.sweep=full kills every
 * command at all four moments.
 */
public class CrashSafetyTest {
  private static final int URLS = 2000;

  /**
   * Every command killed at every moment instead of the sample above: -Dtrawler.faults.sweep=full.
   */
  private static final boolean FULL_SWEEP =
      "full".equals(System.getProperty("trawler.faults.sweep"));

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration conf;
  private static ChildCommand child;

  @BeforeClass
  public static void setUp() throws IOException {
    LoggerFactory.getLogger(CrashSafetyTest.class)
        .info("crash safety tests"); // logging set up before stderr is captured
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("mapreduce.framework.name", "local");
    settings.put("fs.defaultFS", "file:///");
    settings.put("urlnormalizer.order", "");
    settings.put("urlfilter.order", "");
    settings.put("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    settings.put("generate.update.crawldb", "true");
    conf = LocalJobFixtures.localConf();
    settings.forEach(conf::set);
    child = new ChildCommand(tmp.getRoot(), settings);
  }

  /** The db a command writes, and what its readers see of it, to compare before and after. */
  private record Db(String dir, DbReader reader) {
    Path path(File crawlDir) {
      return new Path(new File(crawlDir, dir).getPath());
    }

    Object state(File crawlDir) throws Exception {
      return reader.read(path(crawlDir));
    }
  }

  private interface DbReader {
    Object read(Path db) throws Exception;
  }

  private static final Db CRAWLDB = new Db("crawldb", db -> CrawlDbSummary.of(conf, db));

  /** The linkdb as one: base and generations merged per URL. */
  private static final Db LINKDB = new Db("linkdb", db -> LinkDbContents.read(conf, db));

  /** One place to kill the writer: a moment seen from outside, and a delay after it. */
  private record KillPoint(String name, Function<File, BooleanSupplier> moment, long delayMillis) {}

  private static BooleanSupplier lockTaken(File crawlDb) {
    return () -> new File(crawlDb, VersionedDb.LOCK).exists();
  }

  private static BooleanSupplier jobOutputStarted(File crawlDb) {
    return () -> tempDirs(crawlDb).length > 0;
  }

  private static BooleanSupplier jobOutputCommitted(File crawlDb) {
    return () -> Stream.of(tempDirs(crawlDb)).anyMatch(d -> new File(d, "_SUCCESS").exists());
  }

  private static File[] tempDirs(File crawlDb) {
    File[] dirs =
        crawlDb.listFiles((d, name) -> name.startsWith(".tmp-") && !name.contains("probe"));
    return dirs == null ? new File[0] : dirs;
  }

  private static BooleanSupplier after(long millis) {
    long start = System.nanoTime();
    return () -> System.nanoTime() - start > millis * 1_000_000L;
  }

  // ---- the procedure ----

  /**
   * Runs {@code command} (given the crawl directory) once to the end on a copy of {@code template},
   * then on fresh copies killed at each kill point, checking the crawldb and the next run each
   * time.
   */
  private void assertCrashSafe(File template, Function<File, String[]> command, Moments moments)
      throws Exception {
    assertCrashSafe(CRAWLDB, template, command, moments, List.of(), (work, where) -> {});
  }

  /** The moments a command is killed at by default (see the class comment). */
  private enum Moments {
    /** All four: the command that stands for the transaction its db's writers share. */
    ALL,
    /** Inside its own jobs: writing, and committed; all four with -Dtrawler.faults.sweep=full. */
    ITS_OWN
  }

  /** What else a killed run must leave usable, checked before the rerun. */
  private interface AfterKill {
    void check(File crawlDir, String where) throws Exception;
  }

  private void assertCrashSafe(
      File template,
      Function<File, String[]> command,
      Moments moments,
      List<KillPoint> extraPoints,
      AfterKill afterKill)
      throws Exception {
    assertCrashSafe(CRAWLDB, template, command, moments, extraPoints, afterKill);
  }

  private void assertCrashSafe(
      Db watched,
      File template,
      Function<File, String[]> command,
      Moments moments,
      List<KillPoint> extraPoints,
      AfterKill afterKill)
      throws Exception {
    Object before = watched.state(template);

    boolean everyMoment = moments == Moments.ALL || FULL_SWEEP;
    File measured = copy(template, "measured");
    long start = System.nanoTime();
    if (everyMoment) {
      // the kill at 90 % needs the length of a run as the killed ones make it: a JVM of its own
      int exit = ChildCommand.waitFor(child.start(command.apply(measured)));
      assertEquals(child.lastLog(), 0, exit);
    } else {
      // only its result is needed: the same command and settings in this JVM (as the reruns),
      // without a child JVM's start
      CommandRun run = CommandRun.run(conf, command.apply(measured));
      assertEquals(run.toString(), 0, run.exitCode);
    }
    long millis = (System.nanoTime() - start) / 1_000_000L;
    Object after = watched.state(measured);
    assertNotEquals(
        "the command must change the " + watched.dir() + " for the test to mean anything",
        before,
        after);

    List<KillPoint> points = new ArrayList<>(extraPoints);
    if (everyMoment) {
      points.add(new KillPoint("lock taken", CrashSafetyTest::lockTaken, 0));
    }
    points.add(new KillPoint("job running", CrashSafetyTest::jobOutputStarted, 30));
    points.add(new KillPoint("job output committed", CrashSafetyTest::jobOutputCommitted, 0));
    if (everyMoment) {
      points.add(new KillPoint("at 90% of an unkilled run", dir -> after(millis * 9 / 10), 0));
    }
    int killedMidRun = 0;
    List<String> outcomes = new ArrayList<>();
    for (KillPoint point : points) {
      File work = copy(template, point.name().replaceAll("\\W+", "-"));
      Process p = child.start(command.apply(work));
      boolean killed =
          ChildCommand.killWhen(
              p, point.moment().apply(new File(work, watched.dir())), point.delayMillis());
      killedMidRun += killed ? 1 : 0;

      Path db = watched.path(work);
      Object state = watched.state(work);
      String where = "killed " + point.name() + (killed ? "" : " (had already ended)");
      assertTrue(
          where
              + ": "
              + watched.dir()
              + " is neither the old nor the new version: "
              + state
              + "\nold: "
              + before
              + "\nnew: "
              + after,
          state.equals(before) || state.equals(after));
      outcomes.add(point.name() + " → " + (state.equals(after) ? "new" : "old"));
      afterKill.check(work, where);

      rerun(command.apply(work), db, where);
      if (state.equals(before)) {
        assertEquals(where + ": the rerun completes the work", after, watched.state(work));
      }
    }
    LoggerFactory.getLogger(CrashSafetyTest.class)
        .info("{} ran {} ms; kills: {}", command.apply(template)[0], millis, outcomes);
    assertTrue("no kill landed while the command ran: " + outcomes, killedMidRun >= 2);
  }

  /**
   * The next run after a kill: refused while the dead writer's lock is there, naming it; then with
   * -force.
   */
  private static void rerun(String[] command, Path crawlDb, String where) throws Exception {
    File lock = new File(VersionedDb.lockFile(crawlDb).toUri().getPath());
    if (lock.exists()) {
      CommandRun refused = CommandRun.run(conf, command);
      assertEquals(where + ": " + refused, 3, refused.exitCode);
      assertEquals(where + ": " + refused, 1, refused.errLines().length);
      assertTrue(
          where + ": " + refused,
          refused.err.contains(lock.getPath())
              && refused.err.contains("-force")
              && refused.err.contains("db.lock.stale.after"));
      String[] forced = java.util.Arrays.copyOf(command, command.length + 1);
      forced[command.length] = "-force";
      command = forced;
    }
    CommandRun next = CommandRun.run(conf, command);
    assertEquals(where + ": the next run succeeds: " + next, 0, next.exitCode);
    assertFalse(where + ": lock released", lock.exists());
    assertEquals(where + ": no temporary directory left", 0, tempDirs(lock.getParentFile()).length);
  }

  private static Path crawlDb(File crawlDir) {
    return new Path(new File(crawlDir, "crawldb").getPath());
  }

  private static File copy(File from, String name) throws IOException {
    File to = new File(tmp.getRoot(), "runs/" + from.getName() + "-" + name);
    return CrawlData.copy(from, to);
  }

  // ---- the commands ----

  @Test
  public void updatedbKilledAtAnyMomentLeavesTheOldOrTheNewCrawlDb() throws Exception {
    File template = tmp.newFolder("updatedb");
    CrawlData.crawlDb(conf, crawlDb(template), URLS, CrawlStatus.DB_UNFETCHED);
    CrawlData.fetchedSegment(conf, new Path(new File(template, "segments").getPath()), URLS / 2);
    assertCrashSafe(
        template,
        dir ->
            new String[] {
              "updatedb",
              crawlDb(dir).toString(),
              new File(dir, "segments/20240101000000").getPath()
            },
        Moments.ALL);
  }

  @Test
  public void dedupKilledAtAnyMomentLeavesTheOldOrTheNewCrawlDb() throws Exception {
    File template = tmp.newFolder("dedup");
    CrawlData.crawlDb(conf, crawlDb(template), URLS, CrawlStatus.DB_FETCHED);
    assertCrashSafe(
        template, dir -> new String[] {"dedup", crawlDb(dir).toString()}, Moments.ITS_OWN);
  }

  @Test
  public void injectKilledAtAnyMomentLeavesTheOldOrTheNewCrawlDb() throws Exception {
    File template = tmp.newFolder("inject");
    CrawlData.crawlDb(conf, crawlDb(template), URLS, CrawlStatus.DB_UNFETCHED);
    File seeds = new File(template, "urls/seeds.txt");
    seeds.getParentFile().mkdirs();
    StringBuilder lines = new StringBuilder();
    for (int i = URLS / 2; i < URLS * 3 / 2; i++) { // half known, half new
      lines.append(CrawlData.url(i)).append('\n');
    }
    Files.writeString(seeds.toPath(), lines);
    assertCrashSafe(
        template,
        dir -> new String[] {"inject", crawlDb(dir).toString(), new File(dir, "urls").getPath()},
        Moments.ITS_OWN);
  }

  @Test
  public void generateWithCrawlDbUpdateKilledAtAnyMomentLeavesTheOldOrTheNewCrawlDb()
      throws Exception {
    File template = tmp.newFolder("generate");
    CrawlData.crawlDb(conf, crawlDb(template), URLS, CrawlStatus.DB_UNFETCHED);
    assertCrashSafe(
        template,
        dir ->
            new String[] {
              "generate",
              crawlDb(dir).toString(),
              new File(dir, "segments").getPath(),
              "-topN",
              "500"
            },
        Moments.ITS_OWN,
        List.of(new KillPoint("fetch lists being written", CrashSafetyTest::fetchListsStarted, 20)),
        CrashSafetyTest::halfWrittenSegmentsAreRefused);
  }

  private static BooleanSupplier fetchListsStarted(File crawlDb) {
    File segments = new File(crawlDb.getParentFile(), "segments");
    return () -> {
      File[] started =
          segments.listFiles(d -> new File(d, Segment.CRAWL_GENERATE + "/_temporary").exists());
      return started != null && started.length > 0;
    };
  }

  /** A segment whose fetch lists a killed generate never finished: fetch refuses it in one line. */
  private static void halfWrittenSegmentsAreRefused(File crawlDir, String where) throws Exception {
    File[] segments = new File(crawlDir, "segments").listFiles(File::isDirectory);
    for (File segment : segments == null ? new File[0] : segments) {
      File[] lists =
          new File(segment, Segment.CRAWL_GENERATE).listFiles((d, n) -> n.startsWith("part-"));
      if (lists != null && lists.length > 0) {
        continue;
      }
      CommandRun fetch = CommandRun.run(conf, "fetch", segment.getPath());
      assertEquals(where + ": " + fetch, 3, fetch.exitCode);
      assertEquals(where + ": " + fetch, 1, fetch.errLines().length);
      assertTrue(where + ": " + fetch, fetch.err.contains(segment.getPath()));
    }
  }

  // ---- the linkdb ----

  /** A crawl directory with a linkdb built from {@code built} segments and one more to invert. */
  private static File linkDbTemplate(String name, int built, String... settings) throws Exception {
    File template = tmp.newFolder(name);
    Path linkDb = LINKDB.path(template);
    for (int s = 0; s <= built; s++) {
      Path segment = CrawlData.linkedSegment(conf, segmentPath(template, s), s * URLS, URLS);
      if (s < built) {
        CommandRun run = CommandRun.run(conf, invertlinks(linkDb, segment, settings));
        assertEquals(run.toString(), 0, run.exitCode);
      }
    }
    return template;
  }

  private static String[] invertlinks(Path linkDb, Path segment, String... settings) {
    List<String> args =
        new ArrayList<>(List.of("invertlinks", linkDb.toString(), segment.toString()));
    for (String setting : settings) {
      args.addAll(List.of("-D", setting));
    }
    return args.toArray(new String[0]);
  }

  private static Path segmentPath(File crawlDir, int s) {
    return new Path(new File(crawlDir, "segments/2024010" + (s + 1) + "000000").getPath());
  }

  @Test
  public void invertlinksAddingAGenerationKilledAtAnyMomentLeavesTheOldOrTheNewLinkDb()
      throws Exception {
    assertInvertlinksCrashSafe(
        linkDbTemplate("invertlinks-generation", 1),
        1,
        Moments.ALL,
        "linkdb.generations.max.ratio=1e9");
  }

  @Test
  public void invertlinksMergingGenerationsIntoOneKilledAtAnyMomentLeavesTheOldOrTheNewLinkDb()
      throws Exception {
    File template = linkDbTemplate("invertlinks-merge", 2, "linkdb.generations.max.ratio=1e9");
    assertTrue(new File(template, "linkdb/current/gen-000001").isDirectory());
    assertInvertlinksCrashSafe(
        template,
        2,
        Moments.ITS_OWN,
        "linkdb.generations.max=1",
        "linkdb.generations.max.ratio=1e9");
  }

  @Test
  public void invertlinksMergingIntoTheBaseKilledAtAnyMomentLeavesTheOldOrTheNewLinkDb()
      throws Exception {
    File template = linkDbTemplate("invertlinks-base", 2, "linkdb.generations.max.ratio=1e9");
    assertInvertlinksCrashSafe(template, 2, Moments.ITS_OWN, "linkdb.generations.max.ratio=0");
  }

  /** invertlinks of segment number {@code segment} with {@code settings}, killed at each point. */
  private void assertInvertlinksCrashSafe(
      File template, int segment, Moments moments, String... settings) throws Exception {
    assertCrashSafe(
        LINKDB,
        template,
        dir -> invertlinks(LINKDB.path(dir), segmentPath(dir, segment), settings),
        moments,
        List.of(),
        CrashSafetyTest::generationsAreWhole);
  }

  /** A generation is installed by one rename of a finished job output: never without _SUCCESS. */
  private static void generationsAreWhole(File crawlDir, String where) {
    File[] generations =
        new File(crawlDir, "linkdb/current").listFiles((d, n) -> n.startsWith("gen-"));
    for (File generation : generations == null ? new File[0] : generations) {
      assertTrue(where + ": " + generation, new File(generation, "_SUCCESS").exists());
    }
  }
}
