package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.mapreduce.ReduceDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.netpreserve.jwarc.WarcConversion;
import org.netpreserve.jwarc.WarcRecord;
import org.netpreserve.jwarc.WarcRevisit;
import org.trawler.core.datum.ParseText;

/** The export's mapper and reducer under MRUnit. */
public class WarcExportMapReduceTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void mapperTagsEachRecordWithItsSegment() throws IOException {
    MapDriver<Text, Writable, Text, SegmentValue> driver =
        MapDriver.newMapDriver(new WarcExport.TagMapper());
    driver.setMapInputPath(new Path("/crawl/segments/20260101000000/content/part-r-00000/data"));
    Capture page = TestCaptures.page("http://a.test/", 1, "x", false);
    driver.withInput(new Text("http://a.test/"), page.content());
    List<Pair<Text, SegmentValue>> out = driver.run();
    assertEquals(1, out.size());
    assertEquals("http://a.test/", out.get(0).getFirst().toString());
    assertEquals("/crawl/segments/20260101000000", out.get(0).getSecond().segment());
  }

  /** The reducer writing into a test directory instead of a committer's. */
  static final class ReducerIn extends WarcExport.ArchiveReducer {
    private final File dir;

    ReducerIn(File dir) {
      this.dir = dir;
    }

    @Override
    protected Path filesDir(Context context) {
      return new Path(dir.getPath());
    }
  }

  @Test
  public void reducerArchivesEachSegmentsFetchOldestFirst() throws IOException {
    File dir = tmp.newFolder();
    ReduceDriver<Text, SegmentValue, NullWritable, NullWritable> driver =
        ReduceDriver.newReduceDriver(new ReducerIn(dir));
    Capture later = TestCaptures.notModified("http://a.test/", 5000);
    Capture first = TestCaptures.page("http://a.test/", 1000, "x", false);
    List<SegmentValue> values = new ArrayList<>();
    values.add(new SegmentValue("s2", later.fetch()));
    values.add(new SegmentValue("s2", later.transcript()));
    values.add(new SegmentValue("s1", first.transcript()));
    values.add(new SegmentValue("s1", first.content()));
    values.add(new SegmentValue("s1", first.fetch()));
    driver.withInput(new Text("http://a.test/"), values);
    driver.run();

    File[] warcs = dir.listFiles((d, n) -> n.endsWith(".warc.gz"));
    assertEquals(1, warcs.length);
    List<String> types = new ArrayList<>();
    WarcRecord response = null;
    WarcRevisit revisit = null;
    for (WarcRecord r : WarcReading.records(warcs[0])) {
      types.add(r.type());
      response = r.type().equals("response") ? r : response;
      revisit = r instanceof WarcRevisit v ? v : revisit;
    }
    assertEquals(
        List.of("warcinfo", "response", "request", "metadata", "revisit", "request", "metadata"),
        types);
    assertEquals(response.id(), revisit.refersTo().get());
    assertEquals(2, WarcCounter.URLS_ARCHIVED.valueIn(driver.getCounters()));
  }

  @Test
  public void reducerWritesAWatRecordPerWarcRecordAndAWetAndMarkdownRecordPerParsedPageBeside()
      throws IOException {
    File dir = tmp.newFolder();
    ReduceDriver<Text, SegmentValue, NullWritable, NullWritable> driver =
        ReduceDriver.newReduceDriver(new ReducerIn(dir));
    driver.getConfiguration().setBoolean(WarcKeys.WAT, true);
    driver.getConfiguration().setBoolean(WarcKeys.WET, true);
    driver.getConfiguration().setBoolean(WarcKeys.MARKDOWN, true);
    Capture page = TestCaptures.page("http://a.test/", 1000, "<title>A</title>", false);
    List<SegmentValue> values = new ArrayList<>();
    values.add(new SegmentValue("s1", page.fetch()));
    values.add(new SegmentValue("s1", page.content()));
    values.add(new SegmentValue("s1", page.transcript()));
    values.add(new SegmentValue("s1", page.parse()));
    values.add(new SegmentValue("s1", new ParseText("A", "# A")));
    driver.withInput(new Text("http://a.test/"), values);
    driver.run();

    File warc = dir.listFiles((d, n) -> n.endsWith(".warc.gz"))[0];
    String base = warc.getName().replace(".warc.gz", "");
    List<WarcRecord> archived = WarcReading.records(warc);
    List<WarcRecord> wat = WarcReading.records(new File(dir, base + ".warc.wat.gz"));
    List<WarcReading.Entry> wet = WarcReading.entries(new File(dir, base + ".warc.wet.gz"));

    List<String> watTypes = new ArrayList<>();
    for (WarcRecord r : wat) {
      watTypes.add(r.type());
    }
    // its own warcinfo, then one per WARC record: warcinfo, response, request, metadata
    assertEquals(List.of("warcinfo", "metadata", "metadata", "metadata", "metadata"), watTypes);
    for (int i = 0; i < archived.size(); i++) {
      assertEquals(
          "<" + archived.get(i).id() + ">", wat.get(i + 1).headers().first("WARC-Refers-To").get());
    }
    assertEquals(2, wet.size());
    WarcConversion text = (WarcConversion) wet.get(1).record();
    assertEquals(archived.get(1).id(), text.refersTo().get());
    assertEquals("A", new String(wet.get(1).block(), StandardCharsets.UTF_8));
    assertEquals(4, WarcCounter.WAT_RECORDS.valueIn(driver.getCounters()));
    assertEquals(1, WarcCounter.WET_RECORDS.valueIn(driver.getCounters()));

    List<WarcReading.Entry> md = WarcReading.entries(new File(dir, base + ".warc.md.gz"));
    assertEquals("warcinfo", md.get(0).record().type());
    assertEquals(2, md.size());
    WarcConversion markdown = (WarcConversion) md.get(1).record();
    assertEquals(archived.get(1).id(), markdown.refersTo().get());
    assertEquals("http://a.test/", markdown.headers().first("WARC-Target-URI").get());
    assertEquals("text/markdown", markdown.contentType().base().toString());
    assertEquals("# A", new String(md.get(1).block(), StandardCharsets.UTF_8));
    assertEquals(1, WarcCounter.MARKDOWN_RECORDS.valueIn(driver.getCounters()));
  }
}
