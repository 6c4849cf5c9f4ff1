package org.trawler.jobs.index;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputCommitter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The {@code jsonl} index writer, for pipelines that load the crawl elsewhere (a warehouse, a
 * vector store): each reduce task writes its adds and deletes, one JSON object a line ({@code
 * {"action":"add","id":URL,field:value...}} or {@code {"action":"delete","id":URL}}), into {@code
 * documents-r-NNNNN.jsonl} (.gz with indexer.jsonl.gzip) in its attempt's work directory; the job's
 * committer moves the files into the new index version, which the index job installs as it installs
 * Lucene's shards. A field with one value is that value, with several an array.
 */
public class JsonLinesIndexWriter implements IndexWriter {
  public static final String NAME = "jsonl";

  private final ObjectMapper json = new ObjectMapper();
  private FileSystem fs;
  private Path file;
  private FSDataOutputStream raw;
  private OutputStream out;
  private boolean committed;

  @Override
  public String name() {
    return NAME;
  }

  /** A task's file name: documents-r-NNNNN.jsonl, .gz when compressed. */
  public static String fileName(int task, boolean gzip) {
    return String.format("documents-r-%05d.jsonl", task) + (gzip ? ".gz" : "");
  }

  @Override
  public void open(Configuration conf, TaskAttemptContext context) throws IOException {
    Path outPath = FileOutputFormat.getOutputPath(context);
    if (outPath == null) {
      throw new IOException("the jsonl index writer runs in the index job (it has no output path)");
    }
    boolean gzip = conf.getBoolean(IndexerKeys.JSONL_GZIP, IndexerKeys.DEFAULT_JSONL_GZIP);
    file =
        new Path(
            new FileOutputCommitter(outPath, context).getWorkPath(),
            fileName(context.getTaskAttemptID().getTaskID().getId(), gzip));
    fs = file.getFileSystem(conf);
    raw = fs.create(file, true);
    out = gzip ? new GZIPOutputStream(raw, 1 << 16) : raw;
  }

  @Override
  public void add(IndexDocument doc) throws IOException {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("action", "add");
    line.put(IndexDocument.ID, doc.id());
    for (Map.Entry<String, List<Object>> f : doc.fields().entrySet()) {
      if (!f.getKey().equals(IndexDocument.ID)) {
        List<Object> values = f.getValue();
        line.put(f.getKey(), values.size() == 1 ? values.get(0) : values);
      }
    }
    write(line);
  }

  @Override
  public void delete(String id) throws IOException {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("action", "delete");
    line.put(IndexDocument.ID, id);
    write(line);
  }

  private void write(Map<String, Object> line) throws IOException {
    out.write(json.writeValueAsBytes(line));
    out.write('\n');
  }

  /** Finishes the file; without a commit (-noCommit) close removes it. */
  @Override
  public void commit() throws IOException {
    out.close();
    committed = true;
  }

  @Override
  public void close() throws IOException {
    if (out == null) {
      return;
    }
    try {
      if (!committed) {
        out.close();
        fs.delete(file, false);
      }
    } finally {
      out = null;
    }
  }
}
