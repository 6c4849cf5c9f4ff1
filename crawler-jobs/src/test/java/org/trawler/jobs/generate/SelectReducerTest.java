package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.PartFiles;
import org.trawler.jobs.hostdb.HostKnowledgeReader;

public class SelectReducerTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private final ReduceDriver<Rank, CrawlDatum, Rank, Candidate> reduce =
      ReduceDriver.newReduceDriver(new SelectReducer());

  /** Feeds the reducer URLs in rank order, as the shuffle would: (url, score), best first. */
  private List<Pair<Rank, Candidate>> reduceInOrder(Object... urlsAndScores) throws IOException {
    for (int i = 0; i < urlsAndScores.length; i += 2) {
      float score = ((Number) urlsAndScores[i + 1]).floatValue();
      reduce.withInput(
          new Rank(0, score, (String) urlsAndScores[i]), List.of(Datums.due(0, score, 0)));
    }
    return reduce.run();
  }

  private static List<String> urls(List<Pair<Rank, Candidate>> out) {
    List<String> urls = new ArrayList<>();
    for (Pair<Rank, Candidate> p : out) {
      urls.add(p.getFirst().url() + "#" + p.getSecond().slot());
    }
    return urls;
  }

  private long skipped(SkipReason reason) {
    return reduce.getCounters().findCounter(reason.group(), reason.counterName()).getValue();
  }

  @Test
  public void eachHostKeepsItsBestMaxCountUrls() throws IOException {
    reduce.getConfiguration().setInt(GeneratorKeys.MAX_COUNT, 2);
    List<Pair<Rank, Candidate>> out =
        reduceInOrder(
            "http://a.com/1",
            9,
            "http://b.com/1",
            8,
            "http://a.com/2",
            7,
            "http://a.com/3",
            6,
            "http://b.com/2",
            5);
    assertEquals(
        List.of("http://a.com/1#0", "http://b.com/1#0", "http://a.com/2#1", "http://b.com/2#1"),
        urls(out));
    assertEquals(1, skipped(SkipReason.HOST_CAP));
  }

  @Test
  public void domainModeCapsAllHostsOfADomainTogether() throws IOException {
    reduce.getConfiguration().setInt(GeneratorKeys.MAX_COUNT, 2);
    reduce.getConfiguration().set(GeneratorKeys.COUNT_MODE, "domain");
    List<Pair<Rank, Candidate>> out =
        reduceInOrder(
            "http://a.example.com/1",
            9,
            "http://b.example.com/1",
            8,
            "http://c.example.com/1",
            7,
            "http://other.org/1",
            6);
    assertEquals(
        List.of("http://a.example.com/1#0", "http://b.example.com/1#0", "http://other.org/1#0"),
        urls(out));
    assertEquals(1, skipped(SkipReason.HOST_CAP));
  }

  @Test
  public void aTrapTemplateGetsItsBudgetAndTheRestIsSkipped() throws IOException {
    org.trawler.core.datum.HostDatum cal = new org.trawler.core.datum.HostDatum();
    cal.setTraps(
        java.util.Map.of("/calendar/{n}-{n}/", new org.trawler.core.datum.HostDatum.Trap(6, 2)));
    Path hostDb =
        org.trawler.jobs.hostdb.HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"), java.util.Map.of("cal.test", cal));
    HostKnowledgeReader.handOver(reduce.getConfiguration(), hostDb, List.of());
    reduce.getConfiguration().setLong(GeneratorKeys.TOP_N, 4);
    List<Pair<Rank, Candidate>> out =
        reduceInOrder(
            "http://cal.test/calendar/2026-11/",
            9,
            "http://cal.test/calendar/2026-12/",
            8,
            "http://cal.test/calendar/2027-01/",
            7,
            "http://cal.test/p/1.html",
            6,
            "http://other.test/calendar/2026-11/",
            5);
    assertEquals(
        List.of(
            "http://cal.test/calendar/2026-11/#0",
            "http://cal.test/calendar/2026-12/#1",
            "http://cal.test/p/1.html#2",
            "http://other.test/calendar/2026-11/#0"),
        urls(out));
    assertEquals(1, skipped(SkipReason.TRAP_PATTERN));
    assertEquals(0, skipped(SkipReason.TOP_N));
  }

  @Test
  public void budgetsByRankGiveCentralHostsMoreOfTopN() throws IOException {
    org.trawler.core.datum.HostDatum hub = new org.trawler.core.datum.HostDatum();
    hub.setRank(10, 2);
    org.trawler.core.datum.HostDatum leaf = new org.trawler.core.datum.HostDatum();
    leaf.setRank(1, 0.5f);
    Path hostDb =
        org.trawler.jobs.hostdb.HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"),
            java.util.Map.of("hub.test", hub, "leaf.test", leaf));
    Configuration conf = reduce.getConfiguration();
    HostKnowledgeReader.handOver(conf, hostDb, List.of());
    HostKnowledgeReader.readRank(conf); // as generate does with budgets by rank on
    conf.setBoolean(GeneratorKeys.MAX_COUNT_BY_RANK, true);
    conf.setDouble(GeneratorKeys.MAX_COUNT_BY_RANK_FLOOR, 0.01); // 1 of topN 100
    conf.setDouble(GeneratorKeys.MAX_COUNT_BY_RANK_CAP, 0.03); // 3 of topN 100
    conf.setLong(GeneratorKeys.TOP_N, 100);
    List<Pair<Rank, Candidate>> out =
        reduceInOrder(
            "http://hub.test/1",
            9,
            "http://hub.test/2",
            9,
            "http://hub.test/3",
            9,
            "http://hub.test/4",
            9,
            "http://leaf.test/1",
            8,
            "http://leaf.test/2",
            8,
            "http://new.test/1",
            7,
            "http://new.test/2",
            7);
    assertEquals(
        List.of(
            "http://hub.test/1#0",
            "http://hub.test/2#1",
            "http://hub.test/3#2",
            "http://leaf.test/1#0",
            "http://new.test/1#0"),
        urls(out));
    assertEquals(3, skipped(SkipReason.HOST_CAP));
  }

  @Test
  public void stopsAfterTopN() throws IOException {
    reduce.getConfiguration().setLong(GeneratorKeys.TOP_N, 3);
    List<Pair<Rank, Candidate>> out =
        reduceInOrder(
            "http://a.com/1",
            9,
            "http://a.com/2",
            8,
            "http://b.com/1",
            7,
            "http://a.com/3",
            6,
            "http://c.com/1",
            5);
    assertEquals(List.of("http://a.com/1#0", "http://a.com/2#1", "http://b.com/1#0"), urls(out));
    assertEquals(2, skipped(SkipReason.TOP_N));
  }

  @Test
  public void keptDatumIsTheCrawlDbDatum() throws IOException {
    CrawlDatum datum = Datums.due(42, 3f, 2);
    datum.putMeta(new Text("seed"), "x");
    reduce
        .withInput(new Rank(0, 3f, "http://a.com/"), List.of(datum))
        .withOutput(new Rank(0, 3f, "http://a.com/"), new Candidate(0, datum))
        .runTest();
  }

  @Test
  public void samplesEveryKthKeptRankWhenACutMayFollow() throws Exception {
    Configuration conf = reduce.getConfiguration();
    File samples = new File(tmp.getRoot(), "samples");
    conf.set(GeneratorKeys.SAMPLE_DIR, samples.toURI().toString());
    conf.setInt(MRJobConfig.TASK_PARTITION, 2);
    conf.setLong(GeneratorKeys.TOP_N, 2 * SelectReducer.SAMPLES_PER_RUN);
    for (int i = 0; i < 7; i++) {
      reduce.withInput(
          new Rank(0, 100 - i, "http://a.com/" + i), List.of(Datums.due(0, 100 - i, 0)));
    }
    assertEquals(7, reduce.run().size());
    List<String> sampled = new ArrayList<>();
    PartFiles.read(
        new Configuration(),
        new Path(samples.toURI()),
        new Rank(),
        NullWritable.get(),
        (rank, none) -> sampled.add(rank.url().toString()));
    assertEquals(
        List.of("http://a.com/0", "http://a.com/2", "http://a.com/4", "http://a.com/6"), sampled);
    assertEquals(true, new File(samples, "part-00002").exists());
  }

  /**
   * Map and reduce together on a small crawldb: the shuffle's order decides which URLs are kept.
   * Returns "url#slot" in output order.
   */
  private static List<String> selectFromCrawlDb(String order, long topN, int maxCount)
      throws IOException {
    MapReduceDriver<Text, CrawlDatum, Rank, CrawlDatum, Rank, Candidate> d =
        MapReduceDriver.newMapReduceDriver(new SelectMapper(), new SelectReducer());
    d.withKeyOrderComparator(new Rank.Comparator())
        .withKeyGroupingComparator(new Rank.Comparator());
    Configuration conf = d.getConfiguration();
    conf.setLong(GeneratorKeys.TIME, 1000);
    conf.setLong(GeneratorKeys.DUE_BEFORE, 1000);
    conf.set(GeneratorKeys.ORDER, order);
    conf.setLong(GeneratorKeys.TOP_N, topN);
    conf.setInt(GeneratorKeys.MAX_COUNT, maxCount);
    // url, score, depth
    Object[][] db = {
      {"http://a.com/seed", 0.5f, 0}, {"http://a.com/d1", 3f, 1}, {"http://a.com/d2", 9f, 2},
      {"http://b.com/seed", 1f, 0}, {"http://b.com/d1", 2f, 1}, {"http://c.com/d1", 4f, 1}
    };
    for (Object[] row : db) {
      d.withInput(new Text((String) row[0]), Datums.due(0, (Float) row[1], (Integer) row[2]));
    }
    return urls(d.run());
  }

  @Test
  public void scoreOrderSelectsTheBestScoresAcrossHosts() throws IOException {
    assertEquals(
        List.of("http://a.com/d2#0", "http://c.com/d1#0", "http://a.com/d1#1", "http://b.com/d1#0"),
        selectFromCrawlDb("score", 4, -1));
  }

  @Test
  public void depthOrderSelectsBreadthFirst() throws IOException {
    assertEquals(
        List.of(
            "http://b.com/seed#0", "http://a.com/seed#0", "http://c.com/d1#0", "http://a.com/d1#1"),
        selectFromCrawlDb("depth", 4, -1));
  }

  @Test
  public void perHostCapKeepsEachHostsBestInTheChosenOrder() throws IOException {
    assertEquals(
        List.of("http://b.com/seed#0", "http://a.com/seed#0", "http://c.com/d1#0"),
        selectFromCrawlDb("depth", 0, 1));
    assertEquals(
        List.of("http://a.com/d2#0", "http://c.com/d1#0", "http://b.com/d1#0"),
        selectFromCrawlDb("score", 0, 1));
  }
}
