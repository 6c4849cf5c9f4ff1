package org.trawler.jobs.warc;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.example.GroupWriteSupport;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

public class UrlIndexOutputFormatTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private static UrlIndexRow row(String url, int status) {
    return UrlIndexRow.of(
        CdxjLine.parse(
            CdxjLine.format(
                new ArchivedRecord.Index(
                    url, Instant.parse("2026-01-02T03:04:05Z"), "text/html", status, "D"),
                10,
                20,
                "f.warc.gz")),
        null,
        null);
  }

  private static List<String> urls(File file, Configuration conf) throws Exception {
    List<String> urls = new ArrayList<>();
    try (ParquetReader<Group> reader =
        ParquetReader.builder(new GroupReadSupport(), new Path(file.getPath()))
            .withConf(conf)
            .build()) {
      for (Group g = reader.read(); g != null; g = reader.read()) {
        urls.add(g.getString("url", 0) + " " + g.getInteger("fetch_status", 0));
      }
    }
    return urls;
  }

  @Test
  public void rowsOfOneTaskGoToTheFileOfTheirSubsetInTheOrderWritten() throws Exception {
    Configuration conf = new Configuration();
    conf.set(FileOutputFormat.OUTDIR, tmp.getRoot().getPath());
    conf.set(WarcKeys.URL_INDEX_CRAWL, "C1");
    GroupWriteSupport.setSchema(UrlIndexSchema.SCHEMA, conf);
    TaskAttemptContext context =
        new TaskAttemptContextImpl(conf, new TaskAttemptID("j", 1, TaskType.REDUCE, 3, 0));
    RecordWriter<NullWritable, UrlIndexRow> writer =
        new UrlIndexOutputFormat().getRecordWriter(context);
    writer.write(NullWritable.get(), row("http://a.test/1", 200));
    writer.write(NullWritable.get(), row("http://a.test/2", 404));
    writer.write(NullWritable.get(), row("http://a.test/3", 200));
    writer.write(NullWritable.get(), row("http://a.test/4", 301));
    writer.close(context);

    File work = new File(tmp.getRoot(), "_temporary/0/_temporary/attempt_j_0001_r_000003_0");
    assertEquals(
        List.of("http://a.test/1 200", "http://a.test/3 200"),
        urls(new File(work, "crawl=C1/subset=warc/part-r-00003.snappy.parquet"), conf));
    assertEquals(
        List.of("http://a.test/2 404", "http://a.test/4 301"),
        urls(new File(work, "crawl=C1/subset=crawldiagnostics/part-r-00003.snappy.parquet"), conf));
  }
}
