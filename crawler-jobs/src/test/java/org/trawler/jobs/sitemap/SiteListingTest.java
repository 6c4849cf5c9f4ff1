package org.trawler.jobs.sitemap;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.jobs.hostdb.HostDbKeys;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.politeness.PolitenessKeys;

/** The sitemap job's listing pass under MRUnit: sites once each, given sitemaps, skips, groups. */
public class SiteListingTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private static Pair<Text, Text> pair(String site, String value) {
    return new Pair<>(new Text(site), new Text(value));
  }

  @Test
  public void eachSiteOfTheCrawldbIsEmittedOnceAndOnlyHttpSites() throws IOException {
    MapDriver<Text, CrawlDatum, Text, Text> driver =
        MapDriver.newMapDriver(new SiteListing.SiteMapper());
    CrawlDatum d = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 0, 1f);
    for (String url :
        List.of(
            "http://a.test/",
            "http://a.test/x",
            "http://a.test:8080/",
            "ftp://b.test/file",
            "https://b.test/",
            "https://b.test/y")) {
      driver.withInput(new Text(url), d);
    }
    List<Pair<Text, Text>> out = driver.run();
    assertEquals(
        List.of(
            pair("http://a.test", ""), pair("http://a.test:8080", ""), pair("https://b.test", "")),
        out);
  }

  @Test
  public void givenSitemapUrlsAreKeyedByTheirSiteAndCommentsAndJunkSkipped() throws IOException {
    MapDriver<LongWritable, Text, Text, Text> driver =
        MapDriver.newMapDriver(new SiteListing.GivenMapper());
    driver.withInput(new LongWritable(0), new Text(" http://c.test/sitemap.xml "));
    driver.withInput(new LongWritable(1), new Text("# a comment"));
    driver.withInput(new LongWritable(2), new Text(""));
    driver.withInput(new LongWritable(3), new Text("not a url"));
    assertEquals(List.of(pair("http://c.test", "http://c.test/sitemap.xml")), driver.run());
  }

  @Test
  public void aSiteListLineMarksItsSiteDone() throws IOException {
    MapDriver<LongWritable, Text, Text, Text> driver =
        MapDriver.newMapDriver(new SiteListing.DoneMapper());
    driver.withInput(new LongWritable(0), new Text("http://a.test\thttp://a.test/s.xml"));
    driver.withInput(new LongWritable(1), new Text("http://b.test\t"));
    assertEquals(
        List.of(pair("http://a.test", SiteListing.DONE), pair("http://b.test", SiteListing.DONE)),
        driver.run());
  }

  @Test
  public void theReducerListsASiteWithItsGivenSitemapsOnce() throws IOException {
    ReduceDriver<Text, Text, Text, Text> driver =
        ReduceDriver.newReduceDriver(new SiteListing.SiteReducer());
    driver.withInput(
        new Text("http://a.test"),
        List.of(new Text(""), new Text("http://a.test/s.xml"), new Text("http://a.test/s.xml")));
    driver.withInput(new Text("http://b.test"), List.of(new Text("")));
    assertEquals(
        List.of(pair("http://a.test", "http://a.test/s.xml"), pair("http://b.test", "")),
        driver.run());
    assertEquals(2, SitemapCounter.SITES.valueIn(driver.getCounters()));
  }

  @Test
  public void theCombinerKeepsEachValueOfASiteOnce() throws IOException {
    ReduceDriver<Text, Text, Text, Text> driver =
        ReduceDriver.newReduceDriver(new SiteListing.DistinctCombiner());
    driver.withInput(
        new Text("http://a.test"),
        List.of(new Text(""), new Text(""), new Text(SiteListing.DONE), new Text("")));
    assertEquals(
        List.of(
            new Pair<>(new Text("http://a.test"), new Text("")),
            new Pair<>(new Text("http://a.test"), new Text(SiteListing.DONE))),
        driver.run());
  }

  @Test
  public void aSiteAnEarlierRunReadIsLeftOut() throws IOException {
    ReduceDriver<Text, Text, Text, Text> driver =
        ReduceDriver.newReduceDriver(new SiteListing.SiteReducer());
    driver.withInput(new Text("http://a.test"), List.of(new Text(""), new Text(SiteListing.DONE)));
    assertEquals(List.of(), driver.run());
    assertEquals(1, SitemapCounter.SITES_DONE.valueIn(driver.getCounters()));
    assertEquals(0, SitemapCounter.SITES.valueIn(driver.getCounters()));
  }

  @Test
  public void aHostGenerateSkipsIsLeftOutOnlyUntilTheFailureDelayHasPassed() throws IOException {
    long now = System.currentTimeMillis();
    Path hostDb = new Path(tmp.getRoot().getPath(), "hostdb");
    Configuration conf = new Configuration();
    try (SequenceFile.Writer w =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(new Path(hostDb, "part-r-00000")),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(HostDatum.class))) {
      HostDatum dead = new HostDatum();
      dead.setFailedRounds(4, now - 10_000);
      w.append(new Text("dead.test"), dead);
    }
    for (long delaySeconds : new long[] {3600, 5}) {
      ReduceDriver<Text, Text, Text, Text> driver =
          ReduceDriver.newReduceDriver(new SiteListing.SiteReducer());
      Configuration jc = driver.getConfiguration();
      HostKnowledgeReader.handOver(jc, hostDb, List.of());
      jc.setInt(HostDbKeys.HOST_MAX_FAILURES, 3);
      jc.setLong(HostDbKeys.HOST_FAILURE_DELAY, delaySeconds);
      driver.withInput(new Text("http://dead.test"), List.of(new Text("")));
      driver.withInput(new Text("http://live.test"), List.of(new Text("")));
      Set<String> sites = new TreeSet<>();
      for (Pair<Text, Text> p : driver.run()) {
        sites.add(p.getFirst().toString());
      }
      if (delaySeconds == 3600) {
        assertEquals(Set.of("http://live.test"), sites);
        assertEquals(1, SitemapCounter.SITES_SKIPPED.valueIn(driver.getCounters()));
      } else {
        assertEquals(Set.of("http://dead.test", "http://live.test"), sites);
      }
    }
  }

  @Test
  public void theSitesOfOneDomainGoToOneListByDomainAndMaySpreadByHost() {
    Configuration conf = new Configuration();
    conf.set(PolitenessKeys.PARTITION_MODE, "byDomain");
    SiteListing.SitePartitioner byDomain = new SiteListing.SitePartitioner();
    byDomain.setConf(conf);
    SiteListing.SitePartitioner byHost = new SiteListing.SitePartitioner();
    byHost.setConf(new Configuration());
    Set<Integer> domainLists = new TreeSet<>();
    Set<Integer> hostLists = new TreeSet<>();
    for (int i = 0; i < 50; i++) {
      Text site = new Text("http://h" + i + ".example.com");
      domainLists.add(byDomain.getPartition(site, new Text(""), 8));
      hostLists.add(byHost.getPartition(site, new Text(""), 8));
    }
    assertEquals(1, domainLists.size());
    assertNotEquals(1, hostLists.size());
    assertEquals(
        byHost.getPartition(new Text("http://a.test"), new Text(""), 8),
        byHost.getPartition(new Text("https://a.test:8443"), new Text(""), 8));
  }
}
