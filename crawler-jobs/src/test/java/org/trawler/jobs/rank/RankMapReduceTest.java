package org.trawler.jobs.rank;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.FloatWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.jobs.rank.RankRecord.Edge;

/** rank's mappers and reducers under MRUnit. */
public class RankMapReduceTest {

  private static Text url(String u) {
    return new Text(u);
  }

  private static String counter(RankCounter c) {
    return c.counterName();
  }

  @Test
  public void graphMapperTurnsEntriesIntoNodesAndParsesIntoTheirSegmentsLinks() throws IOException {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "t");
    Outlink nofollow = new Outlink("http://b/", "b");
    nofollow.getMeta().put(Outlink.META_NOFOLLOW, "true");
    parse
        .getOutlinks()
        .addAll(
            List.of(
                new Outlink("http://a/", "self"),
                new Outlink("http://a/x", "x"),
                nofollow,
                new Outlink("http://c/", "c"),
                new Outlink("http://a/x", "again")));
    MapDriver<Text, org.apache.hadoop.io.Writable, Text, RankRecord> driver =
        MapDriver.newMapDriver(new PageGraphJobs.GraphMapper());
    driver.getConfiguration().setFloat(RankKeys.LINK_INTERNAL, 0.5f);
    driver
        .withMapInputPath(new Path("/crawl/segments/20261129/parse_data/part-r-00000/data"))
        .withInput(url("http://a/"), new CrawlDatum(CrawlStatus.DB_FETCHED, 60, 1f))
        .withInput(url("http://a/"), parse)
        .withOutput(url("http://a/"), RankRecord.node())
        .withOutput(
            url("http://a/"),
            RankRecord.page(
                "20261129", List.of(new Edge("http://a/x", 0.5f), new Edge("http://c/", 1f))))
        .withCounter(RankCounter.GROUP, counter(RankCounter.PAGES), 1)
        .withCounter(RankCounter.GROUP, counter(RankCounter.SELF_LINKS), 1)
        .withCounter(RankCounter.GROUP, counter(RankCounter.NOFOLLOW_LINKS), 1)
        .withCounter(RankCounter.GROUP, counter(RankCounter.INTERNAL_LINKS_DROPPED), 0)
        .runTest();
  }

  @Test
  public void graphMapperTurnsAFetchedRedirectIntoOneLinkToItsTarget() throws IOException {
    CrawlDatum redirect = new CrawlDatum(CrawlStatus.FETCH_REDIR_PERM, 60, 1f);
    redirect.putMeta(MetadataKeys.REDIRECT_TARGET, "/new");
    MapDriver<Text, org.apache.hadoop.io.Writable, Text, RankRecord> driver =
        MapDriver.newMapDriver(new PageGraphJobs.GraphMapper());
    driver
        .withMapInputPath(new Path("/crawl/segments/20261130/crawl_fetch/part-r-00000/data"))
        .withInput(url("http://a/old"), redirect)
        .withInput(url("http://a/page"), new CrawlDatum(CrawlStatus.FETCH_SUCCESS, 60, 1f))
        .withOutput(
            url("http://a/old"), RankRecord.page("20261130", List.of(new Edge("http://a/new", 1f))))
        .withCounter(RankCounter.GROUP, counter(RankCounter.REDIRECTS), 1)
        .withCounter(RankCounter.GROUP, counter(RankCounter.SELF_LINKS), 0)
        .withCounter(RankCounter.GROUP, counter(RankCounter.PAGES), 0)
        .runTest();
  }

  @Test
  public void sourceReducerWritesAKnownPageAndTheLinksOfItsNewestParse() throws IOException {
    ReduceDriver.newReduceDriver(new PageGraphJobs.SourceReducer())
        .withInput(
            url("http://a/"),
            List.of(
                RankRecord.page("20261129", List.of(new Edge("http://new/", 1f))),
                RankRecord.node(),
                RankRecord.page("20261128", List.of(new Edge("http://old/", 1f)))))
        .withInput(
            url("http://gone/"), List.of(RankRecord.page("20261129", List.of(new Edge("x", 1f)))))
        .withInput(url("http://unfetched/"), List.of(RankRecord.node()))
        .withOutput(url("http://a/"), RankRecord.node())
        .withOutput(url("http://new/"), RankRecord.link("http://a/", 1f))
        .withOutput(url("http://unfetched/"), RankRecord.node())
        .withCounter(RankCounter.GROUP, counter(RankCounter.PAGES_WITH_OUTLINKS), 1)
        .withCounter(RankCounter.GROUP, counter(RankCounter.PARSES_NOT_IN_CRAWLDB), 1)
        .runTest();
  }

  @Test
  public void targetReducerKeepsOnlyLinksToKnownPagesUnderTheirSource() throws IOException {
    ReduceDriver.newReduceDriver(new PageGraphJobs.TargetReducer())
        .withInput(
            url("http://b/"),
            List.of(
                RankRecord.link("http://a/", 1f),
                RankRecord.node(),
                RankRecord.link("http://c/", 0.5f)))
        .withInput(url("http://filtered/"), List.of(RankRecord.link("http://a/", 1f)))
        .withOutput(url("http://b/"), RankRecord.node())
        .withOutput(url("http://a/"), RankRecord.link("http://b/", 1f))
        .withOutput(url("http://c/"), RankRecord.link("http://b/", 0.5f))
        .withCounter(RankCounter.GROUP, counter(RankCounter.LINKS), 2)
        .withCounter(RankCounter.GROUP, counter(RankCounter.LINKS_TO_UNKNOWN), 1)
        .runTest();
  }

  @Test
  public void nodeReducerGivesEveryPageTheSameStartAndCountsDanglingPages() throws IOException {
    ReduceDriver<Text, RankRecord, Text, RankRecord> driver =
        ReduceDriver.newReduceDriver(new PageGraphJobs.NodeReducer());
    driver.getConfiguration().setLong(RankKeys.INTERNAL_NODES, 4);
    driver
        .withInput(
            url("http://a/"),
            List.of(
                RankRecord.node(),
                RankRecord.link("http://b/", 1f),
                RankRecord.link("http://c/", 0.5f)))
        .withInput(url("http://d/"), List.of(RankRecord.node()))
        .withOutput(
            url("http://a/"),
            RankRecord.node(0.25, List.of(new Edge("http://b/", 1f), new Edge("http://c/", 0.5f))))
        .withOutput(url("http://d/"), RankRecord.node(0.25, List.of()))
        .withCounter(RankCounter.GROUP, counter(RankCounter.DANGLING_PAGES), 1)
        .runTest();
  }

  @Test
  public void shareMapperSendsTheRankAlongTheLinksByWeight() throws IOException {
    RankRecord a =
        RankRecord.node(0.3, List.of(new Edge("http://b/", 2f), new Edge("http://c/", 1f)));
    MapDriver.newMapDriver(new RankIteration.ShareMapper())
        .withInput(url("http://a/"), a)
        .withInput(url("http://d/"), RankRecord.node(0.1, List.of()))
        .withOutput(url("http://a/"), a)
        .withOutput(url("http://b/"), RankRecord.share(0.3 * 2 / 3))
        .withOutput(url("http://c/"), RankRecord.share(0.3 * 1 / 3))
        .withOutput(url("http://d/"), RankRecord.node(0.1, List.of()))
        .runTest();
  }

  @Test
  public void rankReducerAddsTeleportInflowAndDanglingShareAndCountsTheChange() throws IOException {
    ReduceDriver<Text, RankRecord, Text, RankRecord> driver =
        ReduceDriver.newReduceDriver(new RankIteration.RankReducer());
    driver.getConfiguration().setLong(RankKeys.INTERNAL_NODES, 4);
    driver.getConfiguration().set(RankKeys.INTERNAL_DANGLING, "0.2");
    driver.getConfiguration().set("rank.damping", "0.5");
    List<Edge> out = List.of(new Edge("http://b/", 1f));
    // a: 0.5/4 + 0.5 * (0.1 + 0.3 + 0.2/4) = 0.35; d (dangling): 0.125 + 0.5 * 0.05 = 0.15
    driver
        .withInput(
            url("http://a/"),
            List.of(RankRecord.share(0.1), RankRecord.node(0.25, out), RankRecord.share(0.3)))
        .withInput(url("http://d/"), List.of(RankRecord.node(0.25, List.of())))
        .withCounter(RankCounter.GROUP, counter(RankCounter.L1_CHANGE), RankCounter.units(0.2))
        .withCounter(
            RankCounter.GROUP, counter(RankCounter.DANGLING_MASS), RankCounter.units(0.15));
    List<org.apache.hadoop.mrunit.types.Pair<Text, RankRecord>> result = driver.run();
    assertEquals(2, result.size());
    assertEquals(0.35, result.get(0).getSecond().value(), 1e-12);
    assertEquals(out, result.get(0).getSecond().edges());
    assertEquals(0.15, result.get(1).getSecond().value(), 1e-12);
    assertEquals(
        RankCounter.units(0.2),
        driver
            .getCounters()
            .findCounter(RankCounter.GROUP, counter(RankCounter.L1_CHANGE))
            .getValue(),
        1);
    assertEquals(
        RankCounter.units(0.15),
        driver
            .getCounters()
            .findCounter(RankCounter.GROUP, counter(RankCounter.DANGLING_MASS))
            .getValue(),
        1);
  }

  @Test
  public void joinMapperWrapsEntriesAndRanks() throws IOException {
    CrawlDatum datum = new CrawlDatum(CrawlStatus.DB_FETCHED, 60, 1f);
    RankRecord rank = RankRecord.node(0.5, List.of());
    List<org.apache.hadoop.mrunit.types.Pair<Text, RankJoin>> out =
        MapDriver.newMapDriver(new RankWrite.JoinMapper())
            .withInput(url("http://a/"), datum)
            .withInput(url("http://a/"), rank)
            .run();
    assertEquals(datum, out.get(0).getSecond().get());
    assertEquals(rank, out.get(1).getSecond().get());
  }

  @Test
  public void scoreReducerWritesTheRankInUnitsOfTheAveragePage() throws IOException {
    ReduceDriver<Text, RankJoin, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new RankWrite.ScoreReducer());
    driver.getConfiguration().setLong(RankKeys.INTERNAL_NODES, 4);
    CrawlDatum datum = new CrawlDatum(CrawlStatus.DB_FETCHED, 60, 3f);
    CrawlDatum ranked = new CrawlDatum(datum);
    ranked.getMetadata().put(MetadataKeys.PAGE_RANK, new FloatWritable(2f));
    driver
        .withInput(
            url("http://a/"),
            List.of(new RankJoin(RankRecord.node(0.5, List.of())), new RankJoin(datum)))
        .withOutput(url("http://a/"), ranked)
        .withCounter(RankCounter.GROUP, counter(RankCounter.URLS_RANKED), 1)
        .runTest();
  }

  @Test
  public void segmentIsReadFromTheParseDataPath() {
    assertEquals(
        "20261129040538",
        PageGraphJobs.segmentOf(
            new Path("file:/c/segments/20261129040538/parse_data/part-r-00000/data")));
    assertEquals("", PageGraphJobs.segmentOf(new Path("/c/crawldb/current/part-r-00000/data")));
    Path fetch = new Path("/c/segments/20261130/crawl_fetch/part-r-00000/data");
    assertEquals("20261130", PageGraphJobs.segmentOf(fetch));
    assertTrue(PageGraphJobs.isFetchPart(fetch));
    assertFalse(
        PageGraphJobs.isFetchPart(new Path("/c/segments/20261130/parse_data/part-r-00000/data")));
  }
}
