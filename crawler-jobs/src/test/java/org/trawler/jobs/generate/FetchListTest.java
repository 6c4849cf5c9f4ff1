package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

/** The fetch-list job's mapper and reducer. */
public class FetchListTest {
  private static final long GENERATE_TIME = 1_700_000_000_000L;

  private static Candidate candidate(int slot, float score) {
    return new Candidate(slot, Datums.due(0, score, 0));
  }

  @Test
  public void mapperKeysEachUrlByItsSlot() throws IOException {
    Candidate c = candidate(4, 2f);
    Rank rank = new Rank(0, 2f, "http://a.com/x");
    MapDriver.newMapDriver(new FetchListMapper())
        .withInput(rank, c)
        .withOutput(new FetchSlot(4, rank), c.datum())
        .runTest();
  }

  /**
   * Maps five ranked candidates read from {@code file} when the cut is the first 2 of part-r-00001.
   */
  private static List<Pair<FetchSlot, CrawlDatum>> mapRankedFile(String file) throws IOException {
    MapDriver<Rank, Candidate, FetchSlot, CrawlDatum> map =
        MapDriver.newMapDriver(new FetchListMapper());
    map.getConfiguration().set(GeneratorKeys.CUT_PART, "part-r-00001");
    map.getConfiguration().setLong(GeneratorKeys.CUT_LIMIT, 2);
    map.withMapInputPath(new Path("/tmp/ranked/" + file));
    for (int i = 0; i < 5; i++) {
      map.withInput(new Rank(0, 10 - i, "http://a.com/" + i), candidate(i, 10 - i));
    }
    return map.run();
  }

  @Test
  public void mapperOfTheCutFilePassesOnlyItsFirstRecords() throws IOException {
    List<Pair<FetchSlot, CrawlDatum>> out = mapRankedFile("part-r-00001");
    assertEquals(2, out.size());
    assertEquals("http://a.com/1", out.get(1).getFirst().rank().url().toString());
  }

  @Test
  public void mapperOfAnEarlierFilePassesEverything() throws IOException {
    assertEquals(5, mapRankedFile("part-r-00000").size());
  }

  @Test
  public void reducerWritesTheCrawlDbDatumMarkedWithTheGenerateTime() throws IOException {
    CrawlDatum datum = Datums.due(5, 3f, 2);
    datum.putMeta(new Text("seed"), "yes");
    CrawlDatum expected = new CrawlDatum(datum);
    expected.putMeta(MetadataKeys.GENERATE_TIME, GENERATE_TIME);
    ReduceDriver<FetchSlot, CrawlDatum, Text, CrawlDatum> reduce =
        ReduceDriver.newReduceDriver(new FetchListReducer());
    reduce.getConfiguration().setLong(GeneratorKeys.TIME, GENERATE_TIME);
    reduce
        .withInput(new FetchSlot(0, new Rank(0, 3f, "http://a.com/x")), List.of(datum))
        .withOutput(new Text("http://a.com/x"), expected)
        .runTest();
    assertEquals(1, GenerateCounter.SELECTED.valueIn(reduce.getCounters()));
  }

  @Test
  public void fetchListTakesHostsInTurnsBestUrlFirst() throws IOException {
    MapReduceDriver<Rank, Candidate, FetchSlot, CrawlDatum, Text, CrawlDatum> job =
        MapReduceDriver.newMapReduceDriver(new FetchListMapper(), new FetchListReducer());
    job.withKeyOrderComparator(new FetchSlot.Comparator())
        .withKeyGroupingComparator(new FetchSlot.Comparator());
    job.getConfiguration().setLong(GeneratorKeys.TIME, GENERATE_TIME);
    // a.com has three URLs, b.com two, c.com one: slots number each host's URLs best-first.
    Object[][] rows = {
      {"http://a.com/1", 9f, 0}, {"http://a.com/2", 8f, 1}, {"http://a.com/3", 7f, 2},
      {"http://b.com/1", 5f, 0}, {"http://b.com/2", 4f, 1}, {"http://c.com/1", 1f, 0}
    };
    for (Object[] row : rows) {
      float score = (Float) row[1];
      job.withInput(new Rank(0, score, (String) row[0]), candidate((Integer) row[2], score));
    }
    List<String> urls = new ArrayList<>();
    for (Pair<Text, CrawlDatum> p : job.run()) {
      urls.add(p.getFirst().toString());
      assertEquals(GENERATE_TIME, p.getSecond().getMetaLong(MetadataKeys.GENERATE_TIME, -1));
    }
    assertEquals(
        List.of(
            "http://a.com/1",
            "http://b.com/1",
            "http://c.com/1",
            "http://a.com/2",
            "http://b.com/2",
            "http://a.com/3"),
        urls);
  }
}
