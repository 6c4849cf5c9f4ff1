package org.trawler.jobs.reliability;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.io.File;
import java.io.IOException;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.After;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.slf4j.LoggerFactory;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseData;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.CommandRun;
import org.trawler.jobs.LocalJobFixtures;

/**
 * fetch and parse write into the segment through Hadoop's output committer, whose scratch directory
 * {@code <segment>/_temporary} a killed run leaves behind, holding the tasks it had committed. With
 * the committer's algorithm 1 (common on clusters: it merges every committed task under {@code
 * _temporary} at job end) the next run must not merge that half of a dead run into its own output.
 * (With algorithm 2, Hadoop 3.5's default, a committed task is in the segment's part at once: the
 * next fetch or parse refuses the segment until -force clears it.)
 */
public class KilledSegmentJobTest {
  private static final String STALE = "http://stale.example/from-the-killed-run";

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private LoopbackSite web;
  private String page;
  private Path segment;

  @BeforeClass
  public static void startLogging() {
    LoggerFactory.getLogger(KilledSegmentJobTest.class).info("killed segment job tests");
  }

  @Before
  public void setUp() throws IOException {
    conf = CrawlData.localConf(tmp);
    conf.set("fetcher.server.delay", "0");
    conf.setInt("mapreduce.fileoutputcommitter.algorithm.version", 1);
    web = new LoopbackSite(path -> "<html><a href=\"/next\">next</a></html>");
    page = web.url("/");
    segment = new Path(new File(tmp.getRoot(), "crawl/segments/20240101000000").getPath());
  }

  @After
  public void stop() {
    web.close();
  }

  /**
   * A task output the killed run had committed: {@code _temporary/0/<task>/<part>/part-r-00007}.
   */
  private <V extends Writable> void committedTaskOfAKilledRun(
      String part, Class<V> valueClass, V value) throws IOException {
    Path task = new Path(segment, "_temporary/0/task_local1234_0001_r_000007");
    SortedMap<String, V> records = new TreeMap<>();
    records.put(STALE, value);
    LocalJobFixtures.writeMapFile(conf, new Path(task, part), valueClass, records);
    // writeMapFile names the part part-r-00000: give it its own name so both would survive a merge
    File written = new File(CorruptFiles.local(new Path(task, part)), "part-r-00000");
    written.renameTo(new File(written.getParentFile(), "part-r-00007"));
  }

  private Set<String> urls(String part, Writable value) throws Exception {
    Set<String> urls = new TreeSet<>();
    PartFiles.read(
        conf, new Path(segment, part), new Text(), value, (k, v) -> urls.add(k.toString()));
    return urls;
  }

  @Test
  public void fetchAfterAKilledFetchKeepsNothingOfIt() throws Exception {
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(segment, Segment.CRAWL_GENERATE + "/part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      w.append(new Text(page), CrawlData.entry(CrawlStatus.DB_UNFETCHED, 0));
    }
    CrawlDatum stale = CrawlData.entry(CrawlStatus.DB_UNFETCHED, 0);
    stale.setStatus(CrawlStatus.FETCH_SUCCESS);
    committedTaskOfAKilledRun(Segment.CRAWL_FETCH, CrawlDatum.class, stale);

    CommandRun run = CommandRun.run(conf, "fetch", segment.toString());

    assertEquals(run.toString(), 0, run.exitCode);
    assertEquals(Set.of(page), urls(Segment.CRAWL_FETCH, new CrawlDatum()));
    assertFalse(CorruptFiles.local(new Path(segment, "_temporary")).exists());
  }

  @Test
  public void parseAfterAKilledParseKeepsNothingOfIt() throws Exception {
    CrawlData.segmentWith(
        conf, segment, 3, Segment.CRAWL_GENERATE, Segment.CRAWL_FETCH, Segment.CONTENT);
    committedTaskOfAKilledRun(
        Segment.PARSE_DATA, ParseData.class, new ParseData(ParseData.SUCCESS, "", "stale"));

    CommandRun run = CommandRun.run(conf, "parse", segment.toString());

    assertEquals(run.toString(), 0, run.exitCode);
    Set<String> parsed = urls(Segment.PARSE_DATA, new ParseData());
    assertEquals(3, parsed.size());
    assertFalse(parsed.contains(STALE));
  }
}
