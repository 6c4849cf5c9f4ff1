package org.trawler.jobs.hadoopinternals;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.hadoop.mapreduce.MRConfig;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.inject.Injector;

/** A local job leaves no directories or metrics of its own once it is over. */
public class LocalJobLeftoversTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void theJobsDirectoriesUnderEveryLocalDirAreNamed() {
    Configuration conf = new Configuration(false);
    conf.set(MRConfig.LOCAL_DIR, "/a, /b");
    JobID id = new JobID("local42", 7);
    assertEquals(
        List.of(
            new org.apache.hadoop.fs.Path("/a/localRunner/ann/job_local42_0007"),
            new org.apache.hadoop.fs.Path("/a/localRunner/ann/jobcache/job_local42_0007"),
            new org.apache.hadoop.fs.Path("/b/localRunner/ann/job_local42_0007"),
            new org.apache.hadoop.fs.Path("/b/localRunner/ann/jobcache/job_local42_0007")),
        LocalJobLeftovers.dirsOf(conf, "ann", id));
  }

  @Test
  public void jobsInARowLeaveNoDirectoriesAndNoMetricsSources() throws Exception {
    Path hadoopTmp = tmp.newFolder("hadoop-tmp").toPath();
    Configuration conf = LocalJobFixtures.localConf();
    conf.set(CommonConfigurationKeys.HADOOP_TMP_DIR, hadoopTmp.toString());
    Path seeds = tmp.newFolder("urls").toPath();
    Files.write(
        seeds.resolve("seed.txt"),
        "http://a.com/\nhttp://b.com/\n".getBytes(StandardCharsets.UTF_8));
    org.apache.hadoop.fs.Path db = new org.apache.hadoop.fs.Path(tmp.getRoot() + "/crawldb");
    for (int i = 0; i < 3; i++) {
      Injector injector = new Injector();
      injector.setConf(new Configuration(conf));
      injector.inject(db, new org.apache.hadoop.fs.Path(seeds.toString()), false);
      assertEquals(List.of(), LocalJobLeftovers.metricsSources());
    }
    Path runner = hadoopTmp.resolve("mapred/local/localRunner");
    assertTrue("the jobs ran under " + runner, Files.isDirectory(runner));
    try (Stream<Path> left = Files.walk(runner)) {
      List<String> jobDirs =
          left.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("job_")).toList();
      assertEquals(List.of(), jobDirs);
    }
  }
}
