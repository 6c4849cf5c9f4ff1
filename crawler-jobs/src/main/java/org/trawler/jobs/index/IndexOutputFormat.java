package org.trawler.jobs.index;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.trawler.core.UserException;

/**
 * Hands the index job's actions to the configured {@link IndexWriter}s: opened when the reduce task
 * starts writing, committed (unless indexer.commit is off) and closed when it ends. A file output
 * format, so that a writer that produces files (lucene) writes them into the task attempt's work
 * directory and the job's committer installs them.
 */
public class IndexOutputFormat extends FileOutputFormat<Text, IndexAction> {

  @Override
  public RecordWriter<Text, IndexAction> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    List<IndexWriter> writers;
    try {
      writers = IndexWriters.create(conf);
    } catch (UserException e) {
      throw new IOException(e.getMessage(), e);
    }
    for (IndexWriter w : writers) {
      w.open(conf, context);
    }
    boolean commit = conf.getBoolean(IndexerKeys.COMMIT, IndexerKeys.DEFAULT_COMMIT);
    return new RecordWriter<>() {
      @Override
      public void write(Text url, IndexAction action) throws IOException {
        for (IndexWriter w : writers) {
          if (action.isAdd()) {
            w.add(action.document());
          } else {
            w.delete(action.id());
          }
        }
      }

      @Override
      public void close(TaskAttemptContext ctx) throws IOException {
        IOException failure = null;
        for (IndexWriter w : writers) {
          try (w) {
            if (commit) {
              w.commit();
            }
          } catch (IOException e) {
            failure = failure == null ? e : failure;
          }
        }
        if (failure != null) {
          throw failure;
        }
      }
    };
  }
}
