package org.trawler.jobs.hadoopinternals;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.junit.Test;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.inject.InjectResult;
import org.trawler.jobs.inject.Injector;

/**
 * With Hadoop's default resources registered first, a fresh JVM that reads its configuration, opens
 * a file system and makes a job (what every command does) parses core-default.xml and
 * trawler-default.xml once instead of three times. Each count runs in a JVM of its own, as class
 * loading registers the resources once a JVM.
 */
public class HadoopDefaultsTest {

  /** The child JVM: prints how often each resource was looked up. */
  public static final class Probe {
    public static void main(String[] args) throws Exception {
      Map<String, Integer> lookups = new ConcurrentHashMap<>();
      Thread.currentThread()
          .setContextClassLoader(
              new ClassLoader(Probe.class.getClassLoader()) {
                @Override
                public URL getResource(String name) {
                  lookups.merge(name, 1, Integer::sum);
                  return super.getResource(name);
                }
              });
      if (args[0].equals("first") || args[0].equals("local-only")) {
        HadoopDefaults.registerFirst();
      }
      if (args[0].equals("local-only")) {
        HadoopDefaults.forgetClusterDefaults();
        lookups.clear(); // only what the JVM reads once it has forgotten them
      }
      Configuration conf = CrawlerConfiguration.create();
      conf.get("anything");
      FileSystem.get(conf);
      conf.get("anything");
      Job.getInstance(conf);
      conf.get("anything");
      if (args[0].equals("local-only")) {
        // a whole local job: inject of one seed (LocalJobRunner, its job.xml, its cache)
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("local-only");
        java.nio.file.Files.writeString(dir.resolve("seeds.txt"), "http://example.org/\n");
        conf.set("hadoop.tmp.dir", dir.resolve("hadoop").toString());
        conf.set("urlfilter.order", "");
        Injector injector = new Injector();
        injector.setConf(conf);
        InjectResult r =
            injector.inject(
                new org.apache.hadoop.fs.Path(dir.resolve("crawldb").toString()),
                new org.apache.hadoop.fs.Path(dir.toString()),
                false);
        System.out.println(
            r.dbSize
                + " "
                + lookups.getOrDefault("yarn-default.xml", 0)
                + " "
                + lookups.getOrDefault("hdfs-default.xml", 0));
        return;
      }
      System.out.println(
          lookups.get("core-default.xml")
              + " "
              + lookups.get(CrawlerConfiguration.DEFAULT_RESOURCE));
    }
  }

  private static String parses(String mode) throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                Probe.class.getName(),
                mode)
            .redirectErrorStream(false)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertEquals(out, 0, p.waitFor());
    return out;
  }

  @Test
  public void aJvmOfLocalJobsRunsThemWithoutParsingYarnOrHdfsDefaults() throws Exception {
    // one URL in the crawldb, yarn-default.xml and hdfs-default.xml never read
    assertEquals("1 0 0", parses("local-only"));
  }

  @Test
  public void aFreshJvmParsesEachDefaultResourceOnce() throws Exception {
    String[] hadoops = parses("as-hadoop-does").split(" ");
    String[] first = parses("first").split(" ");
    String both = String.join(" ", hadoops) + " against " + String.join(" ", first);
    // trawler-default.xml: parsed again after each registration, then once
    assertTrue(both, Integer.parseInt(hadoops[1]) >= 2);
    assertEquals(both, "1", first[1]);
    // core-default.xml: Hadoop's own fresh configurations read it too, but once less at least
    assertTrue(both, Integer.parseInt(first[0]) < Integer.parseInt(hadoops[0]));
  }
}
