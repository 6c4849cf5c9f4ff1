package org.trawler.jobs.hadoopinternals;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapred.JobConf;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.LocalJobFixtures;
import org.trawler.jobs.inject.Injector;

/**
 * A local job's configuration is parsed from XML once on the client, and LocalJobRunner re-reads
 * none of Hadoop's default resources (counted by the class loader they are looked up through); the
 * job's outcome is the same with it switched off.
 */
public class JobXmlOnlyTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  /** Counts look-ups of XML resources through it, from any thread. */
  private static final class CountingLoader extends ClassLoader {
    final Map<String, Integer> xmlLookups = new ConcurrentHashMap<>();

    CountingLoader(ClassLoader parent) {
      super(parent);
    }

    @Override
    public URL getResource(String name) {
      if (name.endsWith(".xml")) {
        xmlLookups.merge(name, 1, Integer::sum);
      }
      return super.getResource(name);
    }
  }

  /** What an inject reads of Hadoop's XML, and what it wrote. */
  private record Run(Map<String, Integer> lookups, long jobs, Map<String, String> crawlDb) {}

  private Run inject(boolean jobXmlOnly) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader before = thread.getContextClassLoader();
    CountingLoader counting = new CountingLoader(before);
    thread.setContextClassLoader(counting);
    try {
      Configuration conf = LocalJobFixtures.localConf();
      conf.setBoolean(LocalJobKeys.JOB_XML_ONLY, jobXmlOnly);
      // every default resource registered and read before counting: JobConf and HDFS register
      // theirs when first loaded, which makes every configuration read them all again once a JVM
      new JobConf(false);
      FileSystem.getLocal(conf);
      conf.get("anything");
      counting.xmlLookups.clear();
      Path seeds = tmp.newFolder().toPath();
      Files.write(
          seeds.resolve("seed.txt"),
          "http://a.com/\nhttp://b.com/x\n".getBytes(StandardCharsets.UTF_8));
      org.apache.hadoop.fs.Path db = new org.apache.hadoop.fs.Path(tmp.newFolder() + "/crawldb");
      Injector injector = new Injector();
      injector.setConf(new Configuration(conf));
      injector.inject(db, new org.apache.hadoop.fs.Path(seeds.toString()), false);
      long jobs = injector.results().getOrDefault(CrawlTool.JOBS, 0L);
      Map<String, String> records =
          new TreeMap<>(
              LocalJobFixtures.readAll(
                  conf,
                  new org.apache.hadoop.fs.Path(db, "current"),
                  new CrawlDatum(),
                  d -> d.getStatus() + " " + d.getScore() + " " + d.getFetchInterval()));
      return new Run(new TreeMap<>(counting.xmlLookups), jobs, records);
    } finally {
      thread.setContextClassLoader(before);
    }
  }

  @Test
  public void localJobsReadNoneOfHadoopsXmlTwiceMoreAndDoTheSame() throws Exception {
    inject(false); // what a JVM's first jobs look up once is not counted below
    Run on = inject(true);
    Run off = inject(false);
    assertTrue(on.toString(), on.jobs() >= 1);
    assertEquals(on.jobs(), off.jobs());
    // Hadoop's way: LocalJobRunner parses each default resource twice a job, looking each absent
    // site file up through the whole class path as often; with job.xml alone, not at all
    for (String name :
        List.of("core-default.xml", "mapred-default.xml", "core-site.xml", "mapred-site.xml")) {
      assertEquals(
          name + ": " + off + " against " + on,
          2 * off.jobs(),
          off.lookups().getOrDefault(name, 0) - on.lookups().getOrDefault(name, 0));
    }
    // YARN's and HDFS's resources are registered when their classes first load, which depends on
    // what ran before in this JVM (other test classes share it): never more, not a fixed number
    for (String name : List.of("yarn-default.xml", "hdfs-default.xml")) {
      assertTrue(
          name + ": " + off + " against " + on,
          on.lookups().getOrDefault(name, 0) <= off.lookups().getOrDefault(name, 0));
    }
    assertEquals(2, on.crawlDb().size());
    assertEquals(off.crawlDb(), on.crawlDb());
  }

  @Test
  public void onlyHadoopsResourcesAreSkippedAndOnlyInsideLocalJobRunner() {
    JobXmlOnly loader = new JobXmlOnly(getClass().getClassLoader());
    // not inside LocalJobRunner's making of a job: what the class path has
    assertFalse(loader.skipped("core-default.xml"));
    assertTrue(loader.getResource("core-default.xml").toString().contains("hadoop-common"));
    assertFalse(loader.skipped("trawler-default.xml"));
  }
}
