package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.example.GroupWriteSupport;

/**
 * Rows to Parquet files partitioned as Common Crawl's index is, {@code
 * crawl=<name>/subset=<subset>/part-r-<task>.snappy.parquet}, each written by parquet-hadoop's own
 * {@link ParquetOutputFormat} (row group size, compression and schema from the job's
 * configuration). A task's rows come sorted by key, so each file is sorted by url_surtkey.
 */
public class UrlIndexOutputFormat extends FileOutputFormat<NullWritable, UrlIndexRow> {
  static final String EXTENSION = ".snappy.parquet";

  /** The directory of a partition, relative to the output: crawl=NAME/subset=SUBSET. */
  static String partition(String crawl, String subset) {
    return "crawl=" + crawl + "/subset=" + subset;
  }

  @Override
  public RecordWriter<NullWritable, UrlIndexRow> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Path dir = getDefaultWorkFile(context, EXTENSION).getParent();
    String file = getUniqueFile(context, getOutputName(context), EXTENSION);
    String crawl = UrlIndex.crawlName(context.getConfiguration());
    UrlIndexSchema schema = new UrlIndexSchema();
    return new RecordWriter<>() {
      private final Map<String, RecordWriter<Void, Group>> bySubset = new HashMap<>();

      @Override
      public void write(NullWritable key, UrlIndexRow row)
          throws IOException, InterruptedException {
        RecordWriter<Void, Group> writer = bySubset.get(row.subset());
        if (writer == null) {
          Path path = new Path(new Path(dir, partition(crawl, row.subset())), file);
          // a write support per file: it holds the record consumer of the file it was prepared for
          writer =
              new ParquetOutputFormat<Group>(new GroupWriteSupport())
                  .getRecordWriter(context, path);
          bySubset.put(row.subset(), writer);
          UrlIndexCounter.FILES.in(context).increment(1);
        }
        writer.write(null, schema.group(row));
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException, InterruptedException {
        for (RecordWriter<Void, Group> writer : bySubset.values()) {
          writer.close(c);
        }
      }
    };
  }
}
