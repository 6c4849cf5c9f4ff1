package org.trawler.simweb.demo;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.jobs.cli.Main;

public class DemoClusterModeTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void demoRefusesToRunOnAClusterBeforeTouchingAnything() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("mapreduce.framework.name", "yarn");
    File dir = new File(tmp.getRoot(), "crawl-demo");
    assertEquals(
        UserException.USAGE, Main.run(conf, new String[] {"demo", "--dir", dir.getPath()}));
    assertFalse(dir.exists());
  }
}
