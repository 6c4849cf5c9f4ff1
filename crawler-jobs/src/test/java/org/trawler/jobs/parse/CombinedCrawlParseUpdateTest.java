package org.trawler.jobs.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.scoring.ScoringKeys;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.cli.Main;

/**
 * updatedb makes the same crawldb, record by record, from crawl_parse with one linked datum per
 * link and from crawl_parse combined per task ({@link LinkCombiningWriter}), under each scoring
 * setting: OPIC with equal link factors (the default), and with different internal and external
 * factors; pages of several scores and depths, links to known and new URLs, feed items.
 */
public class CombinedCrawlParseUpdateTest {
  private static final long NOW = 1_700_000_000_000L;
  private static final int PAGES = 24;

  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf(float internal, float external) throws IOException {
    Configuration conf = CrawlerConfiguration.create();
    Pages.withoutUrlPlugins(conf);
    conf.set("hadoop.tmp.dir", tmp.newFolder().getAbsolutePath());
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    conf.setFloat(ScoringKeys.LINK_INTERNAL, internal);
    conf.setFloat(ScoringKeys.LINK_EXTERNAL, external);
    return conf;
  }

  private static String page(int i) {
    return "http://" + (i % 3 == 0 ? "b" : "a") + ".example/p" + i;
  }

  /** Link-heavy pages: a nav bar every page repeats, and links to pages drawn at random. */
  private static String html(int i, Random random) {
    StringBuilder sb = new StringBuilder("<title>p").append(i).append("</title><nav>");
    for (int n = 0; n < 15; n++) {
      sb.append("<a href='http://a.example/nav").append(n).append("'>nav</a>");
    }
    sb.append("</nav><table>");
    for (int n = 0; n < 60; n++) {
      int to = random.nextInt(PAGES * 3);
      String host = to % 4 == 0 ? "b" : "a";
      sb.append("<tr><td><a href='http://").append(host).append(".example/p").append(to);
      sb.append("'>m</a></td></tr>");
    }
    return sb.append("</table>").toString();
  }

  /** Every crawl_parse record the pages give, one linked datum per link, plus feed item links. */
  private static List<Object[]> parseRecords(Configuration conf) throws Exception {
    Random random = new Random(31);
    List<Object[]> records = new ArrayList<>();
    try (SegmentParser parser = new SegmentParser(conf)) {
      for (int i = 0; i < PAGES; i++) {
        Content content = Pages.html(page(i), html(i, random), 0.3f + 0.7f * (i % 6), i % 4);
        parser.parse(
            new Text(page(i)),
            content,
            NOW + i,
            (k, v) -> {
              if (v.get() instanceof CrawlDatum) {
                records.add(new Object[] {k.toString(), new CrawlDatum((CrawlDatum) v.get())});
              }
            });
      }
    }
    for (int i = 0; i < 6; i++) { // a feed's items: the newest date wins for a new URL
      CrawlDatum item = SegmentParser.linkedDatum(0.1f * (i + 1), 2, NOW);
      item.putMeta(MetadataKeys.FEED_ITEM, NOW - 1000L * (i % 3));
      records.add(new Object[] {"http://a.example/news" + (i % 2), item});
    }
    return records;
  }

  private static final class CrawlParseFile extends RecordWriter<Text, SegmentRecord> {
    private final SequenceFile.Writer out;
    long written;

    CrawlParseFile(Configuration conf, Path file) throws IOException {
      out =
          SequenceFile.createWriter(
              conf,
              SequenceFile.Writer.file(file),
              SequenceFile.Writer.keyClass(Text.class),
              SequenceFile.Writer.valueClass(CrawlDatum.class));
    }

    @Override
    public void write(Text key, SegmentRecord value) throws IOException {
      out.append(key, value.get());
      written++;
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
      out.close();
    }
  }

  private static void writeMapFile(Configuration conf, Path dir, Map<String, CrawlDatum> records)
      throws IOException {
    try (MapFile.Writer w =
        new MapFile.Writer(
            conf,
            dir,
            MapFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(CrawlDatum.class))) {
      for (Map.Entry<String, CrawlDatum> e : new TreeMap<>(records).entrySet()) {
        w.append(new Text(e.getKey()), e.getValue());
      }
    }
  }

  /**
   * A crawl with the pages in its crawldb (and some of the URLs they link, known from before), one
   * segment that fetched the pages and holds {@code records} as crawl_parse written through a table
   * of {@code combineUrls} URLs (0 = uncombined); updatedb run on it, its crawldb read back.
   */
  private Map<String, CrawlDatum> updated(
      Configuration conf, List<Object[]> records, int combineUrls, long[] written)
      throws Exception {
    Path crawl = new Path(tmp.newFolder().getAbsolutePath());
    Map<String, CrawlDatum> db = new TreeMap<>();
    Map<String, CrawlDatum> fetched = new TreeMap<>();
    for (int i = 0; i < PAGES; i++) {
      CrawlDatum entry = new CrawlDatum(CrawlStatus.DB_UNFETCHED, 86_400, 0.3f + 0.7f * (i % 6));
      entry.setFetchTime(NOW - 1000);
      entry.setDepth(i % 4);
      db.put(page(i), entry);
      CrawlDatum fetch = new CrawlDatum(entry);
      fetch.setStatus(CrawlStatus.FETCH_SUCCESS);
      fetch.setFetchTime(NOW + i);
      fetched.put(page(i), fetch);
    }
    for (int i = PAGES; i < PAGES + 10; i++) { // linked, fetched in an earlier round, deep
      CrawlDatum known = new CrawlDatum(CrawlStatus.DB_FETCHED, 86_400, 2f);
      known.setFetchTime(NOW + 86_400_000L);
      known.setDepth(7);
      db.put(page(i), known);
    }
    writeMapFile(
        conf, new Path(VersionedDb.current(new Path(crawl, "crawldb")), "part-r-00000"), db);
    Path segment = new Path(crawl, "segments/20240101000000");
    writeMapFile(conf, new Path(new Path(segment, Segment.CRAWL_FETCH), "part-r-00000"), fetched);
    CrawlParseFile file =
        new CrawlParseFile(conf, new Path(new Path(segment, Segment.CRAWL_PARSE), "part-r-00000"));
    RecordWriter<Text, SegmentRecord> writer =
        combineUrls == 0 ? file : new LinkCombiningWriter(file, combineUrls);
    for (Object[] r : records) {
      writer.write(new Text((String) r[0]), new SegmentRecord(new CrawlDatum((CrawlDatum) r[1])));
    }
    writer.close(null);
    written[0] = file.written;

    long before = System.currentTimeMillis();
    assertEquals(
        0,
        Main.run(
            new Configuration(conf),
            new String[] {"updatedb", new Path(crawl, "crawldb").toString(), segment.toString()}));
    long after = System.currentTimeMillis();
    Map<String, CrawlDatum> result = new TreeMap<>();
    PartFiles.read(
        conf,
        VersionedDb.current(new Path(crawl, "crawldb")),
        new Text(),
        new CrawlDatum(),
        (k, v) -> result.put(k.toString(), new CrawlDatum(v)));
    for (Map.Entry<String, CrawlDatum> e : result.entrySet()) {
      if (!db.containsKey(e.getKey())) { // new: due from the update's "now", the one difference
        long due = e.getValue().getFetchTime();
        assertTrue(e.getKey() + " due " + due, due >= before && due <= after);
        e.getValue().setFetchTime(0);
      }
    }
    return result;
  }

  private void sameCrawlDb(float internal, float external) throws Exception {
    Configuration conf = conf(internal, external);
    List<Object[]> records = parseRecords(conf);
    long[] uncombinedRecords = new long[1];
    long[] smallTableRecords = new long[1];
    long[] combinedRecords = new long[1];
    Map<String, CrawlDatum> uncombined = updated(conf, records, 0, uncombinedRecords);
    Map<String, CrawlDatum> smallTable =
        internal == external ? updated(conf, records, 7, smallTableRecords) : null;
    Map<String, CrawlDatum> combined =
        updated(conf, records, ParseJobKeys.DEFAULT_LINKED_COMBINE_URLS, combinedRecords);

    assertEquals(records.size(), uncombinedRecords[0]);
    assertTrue(combinedRecords[0] * 5 < uncombinedRecords[0]);
    assertTrue(smallTable == null || smallTableRecords[0] > combinedRecords[0]);
    assertTrue(uncombined.size() > PAGES + 10);
    assertEquals(uncombined.keySet(), combined.keySet());
    assertTrue(smallTable == null || uncombined.keySet().equals(smallTable.keySet()));
    for (String url : uncombined.keySet()) {
      assertEquals(url, uncombined.get(url).toString(), combined.get(url).toString());
      assertEquals(url, uncombined.get(url), combined.get(url));
      if (smallTable != null) { // a table written out many times over: the same
        assertEquals(url, uncombined.get(url), smallTable.get(url));
      }
    }
    // the feed's items: the newest date kept for the new URL
    assertEquals(
        NOW, uncombined.get("http://a.example/news0").getMetaLong(MetadataKeys.FEED_ITEM, 0));
  }

  @Test
  public void opicWithEqualLinkFactorsGivesTheSameCrawlDb() throws Exception {
    sameCrawlDb(ScoringKeys.DEFAULT_LINK_INTERNAL, ScoringKeys.DEFAULT_LINK_EXTERNAL);
  }

  @Test
  public void internalAndExternalLinkFactorsGiveTheSameCrawlDb() throws Exception {
    sameCrawlDb(0.5f, 2.5f);
  }
}
