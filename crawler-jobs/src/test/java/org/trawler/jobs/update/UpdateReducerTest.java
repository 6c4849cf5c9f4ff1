package org.trawler.jobs.update;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.trawler.jobs.update.Datums.HOUR;
import static org.trawler.jobs.update.Datums.NOW;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.jobs.update.UpdateDb.UpdateMapper;
import org.trawler.jobs.update.UpdateDb.UpdateReducer;

public class UpdateReducerTest {
  private static final Text URL = new Text("http://a.example/page");

  private static ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver(
      Configuration conf, CrawlDatum... values) {
    return ReduceDriver.newReduceDriver(new UpdateReducer())
        .withConfiguration(conf)
        .withInput(URL, Arrays.asList(values));
  }

  private static CrawlDatum tagged(CrawlDatum datum, String segment) {
    URLRecords.tag(datum, segment);
    return datum;
  }

  private static long counter(Counters counters, String group, String name) {
    return counters.findCounter(group, name).getValue();
  }

  @Test
  public void fetchedPageBecomesFetchedAndIsCountedByStatus() throws IOException {
    CrawlDatum old = Datums.old(CrawlStatus.DB_UNFETCHED);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(
            Datums.conf(),
            old,
            tagged(Datums.fetch(old, CrawlStatus.FETCH_SUCCESS, NOW - HOUR), "s1"),
            tagged(Datums.signature(5), "s1"),
            Datums.linked(0.5f, 0));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    assertEquals(1, out.size());
    CrawlDatum result = out.get(0).getSecond();
    assertEquals("db_fetched", result.statusLabel());
    assertArrayEquals(new byte[] {5}, result.getSignature());
    assertEquals(1.5f, result.getScore(), 1e-6);
    assertEquals(0, result.getDepth());
    assertTrue(!result.getMetadata().containsKey(URLRecords.SEGMENT_TAG));
    assertEquals(1, counter(driver.getCounters(), UpdateCounter.STATUS_GROUP, "db_fetched"));
    assertEquals(
        0,
        counter(driver.getCounters(), UpdateCounter.GROUP, UpdateCounter.URLS_NEW.counterName()));
  }

  @Test
  public void linkedUrlIsAddedAsNewAndDueNow() throws IOException {
    long before = System.currentTimeMillis();
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(Datums.conf(), Datums.linked(0.25f, 3), Datums.linked(0.25f, 2));
    List<Pair<Text, CrawlDatum>> out = driver.run();
    CrawlDatum result = out.get(0).getSecond();
    assertEquals("db_unfetched", result.statusLabel());
    assertEquals(0.5f, result.getScore(), 1e-6);
    assertEquals(2, result.getDepth());
    assertTrue(
        result.getFetchTime() >= before && result.getFetchTime() <= System.currentTimeMillis());
    assertEquals(
        1,
        counter(driver.getCounters(), UpdateCounter.GROUP, UpdateCounter.URLS_NEW.counterName()));
    assertEquals(1, counter(driver.getCounters(), UpdateCounter.STATUS_GROUP, "db_unfetched"));
  }

  @Test
  public void newerOfTwoSegmentsFetchesWins() throws IOException {
    CrawlDatum old = Datums.old(CrawlStatus.DB_FETCHED);
    List<Pair<Text, CrawlDatum>> out =
        driver(
                Datums.conf(),
                tagged(Datums.fetch(old, CrawlStatus.FETCH_SUCCESS, NOW - HOUR), "newer"),
                tagged(Datums.signature(2), "newer"),
                old,
                tagged(Datums.signature(1), "older"),
                tagged(Datums.fetch(old, CrawlStatus.FETCH_GONE, NOW - 9 * HOUR), "older"))
            .run();
    CrawlDatum result = out.get(0).getSecond();
    assertEquals("db_fetched", result.statusLabel());
    assertArrayEquals(new byte[] {2}, result.getSignature());
    assertEquals(NOW - HOUR + Datums.INTERVAL * 1000L, result.getFetchTime());
  }

  @Test
  public void unexpectedRecordIsCountedAndTheUrlStillUpdated() throws IOException {
    CrawlDatum old = Datums.old(CrawlStatus.DB_FETCHED);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        driver(Datums.conf(), old, new CrawlDatum(CrawlStatus.INJECTED, 0, 1f));
    driver.withOutput(URL, old).runTest();
    assertEquals(
        1,
        counter(
            driver.getCounters(),
            UpdateCounter.GROUP,
            UpdateCounter.RECORDS_UNEXPECTED.counterName()));
  }

  @Test
  public void withoutAdditionsALinkedUrlIsNotWritten() throws IOException {
    Configuration conf = Datums.conf();
    conf.setBoolean(UpdateKeys.ADDITIONS_ALLOWED, false);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver = driver(conf, Datums.linked(1f, 1));
    driver.runTest();
    assertEquals(
        1,
        counter(
            driver.getCounters(), UpdateCounter.GROUP, UpdateCounter.URLS_NOT_ADDED.counterName()));
  }

  @Test
  public void redirectUpdatesTheSourceAndAddsTheTarget() throws IOException {
    CrawlDatum old = Datums.old(CrawlStatus.DB_UNFETCHED);
    CrawlDatum redirect = Datums.fetch(old, CrawlStatus.FETCH_REDIR_PERM, NOW - HOUR);
    redirect.putMeta(MetadataKeys.REDIRECT_TARGET, "http://a.example/moved");
    MapReduceDriver<Text, CrawlDatum, Text, CrawlDatum, Text, CrawlDatum> driver =
        MapReduceDriver.newMapReduceDriver(new UpdateMapper(), new UpdateReducer())
            .withConfiguration(Datums.conf());
    List<Pair<Text, CrawlDatum>> out = driver.withInput(URL, old).withInput(URL, redirect).run();
    assertEquals(2, out.size());
    assertEquals("http://a.example/moved", out.get(0).getFirst().toString());
    assertEquals("db_unfetched", (out.get(0).getSecond().getStatus()).label());
    assertEquals(1, out.get(0).getSecond().getDepth());
    assertEquals(URL, out.get(1).getFirst());
    assertEquals("db_redir_perm", (out.get(1).getSecond().getStatus()).label());
    assertEquals(
        "http://a.example/moved",
        out.get(1).getSecond().getMetaString(MetadataKeys.REDIRECT_TARGET));
  }

  @Test
  public void metaRefreshPageBecomesATemporaryRedirectAndItsTargetNew() throws IOException {
    CrawlDatum old = Datums.old(CrawlStatus.DB_FETCHED);
    CrawlDatum fetch = tagged(Datums.fetch(old, CrawlStatus.FETCH_SUCCESS, NOW), "s1");
    CrawlDatum signature = tagged(Datums.signature(7), "s1");
    CrawlDatum refresh = tagged(Datums.refresh("http://a.example/new", false, 1f, 1), "s1");
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> page =
        driver(Datums.conf(), old, fetch, signature, refresh);
    List<Pair<Text, CrawlDatum>> out = page.run();
    CrawlDatum result = out.get(0).getSecond();
    assertEquals("db_redir_temp", result.statusLabel());
    assertEquals("http://a.example/new", result.getMetaString(MetadataKeys.REDIRECT_TARGET));
    assertEquals(NOW + Datums.INTERVAL * 1000L, result.getFetchTime());
    assertEquals(1, counter(page.getCounters(), UpdateCounter.STATUS_GROUP, "db_redir_temp"));
    assertEquals(0, counter(page.getCounters(), UpdateCounter.GROUP, "records_unexpected"));
  }

  @Test
  public void aHostAtItsUrlCapGetsNoNewUrlItsOldOnesStay() throws IOException {
    Configuration conf = Datums.conf();
    conf.setInt(UpdateKeys.MAX_URLS_PER_HOST, 3);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new UpdateReducer()).withConfiguration(conf);
    Text count = HostUrlCap.countKey("http://trap.example/");
    // keys in the reducer's order: the count key first, then the URLs, new and old mixed
    driver.withInput(count, Arrays.asList(new CrawlDatum(), new CrawlDatum()));
    driver.withInput(new Text("http://trap.example/a"), Arrays.asList(Datums.linked(0.5f, 1)));
    driver.withInput(new Text("http://trap.example/b"), Arrays.asList(Datums.linked(0.5f, 1)));
    driver.withInput(
        new Text("http://trap.example/c"),
        Arrays.asList(Datums.old(CrawlStatus.DB_FETCHED), Datums.linked(0.5f, 1)));
    driver.withInput(
        new Text("http://trap.example/d"), Arrays.asList(Datums.old(CrawlStatus.DB_UNFETCHED)));
    driver.withInput(new Text("http://other.example/"), Arrays.asList(Datums.linked(0.5f, 1)));
    List<String> urls = new java.util.ArrayList<>();
    for (Pair<Text, CrawlDatum> p : driver.run()) {
      urls.add(p.getFirst().toString());
    }
    assertEquals(
        List.of(
            "http://trap.example/a",
            "http://trap.example/c",
            "http://trap.example/d",
            "http://other.example/"),
        urls);
    Counters c = driver.getCounters();
    assertEquals(1, counter(c, UpdateCounter.GROUP, "urls_over_host_cap"));
    assertEquals(2, counter(c, UpdateCounter.GROUP, "urls_new"));
  }

  @Test
  public void aDomainAtItsUrlCapGetsNoNewUrlOnAnyOfItsHosts() throws IOException {
    Configuration conf = Datums.conf();
    conf.setInt(UpdateKeys.MAX_URLS_PER_DOMAIN, 3);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new UpdateReducer()).withConfiguration(conf);
    // the count keys of the domain's hosts come first, then the URLs
    driver.withInput(HostUrlCap.countKey("http://a.trap.example.com/"), List.of(new CrawlDatum()));
    driver.withInput(HostUrlCap.countKey("http://b.trap.example.com/"), List.of(new CrawlDatum()));
    driver.withInput(new Text("http://a.trap.example.com/new"), List.of(Datums.linked(0.5f, 1)));
    driver.withInput(new Text("http://c.trap.example.com/new"), List.of(Datums.linked(0.5f, 1)));
    driver.withInput(
        new Text("http://d.trap.example.com/old"), List.of(Datums.old(CrawlStatus.DB_FETCHED)));
    driver.withInput(new Text("http://other.example/"), List.of(Datums.linked(0.5f, 1)));
    List<String> urls = new java.util.ArrayList<>();
    for (Pair<Text, CrawlDatum> p : driver.run()) {
      urls.add(p.getFirst().toString());
    }
    assertEquals(
        List.of(
            "http://a.trap.example.com/new",
            "http://d.trap.example.com/old",
            "http://other.example/"),
        urls);
    Counters c = driver.getCounters();
    assertEquals(1, counter(c, UpdateCounter.GROUP, "urls_over_domain_cap"));
    assertEquals(0, counter(c, UpdateCounter.GROUP, "urls_over_host_cap"));
  }
}
