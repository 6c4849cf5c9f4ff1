package org.trawler.jobs.cli;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
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
  private static final String JAVA_BIN = Path.of(System.getProperty("java.home"), "bin").toString();
  private static final String QUIET = " -Xlog:cds=off -Xlog:cds+dynamic=off";

  /** What bin/crawl-jvm's functions answer for these calls, one line each. */
  private static List<String> answers(String calls) throws Exception {
    ProcessBuilder pb =
        new ProcessBuilder("bash", "-c", ". \"$0\"; " + calls, JVM_CHOICES.toString())
            .redirectErrorStream(true);
    pb.environment().put("PATH", JAVA_BIN + File.pathSeparator + pb.environment().get("PATH"));
    Process p = pb.start();
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

  /**
   * C1 alone for the commands whose work is small whatever the crawl; C2 at four times its
   * thresholds for the others, whose crawldb may hold millions of URLs.
   */
  @Test
  public void smallCommandsCompileWithC1AloneTheOthersWithC2Late() throws Exception {
    String late =
        "-XX:Tier4InvocationThreshold=20000 -XX:Tier4MinInvocationThreshold=2400"
            + " -XX:Tier4CompileThreshold=60000 -XX:Tier4BackEdgeThreshold=160000";
    String c1 = "-XX:TieredStopAtLevel=1";
    assertEquals(
        List.of(c1, c1, c1, c1, c1, c1, late, late, late, late, late, late),
        answers(
            "for c in demo check urlcheck search conf '' run inject updatedb readdb serve bench; do"
                + " jit_for_command \"$c\"; done"));
  }

  @Test
  public void absentSiteFilesAreFoundEmptyRightAfterConfAndBothComeLastOnTheClassPath()
      throws IOException {
    String crawl = Files.readString(Path.of("../bin/crawl"), StandardCharsets.UTF_8);
    assertTrue(crawl.contains("conf_dirs=\"$home/conf:$home/bin/local-site\""));
    assertTrue(crawl.contains("cp=\"$jar:"));
    assertTrue(crawl.contains(":$conf_dirs\"\n"));
    assertTrue(crawl.contains("-D" + ConfDirsFirst.PROPERTY + "=\"$conf_dirs\""));
    for (String site : List.of("core", "mapred", "yarn", "hdfs", "hdfs-rbf")) {
      Path file = Path.of("../bin/local-site/" + site + "-site.xml");
      assertTrue(
          file.toString(),
          Files.readString(file, StandardCharsets.UTF_8).strip().endsWith("<configuration/>"));
    }
  }

  /**
   * conf/ comes before the jars' copies of its files for every configuration a command and its
   * job's threads read, though it is last on the class path; a name never leaves the directories.
   */
  @Test
  public void confDirsComeFirstForResourcesInTheThreadsAJobStarts() throws Exception {
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try {
      Thread.currentThread().setContextClassLoader(confDirsFirst());
      URL[] seen = new URL[2];
      Thread task =
          new Thread(() -> seen[0] = new Configuration(false).getResource("trawler-site.xml"));
      task.start();
      task.join();
      seen[1] = new Configuration(false).getResource("trawler-default.xml");
      for (URL url : seen) {
        assertEquals(url.toString(), "file", url.getProtocol());
        assertTrue(url.toString(), url.getPath().contains("/conf/trawler-"));
      }
      List<URL> all =
          Collections.list(
              Thread.currentThread().getContextClassLoader().getResources("trawler-default.xml"));
      assertEquals(seen[1], all.get(0));
      assertTrue("the jar's copy comes after it: " + all, all.size() >= 2);
      assertNull(confDirsFirst().getResource("../pom.xml"));
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }

  /** bin/crawl's conf/ and bin/local-site, as ConfDirsFirst.install makes them first. */
  private ClassLoader confDirsFirst() {
    return new ConfDirsFirst(
        List.of(Path.of("../conf").toAbsolutePath(), Path.of("../bin/local-site").toAbsolutePath()),
        getClass().getClassLoader());
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
    Configuration conf = new Configuration();
    conf.setClassLoader(confDirsFirst());
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

  /**
   * The class-data archive: the first command writes it as it exits, under its own pid (a bare help
   * writes none, nor does a command while another one writes); the next command maps it only after
   * a JVM mapped it whole, and deletes one cut short (mapping that would crash the JVM); an archive
   * older than a jar or the JVM is made again.
   */
  @Test
  public void theClassDataArchiveIsWrittenByOneCommandCheckedAndMappedByTheNext() throws Exception {
    Path dir = Files.createTempDirectory("cds");
    String archive = dir.resolve("classes.jsa").toString();
    String cp =
        Path.of(Test.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    Path dep = Files.createFile(dir.resolve("a.jar"));
    String call = "cds_options " + archive + " %s " + cp + " " + dep + "; ";

    List<String> fresh =
        answers(String.format(call, "yes") + "echo $$; " + String.format(call, "no"));
    assertEquals(
        List.of(
            "-XX:ArchiveClassesAtExit=" + archive + "." + fresh.get(1) + ".tmp" + QUIET,
            fresh.get(1)),
        fresh);

    Path writing =
        Files.createFile(Path.of(archive + "." + ProcessHandle.current().pid() + ".tmp"));
    assertEquals(List.of(), answers(String.format(call, "yes")));
    assertTrue(Files.exists(writing));
    Files.delete(writing);

    Path written = Path.of(archive + "." + deadPid() + ".tmp");
    Process dump =
        new ProcessBuilder(
                JAVA_BIN + "/java",
                "-XX:ArchiveClassesAtExit=" + written,
                "-Xlog:cds=off",
                "-Xlog:cds+dynamic=off",
                "-cp",
                cp,
                "org.junit.runner.JUnitCore")
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("dump.txt").toFile())
            .start();
    dump.waitFor(); // JUnit with no test class to run ends with 1; the archive is written at any
    // end
    assertTrue(Files.readString(dir.resolve("dump.txt")), Files.size(written) > 4096);
    Path cut = Path.of(archive + "." + deadPid() + ".tmp");
    try (var in = Files.newInputStream(written)) {
      Files.write(cut, in.readNBytes(4096));
    }
    assertEquals(
        List.of("-XX:SharedArchiveFile=" + archive + QUIET), answers(String.format(call, "yes")));
    assertTrue(Files.size(Path.of(archive)) > 4096);
    assertTrue("moved into place", Files.notExists(written));
    assertTrue("cut short: deleted", Files.notExists(cut));
    assertEquals(
        List.of("-XX:SharedArchiveFile=" + archive + QUIET), answers(String.format(call, "no")));

    Files.setLastModifiedTime(
        dep, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    List<String> stale = answers(String.format(call, "yes") + "echo $$");
    assertEquals(
        "-XX:ArchiveClassesAtExit=" + archive + "." + stale.get(1) + ".tmp" + QUIET, stale.get(0));
    assertTrue("the stale archive is gone", Files.notExists(Path.of(archive)));
  }

  /** The pid of a process that has ended. */
  private static long deadPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return p.pid();
  }
}
