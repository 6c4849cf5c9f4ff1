package org.trawler.jobs.hadoopinternals;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;

/**
 * Registers Hadoop's default resources before the first configuration is read, so that a JVM parses
 * each of them once. Hadoop registers them as its classes load: MapReduce's (mapred-, yarn-) when
 * JobConf loads, HDFS's when the file systems are first looked up; each registration makes every
 * configuration already read parse all its resources again. A command that reads its configuration
 * first and then runs a job parsed core-default.xml and trawler-default.xml three times (issue 43).
 */
public final class HadoopDefaults {
  private HadoopDefaults() {}

  /** Loads the classes that register Hadoop's default resources (once a JVM: class loading). */
  public static void registerFirst() throws IOException {
    Configuration none = new JobConf(false);
    FileSystem.getFileSystemClass("file", none);
  }
}
