package org.trawler.jobs.rank.host;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.Inlinks;
import org.trawler.jobs.hostdb.HostPart;

/** hostrank's mappers and reducers under MRUnit. */
public class HostRankMapReduceTest {

  private static <V> List<String> describe(List<Pair<Text, V>> output) {
    List<String> lines = new ArrayList<>();
    for (Pair<Text, V> p : output) {
      lines.add(p.getFirst() + " " + p.getSecond());
    }
    return lines;
  }

  @Test
  public void graphMapperSendsEachLinkBetweenHostsAndTheLinkedHost() throws IOException {
    MapDriver<Text, Inlinks, Text, Text> driver =
        MapDriver.newMapDriver(new HostRank.GraphMapper());
    Inlinks in = new Inlinks();
    in.add("http://a.test/x", "");
    in.add("http://B.test/y", "");
    in.add("http://c.test/self", "");
    in.add("mailto:nobody", "");
    driver.withInput(new Text("http://c.test/page"), in);
    driver.withInput(new Text("no-host"), new Inlinks());
    assertEquals(List.of("c.test ", "a.test c.test", "b.test c.test"), describe(driver.run()));
    assertEquals(4, HostRankCounter.LINKS.valueIn(driver.getCounters()));
    assertEquals(2, HostRankCounter.NO_HOST.valueIn(driver.getCounters()));
  }

  @Test
  public void graphReducerKeepsEachLinkedHostOnce() throws IOException {
    ReduceDriver<Text, Text, Text, HostNode> driver =
        ReduceDriver.newReduceDriver(new HostRank.GraphReducer());
    driver.withInput(
        new Text("a.test"),
        List.of(new Text("c.test"), new Text(""), new Text("b.test"), new Text("c.test")));
    driver.withInput(new Text("b.test"), List.of(new Text("")));
    assertEquals(
        List.of(
            "a.test NODE targets=[b.test, c.test] hosts~1.0 harmonic=0.000 rank=1.0000",
            "b.test NODE targets=[] hosts~1.0 harmonic=0.000 rank=1.0000"),
        describe(driver.run()));
    assertEquals(2, HostRankCounter.HOSTS.valueIn(driver.getCounters()));
    assertEquals(2, HostRankCounter.EDGES.valueIn(driver.getCounters()));
    assertEquals(1_000_000, HostRankCounter.DANGLING_RANK_MICROS.valueIn(driver.getCounters()));
  }

  @Test
  public void spreadMapperSendsTheNodeToItselfAndItsCounterAlongEachLink() throws IOException {
    MapDriver<Text, HostNode, Text, HostNode> driver =
        MapDriver.newMapDriver(new HostRank.SpreadMapper());
    driver.withInput(
        new Text("a.test"), HostRankStep.start("a.test", List.of("b.test", "c.test"), 7));
    assertEquals(
        List.of(
            "a.test NODE targets=[b.test, c.test] hosts~1.0 harmonic=0.000 rank=1.0000",
            "b.test MESSAGE targets=[] hosts~1.0 harmonic=0.000 rank=0.5000",
            "c.test MESSAGE targets=[] hosts~1.0 harmonic=0.000 rank=0.5000"),
        describe(driver.run()));
  }

  @Test
  public void gatherReducerUnitesTheCountersAndStepsPageRank() throws IOException {
    ReduceDriver<Text, HostNode, Text, HostNode> driver =
        ReduceDriver.newReduceDriver(new HostRank.GatherReducer());
    driver.getConfiguration().setInt(HostRankKeys.INTERNAL_ITERATION, 1);
    driver.getConfiguration().setLong(HostRankKeys.INTERNAL_HOSTS, 4);
    driver.getConfiguration().setDouble(HostRankKeys.INTERNAL_DANGLING, 2.0); // 0.5 a host
    HostNode a = HostRankStep.start("a.test", List.of("c.test"), 7);
    HostNode b = HostRankStep.start("b.test", List.of("c.test", "d.test"), 7);
    driver.withInput(
        new Text("c.test"),
        List.of(
            HostRankStep.message(a),
            HostRankStep.start("c.test", List.of(), 7),
            HostRankStep.message(b)));
    driver.withInput(new Text("gone.test"), List.of(HostRankStep.message(a)));
    List<Pair<Text, HostNode>> out = driver.run();
    assertEquals(1, out.size());
    HostNode c = out.get(0).getSecond();
    assertEquals(3, new HyperLogLog(c.registers()).estimate(), 0.1);
    assertEquals(2, c.harmonic(), 0.1);
    double rank = 0.15 + 0.85 * (1 + 0.5 + 0.5);
    assertEquals(rank, c.rank(), 1e-9);
    assertEquals(1, HostRankCounter.COUNTERS_GROWN.valueIn(driver.getCounters()));
    assertEquals(
        Math.round((rank - 1) * 1e6),
        HostRankCounter.RANK_CHANGE_MICROS.valueIn(driver.getCounters()));
    assertEquals(
        Math.round(rank * 1e6), HostRankCounter.DANGLING_RANK_MICROS.valueIn(driver.getCounters()));
    assertEquals(1, HostRankCounter.NO_NODE.valueIn(driver.getCounters()));
  }

  @Test
  public void rankMapperSendsTheRankFieldsAsARankPart() throws IOException {
    MapDriver<Text, HostNode, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostRank.RankMapper());
    driver.withInput(
        new Text("a.test"), HostNode.node(List.of("b.test"), new byte[128], 2.5, 1.25));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(HostPart.Kind.RANK, out.get(0).getSecond().kind());
    assertEquals(2.5f, out.get(0).getSecond().datum().getHarmonicCentrality(), 0);
    assertEquals(1.25f, out.get(0).getSecond().datum().getHostRank(), 0);
  }

  @Test
  public void storeReducerSetsTheRankOfHostdbHostsOnly() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostRank.StoreReducer());
    HostDatum known = new HostDatum();
    known.addUrls(CrawlStatus.DB_FETCHED, 3);
    HostDatum stale = new HostDatum(known);
    stale.setRank(9, 9);
    HostDatum rank = new HostDatum();
    rank.setRank(2.5f, 1.25f);
    driver.withInput(
        new Text("a.test"),
        List.of(
            new HostPart(HostPart.Kind.RANK, rank), new HostPart(HostPart.Kind.PREVIOUS, known)));
    driver.withInput(new Text("b.test"), List.of(new HostPart(HostPart.Kind.PREVIOUS, stale)));
    driver.withInput(new Text("c.test"), List.of(new HostPart(HostPart.Kind.RANK, rank)));
    List<String> out = describe(driver.run());
    assertEquals(2, out.size());
    assertEquals(
        "a.test db_fetched=3 fetched=0 gone=0 retry=0 dns_failures=0 failed_rounds=0"
            + " response_ms=-1 robots=unknown sitemaps=[] harmonic=2.500 host_rank=1.2500",
        out.get(0));
    assertEquals(
        "b.test db_fetched=3 fetched=0 gone=0 retry=0 dns_failures=0 failed_rounds=0"
            + " response_ms=-1 robots=unknown sitemaps=[]",
        out.get(1));
    assertEquals(1, HostRankCounter.RANKED.valueIn(driver.getCounters()));
    assertEquals(1, HostRankCounter.NOT_IN_HOSTDB.valueIn(driver.getCounters()));
  }
}
