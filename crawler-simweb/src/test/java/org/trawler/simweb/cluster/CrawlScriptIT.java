package org.trawler.simweb.cluster;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.util.List;
import java.util.Map;
import org.junit.Test;
import org.trawler.simweb.TrawlerCommand;

/** bin/crawl's choice between local mode and a cluster, without a cluster. */
public class CrawlScriptIT {

  @Test
  public void clusterFlagWithoutHadoopSaysWhatIsMissingAndExits3() throws Exception {
    HadoopCommand.Result r = crawl(null, "--cluster", "readdb", "crawl/crawldb", "-stats");
    assertEquals(r.output(), 3, r.exitCode());
    assertEquals("one line: " + r.output(), 1, r.output().strip().lines().count());
    assertTrue(r.output(), r.output().contains("needs Hadoop's 'hadoop' command"));
    assertTrue(r.output(), r.output().contains("--cluster"));
  }

  @Test
  public void hadoopConfDirMeansClusterMode() throws Exception {
    HadoopCommand.Result r = crawl(new File("target"), "readdb", "crawl/crawldb", "-stats");
    assertEquals(r.output(), 3, r.exitCode());
    assertTrue(r.output(), r.output().contains("HADOOP_CONF_DIR is set"));
  }

  @Test
  public void localFlagRunsHereDespiteHadoopConfDir() throws Exception {
    HadoopCommand.Result r = crawl(new File("target"), "--local");
    assertEquals(r.output(), 2, r.exitCode());
    assertTrue(r.output(), r.output().contains("commands:"));
  }

  /** bin/crawl with a PATH that has no hadoop command and no HADOOP_HOME. */
  private static HadoopCommand.Result crawl(File hadoopConfDir, String... args) throws Exception {
    ProcessBuilder pb = new ProcessBuilder();
    pb.command().addAll(List.of("bash", HadoopCommand.crawlScript().getPath()));
    pb.command().addAll(List.of(args));
    Map<String, String> env = pb.environment();
    env.remove("HADOOP_HOME");
    env.remove("HADOOP_CONF_DIR");
    env.put(TrawlerCommand.NO_BUILD, "1");
    if (hadoopConfDir != null) {
      env.put("HADOOP_CONF_DIR", hadoopConfDir.getAbsolutePath());
    }
    env.put(
        "PATH",
        new File(System.getProperty("java.home"), "bin") + File.pathSeparator + "/usr/bin:/bin");
    return HadoopCommand.exec(pb, String.join(" ", args));
  }
}
