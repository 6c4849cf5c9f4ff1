package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.List;
import java.util.OptionalLong;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;

/** updatehostdb's probe mapper and the merge of probe answers, under MRUnit. */
public class Soft404MapReduceTest {

  @Test
  public void probeMapperKeysTheAnswerByHost() throws IOException {
    MapDriver<Text, HostDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.ProbeMapper());
    driver.withInput(
        new Text("http://A.test/qwertyuiopasdfghjklz.html"),
        Soft404.answer(HostDatum.Soft404.PAGE, OptionalLong.of(0xfeedL), 500));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals("a.test", out.get(0).getFirst().toString());
    assertEquals(HostPart.Kind.SOFT404, out.get(0).getSecond().kind());
    assertEquals(0xfeedL, out.get(0).getSecond().datum().getSoft404Fingerprint());
    assertEquals(1, HostDbCounter.SOFT404_PROBES.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerKeepsTheNewestProbeAnswerOverThePreviousOne() throws IOException {
    HostDatum previous = new HostDatum();
    previous.addUrls(CrawlStatus.DB_FETCHED, 1);
    previous.setSoft404(HostDatum.Soft404.REAL_404, 0, 100);
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    driver.withInput(
        new Text("a.test"),
        List.of(
            new HostPart(HostPart.Kind.PREVIOUS, previous),
            HostUpdateTest.url(CrawlStatus.DB_FETCHED),
            new HostPart(
                HostPart.Kind.SOFT404,
                Soft404.answer(HostDatum.Soft404.PAGE, OptionalLong.of(0xbeefL), 900)),
            new HostPart(
                HostPart.Kind.SOFT404,
                Soft404.answer(HostDatum.Soft404.OTHER, OptionalLong.empty(), 800))));
    driver.withInput(
        new Text("b.test"),
        List.of(
            new HostPart(HostPart.Kind.PREVIOUS, previous),
            HostUpdateTest.url(CrawlStatus.DB_FETCHED)));
    List<Pair<Text, HostDatum>> out = driver.run();
    assertEquals(2, out.size());
    HostDatum a = out.get(0).getSecond();
    assertEquals(HostDatum.Soft404.PAGE, a.getSoft404());
    assertEquals(0xbeefL, a.getSoft404Fingerprint());
    assertEquals(900, a.getSoft404Time());
    HostDatum b = out.get(1).getSecond(); // not probed this round: its answer stays
    assertEquals(HostDatum.Soft404.REAL_404, b.getSoft404());
    assertEquals(100, b.getSoft404Time());
  }
}
