package org.trawler.jobs.hadoopinternals;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.List;
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
  /**
   * The default resources only YARN and HDFS read, as JobConf (through ConfigUtil),
   * YarnConfiguration and HdfsConfiguration register them: 450 kB of the 700 kB of Hadoop's default
   * XML.
   */
  static final List<String> CLUSTER_ONLY =
      List.of(
          "yarn-default.xml",
          "yarn-site.xml",
          "resource-types.xml",
          "hdfs-default.xml",
          "hdfs-site.xml",
          "hdfs-rbf-default.xml",
          "hdfs-rbf-site.xml");

  private HadoopDefaults() {}

  /**
   * Loads the classes that register Hadoop's default resources (once a JVM: class loading): those
   * whose loading calls ConfigUtil.loadResources (JobConf, Job, Cluster, JobClient: mapred-,
   * yarn-), the file systems' (HdfsConfiguration: hdfs-) and YarnConfiguration (yarn-,
   * resource-types.xml), all of which a local job loads.
   */
  public static void registerFirst() throws IOException {
    Configuration none = new JobConf(false);
    FileSystem.getFileSystemClass("file", none);
    for (String name : REGISTERING) {
      try {
        Class.forName(name, true, HadoopDefaults.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        // not on this class path: nothing of its to register
      }
    }
  }

  /** Classes besides JobConf and the file systems that register default resources as they load. */
  private static final List<String> REGISTERING =
      List.of(
          "org.apache.hadoop.mapreduce.Job",
          "org.apache.hadoop.mapreduce.Cluster",
          "org.apache.hadoop.mapred.JobClient",
          "org.apache.hadoop.yarn.conf.YarnConfiguration");

  /**
   * Unregisters YARN's and HDFS's default resources ({@link #CLUSTER_ONLY}), for a JVM that runs
   * only local jobs on the local file system. Every configuration made afterwards then neither
   * parses them nor carries their 1 300 keys: a local job's configuration is copied, written as
   * job.xml and parsed back by LocalJobRunner twice, and its distributed cache reads a fresh one
   * (issue 43: most of a small local job's CPU). A configuration made afterwards for YARN or HDFS
   * would miss their defaults: never call this in a JVM that may reach a cluster. Configurations
   * made before keep what they read.
   */
  public static void forgetClusterDefaults() {
    registered().removeAll(CLUSTER_ONLY);
  }

  /** Hadoop's list of default resources: a private static CopyOnWriteArrayList of names. */
  @SuppressWarnings("unchecked")
  static List<String> registered() {
    try {
      Field f = Configuration.class.getDeclaredField("defaultResources");
      f.setAccessible(true);
      return (List<String>) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Hadoop's Configuration has no defaultResources list", e);
    }
  }
}
