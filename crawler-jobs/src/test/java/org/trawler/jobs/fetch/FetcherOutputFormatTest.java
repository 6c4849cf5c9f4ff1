package org.trawler.jobs.fetch;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.Content;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.datum.ParseText;
import org.trawler.core.datum.SegmentRecord;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.Segment;
import org.trawler.jobs.hadoopinternals.SortingSegmentWriter.Part;

public class FetcherOutputFormatTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Path segment;
  private Configuration conf;

  private TaskAttemptContext context() throws IOException {
    segment = new Path(tmp.getRoot().getAbsolutePath(), "segment");
    conf = Segments.localConf(tmp.getRoot());
    Job job = Job.getInstance(conf);
    FileOutputFormat.setOutputPath(job, segment);
    FileOutputFormat.setCompressOutput(job, true);
    return new TaskAttemptContextImpl(
        job.getConfiguration(), new TaskAttemptID("test", 1, TaskType.REDUCE, 0, 0));
  }

  /** Writes the records as one reduce task would, and commits. */
  private static void write(
      FetcherOutputFormat format, TaskAttemptContext ctx, List<Writable> records) throws Exception {
    OutputCommitter committer = format.getOutputCommitter(ctx);
    committer.setupJob(ctx);
    committer.setupTask(ctx);
    RecordWriter<Text, SegmentRecord> writer = format.getRecordWriter(ctx);
    try {
      int i = 0;
      for (Writable r : records) {
        writer.write(new Text("http://a.test/" + i++), new SegmentRecord(r));
      }
    } finally {
      writer.close(ctx);
    }
    committer.commitTask(ctx);
    committer.commitJob(ctx);
  }

  private static CrawlDatum fetched() {
    CrawlDatum d = Segments.generated();
    d.setStatus(CrawlStatus.FETCH_SUCCESS);
    return d;
  }

  private static Content content() {
    return new Content("http://a.test/", "http://a.test/", new byte[] {1, 2}, "text/html", false);
  }

  @Test
  public void fetchDatumsBecomeBlockCompressedAndContentRecordCompressedMapFiles()
      throws Exception {
    TaskAttemptContext ctx = context();
    write(new FetcherOutputFormat(), ctx, List.of(fetched(), content(), fetched()));

    Path fetchPart = new Path(segment, Segment.CRAWL_FETCH + "/part-r-00000");
    try (MapFile.Reader reader = new MapFile.Reader(fetchPart, conf)) {
      CrawlDatum d = new CrawlDatum();
      assertTrue(reader.get(new Text("http://a.test/2"), d) != null);
      assertEquals(CrawlStatus.FETCH_SUCCESS, d.getStatus());
    }
    try (SequenceFile.Reader data =
        new SequenceFile.Reader(
            conf, SequenceFile.Reader.file(new Path(fetchPart, MapFile.DATA_FILE_NAME)))) {
      assertTrue(data.isBlockCompressed());
    }
    try (SequenceFile.Reader data =
        new SequenceFile.Reader(
            conf,
            SequenceFile.Reader.file(
                new Path(segment, Segment.CONTENT + "/part-r-00000/" + MapFile.DATA_FILE_NAME)))) {
      assertTrue(data.isCompressed());
      assertFalse("pages are compressed one by one, as they arrive", data.isBlockCompressed());
    }
    assertEquals(
        1, PartFiles.count(conf, new Path(segment, Segment.CONTENT), new Text(), new Content()));
    assertFalse(
        "crawl_fetch has its part file",
        PartFiles.list(conf, new Path(segment, Segment.CRAWL_FETCH)).isEmpty());
  }

  @Test
  public void withoutStoreContentThereIsNoContentPart() throws Exception {
    TaskAttemptContext ctx = context();
    ctx.getConfiguration().setBoolean(FetcherKeys.STORE_CONTENT, false);
    write(new FetcherOutputFormat(), ctx, List.of(fetched()));
    assertFalse(Segment.hasPart(conf, segment, Segment.CONTENT));
    assertTrue(Segment.hasPart(conf, segment, Segment.CRAWL_FETCH));
  }

  @Test
  public void aRecordNoPartTakesFailsLoudly() throws Exception {
    TaskAttemptContext ctx = context();
    CrawlDatum linked = Segments.generated();
    linked.setStatus(CrawlStatus.LINKED);
    try {
      write(new FetcherOutputFormat(), ctx, List.of(linked));
      fail("a linked datum has no part in a fetch-only segment");
    } catch (IOException e) {
      assertTrue(
          e.getMessage(), e.getMessage().startsWith("no segment part takes CrawlDatum records"));
    }
  }

  @Test
  public void morePartsTakeMoreRecordTypes() throws Exception {
    FetcherOutputFormat withParse =
        new FetcherOutputFormat() {
          @Override
          protected List<Part> parts(Configuration conf) {
            List<Part> parts = super.parts(conf);
            parts.add(
                new Part(
                    Segment.PARSE_TEXT, ParseText.class, r -> r instanceof ParseText, true, true));
            parts.add(
                new Part(
                    Segment.CRAWL_PARSE,
                    CrawlDatum.class,
                    r ->
                        r instanceof CrawlDatum
                            && ((CrawlDatum) r).getStatus() == CrawlStatus.LINKED,
                    false,
                    false));
            return parts;
          }
        };
    CrawlDatum linked = Segments.generated();
    linked.setStatus(CrawlStatus.LINKED);
    write(withParse, context(), List.of(fetched(), new ParseText("text"), linked));
    assertEquals(
        1,
        PartFiles.count(
            conf, new Path(segment, Segment.CRAWL_FETCH), new Text(), new CrawlDatum()));
    assertEquals(
        1,
        PartFiles.count(conf, new Path(segment, Segment.PARSE_TEXT), new Text(), new ParseText()));
    assertEquals(
        1,
        PartFiles.count(
            conf, new Path(segment, Segment.CRAWL_PARSE), new Text(), new CrawlDatum()));
  }

  @Test
  public void aFetchedSegmentIsRefusedWhenTheJobWritesIntoItsWorkDirectory() throws Exception {
    TaskAttemptContext ctx = context();
    segment.getFileSystem(conf).mkdirs(new Path(segment, Segment.CRAWL_FETCH));
    ctx.getConfiguration()
        .set(FileOutputFormat.OUTDIR, Segment.newWorkDir(segment, "fetch").toString());
    try {
      new FetcherOutputFormat().checkOutputSpecs(ctx);
      fail("fetched twice");
    } catch (FileAlreadyExistsException e) {
      assertTrue(e.getMessage().contains("fetched already"));
    }
  }

  @Test
  public void aFetchedSegmentIsRefused() throws Exception {
    TaskAttemptContext ctx = context();
    segment.getFileSystem(conf).mkdirs(new Path(segment, Segment.CRAWL_FETCH));
    try {
      new FetcherOutputFormat().checkOutputSpecs(ctx);
      fail("fetched twice");
    } catch (FileAlreadyExistsException e) {
      assertTrue(e.getMessage().contains("fetched already"));
    }
  }
}
