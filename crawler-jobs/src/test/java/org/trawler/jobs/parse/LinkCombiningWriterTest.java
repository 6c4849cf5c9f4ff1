package org.trawler.jobs.parse;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.junit.Test;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.SegmentRecord;

public class LinkCombiningWriterTest {

  /** Keeps what it is given, copied. */
  private static final class Kept extends RecordWriter<Text, SegmentRecord> {
    final List<String> keys = new ArrayList<>();
    final List<Object> values = new ArrayList<>();
    boolean closed;

    @Override
    public void write(Text key, SegmentRecord value) {
      keys.add(key.toString());
      values.add(
          value.get() instanceof CrawlDatum
              ? new CrawlDatum((CrawlDatum) value.get())
              : value.get());
    }

    @Override
    public void close(TaskAttemptContext context) {
      closed = true;
    }
  }

  private static SegmentRecord linked(float score, int depth, long time) {
    return new SegmentRecord(SegmentParser.linkedDatum(score, depth, time));
  }

  @Test
  public void linksToOneUrlBecomeOneDatumAndOtherRecordsPassAtOnce() throws Exception {
    Kept out = new Kept();
    LinkCombiningWriter writer = new LinkCombiningWriter(out, 100);
    Text key = new Text("http://a.example/x");
    writer.write(key, linked(0.25f, 3, 2000));
    key.set("http://a.example/y"); // the caller reuses its key
    writer.write(key, linked(0.5f, 1, 1000));
    writer.write(new Text("http://a.example/x"), linked(0.125f, 2, 3000));
    writer.write(
        new Text("http://a.example/"),
        new SegmentRecord(SegmentParser.signatureDatum(new byte[] {1})));
    writer.write(new Text("http://a.example/"), new SegmentRecord(new ParseText("t")));
    assertEquals(List.of("http://a.example/", "http://a.example/"), out.keys);

    writer.close(null);
    assertTrue(out.closed);
    assertEquals(
        List.of(
            "http://a.example/", "http://a.example/", "http://a.example/x", "http://a.example/y"),
        out.keys);
    CrawlDatum x = (CrawlDatum) out.values.get(2);
    assertEquals(CrawlStatus.LINKED, x.getStatus());
    assertEquals(0.375f, x.getScore(), 0f);
    assertEquals(2, x.getDepth());
    assertEquals(2000, x.getFetchTime());
    assertEquals(2, x.getMetaLong(MetadataKeys.LINK_COUNT, 0));
    // one link: written as it came
    assertEquals(SegmentParser.linkedDatum(0.5f, 1, 1000), out.values.get(3));
    assertEquals(3, writer.linksIn());
    assertEquals(2, writer.datumsOut());
  }

  @Test
  public void aFullTableIsWrittenOutInUrlOrderBeforeANewUrl() throws Exception {
    Kept out = new Kept();
    LinkCombiningWriter writer = new LinkCombiningWriter(out, 2);
    writer.write(new Text("http://b/"), linked(1f, 1, 1));
    writer.write(new Text("http://a/"), linked(1f, 1, 1));
    writer.write(new Text("http://b/"), linked(1f, 1, 1)); // known URL: no flush
    assertTrue(out.keys.isEmpty());
    writer.write(new Text("http://c/"), linked(1f, 1, 1));
    assertEquals(List.of("http://a/", "http://b/"), out.keys);
    writer.close(null);
    assertEquals(List.of("http://a/", "http://b/", "http://c/"), out.keys);
    assertEquals(2f, ((CrawlDatum) out.values.get(1)).getScore(), 0f);
  }

  @Test
  public void urlsAreWrittenInTextOrderNonAsciiAfterAsciiAndAPrefixFirst() throws Exception {
    Kept out = new Kept();
    LinkCombiningWriter writer = new LinkCombiningWriter(out, 10);
    List<String> urls =
        List.of("http://a/\u00e9", "http://a/z", "http://a/", "http://a/\u4e2d", "http://a/zz");
    for (String url : urls) {
      writer.write(new Text(url), linked(1f, 1, 1));
    }
    writer.close(null);
    List<Text> sorted = new java.util.ArrayList<>();
    urls.forEach(u -> sorted.add(new Text(u)));
    java.util.Collections.sort(sorted); // Text's own order: unsigned UTF-8 bytes, then length
    assertEquals(sorted.stream().map(Text::toString).toList(), out.keys);
    assertEquals(
        List.of("http://a/", "http://a/z", "http://a/zz", "http://a/\u00e9", "http://a/\u4e2d"),
        out.keys);
  }

  @Test
  public void feedItemDatesKeepTheNewest() throws Exception {
    Kept out = new Kept();
    LinkCombiningWriter writer = new LinkCombiningWriter(out, 10);
    SegmentRecord older = linked(0.5f, 1, 10);
    ((CrawlDatum) older.get()).putMeta(MetadataKeys.FEED_ITEM, 500L);
    SegmentRecord newer = linked(0.5f, 1, 10);
    ((CrawlDatum) newer.get()).putMeta(MetadataKeys.FEED_ITEM, 700L);
    writer.write(new Text("http://f/"), older);
    writer.write(new Text("http://f/"), newer);
    writer.close(null);
    assertEquals(700L, ((CrawlDatum) out.values.get(0)).getMetaLong(MetadataKeys.FEED_ITEM, 0));
  }

  @Test
  public void zeroTurnsCombiningOff() {
    Kept out = new Kept();
    Configuration conf = new Configuration(false);
    conf.setInt(ParseJobKeys.LINKED_COMBINE_URLS, 0);
    assertSame(out, LinkCombiningWriter.wrap(out, conf));
    assertFalse(LinkCombiningWriter.wrap(out, new Configuration(false)) == out);
  }
}
