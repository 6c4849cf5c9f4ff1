package org.trawler.jobs.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.Test;
import org.trawler.jobs.hadoopinternals.HadoopDefaults;

/**
 * bin/crawl's collector for a crawl's JVM follows its heap: serial below 2 GB, parallel from 2 GB
 * (bin/crawl-jvm, sourced by bin/crawl); and its local class path ends the look-up of each Hadoop
 * site file absent from conf/ at an empty one, before the jars, and stands in for YARN's and HDFS's
 * default files.
 */
public class JvmChoicesTest {
  private static final Path JVM_CHOICES = Path.of("../bin/crawl-jvm");

  /** What bin/crawl-jvm's functions answer for these calls, one line each. */
  private static List<String> answers(String calls) throws Exception {
    Process p =
        new ProcessBuilder("bash", "-c", ". \"$0\"; " + calls, JVM_CHOICES.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(out, 0, p.waitFor());
    return out.lines().toList();
  }

  @Test
  public void theHeapsSizeReadsFromAnyXmxForm() throws Exception {
    assertEquals(
        List.of("1536", "2048", "3072", "512", "1024", ""),
        answers(
            "heap_mb_of 1536m; heap_mb_of 2g; heap_mb_of 3G; heap_mb_of 524288k;"
                + " heap_mb_of 1073741824; heap_mb_of lots"));
  }

  @Test
  public void serialUpToFourGigabytesParallelAbove() throws Exception {
    assertEquals(
        List.of(
            "-XX:+UseSerialGC",
            "-XX:+UseSerialGC",
            "-XX:+UseSerialGC",
            "-XX:+UseParallelGC",
            "-XX:+UseSerialGC"),
        answers(
            "collector_for_heap 1024; collector_for_heap 2048; collector_for_heap 4096;"
                + " collector_for_heap 4097; collector_for_heap ''"));
  }

  @Test
  public void absentSiteFilesAreFoundEmptyRightAfterConf() throws IOException {
    String crawl = Files.readString(Path.of("../bin/crawl"), StandardCharsets.UTF_8);
    assertTrue(crawl.contains("cp=\"$home/conf:$home/bin/local-site:$jar:"));
    for (String site : List.of("core", "mapred", "yarn", "hdfs", "hdfs-rbf")) {
      Path file = Path.of("../bin/local-site/" + site + "-site.xml");
      assertTrue(
          file.toString(),
          Files.readString(file, StandardCharsets.UTF_8).strip().endsWith("<configuration/>"));
    }
  }

  /**
   * Local mode reads no YARN or HDFS default (bin/local-site's stand-ins come before the jars), so
   * a job's configuration is far smaller to parse and to write as job.xml (by 58 % with HDFS's jars
   * on the class path); what MapReduce's own defaults refer to still resolves (no "Invalid value"
   * warning), and the other defaults are whole.
   */
  @Test
  public void inLocalModeYarnAndHdfsDefaultsAreStoodInForAndMapReducesStillResolve()
      throws Exception {
    HadoopDefaults.registerFirst(); // as bin/crawl does: YARN's and HDFS's too
    ClassLoader localSiteFirst = new LocalSiteFirst(Path.of("../bin/local-site"));
    Configuration conf = new Configuration();
    conf.setClassLoader(localSiteFirst);
    assertEquals("false", conf.get("mapreduce.reduce.shuffle.fetch.retry.enabled"));
    assertNull("no YARN default", conf.get("yarn.resourcemanager.address"));
    assertNull("no HDFS default", conf.get("dfs.replication"));
    assertNotNull("core's defaults", conf.get("io.file.buffer.size"));
    assertNotNull("MapReduce's defaults", conf.get("mapreduce.task.io.sort.mb"));

    Configuration jars = new Configuration();
    assertNotNull("a cluster's class path has them", jars.get("yarn.resourcemanager.address"));
    assertTrue(
        "YARN's 527 defaults gone: " + conf.size() + " against " + jars.size(),
        jars.size() - conf.size() > 500);
  }

  /** bin/crawl's local class path: bin/local-site's files before any jar's. */
  private static final class LocalSiteFirst extends ClassLoader {
    private final Path dir;

    LocalSiteFirst(Path dir) {
      super(JvmChoicesTest.class.getClassLoader());
      this.dir = dir;
    }

    @Override
    public URL getResource(String name) {
      Path file = dir.resolve(name);
      if (Files.isRegularFile(file)) {
        try {
          return file.toUri().toURL();
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      }
      return super.getResource(name);
    }
  }
}
