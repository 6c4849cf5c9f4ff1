package org.trawler.jobs.generate;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * A small SequenceFile a reduce task writes beside its output for the driver (a sample, a count):
 * {@code <dir>/part-NNNNN} by the task's partition, so a retried or speculative attempt rewrites
 * the same file with the same content.
 */
final class TaskSideFile {
  private TaskSideFile() {}

  /** A writer into the directory named by {@code dirKey}, or null when the key is not set. */
  static SequenceFile.Writer open(
      Configuration conf, String dirKey, Class<?> keyClass, Class<?> valueClass)
      throws IOException {
    String dir = conf.get(dirKey);
    if (dir == null) {
      return null;
    }
    Path file = new Path(dir, String.format("part-%05d", partition(conf)));
    file.getFileSystem(conf).delete(file, false);
    return SequenceFile.createWriter(
        conf,
        SequenceFile.Writer.file(file),
        SequenceFile.Writer.keyClass(keyClass),
        SequenceFile.Writer.valueClass(valueClass));
  }

  /** The task's partition number, which the framework sets in every task's configuration. */
  static int partition(Configuration conf) {
    int partition = conf.getInt(MRJobConfig.TASK_PARTITION, -1);
    if (partition < 0) {
      throw new IllegalStateException(MRJobConfig.TASK_PARTITION + " is not set for this task");
    }
    return partition;
  }
}
