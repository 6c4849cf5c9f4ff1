package org.trawler.jobs.politeness;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.conf.CrawlerConfiguration;

/** The hosts' last delays handed from one task to the next, beside the robots db. */
public class QuietHandOverTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  private final Configuration conf = CrawlerConfiguration.create();

  private QuietHandOver handOver() {
    return QuietHandOver.besideRobotsDb(conf, new Path(tmp.getRoot().getPath(), "robots"));
  }

  @Test
  public void itLivesBesideTheRobotsDbAndNowhereWithoutOne() {
    assertEquals(new Path(tmp.getRoot().getPath(), "quiet"), handOver().dir());
    assertNull(QuietHandOver.besideRobotsDb(conf, null));
  }

  @Test
  public void theNextTaskReadsTheDelaysNotYetPassedTheLatestOfSeveralTasks() throws Exception {
    QuietHandOver h = handOver();
    h.write("task-1", Map.of("http://a", 1500L, "http://b", 900L, "http://c", 1200L), 1000);
    h.write("task-2", Map.of("http://a", 1800L, "http://c", 1100L), 1000);
    assertEquals(
        "b's delay had passed when task 1 ended",
        Map.of("http://a", 1800L, "http://c", 1200L),
        h.read(1000));
    assertEquals(Map.of("http://a", 1800L), h.read(1600));
  }

  @Test
  public void aFileWhoseDelaysHaveAllPassedIsDeletedByItsReader() throws Exception {
    QuietHandOver h = handOver();
    h.write("old", Map.of("http://a", 1500L), 1000);
    h.write("new", Map.of("http://b", 2500L), 1000);
    assertEquals(Map.of("http://b", 2500L), h.read(2000));
    File dir = new File(tmp.getRoot(), "quiet");
    assertFalse(new File(dir, "old").exists());
    assertTrue(new File(dir, "new").exists());
  }

  @Test
  public void aTaskWithNoHostInItsDelayWritesNothing() throws Exception {
    QuietHandOver h = handOver();
    h.write("task", Map.of("http://a", 900L), 1000);
    assertFalse(new File(tmp.getRoot(), "quiet").exists());
    assertEquals(Map.of(), h.read(0));
  }

  @Test
  public void aLineNotUnderstoodIsSkippedAndTheOthersKept() throws Exception {
    File dir = tmp.newFolder("quiet");
    Files.writeString(
        new File(dir, "task").toPath(),
        "http://a\t2000\nno tab here\nhttp://b\tsoon\n\nhttp://c\t3000\n",
        StandardCharsets.UTF_8);
    assertEquals(Map.of("http://a", 2000L, "http://c", 3000L), handOver().read(1000));
  }
}
