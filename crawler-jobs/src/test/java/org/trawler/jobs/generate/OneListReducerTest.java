package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.MetadataKeys;

public class OneListReducerTest {
  private final ReduceDriver<Rank, CrawlDatum, Text, CrawlDatum> reduce =
      ReduceDriver.newReduceDriver(new OneListReducer());

  /** Feeds the reducer URLs in rank order, as the shuffle would: (url, score), best first. */
  private List<Pair<Text, CrawlDatum>> reduceInOrder(Object... urlsAndScores) throws IOException {
    for (int i = 0; i < urlsAndScores.length; i += 2) {
      float score = ((Number) urlsAndScores[i + 1]).floatValue();
      reduce.withInput(
          new Rank(0, score, (String) urlsAndScores[i]), List.of(Datums.due(0, score, 0)));
    }
    return reduce.run();
  }

  private static List<String> urls(List<Pair<Text, CrawlDatum>> out) {
    List<String> urls = new ArrayList<>();
    out.forEach(p -> urls.add(p.getFirst().toString()));
    return urls;
  }

  @Test
  public void writesTheSelectionInSlotOrderSoHostsTakeTurns() throws IOException {
    List<Pair<Text, CrawlDatum>> out =
        reduceInOrder(
            "http://a.com/1", 9, "http://a.com/2", 8, "http://a.com/3", 7, "http://b.com/1", 6);
    assertEquals(
        List.of("http://a.com/1", "http://b.com/1", "http://a.com/2", "http://a.com/3"), urls(out));
    assertEquals(
        4,
        reduce
            .getCounters()
            .findCounter(GenerateCounter.SELECTED.group(), GenerateCounter.SELECTED.counterName())
            .getValue());
  }

  @Test
  public void appliesTheHostCapAndTopNAsTheSelectReducerDoes() throws IOException {
    reduce.getConfiguration().setInt(GeneratorKeys.MAX_COUNT, 1);
    reduce.getConfiguration().setLong(GeneratorKeys.TOP_N, 2);
    List<Pair<Text, CrawlDatum>> out =
        reduceInOrder(
            "http://a.com/1", 9, "http://a.com/2", 8, "http://b.com/1", 7, "http://c.com/1", 6);
    assertEquals(List.of("http://a.com/1", "http://b.com/1"), urls(out));
    assertEquals(1, skipped(SkipReason.HOST_CAP));
    assertEquals(1, skipped(SkipReason.TOP_N));
  }

  @Test
  public void marksEachDatumWithTheGenerateTime() throws IOException {
    reduce.getConfiguration().setLong(GeneratorKeys.TIME, 1234L);
    List<Pair<Text, CrawlDatum>> out = reduceInOrder("http://a.com/1", 9);
    assertEquals(1234L, out.get(0).getSecond().getMetaLong(MetadataKeys.GENERATE_TIME, -1));
  }

  private long skipped(SkipReason reason) {
    return reduce.getCounters().findCounter(reason.group(), reason.counterName()).getValue();
  }
}
