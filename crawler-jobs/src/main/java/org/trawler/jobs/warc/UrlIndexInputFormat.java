package org.trawler.jobs.warc;

import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;

/**
 * The URL index's input: the segments' and crawldb's MapFiles as sequence files (their data files,
 * as {@link SequenceFileInputFormat} lists them), and the CDXJ files as lines. One format for both,
 * so each split stays a {@link FileSplit} that names its file (Hadoop's MultipleInputs hides it
 * behind a split class of its own).
 */
public class UrlIndexInputFormat extends SequenceFileInputFormat<Writable, Writable> {
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecordReader<Writable, Writable> createRecordReader(
      InputSplit split, TaskAttemptContext context) throws IOException {
    if (isCdxj(split)) {
      return (RecordReader) new LineRecordReader();
    }
    return super.createRecordReader(split, context);
  }

  static boolean isCdxj(InputSplit split) {
    return split instanceof FileSplit file
        && file.getPath().getName().endsWith(WarcFiles.CDXJ_SUFFIX);
  }
}
