package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.hostdb.HostDbFiles;
import org.trawler.jobs.hostdb.HostKnowledgeReader;

public class SelectMapperTest {
  private static final long NOW = 1_700_000_000_000L;

  private MapDriver<Text, CrawlDatum, Rank, CrawlDatum> driver;

  @Before
  public void setUp() {
    driver = MapDriver.newMapDriver(new SelectMapper());
    Configuration conf = driver.getConfiguration();
    conf.setLong(GeneratorKeys.TIME, NOW);
    conf.setLong(GeneratorKeys.DUE_BEFORE, NOW);
  }

  private long skipped(SkipReason reason) {
    return driver.getCounters().findCounter(reason.group(), reason.counterName()).getValue();
  }

  /** A due URL at depth 3 with score 2.5 must come out keyed by this rank depth. */
  private void assertKeyedWithRankDepth(int rankDepth) throws IOException {
    CrawlDatum due = Datums.due(NOW - 1, 2.5f, 3);
    driver
        .withInput(new Text("http://a.example.com/"), due)
        .withOutput(new Rank(rankDepth, 2.5f, "http://a.example.com/"), due)
        .runTest();
  }

  @Test
  public void dueUrlIsKeyedByItsScoreRank() throws IOException {
    assertKeyedWithRankDepth(0);
  }

  @Test
  public void depthOrderPutsTheDepthIntoTheRank() throws IOException {
    driver.getConfiguration().set(GeneratorKeys.ORDER, "depth");
    assertKeyedWithRankDepth(3);
  }

  @Test
  public void pageRankOrderRanksByTheRankOfTheLastRankRun() throws IOException {
    driver.getConfiguration().set("scoring.order", "pagerank");
    CrawlDatum ranked = Datums.due(NOW - 1, 2.5f, 0);
    ranked.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(4f));
    CrawlDatum unranked = Datums.due(NOW - 1, 9f, 0); // found since: teleport share only
    driver
        .withInput(new Text("http://a.example.com/"), ranked)
        .withInput(new Text("http://a.example.com/new"), unranked)
        .withOutput(new Rank(0, 4f, "http://a.example.com/"), ranked)
        .withOutput(new Rank(0, 0.15f, "http://a.example.com/new"), unranked)
        .runTest();
  }

  @Test
  public void combinedOrderRanksByTheGeometricMeanOfOpicAndPageRank() throws IOException {
    driver.getConfiguration().set("scoring.order", "combined");
    CrawlDatum ranked = Datums.due(NOW - 1, 1f, 0);
    ranked.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(4f));
    driver
        .withInput(new Text("http://a.example.com/"), ranked)
        .withOutput(new Rank(0, 2f, "http://a.example.com/"), ranked)
        .runTest();
  }

  @Test
  public void urlsNotYetDueAreCountedAndDropped() throws IOException {
    List<Pair<Rank, CrawlDatum>> out =
        driver
            .withInput(new Text("http://a.example.com/now"), Datums.due(NOW, 1f, 0))
            .withInput(new Text("http://a.example.com/later"), Datums.due(NOW + 1, 1f, 0))
            .run();
    assertEquals(1, out.size());
    assertEquals("http://a.example.com/now", out.get(0).getFirst().url().toString());
    assertEquals(1, skipped(SkipReason.NOT_DUE));
  }

  @Test
  public void addDaysWidensWhatIsDue() throws IOException {
    driver.getConfiguration().setLong(GeneratorKeys.DUE_BEFORE, NOW + 31 * Datums.DAY);
    CrawlDatum fetched = Datums.withStatus(CrawlStatus.DB_FETCHED, NOW + 30 * Datums.DAY);
    List<Pair<Rank, CrawlDatum>> out =
        driver
            .withInput(new Text("http://a.example.com/fetched"), fetched)
            .withInput(
                new Text("http://a.example.com/far"), Datums.due(NOW + 32 * Datums.DAY, 1f, 0))
            .run();
    assertEquals(1, out.size());
    assertEquals("http://a.example.com/fetched", out.get(0).getFirst().url().toString());
  }

  @Test
  public void everySkipReasonHasItsCounter() throws IOException {
    driver.getConfiguration().setInt(GeneratorKeys.MAX_DEPTH, 1);
    driver.getConfiguration().set("urlfilter.order", RejectingURLFilter.class.getName());
    CrawlDatum marked = Datums.due(0, 1f, 0);
    marked.putMeta(MetadataKeys.GENERATE_TIME, NOW - 1000);
    List<Pair<Rank, CrawlDatum>> out =
        driver
            .withInput(new Text("http://a/dup"), Datums.withStatus(CrawlStatus.DB_DUPLICATE, 0))
            .withInput(new Text("http://a/orphan"), Datums.withStatus(CrawlStatus.DB_ORPHAN, 0))
            .withInput(new Text("http://a/marked"), marked)
            .withInput(new Text("http://a/deep"), Datums.due(0, 1f, 2))
            .withInput(new Text("http://a/private/x"), Datums.due(0, 1f, 0))
            .withInput(new Text("not a url"), Datums.due(0, 1f, 0))
            .withInput(new Text("http://a/ok"), Datums.due(0, 1f, 1))
            .run();
    assertEquals(1, out.size());
    for (SkipReason reason :
        new SkipReason[] {
          SkipReason.DUPLICATE,
          SkipReason.ORPHAN,
          SkipReason.GENERATE_MARKED,
          SkipReason.TOO_DEEP,
          SkipReason.FILTERED,
          SkipReason.MALFORMED
        }) {
      assertEquals(reason.name(), 1, skipped(reason));
    }
  }

  @Test
  public void noFilterSettingLetsFilteredUrlsThrough() throws IOException {
    driver.getConfiguration().set("urlfilter.order", RejectingURLFilter.class.getName());
    driver.getConfiguration().setBoolean(GeneratorKeys.FILTER, false);
    assertEquals(
        1, driver.withInput(new Text("http://a/private/x"), Datums.due(0, 1f, 0)).run().size());
  }

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void aHostTheHostDbShowsBackedOffIsSkippedUntilItsBackoffEnds() throws IOException {
    Path hostDb = new Path(tmp.getRoot().getPath(), "hostdb");
    Configuration conf = new Configuration();
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(hostDb, "part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(HostDatum.class))) {
      HostDatum busy = new HostDatum();
      busy.setBackoff(1, NOW + 60_000);
      w.append(new Text("busy.example.com"), busy);
      HostDatum over = new HostDatum();
      over.setBackoff(1, NOW);
      w.append(new Text("over.example.com"), over);
    }
    HostKnowledgeReader.handOver(driver.getConfiguration(), hostDb, List.of());
    List<Pair<Rank, CrawlDatum>> out =
        driver
            .withInput(new Text("http://busy.example.com/"), Datums.due(NOW - 1, 1f, 0))
            .withInput(new Text("http://over.example.com/"), Datums.due(NOW - 1, 1f, 0))
            .withInput(new Text("http://a.example.com/"), Datums.due(NOW - 1, 1f, 0))
            .run();
    List<String> selected = out.stream().map(p -> p.getFirst().url().toString()).toList();
    assertEquals(List.of("http://over.example.com/", "http://a.example.com/"), selected);
    assertEquals(1, skipped(SkipReason.HOST_BACKOFF));
  }

  @Test
  public void learnedDuplicateParamsAndSpentTrapsAreSkippedWithTheirReasons() throws IOException {
    HostDatum learned = new HostDatum();
    learned.setIrrelevantParams(java.util.Map.of("vid", 3));
    learned.setTraps(java.util.Map.of("/calendar/{n}-{n}/", new HostDatum.Trap(6, 0)));
    Path hostDb =
        HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"), java.util.Map.of("www.a.test", learned));
    HostKnowledgeReader.handOver(driver.getConfiguration(), hostDb, List.of());
    List<Pair<Rank, CrawlDatum>> out =
        driver
            .withInput(new Text("http://www.a.test/p/1.html?vid=k3"), Datums.due(NOW - 1, 1f, 0))
            .withInput(new Text("http://www.a.test/calendar/2031-01/"), Datums.due(NOW - 1, 1f, 0))
            .withInput(new Text("http://www.a.test/p/1.html"), Datums.due(NOW - 1, 1f, 0))
            .run();
    List<String> selected = out.stream().map(p -> p.getFirst().url().toString()).toList();
    assertEquals(List.of("http://www.a.test/p/1.html"), selected);
    assertEquals(1, skipped(SkipReason.DUPLICATE_PARAM));
    assertEquals(1, skipped(SkipReason.TRAP_PATTERN));
  }

  @Test
  public void topicFilterRanksByTopicRelevanceAndAnUnscoredUrlLast() throws IOException {
    java.io.File topic = tmp.newFile("topic.txt");
    java.nio.file.Files.writeString(topic.toPath(), "telescope\n");
    driver.getConfiguration().set("scoring.filters", "topic");
    driver.getConfiguration().set("scoring.topic.file", topic.getPath());
    CrawlDatum relevant = Datums.due(NOW - 1, 0.5f, 0);
    relevant.getMetadata().put(MetadataKeys.TOPIC_SCORE, new FloatWritable(0.75f));
    CrawlDatum other = Datums.due(NOW - 1, 9f, 0); // much OPIC cash, about nothing relevant
    driver
        .withInput(new Text("http://a.example.com/"), relevant)
        .withInput(new Text("http://a.example.com/other"), other)
        .withOutput(new Rank(0, 0.75f, "http://a.example.com/"), relevant)
        .withOutput(new Rank(0, 0f, "http://a.example.com/other"), other)
        .runTest();
  }

  @Test
  public void theFetchTimeIsTheTimeLimitElseAFullHostListAtTheServerDelay() {
    Configuration conf = new Configuration(false);
    assertEquals("neither", -1, Selector.fetchMillis(conf));
    conf.set("generate.max.count", "50");
    conf.set("fetcher.server.delay", "0.5");
    assertEquals("50 URLs at 0.5 s", 25_000, Selector.fetchMillis(conf));
    conf.set("fetcher.timelimit.mins", "10");
    assertEquals("the time limit wins", 600_000, Selector.fetchMillis(conf));
    conf.unset("fetcher.timelimit.mins");
    conf.set("fetcher.server.delay", "0");
    assertEquals("no delay", -1, Selector.fetchMillis(conf));
  }
}
