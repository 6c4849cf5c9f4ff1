package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcResponse;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.warc.WarcReading;

/**
 * kill -9 of a WARC export at moments spread over its run (as its job starts writing, as the first
 * file is open, and at seeded random moments of an unkilled run's length) never leaves a partial
 * file under a final name: every {@code *.warc.gz} and {@code *.cdxj} anywhere under the output
 * reads to its end, and every CDXJ line leads to its record. The next export into the same
 * directory succeeds.
 */
public class KilledWarcExportTest {
  private static final int PAGES = 300;

  /**
   * Three moments by default: the two named ones and the first drawn moment of the seeded
   * generator, which lands while files are written and renamed; all five with
   * -Dtrawler.faults.sweep=full.
   */
  private static final boolean FULL_SWEEP =
      "full".equals(System.getProperty("trawler.faults.sweep"));

  private static final Pattern LENGTH_OFFSET =
      Pattern.compile("\"length\":\"(\\d+)\",\"offset\":\"(\\d+)\"");

  @ClassRule public static final TemporaryFolder tmp = new TemporaryFolder();

  private static LoopbackSite web;
  private static ChildCommand child;
  private static Path segment;

  @BeforeClass
  public static void fetchASegment() throws Exception {
    LoggerFactory.getLogger(KilledWarcExportTest.class).info("killed warc export tests");
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("mapreduce.framework.name", "local");
    settings.put("fs.defaultFS", "file:///");
    settings.put("hadoop.tmp.dir", tmp.newFolder("hadoop").getPath());
    Configuration conf = LocalJobFixtures.localConf();
    settings.forEach(conf::set);
    conf.set("fetcher.server.delay", "0");
    child = new ChildCommand(tmp.getRoot(), settings);
    web = new LoopbackSite(path -> "<html><body>" + ("page " + path + " ").repeat(300) + "</body>");
    segment = new Path(new File(tmp.getRoot(), "segments/20240101000000").getPath());
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_GENERATE + "/part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (String url : new TreeSet<>(urls())) {
        w.append(new Text(url), CrawlData.entry(CrawlStatus.DB_UNFETCHED, 0));
      }
    }
    CommandRun fetch = CommandRun.run(conf, "fetch", segment.toString());
    assertEquals(fetch.toString(), 0, fetch.exitCode);
  }

  @AfterClass
  public static void stop() {
    if (web != null) {
      web.close();
    }
  }

  private static Set<String> urls() {
    Set<String> urls = new TreeSet<>();
    for (int i = 0; i < PAGES; i++) {
      urls.add(web.url("/p/" + i + ".html"));
    }
    return urls;
  }

  private static String[] export(File out) {
    return new String[] {"warc", out.getPath(), segment.toString(), "-maxSize", "20k", "-cdx"};
  }

  private static Stream<File> files(File dir, String suffix) throws IOException {
    if (!dir.exists()) {
      return Stream.empty();
    }
    return Files.walk(dir.toPath())
        .map(java.nio.file.Path::toFile)
        .filter(f -> f.getName().endsWith(suffix));
  }

  private static BooleanSupplier workDirAppears(File out) {
    return () -> out.exists() && out.list((d, n) -> n.startsWith("_work-")).length > 0;
  }

  private static BooleanSupplier aFileIsOpen(File out) {
    return () -> {
      try (Stream<File> open = files(out, ".open")) {
        return open.findAny().isPresent();
      } catch (IOException | java.io.UncheckedIOException e) {
        return false; // the directory changed under the walk
      }
    };
  }

  private static BooleanSupplier after(long millis) {
    long start = System.nanoTime();
    return () -> System.nanoTime() - start > millis * 1_000_000L;
  }

  /** Every file under a final name is whole: read to its end, its CDXJ lines lead to records. */
  private static void assertOnlyCompleteFiles(File out, String where) throws IOException {
    try (Stream<File> warcs = files(out, ".warc.gz")) {
      for (File warc : (Iterable<File>) warcs::iterator) {
        List<WarcRecord> records = WarcReading.records(warc);
        assertEquals(where + ": " + warc, "warcinfo", records.get(0).type());
      }
    }
    try (Stream<File> indexes = files(out, ".cdxj")) {
      for (File cdxj : (Iterable<File>) indexes::iterator) {
        String warcName = cdxj.getName().replace(".cdxj", ".warc.gz");
        File warc = new File(cdxj.getParentFile(), warcName);
        if (!warc.exists() && cdxj.getParentFile().getName().startsWith("_work-")) {
          warc = new File(out, warcName); // killed while moving: the WARC files go first
        }
        for (String line : Files.readAllLines(cdxj.toPath())) {
          Matcher m = LENGTH_OFFSET.matcher(line);
          assertTrue(where + ": " + line, m.find() && line.endsWith("}"));
          WarcReading.recordAt(warc, Long.parseLong(m.group(2)), Long.parseLong(m.group(1)));
        }
      }
    }
  }

  @Test
  public void exportKilledAtAnyMomentLeavesOnlyCompleteFilesUnderFinalNames() throws Exception {
    File measured = new File(tmp.getRoot(), "measured");
    long start = System.nanoTime();
    int rc = ChildCommand.waitFor(child.start(export(measured)));
    assertEquals(child.lastLog(), 0, rc);
    long millis = (System.nanoTime() - start) / 1_000_000;
    assertOnlyCompleteFiles(measured, "unkilled");

    Random random = new Random(13);
    List<String> outcomes = new ArrayList<>();
    int killedMidRun = 0;
    File out = new File(tmp.getRoot(), "out");
    for (int i = 0; i < (FULL_SWEEP ? 5 : 3); i++) {
      BooleanSupplier moment =
          switch (i) {
            case 0 -> workDirAppears(out);
            case 1 -> aFileIsOpen(out);
            default -> after(millis / 4 + random.nextInt((int) Math.max(1, millis * 3 / 4)));
          };
      boolean killed = ChildCommand.killWhen(child.start(export(out)), moment, i == 1 ? 5 : 0);
      killedMidRun += killed ? 1 : 0;
      String where = "kill " + i + (killed ? "" : " (had already ended)");
      outcomes.add(where);
      assertOnlyCompleteFiles(out, where);
    }
    LoggerFactory.getLogger(KilledWarcExportTest.class)
        .info("export ran {} ms; kills: {}", millis, outcomes);
    assertTrue("no kill landed while the export ran: " + outcomes, killedMidRun >= 2);

    rc = ChildCommand.waitFor(child.start(export(out)));
    assertEquals(child.lastLog(), 0, rc);
    assertOnlyCompleteFiles(out, "after the rerun");
    Set<String> archived = new TreeSet<>();
    for (File warc : out.listFiles((d, n) -> n.endsWith(".warc.gz"))) {
      for (WarcRecord r : WarcReading.records(warc)) {
        if (r instanceof WarcResponse response) {
          archived.add(response.target());
        }
      }
    }
    assertEquals(urls(), archived);
  }
}
