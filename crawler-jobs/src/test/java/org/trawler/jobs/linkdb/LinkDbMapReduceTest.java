package org.trawler.jobs.linkdb;

import static org.junit.Assert.assertEquals;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.MapReduceDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;

/** invertlinks' mapper and reducer under MRUnit. */
public class LinkDbMapReduceTest {

  private static ParseData page(String... targetAndAnchor) {
    ParseData data = new ParseData(ParseData.SUCCESS, "", "a page");
    for (int i = 0; i < targetAndAnchor.length; i += 2) {
      data.getOutlinks().add(new Outlink(targetAndAnchor[i], targetAndAnchor[i + 1]));
    }
    return data;
  }

  private static Inlinks inlinks(String... fromAndAnchor) {
    Inlinks in = new Inlinks();
    for (int i = 0; i < fromAndAnchor.length; i += 2) {
      in.add(fromAndAnchor[i], fromAndAnchor[i + 1]);
    }
    return in;
  }

  /** Output pairs as "key <- from [anchor], ..." strings: Inlinks has no equals(). */
  private static List<String> describe(List<Pair<Text, Inlinks>> output) {
    List<String> lines = new ArrayList<>();
    for (Pair<Text, Inlinks> p : output) {
      lines.add(p.getFirst() + " <- " + p.getSecond().getInlinks());
    }
    return lines;
  }

  @Test
  public void mapperTurnsEachOutlinkIntoAnInlinkOfItsTarget() throws IOException {
    MapDriver<Text, ParseData, Text, Inlinks> driver =
        MapDriver.newMapDriver(new LinkDb.InvertMapper());
    driver.withInput(new Text("http://a/"), page("http://b/", "to b", "http://c/", "to c"));
    assertEquals(
        List.of("http://b/ <- [http://a/ [to b]]", "http://c/ <- [http://a/ [to c]]"),
        describe(driver.run()));
    assertEquals(2, LinkDbCounter.LINKS_INVERTED.valueIn(driver.getCounters()));
  }

  @Test
  public void mapperWritesEachTargetOnceWithTheInlinksOfAllItsPages() throws IOException {
    MapDriver<Text, ParseData, Text, Inlinks> driver =
        MapDriver.newMapDriver(new LinkDb.InvertMapper());
    driver.withInput(new Text("http://z/"), page("http://t/", "from z", "http://u/", "u"));
    driver.withInput(new Text("http://a/"), page("http://t/", "from a", "http://t/", "from a"));
    assertEquals(
        List.of(
            "http://t/ <- [http://a/ [from a], http://z/ [from z]]",
            "http://u/ <- [http://z/ [u]]"),
        describe(driver.run()));
    assertEquals(4, LinkDbCounter.LINKS_INVERTED.valueIn(driver.getCounters()));
  }

  @Test
  public void mapperWritesItsTableWhenFullAndOneRecordPerLinkWithoutOne() throws IOException {
    for (int combine : new int[] {2, 0}) {
      MapDriver<Text, ParseData, Text, Inlinks> driver =
          MapDriver.newMapDriver(new LinkDb.InvertMapper());
      driver.getConfiguration().setInt(LinkDbKeys.COMBINE_INLINKS, combine);
      driver.withInput(new Text("http://z/"), page("http://t/", "from z", "http://u/", "u"));
      driver.withInput(new Text("http://a/"), page("http://t/", "from a"));
      assertEquals(
          "combine " + combine,
          List.of(
              "http://t/ <- [http://z/ [from z]]",
              "http://u/ <- [http://z/ [u]]",
              "http://t/ <- [http://a/ [from a]]"),
          describe(driver.run()));
    }
  }

  @Test
  public void mapperCountsRejectedAndInternalLinks() throws IOException {
    MapDriver<Text, ParseData, Text, Inlinks> driver =
        MapDriver.newMapDriver(new LinkDb.InvertMapper());
    driver.getConfiguration().set("urlfilter.order", NoPrivateURLFilter.class.getName());
    driver.getConfiguration().setBoolean(LinkDbKeys.IGNORE_INTERNAL_LINKS, true);
    driver.withInput(
        new Text("http://a/"),
        page("http://b/private/x", "secret", "http://a/other", "internal", "http://c/", "kept"));
    assertEquals(List.of("http://c/ <- [http://a/ [kept]]"), describe(driver.run()));
    assertEquals(1, LinkDbCounter.LINKS_REJECTED.valueIn(driver.getCounters()));
    assertEquals(1, LinkDbCounter.LINKS_INTERNAL_IGNORED.valueIn(driver.getCounters()));
  }

  @Test
  public void mapperSkipsPagesWhoseOwnUrlIsRejected() throws IOException {
    MapDriver<Text, ParseData, Text, Inlinks> driver =
        MapDriver.newMapDriver(new LinkDb.InvertMapper());
    driver.getConfiguration().set("urlnormalizer.order", LowerCaseURLNormalizer.class.getName());
    driver.withInput(new Text("not-a-url"), page("http://b/", "b"));
    driver.withInput(new Text("http://a/private/p"), page("http://b/", "b"));
    driver.getConfiguration().set("urlfilter.order", NoPrivateURLFilter.class.getName());
    assertEquals(List.of(), driver.run());
    assertEquals(2, LinkDbCounter.PAGES_REJECTED.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerMergesAndCapsTheInlinksOfAUrl() throws IOException {
    ReduceDriver<Text, Inlinks, Text, Inlinks> driver =
        ReduceDriver.newReduceDriver(new LinkDb.MergeReducer());
    driver.getConfiguration().setInt(LinkDbKeys.MAX_INLINKS, 2);
    driver.withInput(
        new Text("http://t/"),
        List.of(
            inlinks("http://c/", "c"),
            inlinks("http://a/", "a", "http://b/", "b"),
            inlinks("http://a/", "a")));
    assertEquals(List.of("http://t/ <- [http://a/ [a], http://b/ [b]]"), describe(driver.run()));
  }

  @Test
  public void invertingAndMergingGivesEachTargetItsSortedInlinks() throws IOException {
    MapReduceDriver<Text, ParseData, Text, Inlinks, Text, Inlinks> driver =
        MapReduceDriver.newMapReduceDriver(
            new LinkDb.InvertMapper(), new LinkDb.MergeReducer(), new LinkDb.MergeReducer());
    driver.withInput(new Text("http://z/"), page("http://t/", "from z", "http://u/", "u"));
    driver.withInput(new Text("http://a/"), page("http://t/", "from a"));
    Map<String, String> byKey = new LinkedHashMap<>();
    for (String line : describe(driver.run())) {
      byKey.put(line.substring(0, line.indexOf(' ')), line);
    }
    assertEquals("http://t/ <- [http://a/ [from a], http://z/ [from z]]", byKey.get("http://t/"));
    assertEquals("http://u/ <- [http://z/ [u]]", byKey.get("http://u/"));
  }
}
