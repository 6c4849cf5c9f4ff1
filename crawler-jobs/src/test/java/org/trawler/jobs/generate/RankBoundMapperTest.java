package org.trawler.jobs.generate;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.DefaultStringifier;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;

public class RankBoundMapperTest {

  private static List<String> urls(List<Pair<Rank, Candidate>> out) {
    List<String> urls = new ArrayList<>();
    for (Pair<Rank, Candidate> p : out) {
      urls.add(p.getFirst().url().toString());
    }
    return urls;
  }

  private static MapDriver<Rank, Candidate, Rank, Candidate> withCandidates() {
    MapDriver<Rank, Candidate, Rank, Candidate> map = MapDriver.newMapDriver(new RankBoundMapper());
    for (int i = 0; i < 5; i++) {
      map.withInput(
          new Rank(0, 10 - i, "http://a.com/" + i), new Candidate(i, Datums.due(0, 10 - i, 0)));
    }
    return map;
  }

  @Test
  public void dropsCandidatesAfterTheBound() throws IOException {
    MapDriver<Rank, Candidate, Rank, Candidate> map = withCandidates();
    DefaultStringifier.store(
        map.getConfiguration(), new Rank(0, 8, "http://a.com/2"), GeneratorKeys.RANK_BOUND);
    assertEquals(List.of("http://a.com/0", "http://a.com/1", "http://a.com/2"), urls(map.run()));
  }

  @Test
  public void withoutABoundPassesEverything() throws IOException {
    assertEquals(5, withCandidates().run().size());
  }
}
