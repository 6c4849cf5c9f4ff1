package org.trawler.jobs.warc;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileRecordReader;

/**
 * The URL index's input: the segments' and crawldb's MapFiles read as sequence files (their data
 * files), the CDXJ files as lines. One format for both, so each split stays a {@link FileSplit}
 * that names its file (Hadoop's MultipleInputs hides it behind a split class of its own). Not a
 * SequenceFileInputFormat: the job checks its sequence files before it starts (UrlIndex), the CDXJ
 * files are not.
 */
public class UrlIndexInputFormat extends FileInputFormat<Writable, Writable> {
  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public RecordReader<Writable, Writable> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    if (isCdxj(split)) {
      return (RecordReader) new LineRecordReader();
    }
    return new SequenceFileRecordReader<>();
  }

  /** The files to split: a MapFile directory stands for its data file. */
  @Override
  protected List<FileStatus> listStatus(JobContext job) throws IOException {
    List<FileStatus> files = new ArrayList<>();
    for (FileStatus st : super.listStatus(job)) {
      if (st.isDirectory()) {
        Path data = new Path(st.getPath(), MapFile.DATA_FILE_NAME);
        files.add(data.getFileSystem(job.getConfiguration()).getFileStatus(data));
      } else {
        files.add(st);
      }
    }
    return files;
  }

  static boolean isCdxj(InputSplit split) {
    return split instanceof FileSplit file
        && file.getPath().getName().endsWith(WarcFiles.CDXJ_SUFFIX);
  }
}
