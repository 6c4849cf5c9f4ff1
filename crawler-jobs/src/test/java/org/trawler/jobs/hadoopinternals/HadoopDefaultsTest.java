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
      if (args[0].equals("first")) {
        HadoopDefaults.registerFirst();
      }
      Configuration conf = CrawlerConfiguration.create();
      conf.get("anything");
      FileSystem.get(conf);
      conf.get("anything");
      Job.getInstance(conf);
      conf.get("anything");
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
