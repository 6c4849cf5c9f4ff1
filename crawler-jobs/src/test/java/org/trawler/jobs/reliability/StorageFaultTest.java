package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.LongFunction;
import org.apache.hadoop.conf.Configuration;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.jobs.CommandRun;

/**
 * The storage failing under a job: every writing command runs on the {@code faulty://} file system
 * that fails its Nth file creation, runs out of space after N bytes, or fails its Nth rename, for N
 * sampled over a clean run's count of each (every kind at its first position, creates also at the
 * last, disk full also half-way, renames also at the last three: the outputs moved into place and
 * the install). Afterwards the crawl data is the state before the command or the state after it,
 * never a mix, nothing of the failed run is left (lock, temporary and work directories), the
 * command exits 3 with one line naming the cause, and the same command succeeds once the fault is
 * gone.
 */
public class StorageFaultTest {
  private static final Logger LOG = LoggerFactory.getLogger(StorageFaultTest.class);
  private static final int PAGES = 20;

  /** Every position instead of samples: -Dtrawler.faults.sweep=full. */
  private static final boolean FULL_SWEEP =
      "full".equals(System.getProperty("trawler.faults.sweep"));

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static Configuration conf;
  private static LoopbackSite web;

  private static File seeded;

  /**
   * Each step of one round, its result the template of the next command's runs; then the parsed
   * crawl's links inverted into a linkdb, and a generation added to it.
   */
  private static CleanRun injected, generated, fetched, parsed, updated, inverted, withGeneration;

  @BeforeClass
  public static void crawlOneRound() throws Exception {
    LOG.info("storage fault tests");
    conf = FaultyFileSystem.register(CrawlData.localConf(tmp));
    conf.set("fetcher.server.delay", "0");
    web =
        new LoopbackSite(
            path -> {
              if (path.equals("/sitemap.xml")) {
                return sitemapXml();
              }
              // two seeds per content, so dedup has duplicates to mark
              String id = path.replaceAll("\\D", "");
              String shared = id.isEmpty() ? path : "" + Integer.parseInt(id) % (PAGES / 2);
              return "<html><body>" + shared + " <a href=\"/q/" + shared + "\">next</a></body>";
            });
    seeded = tmp.newFolder("seeded");
    List<String> seeds = new ArrayList<>();
    for (int i = 0; i < PAGES; i++) {
      seeds.add(web.url("/p/" + i + ".html"));
    }
    Files.createDirectories(new File(seeded, "urls").toPath());
    Files.write(new File(seeded, "urls/seed.txt").toPath(), seeds);
    injected = step(seeded, "injected", INJECT);
    generated = step(injected.result(), "generated", GENERATE);
    fetched = step(generated.result(), "fetched", FETCH);
    parsed = step(fetched.result(), "parsed", PARSE);
    updated = step(parsed.result(), "updated", UPDATEDB);
    inverted = step(parsed.result(), "inverted", INVERTLINKS);
    withGeneration = step(inverted.result(), "with-generation", INVERTLINKS_GENERATION);
    assertTrue(new File(withGeneration.result(), "linkdb/current/gen-000001").isDirectory());
  }

  /** The sitemap the sitemap job finds at the default place: pages no link reaches. */
  private static String sitemapXml() {
    StringBuilder xml =
        new StringBuilder(
            "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
    for (int i = 0; i < 5; i++) {
      xml.append("<url><loc>").append(web.url("/s/" + i + ".html")).append("</loc></url>");
    }
    return xml.append("</urlset>").toString();
  }

  @AfterClass
  public static void stop() {
    if (web != null) {
      web.close();
    }
  }

  // ---- the commands, given the crawl directory ----

  private static String faulty(File crawl, String child) {
    return FaultyFileSystem.uri(new File(crawl, child).getPath());
  }

  private static String segment(File crawl) {
    File[] segments = new File(crawl, "segments").listFiles();
    assertEquals("one segment in " + crawl, 1, segments.length);
    return faulty(crawl, "segments/" + segments[0].getName());
  }

  private static final Function<File, String[]> INJECT =
      c -> new String[] {"inject", faulty(c, "crawldb"), faulty(c, "urls")};
  private static final Function<File, String[]> GENERATE =
      c ->
          new String[] {
            "generate",
            faulty(c, "crawldb"),
            faulty(c, "segments"),
            "-D",
            "generate.update.crawldb=true"
          };
  private static final Function<File, String[]> FETCH = c -> new String[] {"fetch", segment(c)};
  private static final Function<File, String[]> PARSE = c -> new String[] {"parse", segment(c)};
  private static final Function<File, String[]> UPDATEDB =
      c -> new String[] {"updatedb", faulty(c, "crawldb"), segment(c)};
  private static final Function<File, String[]> INVERTLINKS =
      c -> new String[] {"invertlinks", faulty(c, "linkdb"), segment(c)};

  /** invertlinks adding its links as a generation beside the base (never merging). */
  private static final Function<File, String[]> INVERTLINKS_GENERATION =
      c ->
          new String[] {
            "invertlinks", faulty(c, "linkdb"), segment(c), "-D", "linkdb.generations.max.ratio=1e9"
          };

  /** invertlinks merging the newest generation and its links into one new generation. */
  private static final Function<File, String[]> INVERTLINKS_MERGE_GENERATIONS =
      c ->
          new String[] {
            "invertlinks",
            faulty(c, "linkdb"),
            segment(c),
            "-D",
            "linkdb.generations.max=1",
            "-D",
            "linkdb.generations.max.ratio=1e9"
          };

  /** invertlinks merging the generations with the base into a new base. */
  private static final Function<File, String[]> INVERTLINKS_INTO_BASE =
      c ->
          new String[] {
            "invertlinks", faulty(c, "linkdb"), segment(c), "-D", "linkdb.generations.max.ratio=0"
          };

  private static final Function<File, String[]> DEDUP =
      c -> new String[] {"dedup", faulty(c, "crawldb")};
  private static final Function<File, String[]> INDEX =
      c -> new String[] {"index", faulty(c, "index"), faulty(c, "crawldb"), segment(c)};
  private static final Function<File, String[]> UPDATEHOSTDB =
      c -> new String[] {"updatehostdb", faulty(c, "hostdb"), faulty(c, "crawldb"), segment(c)};
  private static final Function<File, String[]> SITEMAP =
      c -> new String[] {"sitemap", faulty(c, "crawldb")};
  private static final Function<File, String[]> WARC =
      c -> new String[] {"warc", faulty(c, "warc"), segment(c)};

  /**
   * A command's clean run on a copy of {@code template}: its {@code result} is the state after it
   * (and the template of the next command), {@code counted} what it asked of the storage. The
   * faulty runs of the same command on the same template are checked against both, so a step of the
   * round is also its command's measured run.
   */
  private record CleanRun(
      File template,
      Function<File, String[]> command,
      File result,
      FaultyFileSystem.Plan counted) {}

  private static CleanRun step(File from, String name, Function<File, String[]> command)
      throws Exception {
    File to = copy(from, name);
    FaultyFileSystem.Plan counted = FaultyFileSystem.clean();
    CommandRun run = CommandRun.run(conf, command.apply(to));
    assertEquals(run.toString(), 0, run.exitCode);
    return new CleanRun(from, command, to, counted);
  }

  private static int copies;

  private static File copy(File from, String name) throws IOException {
    File to = new File(tmp.getRoot(), "runs/" + name + "-" + copies++);
    return CrawlData.copy(from, to);
  }

  // ---- the sweep ----

  /** A fault (a create, disk full, a rename) at one position of the clean run's count. */
  private record Fault(String name, LongFunction<FaultyFileSystem.Plan> plan) {}

  /**
   * Every position from 1 to {@code count} with -Dtrawler.faults.sweep=full; else 1 and the last
   * {@code tail} (the last renames move outputs into place and install versions). No middle
   * position: each position is a whole run of a local job and the sweep was the longest test class
   * of the suite; a fault half-way through a run is still made by the half-way disk full.
   */
  private static List<Long> positions(long count, int tail) {
    TreeSet<Long> at = new TreeSet<>();
    if (FULL_SWEEP) {
      for (long n = 1; n <= count; n++) {
        at.add(n);
      }
      return new ArrayList<>(at);
    }
    at.add(1L);
    for (long n = Math.max(1, count - tail + 1); n <= count; n++) {
      at.add(n);
    }
    return new ArrayList<>(at);
  }

  /** Byte counts: 1 and the middle, or ten spread over the run with the full sweep. */
  private static List<Long> bytePositions(long count) {
    TreeSet<Long> at = new TreeSet<>(List.of(1L, Math.max(1, count / 2)));
    for (int i = 1; FULL_SWEEP && i < 10; i++) {
      at.add(count * i / 10);
    }
    return new ArrayList<>(at);
  }

  /** The command of {@code clean} failing on its template at each sampled fault. */
  private void assertBeforeOrAfter(CleanRun clean) throws Exception {
    File template = clean.template();
    Function<File, String[]> command = clean.command();
    SortedMap<String, String> before = CrawlDirState.of(conf, template);
    FaultyFileSystem.Plan counted = clean.counted();
    SortedMap<String, String> after = CrawlDirState.of(conf, clean.result());
    assertTrue("the command must change the data", !before.equals(after));
    String name = command.apply(clean.result())[0];
    LOG.info(
        "{}: {} creates, {} bytes, {} renames in a clean run",
        name,
        counted.creates(),
        counted.bytes(),
        counted.renames());

    List<Fault> faults = new ArrayList<>();
    for (long n : positions(counted.creates(), 1)) {
      faults.add(new Fault("create #" + n, x -> new FaultyFileSystem.Plan().failCreate(n)));
    }
    for (long n : bytePositions(counted.bytes())) {
      faults.add(
          new Fault(
              "disk full after " + n + " bytes",
              x -> new FaultyFileSystem.Plan().fullAfterBytes(n)));
    }
    for (long n : positions(counted.renames(), 3)) {
      faults.add(new Fault("rename #" + n, x -> new FaultyFileSystem.Plan().failRename(n)));
    }
    List<String> outcomes = new ArrayList<>();
    // A failed run leaves the state before it, checked to the file: a rerun after it repeats the
    // clean run on the same input. What a rerun adds is what the file check cannot see, the failed
    // run's leftovers in this JVM (a lock, a cached file system, an open stream): rerun once after
    // the last failed run (the failed install, whose run went furthest); after every one with the
    // full sweep.
    File lastFailed = null;
    String lastWhere = null;
    for (Fault fault : faults) {
      File work = copy(template, name);
      FaultyFileSystem.arm(fault.plan().apply(0));
      CommandRun run = CommandRun.run(conf, command.apply(work));
      FaultyFileSystem.clean();
      SortedMap<String, String> state = CrawlDirState.of(conf, work);
      String where = name + " with " + fault.name() + ": " + run;
      outcomes.add(fault.name() + " → exit " + run.exitCode);
      assertEquals(where, List.of(), CrawlDirState.leftovers(work));
      if (run.exitCode == 0) {
        // the robots db is a cache fetch keeps on the side: failing to update it fails no fetch
        assertEquals(where, without(after, "robots/"), without(state, "robots/"));
        assertTrue(
            where,
            Set.of(only(before, "robots/"), only(after, "robots/"))
                .contains(only(state, "robots/")));
      } else {
        assertEquals(where, 3, run.exitCode);
        assertEquals(where, before, state);
        assertEquals(where, 1, run.errLines().length);
        assertTrue(where, run.err.startsWith("trawler " + name + ": "));
        assertTrue(
            where,
            run.err.contains("injected failure") || run.err.contains("No space left on device"));
      }
      if (run.exitCode != 0 && FULL_SWEEP) {
        assertRerunSucceeds(command, work, where, after);
      } else if (run.exitCode != 0) {
        lastFailed = work;
        lastWhere = where;
      }
    }
    if (lastFailed != null) {
      assertRerunSucceeds(command, lastFailed, lastWhere, after);
    }
    LOG.info("{}: {} faults: {}", name, faults.size(), outcomes);
  }

  /** The same command, the fault gone, on the data a failed run left: it gives the clean state. */
  private static void assertRerunSucceeds(
      Function<File, String[]> command, File work, String where, SortedMap<String, String> after)
      throws Exception {
    CommandRun again = CommandRun.run(conf, command.apply(work));
    assertEquals("after " + where + "\nthe rerun: " + again, 0, again.exitCode);
    assertEquals("after " + where, after, CrawlDirState.of(conf, work));
  }

  private static SortedMap<String, String> without(SortedMap<String, String> state, String dir) {
    SortedMap<String, String> rest = new TreeMap<>(state);
    rest.keySet().removeIf(k -> k.startsWith(dir));
    return rest;
  }

  private static SortedMap<String, String> only(SortedMap<String, String> state, String dir) {
    SortedMap<String, String> in = new TreeMap<>(state);
    in.keySet().removeIf(k -> !k.startsWith(dir));
    return in;
  }

  @Test
  public void inject() throws Exception {
    assertBeforeOrAfter(injected);
  }

  @Test
  public void injectIntoAnExistingCrawlDb() throws Exception {
    File moreSeeds = copy(injected.result(), "more-seeds");
    Files.write(new File(moreSeeds, "urls/more.txt").toPath(), List.of(web.url("/more.html")));
    assertBeforeOrAfter(step(moreSeeds, "measured", INJECT));
  }

  @Test
  public void generateWithCrawlDbUpdate() throws Exception {
    assertBeforeOrAfter(generated);
  }

  @Test
  public void fetch() throws Exception {
    assertBeforeOrAfter(fetched);
  }

  @Test
  public void parse() throws Exception {
    assertBeforeOrAfter(parsed);
  }

  @Test
  public void updatedb() throws Exception {
    assertBeforeOrAfter(updated);
  }

  @Test
  public void invertlinks() throws Exception {
    assertBeforeOrAfter(inverted);
  }

  @Test
  public void invertlinksAddingAGeneration() throws Exception {
    assertBeforeOrAfter(withGeneration);
  }

  @Test
  public void invertlinksMergingGenerationsIntoOne() throws Exception {
    assertBeforeOrAfter(step(withGeneration.result(), "measured", INVERTLINKS_MERGE_GENERATIONS));
  }

  @Test
  public void invertlinksMergingAGenerationIntoTheBase() throws Exception {
    assertBeforeOrAfter(step(withGeneration.result(), "measured", INVERTLINKS_INTO_BASE));
  }

  @Test
  public void dedup() throws Exception {
    assertBeforeOrAfter(step(updated.result(), "measured", DEDUP));
  }

  @Test
  public void index() throws Exception {
    assertBeforeOrAfter(step(updated.result(), "measured", INDEX));
  }

  @Test
  public void updatehostdb() throws Exception {
    assertBeforeOrAfter(step(updated.result(), "measured", UPDATEHOSTDB));
  }

  @Test
  public void sitemap() throws Exception {
    assertBeforeOrAfter(step(updated.result(), "measured", SITEMAP));
  }

  @Test
  public void warc() throws Exception {
    assertBeforeOrAfter(step(parsed.result(), "measured", WARC));
  }
}
