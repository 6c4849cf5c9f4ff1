package org.trawler.simweb.cluster;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.util.ShutdownHookManager;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.trawler.core.conf.CrawlerConfiguration;

/**
 * HDFS (one datanode) and YARN (two node managers) in this JVM, sized for a small shared machine:
 * everything on 127.0.0.1, containers of 512 MB, no disk or memory checks on the node managers.
 */
public final class MiniCrawlCluster implements AutoCloseable {
  /**
   * Short-lived JVMs on two shared cores: the quick JIT tier and the single-threaded collector
   * start fastest.
   */
  private static final String QUICK_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

  /**
   * System property: keep the task logs (and work directories) under target/test/data for a look
   * after the test.
   */
  public static final String KEEP_LOGS = "cluster.keepLogs";

  /**
   * System property: the directory of this JVM's shared cluster, one per test JVM run side by side
   * (the build names it after surefire's fork number), so that two JVMs' clusters never share one.
   */
  public static final String SHARED_DIR = "cluster.sharedDir";

  /** This JVM's shared cluster, once a test asked for it. */
  private static MiniCrawlCluster shared;

  private final MiniDFSCluster dfs;
  private final MiniMRYarnCluster yarn;
  private final Configuration conf;

  private MiniCrawlCluster(MiniDFSCluster dfs, MiniMRYarnCluster yarn, Configuration conf) {
    this.dfs = dfs;
    this.yarn = yarn;
    this.conf = conf;
  }

  /** Starts both clusters with their working files under {@code baseDir}. */
  public static MiniCrawlCluster start(File baseDir, int nodeManagers) throws IOException {
    Configuration conf = new Configuration();
    conf.set("hadoop.tmp.dir", new File(baseDir, "tmp").getAbsolutePath());
    conf.set("dfs.datanode.address", "127.0.0.1:0");
    conf.set("dfs.datanode.http.address", "127.0.0.1:0");
    conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.setInt("dfs.replication", 1);
    MiniDFSCluster dfs =
        new MiniDFSCluster.Builder(conf, new File(baseDir, "dfs"))
            .numDataNodes(1)
            .format(true)
            .build();
    dfs.waitActive();

    Configuration yarnConf = new Configuration(dfs.getConfiguration(0));
    yarnConf.set(FileSystem.FS_DEFAULT_NAME_KEY, dfs.getFileSystem().getUri().toString());
    yarnConf.set(YarnConfiguration.RM_HOSTNAME, "127.0.0.1");
    yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, 2048);
    yarnConf.setInt(YarnConfiguration.NM_VCORES, 4);
    yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    yarnConf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
    yarnConf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    yarnConf.setBoolean(YarnConfiguration.NM_DISK_HEALTH_CHECK_ENABLE, false);
    yarnConf.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 100f);
    yarnConf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    yarnConf.set("yarn.app.mapreduce.am.command-opts", "-Xmx384m " + QUICK_JVM);
    yarnConf.setInt("mapreduce.map.memory.mb", 512);
    yarnConf.setInt("mapreduce.reduce.memory.mb", 512);
    yarnConf.set("mapreduce.map.java.opts", "-Xmx384m " + QUICK_JVM);
    yarnConf.set("mapreduce.reduce.java.opts", "-Xmx384m " + QUICK_JVM);
    // Poll often: the defaults (1 s heartbeats, 5 s completion polls) dominate a job of tiny
    // inputs.
    yarnConf.setInt("mapreduce.client.completion.pollinterval", 200);
    yarnConf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
    yarnConf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 100);
    yarnConf.setInt(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 200);
    // Reducers start with the maps, not after them: one container start less on the critical path.
    yarnConf.setFloat("mapreduce.job.reduce.slowstart.completedmaps", 0f);
    yarnConf.setInt("mapreduce.task.io.sort.mb", 16);
    yarnConf.setBoolean(MiniMRYarnCluster.MR_HISTORY_MINICLUSTER_ENABLED, false);
    // A node manager stops only after its applications' logs are handled (deleted): at once.
    yarnConf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
    if (Boolean.getBoolean(KEEP_LOGS)) {
      yarnConf.setInt(
          YarnConfiguration.DEBUG_NM_DELETE_DELAY_SEC, 3600); // the deletion itself waits
    }
    // Its work directory is target/<name>: one per cluster, so that clusters run side by side.
    MiniMRYarnCluster yarn =
        new MiniMRYarnCluster("trawler-cluster-" + baseDir.getName(), nodeManagers);
    yarn.init(yarnConf);
    yarn.start();

    return new MiniCrawlCluster(dfs, yarn, new Configuration(yarn.getConfig()));
  }

  /**
   * The cluster the cluster tests of this JVM share (two node managers, under {@link #SHARED_DIR},
   * else target/cluster-shared): started by the first that asks, stopped when the JVM exits.
   * Starting a cluster is about 25 s of a small machine's two cores. Its tests run one after the
   * other (a JVM runs one test class at a time), each under its own HDFS directory, looking only at
   * its own jobs' task JVMs; they do not close it.
   */
  public static synchronized MiniCrawlCluster shared() throws IOException {
    if (shared == null) {
      MiniCrawlCluster cluster =
          start(new File(System.getProperty(SHARED_DIR, "target/cluster-shared")), 2);
      // before Hadoop's own hook closes the file systems the cluster's services hold
      ShutdownHookManager.get()
          .addShutdownHook(cluster::close, FileSystem.SHUTDOWN_HOOK_PRIORITY + 1);
      shared = cluster;
    }
    return shared;
  }

  /**
   * The cluster's client configuration (HDFS the default file system, YARN the framework): what
   * HADOOP_CONF_DIR holds.
   */
  public Configuration hadoopConf() {
    return new Configuration(conf);
  }

  /** {@link #hadoopConf()} with the crawler's defaults, for commands run in this JVM. */
  public Configuration crawlerConf() {
    return CrawlerConfiguration.addResources(hadoopConf());
  }

  /**
   * The cluster's client configuration as a HADOOP_CONF_DIR: the whole of it in every *-site.xml,
   * since each is read after its *-default.xml (mapred-default.xml would reset the framework to
   * local).
   */
  public static File writeConfDir(Configuration conf, File dir) throws IOException {
    dir.mkdirs();
    for (String name :
        List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")) {
      try (OutputStream out = new FileOutputStream(new File(dir, name))) {
        conf.writeXml(out);
      }
    }
    return dir;
  }

  public FileSystem fileSystem() throws IOException {
    return dfs.getFileSystem();
  }

  /** A path on the cluster's HDFS, fully qualified ({@code hdfs://...}). */
  public Path hdfsPath(String path) throws IOException {
    return fileSystem().makeQualified(new Path(path));
  }

  public MiniMRYarnCluster yarn() {
    return yarn;
  }

  @Override
  public void close() {
    yarn.stop();
    dfs.shutdown();
  }
}
