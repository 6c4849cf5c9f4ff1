package org.trawler.jobs.inject;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;

/** The inject mapper and both jobs' reducers, with MRUnit. */
public class InjectorMapReduceTest {

  private static long counter(Counters counters, InjectCounter counter) {
    return counter.valueIn(counters);
  }

  /** A counter of inject's group by the name a user sees. */
  private static long counter(Counters counters, String name) {
    return counters.findCounter(InjectCounter.GROUP, name).getValue();
  }

  private static CrawlDatum seedDatum(float score) {
    CrawlDatum d = new CrawlDatum(CrawlStatus.INJECTED, 600, score);
    d.setFetchTime(42);
    d.setDepth(0);
    return d;
  }

  // ---- mapper ----

  @Test
  public void mapperEmitsNormalizedUrlWithFileAndLineAndCountsEveryProblem() throws Exception {
    MapDriver<LongWritable, Text, Text, Seed> driver =
        MapDriver.newMapDriver(new Injector.SeedMapper())
            .withConfiguration(SeedParserTest.testConf())
            .withMapInputPath(new Path("file:/seeds/a.txt"));
    String[] lines = {
      "# seeds",
      "HTTP://a.com/",
      "",
      "http://b.com/\tnutch.score=abc",
      "http://c.com/\tnutch.fetchInterval=-5",
      "ftp://d.com/",
      "\u0000\u0001binary",
      "no scheme here",
      "http://e.com/\tnutch.score=3",
    };
    long offset = 0;
    for (String line : lines) {
      driver.withInput(new LongWritable(offset), new Text(line));
      offset += line.length() + 1;
    }
    long before = System.currentTimeMillis();
    List<Pair<Text, Seed>> out = driver.run();

    assertEquals(2, out.size());
    assertEquals(new Text("http://a.com/"), out.get(0).getFirst());
    Seed a = out.get(0).getSecond();
    assertEquals("/seeds/a.txt", a.file());
    assertEquals(2, a.line());
    assertEquals(CrawlStatus.INJECTED, a.datum().getStatus());
    assertTrue(
        a.datum().getFetchTime() >= before - 60_000
            && a.datum().getFetchTime() <= System.currentTimeMillis());
    assertEquals(new Text("http://e.com/"), out.get(1).getFirst());
    assertEquals(9, out.get(1).getSecond().line());
    assertEquals(3.0f, out.get(1).getSecond().datum().getScore(), 0);

    Counters c = driver.getCounters();
    assertEquals(2, counter(c, InjectCounter.URLS_INJECTED));
    assertEquals(1, counter(c, InjectCounter.URLS_REJECTED));
    assertEquals(4, counter(c, InjectCounter.URLS_MALFORMED));
    assertEquals(1, counter(c, "bad_score"));
    assertEquals(1, counter(c, "bad_fetch_interval"));
    assertEquals(1, counter(c, "rejected_by_filter"));
    assertEquals(1, counter(c, "binary_line"));
    assertEquals(1, counter(c, "malformed_url"));
  }

  @Test
  public void logExcerptEscapesControlCharactersAndCutsLongLines() {
    assertEquals("'a\\tb\\u0000'", Injector.SeedMapper.excerpt("a\tb\u0000"));
    char[] longLine = new char[10_000];
    Arrays.fill(longLine, 'x');
    String excerpt = Injector.SeedMapper.excerpt(new String(longLine));
    assertTrue(excerpt, excerpt.endsWith("'... (10000 characters)"));
    assertTrue(excerpt.length() < 200);
  }

  // ---- job 1 reducers ----

  @Test
  public void lastSeedWinsByFileThenLineWhateverTheOrder() throws Exception {
    ReduceDriver<Text, Seed, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new Injector.SeedReducer());
    Seed early = new Seed("/seeds/a.txt", 10, seedDatum(1));
    Seed laterLine = new Seed("/seeds/a.txt", 99, seedDatum(2));
    Seed laterFile = new Seed("/seeds/b.txt", 1, seedDatum(3));
    driver
        .withInput(new Text("http://a.com/"), Arrays.asList(laterFile, early, laterLine))
        .withOutput(new Text("http://a.com/"), seedDatum(3));
    driver.runTest();
    assertEquals(2, counter(driver.getCounters(), InjectCounter.URLS_DUPLICATE));

    ReduceDriver.newReduceDriver(new Injector.SeedReducer())
        .withInput(new Text("http://a.com/"), Arrays.asList(laterLine, early))
        .withOutput(new Text("http://a.com/"), seedDatum(2))
        .runTest();
  }

  @Test
  public void singleSeedIsWrittenAsInjectedForTheMerge() throws Exception {
    ReduceDriver<Text, Seed, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new Injector.SeedReducer());
    driver
        .withInput(new Text("http://a.com/"), List.of(new Seed("/s", 1, seedDatum(1))))
        .withOutput(new Text("http://a.com/"), seedDatum(1))
        .runTest();
    assertEquals(0, counter(driver.getCounters(), InjectCounter.URLS_DUPLICATE));
  }

  @Test
  public void newCrawlDbReducerWritesUnfetchedEntriesAndCountsThemNew() throws Exception {
    ReduceDriver<Text, Seed, Text, CrawlDatum> driver =
        ReduceDriver.newReduceDriver(new Injector.NewDbReducer());
    CrawlDatum expected = seedDatum(2);
    expected.setStatus(CrawlStatus.DB_UNFETCHED);
    driver
        .withInput(
            new Text("http://a.com/"),
            List.of(new Seed("/s", 1, seedDatum(1)), new Seed("/s", 2, seedDatum(2))))
        .withInput(new Text("http://b.com/"), List.of(new Seed("/s", 3, seedDatum(2))))
        .withOutput(new Text("http://a.com/"), expected)
        .withOutput(new Text("http://b.com/"), expected)
        .runTest();
    assertEquals(2, counter(driver.getCounters(), InjectCounter.URLS_NEW));
    assertEquals(1, counter(driver.getCounters(), InjectCounter.URLS_DUPLICATE));
  }

  // ---- job 2 reducer ----

  private static ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> mergeDriver(
      boolean overwrite, boolean update) {
    Configuration conf = new Configuration(false);
    conf.setBoolean(InjectKeys.OVERWRITE, overwrite);
    conf.setBoolean(InjectKeys.UPDATE, update);
    return ReduceDriver.newReduceDriver(new Injector.MergeReducer()).withConfiguration(conf);
  }

  @Test
  public void mergeKeepsExistingEntryByDefaultAndCountsIt() throws Exception {
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver = mergeDriver(false, false);
    driver
        .withInput(
            new Text("http://a.com/"),
            List.of(InjectMergeTest.injected(), InjectMergeTest.fetched()))
        .withOutput(new Text("http://a.com/"), InjectMergeTest.fetched())
        .runTest();
    assertEquals(1, counter(driver.getCounters(), InjectCounter.URLS_MERGED));
    assertEquals(0, counter(driver.getCounters(), InjectCounter.URLS_NEW));
  }

  @Test
  public void mergeOverwritesWhenAsked() throws Exception {
    CrawlDatum expected = InjectMergeTest.injected();
    expected.setStatus(CrawlStatus.DB_UNFETCHED);
    mergeDriver(true, false)
        .withInput(
            new Text("http://a.com/"),
            List.of(InjectMergeTest.fetched(), InjectMergeTest.injected()))
        .withOutput(new Text("http://a.com/"), expected)
        .runTest();
  }

  @Test
  public void mergeUpdatesWhenAsked() throws Exception {
    mergeDriver(false, true)
        .withInput(
            new Text("http://a.com/"),
            List.of(InjectMergeTest.fetched(), InjectMergeTest.injected()))
        .withOutput(
            new Text("http://a.com/"),
            InjectMerge.merge(
                InjectMergeTest.fetched(), InjectMergeTest.injected(), InjectMerge.Mode.UPDATE))
        .runTest();
  }

  @Test
  public void mergeAddsNewUrlsAndPassesOthersThrough() throws Exception {
    CrawlDatum fresh = InjectMergeTest.injected();
    fresh.setStatus(CrawlStatus.DB_UNFETCHED);
    ReduceDriver<Text, CrawlDatum, Text, CrawlDatum> driver = mergeDriver(true, true);
    driver
        .withInput(new Text("http://new.com/"), List.of(InjectMergeTest.injected()))
        .withInput(new Text("http://old.com/"), List.of(InjectMergeTest.fetched()))
        .withOutput(new Text("http://new.com/"), fresh)
        .withOutput(new Text("http://old.com/"), InjectMergeTest.fetched())
        .runTest();
    assertEquals(1, counter(driver.getCounters(), InjectCounter.URLS_NEW));
    assertEquals(0, counter(driver.getCounters(), InjectCounter.URLS_MERGED));
  }
}
