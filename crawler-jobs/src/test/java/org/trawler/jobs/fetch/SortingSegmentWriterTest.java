package org.trawler.jobs.fetch;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter.Part;

/** The fetch task's own sort: what arrives in fetch order leaves as sorted, readable MapFiles. */
public class SortingSegmentWriterTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private Path work;

  private TaskAttemptContext context() {
    conf = Segments.localConf(tmp.getRoot());
    conf.set(MRConfig.LOCAL_DIR, new File(tmp.getRoot(), "local").getAbsolutePath());
    work = new Path(tmp.getRoot().getAbsolutePath(), "work");
    return new TaskAttemptContextImpl(conf, new TaskAttemptID("test", 1, TaskType.MAP, 0, 0));
  }

  private SortingSegmentWriter writer(
      TaskAttemptContext ctx, CompressionCodec codec, long bufferLimit, boolean withParse)
      throws IOException {
    ctx.getConfiguration().setBoolean(FetcherKeys.PARSE, withParse);
    List<Part> parts = new FetcherOutputFormat().parts(ctx.getConfiguration());
    return new SortingSegmentWriter(ctx, parts, new Path(work, "part-m-00000"), codec, bufferLimit);
  }

  private static CrawlDatum fetched(int i) {
    CrawlDatum d = Segments.generated();
    d.setStatus(CrawlStatus.FETCH_SUCCESS);
    d.setFetchTime(i);
    return d;
  }

  private static Content page(String url, int i) {
    String html = "<html><body>page " + i + " " + "text ".repeat(200 + i % 50) + "</body></html>";
    return new Content(url, url, html.getBytes(StandardCharsets.UTF_8), "text/html", false);
  }

  /** Writes a datum and a page for each URL, in a shuffled (fetch) order. */
  private static List<String> writeShuffled(SortingSegmentWriter w, int n) throws IOException {
    List<String> urls = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      urls.add("http://h" + (i % 7) + ".test/p/" + i);
    }
    List<String> order = new ArrayList<>(urls);
    Collections.shuffle(order, new Random(42));
    for (String url : order) {
      int i = Integer.parseInt(url.substring(url.lastIndexOf('/') + 1));
      w.write(new Text(url), new SegmentRecord(fetched(i)));
      w.write(new Text(url), new SegmentRecord(page(url, i)));
    }
    Collections.sort(urls); // Text order is byte order, the same as String order for ASCII
    return urls;
  }

  private void assertSortedAndComplete(List<String> expected, CompressionCodec codec)
      throws Exception {
    Path fetch = new Path(work, Segment.CRAWL_FETCH + "/part-m-00000");
    Path content = new Path(work, Segment.CONTENT + "/part-m-00000");
    for (Path mapFile : List.of(fetch, content)) {
      List<String> keys = new ArrayList<>();
      try (MapFile.Reader reader = new MapFile.Reader(mapFile, conf)) {
        Text key = new Text();
        while (reader.next(key, mapFile == fetch ? new CrawlDatum() : new Content())) {
          keys.add(key.toString());
        }
      }
      assertEquals(mapFile.toString(), expected, keys);
    }
    try (MapFile.Reader reader =
        new MapFile.Reader(content, conf)) { // random access through the index
      for (String url :
          List.of(
              expected.get(0),
              expected.get(expected.size() / 2),
              expected.get(expected.size() - 1))) {
        Content c = new Content();
        assertTrue(url, reader.get(new Text(url), c) != null);
        int i = Integer.parseInt(url.substring(url.lastIndexOf('/') + 1));
        assertArrayEquals(page(url, i).getContent(), c.getContent());
      }
    }
    try (SequenceFile.Reader data =
        new SequenceFile.Reader(
            conf, SequenceFile.Reader.file(new Path(content, MapFile.DATA_FILE_NAME)))) {
      assertEquals(codec != null, data.isCompressed());
      assertFalse(data.isBlockCompressed());
    }
  }

  /** Writes n URLs' records in a shuffled order through a writer, closes it, checks the parts. */
  private void roundTrip(Class<? extends CompressionCodec> codecClass, long bufferLimit, int n)
      throws Exception {
    TaskAttemptContext ctx = context();
    CompressionCodec codec =
        codecClass == null ? null : ReflectionUtils.newInstance(codecClass, conf);
    SortingSegmentWriter w = writer(ctx, codec, bufferLimit, false);
    List<String> urls = writeShuffled(w, n);
    w.close(ctx);
    assertSortedAndComplete(urls, codec);
  }

  @Test
  public void recordsArrivingInFetchOrderLeaveSortedWhenTheyFitInMemory() throws Exception {
    roundTrip(SnappyCodec.class, 64 << 20, 500);
  }

  @Test
  public void manySortedRunsOnDiskAreMergedAndThenRemoved() throws Exception {
    TaskAttemptContext ctx = context();
    CompressionCodec codec = ReflectionUtils.newInstance(DefaultCodec.class, conf);
    SortingSegmentWriter w = writer(ctx, codec, 20_000, false); // a run every ~20 pages
    List<String> urls = writeShuffled(w, 1000);
    File runs = new File(tmp.getRoot(), "local/trawler-fetch-runs");
    assertTrue("runs were written while records kept arriving", runs.isDirectory());
    w.close(ctx);
    assertSortedAndComplete(urls, codec);
    assertEquals("no run file is left", 0, countFiles(runs));
  }

  @Test
  public void withoutCompressionTheSameFilesAreWritten() throws Exception {
    roundTrip(null, 30_000, 300);
  }

  @Test
  public void parseRecordsKeepEveryDuplicateKey() throws Exception {
    TaskAttemptContext ctx = context();
    SortingSegmentWriter w =
        writer(ctx, ReflectionUtils.newInstance(SnappyCodec.class, conf), 500, true);
    for (int i = 0; i < 50; i++) {
      CrawlDatum linked = Segments.generated();
      linked.setStatus(CrawlStatus.LINKED);
      w.write(new Text("http://a.test/target" + (i % 3)), new SegmentRecord(linked));
    }
    w.close(ctx);
    List<String> keys = new ArrayList<>();
    PartFiles.read(
        conf,
        new Path(work, Segment.CRAWL_PARSE),
        new Text(),
        new CrawlDatum(),
        (k, v) -> keys.add(k.toString()));
    assertEquals(50, keys.size());
    List<String> sorted = new ArrayList<>(keys);
    Collections.sort(sorted);
    assertEquals(sorted, keys);
  }

  @Test
  public void anEmptyTaskWritesEmptyParts() throws Exception {
    TaskAttemptContext ctx = context();
    SortingSegmentWriter w =
        writer(ctx, ReflectionUtils.newInstance(SnappyCodec.class, conf), 1 << 20, false);
    w.close(ctx);
    assertEquals(
        0,
        PartFiles.count(conf, new Path(work, Segment.CRAWL_FETCH), new Text(), new CrawlDatum()));
    assertEquals(
        0, PartFiles.count(conf, new Path(work, Segment.CONTENT), new Text(), new Content()));
  }

  /**
   * Issue 39 item 3: with fetcher.output.raw.mapfile=false (Hadoop's MapFile.Writer) and with
   * fetcher.output.sort.in.task=false (the shuffle sorts, {@link PlainSegmentWriter} writes) the
   * segment holds the same records, in the same order, as with both on.
   */
  @Test
  public void theOffSwitchesWriteTheSameSegment() throws Exception {
    TaskAttemptContext ctx = context();
    CompressionCodec codec = ReflectionUtils.newInstance(SnappyCodec.class, conf);
    List<Part> parts = new FetcherOutputFormat().parts(conf);
    Path raw = new Path(work, "raw/part-m-00000");
    Path plainMapFiles = new Path(work, "plain-mapfiles/part-m-00000");
    Path shuffled = new Path(work, "shuffled/part-r-00000");
    SortingSegmentWriter on = new SortingSegmentWriter(ctx, parts, raw, codec, 20_000, true);
    List<String> urls = writeShuffled(on, 200);
    on.close(ctx);
    SortingSegmentWriter off =
        new SortingSegmentWriter(ctx, parts, plainMapFiles, codec, 20_000, false);
    writeShuffled(off, 200);
    off.close(ctx);
    PlainSegmentWriter plain = new PlainSegmentWriter(conf, parts, shuffled, codec);
    for (String url : urls) { // as the shuffle hands them to the reduce: by URL
      int i = Integer.parseInt(url.substring(url.lastIndexOf('/') + 1));
      plain.write(new Text(url), new SegmentRecord(fetched(i)));
      plain.write(new Text(url), new SegmentRecord(page(url, i)));
    }
    plain.close(ctx);
    List<String> expected = records(raw.getParent());
    assertEquals(400, expected.size());
    assertEquals(expected, records(plainMapFiles.getParent()));
    assertEquals(expected, records(shuffled.getParent()));
  }

  /** Every record of a work directory's crawl_fetch and content, key and bytes, in file order. */
  private List<String> records(Path workDir) throws Exception {
    List<String> records = new ArrayList<>();
    for (String part : List.of(Segment.CRAWL_FETCH, Segment.CONTENT)) {
      PartFiles.read(
          conf,
          new Path(workDir, part),
          new Text(),
          part.equals(Segment.CONTENT) ? new Content() : new CrawlDatum(),
          (k, v) ->
              records.add(
                  part
                      + " "
                      + k
                      + " "
                      + java.util.HexFormat.of().formatHex(WritableUtils.toByteArray(v))));
    }
    return records;
  }

  private static int countFiles(File dir) {
    File[] files = dir.listFiles();
    int n = 0;
    for (File f : files == null ? new File[0] : files) {
      n += f.isDirectory() ? countFiles(f) : 1;
    }
    return n;
  }
}
