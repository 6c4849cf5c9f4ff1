package org.trawler.jobs.update;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.trawler.jobs.update.Datums.NOW;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.hostdb.HostKnowledgeReader;
import org.trawler.jobs.update.UpdateDb.UpdateMapper;

public class UpdateMapperTest {
  private static final String SEGMENT = "/crawl/segments/20240101000000";
  private static final Text URL = new Text("http://a.example/page");

  private static MapDriver<Text, CrawlDatum, Text, CrawlDatum> driver(
      Configuration conf, String inputFile) {
    return MapDriver.newMapDriver(new UpdateMapper())
        .withConfiguration(conf)
        .withMapInputPath(new Path(inputFile));
  }

  private static CrawlDatum tagged(CrawlDatum datum) {
    CrawlDatum copy = new CrawlDatum(datum);
    URLRecords.tag(copy, SEGMENT);
    return copy;
  }

  @Test
  public void crawlDbEntryPassesThroughUntouched() throws IOException {
    CrawlDatum entry = Datums.old(CrawlStatus.DB_FETCHED);
    driver(Datums.conf(), "/crawl/crawldb/current/part-r-00000/data")
        .withInput(URL, new CrawlDatum(entry))
        .withOutput(URL, entry)
        .runTest();
  }

  @Test
  public void fetchResultIsTaggedWithItsSegment() throws IOException {
    CrawlDatum fetch = Datums.fetch(CrawlStatus.FETCH_SUCCESS, NOW);
    driver(Datums.conf(), SEGMENT + "/crawl_fetch/part-r-00000/data")
        .withInput(URL, new CrawlDatum(fetch))
        .withOutput(URL, tagged(fetch))
        .runTest();
  }

  @Test
  public void signatureIsTaggedAndLinkPassesAsItIs() throws IOException {
    CrawlDatum signature = Datums.signature(1, 2);
    CrawlDatum link = Datums.linked(0.5f, 2);
    Text target = new Text("http://b.example/");
    driver(Datums.conf(), SEGMENT + "/crawl_parse/part-r-00000")
        .withInput(URL, new CrawlDatum(signature))
        .withInput(target, new CrawlDatum(link))
        .withOutput(URL, tagged(signature))
        .withOutput(target, link)
        .runTest();
  }

  @Test
  public void redirectAlsoLinksItsTargetAtTheSameDepth() throws IOException {
    CrawlDatum redirect = Datums.fetch(CrawlStatus.FETCH_REDIR_PERM, NOW);
    redirect.putMeta(MetadataKeys.REDIRECT_TARGET, "/moved");
    redirect.setScore(0.6f);
    redirect.setDepth(2);
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(Datums.conf(), SEGMENT + "/crawl_fetch/part-r-00000/data")
            .withInput(URL, new CrawlDatum(redirect));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    assertEquals(2, out.size());
    assertEquals(URL, out.get(0).getFirst());
    assertEquals("http://a.example/moved", out.get(1).getFirst().toString());
    CrawlDatum link = out.get(1).getSecond();
    assertEquals("linked", link.statusLabel());
    assertEquals(0.6f, link.getScore(), 1e-6);
    assertEquals(2, link.getDepth());
    assertEquals(1, UpdateCounter.REDIRECT_TARGETS.valueIn(driver.getCounters()));
  }

  @Test
  public void redirectToAnotherHostIsDroppedWhenExternalLinksAreIgnored() throws IOException {
    Configuration conf = Datums.conf();
    conf.setBoolean(org.trawler.core.net.NetKeys.IGNORE_EXTERNAL_LINKS, true);
    CrawlDatum redirect = Datums.fetch(CrawlStatus.FETCH_REDIR_TEMP, NOW);
    redirect.putMeta(MetadataKeys.REDIRECT_TARGET, "http://elsewhere.example/");
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(conf, SEGMENT + "/crawl_fetch/part-r-00000/data")
            .withInput(URL, new CrawlDatum(redirect));
    driver.withOutput(URL, tagged(redirect)).runTest();
    assertEquals(1, UpdateCounter.REDIRECT_TARGETS_REJECTED.valueIn(driver.getCounters()));
  }

  @Test
  public void metaRefreshRecordIsTaggedAndLinksItsTargetLikeARedirect() throws IOException {
    CrawlDatum refresh = Datums.refresh("http://a.example/new", false, 0.6f, 2);
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(Datums.conf(), SEGMENT + "/crawl_parse/part-m-00000")
            .withInput(URL, new CrawlDatum(refresh));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    assertEquals(2, out.size());
    assertEquals(URL, out.get(0).getFirst());
    assertEquals(tagged(refresh), out.get(0).getSecond());
    assertEquals("http://a.example/new", out.get(1).getFirst().toString());
    CrawlDatum link = out.get(1).getSecond();
    assertEquals("linked", link.statusLabel());
    assertEquals(0.6f, link.getScore(), 1e-6);
    assertEquals(2, link.getDepth());
    assertEquals(1, UpdateCounter.REDIRECT_TARGETS.valueIn(driver.getCounters()));
  }

  @Test
  public void metaRefreshTargetIsFilteredLikeARedirectTarget() throws IOException {
    Configuration conf = Datums.conf();
    conf.setBoolean(org.trawler.core.net.NetKeys.IGNORE_EXTERNAL_LINKS, true);
    CrawlDatum refresh = Datums.refresh("http://elsewhere.example/", false, 1f, 0);
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(conf, SEGMENT + "/crawl_parse/part-m-00000").withInput(URL, new CrawlDatum(refresh));
    driver.withOutput(URL, tagged(refresh)).runTest();
    assertEquals(1, UpdateCounter.REDIRECT_TARGETS_REJECTED.valueIn(driver.getCounters()));
  }

  @Test
  public void segmentIsFoundFromAnyPartFile() {
    assertEquals(
        "/c/segments/s1",
        UpdateMapper.segmentOf(new Path("/c/segments/s1/crawl_fetch/part-r-00003/data")));
    assertEquals(
        "file:/c/s2", UpdateMapper.segmentOf(new Path("file:/c/s2/crawl_parse/part-m-00000")));
    assertEquals(null, UpdateMapper.segmentOf(new Path("/c/crawldb/current/part-r-00000/data")));
  }

  @Test
  public void withAHostCapACrawlDbEntryIsAlsoCountedUnderItsHostSegmentRecordsAreNot()
      throws IOException {
    Configuration conf = Datums.conf();
    conf.setInt(UpdateKeys.MAX_URLS_PER_HOST, 10);
    CrawlDatum entry = Datums.old(CrawlStatus.DB_FETCHED);
    List<Pair<Text, CrawlDatum>> out =
        driver(conf, "/crawl/crawldb/current/part-r-00000/data")
            .withInput(URL, new CrawlDatum(entry))
            .run();
    assertEquals(2, out.size());
    assertEquals(URL, out.get(0).getFirst());
    assertTrue(HostUrlCap.isCountKey(out.get(1).getFirst()));
    assertEquals("a.example", HostUrlCap.hostOf(out.get(1).getFirst()));
    List<Pair<Text, CrawlDatum>> fromSegment =
        driver(conf, SEGMENT + "/crawl_parse/part-r-00000")
            .withInput(URL, Datums.linked(0.5f, 1))
            .run();
    assertEquals(1, fromSegment.size());
  }

  @org.junit.Rule
  public final org.junit.rules.TemporaryFolder tmp = new org.junit.rules.TemporaryFolder();

  @Test
  public void aCrawlDbUrlWithALearnedIrrelevantParameterSendsALinkToItsTwin() throws IOException {
    org.trawler.core.datum.HostDatum learned = new org.trawler.core.datum.HostDatum();
    learned.setIrrelevantParams(java.util.Map.of("vid", 3));
    Path hostDb =
        org.trawler.jobs.hostdb.HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"), java.util.Map.of("a.example", learned));
    Configuration conf = Datums.conf();
    HostKnowledgeReader.handOver(conf, hostDb, List.of());
    CrawlDatum entry = Datums.old(CrawlStatus.DB_UNFETCHED);
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> d =
        driver(conf, "/crawl/crawldb/current/part-r-00000/data");
    List<Pair<Text, CrawlDatum>> out =
        d.withInput(new Text("http://a.example/page?id=1&vid=k3"), new CrawlDatum(entry))
            .withInput(new Text("http://a.example/page?id=2"), new CrawlDatum(entry))
            .run();
    assertEquals(3, out.size()); // two entries and one twin link
    assertEquals("http://a.example/page?id=1", out.get(0).getFirst().toString());
    assertEquals(CrawlStatus.LINKED, out.get(0).getSecond().getStatus());
    assertEquals(0f, out.get(0).getSecond().getScore(), 0f);
    assertEquals("http://a.example/page?id=1&vid=k3", out.get(1).getFirst().toString());
    assertEquals("http://a.example/page?id=2", out.get(2).getFirst().toString());
    assertEquals(1, UpdateCounter.DUPLICATE_PARAM_TWINS.valueIn(d.getCounters()));
  }

  @Test
  public void aCrawlDbUrlOfANameWaitingForItsWwwHostSendsALinkToItsTwinThere() throws IOException {
    java.util.Map<String, org.trawler.core.datum.HostDatum> hosts = new java.util.HashMap<>();
    for (String name : new String[] {"a.example", "b.example", "c.example", "d.example"}) {
      org.trawler.core.datum.HostDatum www = new org.trawler.core.datum.HostDatum();
      www.addUrls(CrawlStatus.DB_FETCHED, 4);
      hosts.put("www." + name, www);
    }
    for (String name : new String[] {"a.example", "b.example", "c.example"}) {
      org.trawler.core.datum.HostDatum bare = new org.trawler.core.datum.HostDatum();
      bare.addUrls(CrawlStatus.DB_REDIR_PERM, 1);
      hosts.put(name, bare);
    }
    Path hostDb =
        org.trawler.jobs.hostdb.HostDbFiles.write(
            new Path(tmp.getRoot().getPath(), "hostdb"), hosts);
    Configuration conf = Datums.conf();
    HostKnowledgeReader.handOver(conf, hostDb, List.of());
    CrawlDatum entry = Datums.old(CrawlStatus.DB_UNFETCHED);
    MapDriver<Text, CrawlDatum, Text, CrawlDatum> d =
        driver(conf, "/crawl/crawldb/current/part-r-00000/data");
    List<Pair<Text, CrawlDatum>> out =
        d.withInput(new Text("http://d.example:8080/item?id=7"), new CrawlDatum(entry))
            .withInput(new Text("http://www.d.example:8080/"), new CrawlDatum(entry))
            .withInput(new Text("http://e.example/"), new CrawlDatum(entry))
            .run();
    assertEquals(4, out.size()); // three entries and one twin link
    assertEquals("http://www.d.example:8080/item?id=7", out.get(0).getFirst().toString());
    assertEquals(CrawlStatus.LINKED, out.get(0).getSecond().getStatus());
    assertEquals(0f, out.get(0).getSecond().getScore(), 0f);
    assertEquals("http://d.example:8080/item?id=7", out.get(1).getFirst().toString());
    assertEquals("http://www.d.example:8080/", out.get(2).getFirst().toString());
    assertEquals("http://e.example/", out.get(3).getFirst().toString());
    assertEquals(1, UpdateCounter.WWW_TWINS.valueIn(d.getCounters()));
  }
}
