package org.trawler.jobs.index;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Test;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.Inlinks;
import org.trawler.core.datum.Outlink;
import org.trawler.core.datum.ParseData;
import org.trawler.core.datum.ParseText;
import org.trawler.jobs.linkdb.LinkDbKeys;

/** The index job's mapper (tags records with their segment) and reducer (add, delete, skip). */
public class IndexMapReduceTest {
  private static final Text URL = new Text(IndexPages.URL);

  private static List<Pair<Text, IndexRecord>> map(String file, Writable value) throws IOException {
    return MapDriver.newMapDriver(new IndexJob.IndexMapper())
        .withConfiguration(IndexPages.conf())
        .withMapInputPath(new Path(file))
        .withInput(URL, value)
        .run();
  }

  @Test
  public void segmentRecordsAreTaggedWithTheirSegment() throws IOException {
    List<Pair<Text, IndexRecord>> out =
        map(
            IndexPages.SEGMENT + "/parse_text/part-r-00000/data",
            new ParseText("Quokkas live here"));
    assertEquals(1, out.size());
    assertEquals(URL, out.get(0).getFirst());
    assertEquals(IndexPages.SEGMENT, out.get(0).getSecond().segment());
    assertEquals("Quokkas live here", ((ParseText) out.get(0).getSecond().value()).getText());
  }

  @Test
  public void crawlDbAndLinkDbRecordsHaveNoSegment() throws IOException {
    List<Pair<Text, IndexRecord>> out =
        map("/crawl/crawldb/current/part-r-00000/data", IndexPages.db(CrawlStatus.DB_FETCHED));
    assertEquals("", out.get(0).getSecond().segment());
    out = map("/crawl/linkdb/current/part-r-00000/data", IndexPages.inlinks("a"));
    assertEquals("", out.get(0).getSecond().segment());
  }

  @Test
  public void contentIsReducedToItsTypeAndLength() throws IOException {
    Content content = new Content(IndexPages.URL, "", new byte[5000], "text/html", false);
    Content summary =
        (Content)
            map(IndexPages.SEGMENT + "/content/part-r-00000/data", content)
                .get(0)
                .getSecond()
                .value();
    assertEquals(0, summary.getContent().length);
    assertEquals("text/html", summary.getContentType());
    assertEquals("5000", summary.getMeta().get(PageRecords.CONTENT_LENGTH));
  }

  @Test
  public void parseDataLosesItsOutlinksAndKeepsTheRest() throws IOException {
    ParseData parse = new ParseData(ParseData.SUCCESS, "", "Quokkas");
    parse.getOutlinks().add(new Outlink("http://b.example/", "more quokkas"));
    parse.getMeta().put("robots", "noindex,follow");
    ParseData projected =
        (ParseData)
            map(IndexPages.SEGMENT + "/parse_data/part-r-00000/data", parse)
                .get(0)
                .getSecond()
                .value();
    assertTrue(projected.getOutlinks().isEmpty());
    assertEquals(ParseData.SUCCESS, projected.getStatus());
    assertEquals("Quokkas", projected.getTitle());
    assertEquals("noindex,follow", projected.getMeta().get("robots"));
  }

  private static ReduceDriver<Text, IndexRecord, Text, IndexAction> reducer() {
    return ReduceDriver.newReduceDriver(new IndexJob.IndexReducer())
        .withConfiguration(IndexPages.conf());
  }

  private static List<IndexRecord> records(CrawlStatus dbStatus, CrawlStatus fetchStatus) {
    return List.of(
        new IndexRecord("", IndexPages.db(dbStatus)),
        new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(fetchStatus)),
        new IndexRecord(IndexPages.SEGMENT, IndexPages.content()),
        new IndexRecord(IndexPages.SEGMENT, IndexPages.parseData("Quokkas")),
        new IndexRecord(IndexPages.SEGMENT, new ParseText("Quokkas live on Rottnest Island.")),
        new IndexRecord("", IndexPages.inlinks("quokka facts", "all about quokkas")));
  }

  @Test
  public void fetchedPageIsAddedWithTheAnchorsOfItsInlinks() throws IOException {
    ReduceDriver<Text, IndexRecord, Text, IndexAction> driver =
        reducer().withInput(URL, records(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS));
    List<Pair<Text, IndexAction>> out = driver.run();
    assertEquals(1, out.size());
    IndexAction action = out.get(0).getSecond();
    assertTrue(action.isAdd());
    assertEquals(List.of("quokka facts", "all about quokkas"), action.document().values("anchor"));
    assertEquals(1, IndexCounter.ADDED.valueIn(driver.getCounters()));
  }

  @Test
  public void inlinksFromSeveralLinkdbGenerationsAreMergedAndCappedAsInTheLinkdb()
      throws IOException {
    Inlinks older = new Inlinks();
    older.add("http://c.example/", "from c");
    older.add("http://a.example/", "from a");
    Inlinks newer = new Inlinks();
    newer.add("http://b.example/", "from b");
    newer.add("http://a.example/", "from a");
    List<IndexRecord> values =
        new ArrayList<>(records(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS));
    values.remove(values.size() - 1);
    values.add(new IndexRecord("", older));
    values.add(new IndexRecord("", newer));
    Configuration conf = IndexPages.conf();
    conf.setInt(LinkDbKeys.MAX_INLINKS, 2);
    List<Pair<Text, IndexAction>> out =
        ReduceDriver.newReduceDriver(new IndexJob.IndexReducer())
            .withConfiguration(conf)
            .withInput(URL, values)
            .run();
    assertEquals(List.of("from a", "from b"), out.get(0).getSecond().document().values("anchor"));
  }

  @Test
  public void goneRedirectDuplicateAndNoIndexBecomeDeletes() throws IOException {
    assertDelete(records(CrawlStatus.DB_GONE, CrawlStatus.FETCH_GONE), DeleteReason.GONE);
    assertDelete(
        records(CrawlStatus.DB_REDIR_PERM, CrawlStatus.FETCH_REDIR_PERM), DeleteReason.REDIRECT);
    assertDelete(
        records(CrawlStatus.DB_DUPLICATE, CrawlStatus.FETCH_SUCCESS), DeleteReason.DUPLICATE);
    assertDelete(
        List.of(
            new IndexRecord("", IndexPages.db(CrawlStatus.DB_FETCHED)),
            new IndexRecord(IndexPages.SEGMENT, IndexPages.fetch(CrawlStatus.FETCH_SUCCESS)),
            new IndexRecord(IndexPages.SEGMENT, IndexPages.noIndex()),
            new IndexRecord(IndexPages.SEGMENT, new ParseText(""))),
        DeleteReason.NOINDEX);
  }

  private static void assertDelete(List<IndexRecord> records, DeleteReason why) throws IOException {
    ReduceDriver<Text, IndexRecord, Text, IndexAction> driver =
        reducer().withInput(URL, records).withOutput(URL, IndexAction.delete(IndexPages.URL));
    driver.runTest();
    assertEquals(1, IndexCounter.DELETED.valueIn(driver.getCounters()));
    assertEquals(1, why.valueIn(driver.getCounters()));
  }

  @Test
  public void notModifiedPageIsSkippedAndCounted() throws IOException {
    ReduceDriver<Text, IndexRecord, Text, IndexAction> driver =
        reducer()
            .withInput(URL, records(CrawlStatus.DB_NOTMODIFIED, CrawlStatus.FETCH_NOTMODIFIED));
    assertTrue(driver.run().isEmpty());
    assertEquals(1, IndexCounter.SKIPPED.valueIn(driver.getCounters()));
    assertEquals(1, SkipReason.NOT_MODIFIED.valueIn(driver.getCounters()));
  }

  @Test
  public void aUrlOnlyTheCrawlDbKnowsWritesAndCountsNothing() throws IOException {
    CrawlDatum unfetched = IndexPages.db(CrawlStatus.DB_UNFETCHED);
    ReduceDriver<Text, IndexRecord, Text, IndexAction> driver =
        reducer().withInput(URL, List.of(new IndexRecord("", unfetched)));
    assertTrue(driver.run().isEmpty());
    assertEquals(0, IndexCounter.SKIPPED.valueIn(driver.getCounters()));
  }

  @Test
  public void anActionSurvivesSerialization() throws IOException {
    IndexAction add =
        new IndexDecision(true, -1, -1, FieldMapping.NONE)
            .decide(
                IndexPages.URL, IndexPages.page(CrawlStatus.DB_FETCHED, CrawlStatus.FETCH_SUCCESS))
            .action();
    org.apache.hadoop.io.DataOutputBuffer out = new org.apache.hadoop.io.DataOutputBuffer();
    add.write(out);
    org.apache.hadoop.io.DataInputBuffer in = new org.apache.hadoop.io.DataInputBuffer();
    in.reset(out.getData(), out.getLength());
    IndexAction read = new IndexAction();
    read.readFields(in);
    assertEquals(add, read);
    assertEquals(add.document().fields(), read.document().fields());
  }
}
