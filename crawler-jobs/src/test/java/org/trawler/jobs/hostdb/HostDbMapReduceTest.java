package org.trawler.jobs.hostdb;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.HostDatum;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.jobs.politeness.PolitenessKeys;

/** updatehostdb's mappers and reducer under MRUnit. */
public class HostDbMapReduceTest {

  private static <V> List<String> describe(List<Pair<Text, V>> output) {
    List<String> lines = new ArrayList<>();
    for (Pair<Text, V> p : output) {
      lines.add(p.getFirst() + " " + p.getSecond());
    }
    return lines;
  }

  @Test
  public void urlMapperCountsEachUrlUnderItsHost() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.UrlMapper());
    driver.withInput(
        new Text("http://A.test:8080/x"), new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f));
    driver.withInput(new Text("no-host"), new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals("a.test", out.get(0).getFirst().toString());
    assertEquals(HostPart.Kind.URLS, out.get(0).getSecond().kind());
    assertEquals(1, HostDbCounter.URLS.valueIn(driver.getCounters()));
    assertEquals(1, HostDbCounter.NO_HOST.valueIn(driver.getCounters()));
  }

  @Test
  public void urlMapperSendsAFetchedPageWithAFingerprintAsEvidence() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.UrlMapper());
    CrawlDatum fetched = new CrawlDatum(CrawlStatus.DB_FETCHED, 0, 1f);
    fetched.putMeta(MetadataKeys.FINGERPRINT, 42L);
    driver.withInput(new Text("http://a.test/p?vid=1"), fetched);
    CrawlDatum unfetched = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 0, 1f);
    driver.withInput(new Text("http://a.test/p?vid=2"), unfetched);
    assertEquals(
        List.of(
            "a.test URLS db_fetched=1 fetched=0 gone=0 retry=0 dns_failures=0 failed_rounds=0"
                + " response_ms=-1 robots=unknown sitemaps=[]",
            "a.test PAGE http://a.test/p?vid=1 42",
            "a.test URLS db_unfetched=1 fetched=0 gone=0 retry=0 dns_failures=0 failed_rounds=0"
                + " response_ms=-1 robots=unknown sitemaps=[]"),
        describe(driver.run()));
    assertEquals(1, HostDbCounter.PAGES.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerLearnsAVisitIdFromNearDuplicatePages() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    List<HostPart> parts = new ArrayList<>();
    parts.add(HostUpdateTest.url(CrawlStatus.DB_FETCHED));
    for (String vid : new String[] {"a1", "b2", "c3"}) {
      parts.add(HostPart.page("http://a.test/story?vid=" + vid, 0xF0F0L));
      parts.add(
          HostPart.page("http://a.test/item?id=" + vid, vid.hashCode() * 0x9E3779B97F4A7C15L));
    }
    driver.withInput(new Text("a.test"), parts);
    List<Pair<Text, HostDatum>> out = driver.run();
    assertEquals(java.util.Map.of("vid", 3), out.get(0).getSecond().getIrrelevantParams());
    assertEquals(1, HostDbCounter.HOSTS_WITH_IRRELEVANT_PARAMS.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerLearnsACalendarTrapAndHalvesTheBudgetOfOneLearnedBefore() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    driver.getConfiguration().setInt(HostDbKeys.TRAPS_BUDGET, 8);
    HostDatum previous = new HostDatum();
    previous.addUrls(CrawlStatus.DB_FETCHED, 1);
    previous.setTraps(java.util.Map.of("/more+/", new HostDatum.Trap(5, 8)));
    List<HostPart> parts = new ArrayList<>();
    parts.add(new HostPart(HostPart.Kind.PREVIOUS, previous));
    parts.add(HostUpdateTest.url(CrawlStatus.DB_FETCHED));
    for (int m = 1; m <= 5; m++) {
      parts.add(HostPart.page("http://a.test/calendar/2026-0" + m + "/", 0xF0F0L ^ m));
      parts.add(HostPart.page("http://a.test/p/" + m + ".html", m * 0x9E3779B97F4A7C15L));
    }
    driver.withInput(new Text("a.test"), parts);
    List<Pair<Text, HostDatum>> out = driver.run();
    assertEquals(
        java.util.Map.of(
            "/calendar/{n}-{n}/", new HostDatum.Trap(5, 8), "/more+/", new HostDatum.Trap(5, 4)),
        out.get(0).getSecond().getTraps());
    assertEquals(1, HostDbCounter.HOSTS_WITH_TRAPS.valueIn(driver.getCounters()));
  }

  @Test
  public void urlMapperMarksAPageDedupFoundACopyOfTheSamePathOnAnotherHost() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.UrlMapper());
    CrawlDatum copy = new CrawlDatum(CrawlStatus.DB_DUPLICATE, 0, 1f);
    copy.putMeta(MetadataKeys.FINGERPRINT, 42L);
    copy.putMeta(MetadataKeys.DUPLICATE_OF, "http://www.a.test/p/1.html");
    driver.withInput(new Text("http://mirror.a.test/p/1.html"), copy);
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(
        "mirror.a.test PAGE http://mirror.a.test/p/1.html 42 copy_of=www.a.test",
        out.get(1).getFirst() + " " + out.get(1).getSecond());
  }

  @Test
  public void reducerHoldsBackAHostWhosePagesAreCopiesOfAnothers() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    List<HostPart> parts = new ArrayList<>();
    parts.add(HostUpdateTest.url(CrawlStatus.DB_DUPLICATE));
    for (int p = 1; p <= 3; p++) {
      parts.add(
          HostPart.page(
              "http://mirror.a.test/p/" + p + ".html", p * 0x9E3779B97F4A7C15L, "www.a.test"));
    }
    parts.add(HostPart.page("http://mirror.a.test/p/4.html", 4 * 0x9E3779B97F4A7C15L));
    driver.withInput(new Text("mirror.a.test"), parts);
    HostDatum h = driver.run().get(0).getSecond();
    assertEquals("www.a.test", h.getMirrorOf());
    assertEquals(3, h.getMirrorEvidence());
    assertEquals(1, HostDbCounter.MIRROR_HOSTS.valueIn(driver.getCounters()));
  }

  @Test
  public void fetchMapperSendsFetchOutcomesAndSkipsOtherDatums() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.FetchMapper());
    driver.withInput(
        new Text("http://a.test/"), HostUpdateTest.fetch(CrawlStatus.FETCH_RETRY, "0 timeout", 9));
    driver.withInput(new Text("http://a.test/y"), new CrawlDatum(CrawlStatus.LINKED, 0, 1f));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals(1, out.get(0).getSecond().datum().getRetry());
    assertEquals(1, HostDbCounter.FETCHES.valueIn(driver.getCounters()));
  }

  @Test
  public void fetchMapperCarriesTheFetchsResponseTime() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.FetchMapper());
    CrawlDatum timed = HostUpdateTest.fetch(CrawlStatus.FETCH_SUCCESS, "200 ok", 9);
    timed.putMeta(MetadataKeys.RESPONSE_TIME, 123);
    driver.withInput(new Text("http://a.test/"), timed);
    driver.withInput(
        new Text("http://a.test/b"), HostUpdateTest.fetch(CrawlStatus.FETCH_GONE, "0 x", 9));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(123, out.get(0).getSecond().datum().getResponseTimeMillis());
    assertEquals(
        HostDatum.UNKNOWN_RESPONSE_TIME, out.get(1).getSecond().datum().getResponseTimeMillis());
  }

  @Test
  public void robotsMapperKeysTheSiteByHost() throws IOException {
    MapDriver<Text, RobotsTxt, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.RobotsMapper());
    byte[] file = "Sitemap: http://a.test/s.xml\n".getBytes(StandardCharsets.UTF_8);
    driver.withInput(
        new Text("http://a.test:8080"),
        RobotsTxt.file(1, "http://a.test:8080/robots.txt", file, "text/plain"));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals("a.test", out.get(0).getFirst().toString());
    assertEquals(List.of("http://a.test/s.xml"), out.get(0).getSecond().datum().getSitemaps());
  }

  @Test
  public void previousMapperPassesTheRecordOn() throws IOException {
    MapDriver<Text, HostDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.PreviousMapper());
    HostDatum h = new HostDatum();
    h.setFailedRounds(2, 7);
    driver.withInput(new Text("a.test"), h);
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(HostPart.Kind.PREVIOUS, out.get(0).getSecond().kind());
    assertEquals(2, out.get(0).getSecond().datum().getFailedRounds());
  }

  @Test
  public void reducerMergesAHostsPartsAndCountsAFailedRound() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    driver.withInput(
        new Text("a.test"),
        List.of(HostUpdateTest.url(CrawlStatus.DB_UNFETCHED), HostUpdateTest.retry(100)));
    driver.withInput(new Text("gone.test"), List.of(HostUpdateTest.retry(100)));
    List<String> out = describe(driver.run());
    assertEquals(
        List.of(
            "a.test db_unfetched=1 fetched=0 gone=0 retry=1 dns_failures=0 failed_rounds=1"
                + " response_ms=-1 robots=unknown sitemaps=[]"),
        out);
    assertEquals(1, HostDbCounter.HOSTS.valueIn(driver.getCounters()));
    assertEquals(1, HostDbCounter.FAILED_ROUNDS.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerAveragesTheRoundsResponseTimes() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    driver.withInput(
        new Text("a.test"),
        List.of(
            HostUpdateTest.url(CrawlStatus.DB_FETCHED),
            HostUpdateTest.timed(CrawlStatus.FETCH_SUCCESS, 10, 5),
            HostUpdateTest.timed(CrawlStatus.FETCH_SUCCESS, 30, 6)));
    List<Pair<Text, HostDatum>> out = driver.run();
    assertEquals(20, out.get(0).getSecond().getResponseTimeMillis());
  }

  @Test
  public void fetchMapperCountsA429AndAUrlHeldBackAsRateLimited() throws IOException {
    MapDriver<Text, CrawlDatum, Text, HostPart> driver =
        MapDriver.newMapDriver(new HostDb.FetchMapper());
    driver.withInput(
        new Text("http://a.test/1"),
        HostUpdateTest.fetch(CrawlStatus.FETCH_RETRY, "429 http_429", 100));
    driver.withInput(
        new Text("http://a.test/2"),
        HostUpdateTest.fetch(CrawlStatus.FETCH_RETRY, "0 host_backoff a.test", 100));
    List<Pair<Text, HostPart>> out = driver.run();
    assertEquals(1, out.get(0).getSecond().datum().getRateLimited());
    assertEquals(1, out.get(0).getSecond().datum().getRetry());
    assertEquals(1, out.get(1).getSecond().datum().getRateLimited());
    assertEquals("not tried: no fetch", 0, out.get(1).getSecond().datum().getRetry());
  }

  @Test
  public void reducerBacksOffABusyHostFromTheConfiguredStart() throws IOException {
    ReduceDriver<Text, HostPart, Text, HostDatum> driver =
        ReduceDriver.newReduceDriver(new HostDb.MergeReducer());
    driver.getConfiguration().set(PolitenessKeys.BACKOFF_START, "10");
    driver.getConfiguration().set(PolitenessKeys.BACKOFF_MAX, "10");
    driver.withInput(
        new Text("a.test"),
        List.of(
            HostUpdateTest.url(CrawlStatus.DB_UNFETCHED),
            new HostPart(
                HostPart.Kind.FETCHES,
                HostUpdate.ofFetch(
                    HostUpdateTest.fetch(CrawlStatus.FETCH_RETRY, "429 http_429", 1000)))));
    List<Pair<Text, HostDatum>> out = driver.run();
    HostDatum h = out.get(0).getSecond();
    assertEquals(1, h.getBackoffLevel());
    assertEquals("start = cap: no jitter beyond it", 1000 + 10_000, h.getBackoffUntil());
    assertEquals(0, HostDbCounter.FAILED_ROUNDS.valueIn(driver.getCounters()));
    assertEquals(1, HostDbCounter.BACKED_OFF.valueIn(driver.getCounters()));
  }
}
