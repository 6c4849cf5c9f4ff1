package org.trawler.jobs.hadoopinternals;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What Hadoop's local job runner leaves behind after each job, which a long crawl in one JVM would
 * pile up: its directories under every local dir ({@code localRunner/<user>/<job id>} and {@code
 * localRunner/<user>/jobcache/<job id>}, an empty directory per task attempt), and a metrics source
 * with its MBean per job ({@code LocalJobRunnerMetrics-N}) and per reduce task ({@code
 * ShuffleClientMetrics-N}), never unregistered. Removed once the job is over.
 */
public final class LocalJobLeftovers {
  private static final Logger LOG = LoggerFactory.getLogger(LocalJobLeftovers.class);

  /** The local runner's subdirectory of a local dir (LocalJobRunner's own name). */
  static final String LOCAL_RUNNER = "localRunner";

  static final String JOB_CACHE = "jobcache";

  /** Name prefixes of the metrics sources the local runner registers per job and reduce task. */
  static final List<String> METRICS_SOURCES =
      List.of("LocalJobRunnerMetrics-", "ShuffleClientMetrics-");

  private LocalJobLeftovers() {}

  /** The directories of job {@code id} under every local dir of {@code conf}, for {@code user}. */
  static List<Path> dirsOf(Configuration conf, String user, JobID id) {
    List<Path> dirs = new ArrayList<>();
    for (String local : conf.getTrimmedStrings(MRConfig.LOCAL_DIR)) {
      Path userDir = new Path(new Path(local, LOCAL_RUNNER), user);
      dirs.add(new Path(userDir, id.toString()));
      dirs.add(new Path(new Path(userDir, JOB_CACHE), id.toString()));
    }
    return dirs;
  }

  /** Removes what the finished local job {@code id} left; a failure to is only logged. */
  public static void remove(Configuration conf, JobID id) {
    if (id != null) {
      try {
        FileSystem local = FileSystem.getLocal(conf);
        for (Path dir :
            dirsOf(conf, UserGroupInformation.getCurrentUser().getShortUserName(), id)) {
          local.delete(dir, true);
        }
      } catch (IOException e) {
        LOG.warn("cannot remove the local runner's directories of {}: {}", id, e.toString());
      }
    }
    for (String source : metricsSources()) {
      // a job still running keeps counting into its source; only the registration goes
      DefaultMetricsSystem.instance().unregisterSource(source);
      DefaultMetricsSystem.removeSourceName(source);
    }
  }

  /** The local runner's metrics sources now registered, by their MBeans' names. */
  static List<String> metricsSources() {
    MBeanServer mbeans = ManagementFactory.getPlatformMBeanServer();
    Set<ObjectName> names;
    try {
      names = mbeans.queryNames(new ObjectName("Hadoop:*"), null);
    } catch (MalformedObjectNameException e) {
      throw new IllegalStateException(e);
    }
    List<String> sources = new ArrayList<>();
    for (ObjectName n : names) {
      String name = n.getKeyProperty("name");
      if (name != null && METRICS_SOURCES.stream().anyMatch(name::startsWith)) {
        sources.add(name);
      }
    }
    return sources;
  }
}
