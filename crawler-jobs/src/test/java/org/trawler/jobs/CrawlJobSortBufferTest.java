package org.trawler.jobs;

import static org.junit.Assert.assertEquals;

import java.io.File;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;

/** A local job's map-side sort buffer is sized to its input, within the heap's share. */
public class CrawlJobSortBufferTest {
  private static final long MB = 1 << 20;

  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void aSmallRoundGetsTheSmallestBuffer() {
    assertEquals(4, CrawlJob.sortBufferMb(0, 6000, 2));
    assertEquals(4, CrawlJob.sortBufferMb(200_000, 6000, 2));
  }

  @Test
  public void theBufferGrowsWithTheInputUpToHadoopsDefault() {
    assertEquals(30, CrawlJob.sortBufferMb(3 * MB, 6000, 2));
    assertEquals(100, CrawlJob.sortBufferMb(10 * MB, 6000, 2));
    assertEquals(100, CrawlJob.sortBufferMb(50_000 * MB, 6000, 2));
  }

  @Test
  public void theRunningMapsBuffersTakeAtMostAThirdOfTheHeap() {
    assertEquals(50, CrawlJob.sortBufferMb(1000 * MB, 300, 2));
    assertEquals(8, CrawlJob.sortBufferMb(1000 * MB, 30, 2));
    assertEquals(4, CrawlJob.sortBufferMb(0, 30, 2));
  }

  @Test
  public void inputBytesCountEveryInputPathOfEveryFormat() throws Exception {
    File a = dir("a", 1000);
    File b = dir("b", 300);
    Job plain = Job.getInstance(LocalJobFixtures.localConf());
    FileInputFormat.addInputPath(plain, new Path(a.toURI()));
    FileInputFormat.addInputPath(plain, new Path(tmp.getRoot().toURI() + "/missing"));
    assertEquals(1000, CrawlJob.inputBytes(plain));

    Job multiple = Job.getInstance(LocalJobFixtures.localConf());
    MultipleInputs.addInputPath(multiple, new Path(a.toURI()), SequenceFileInputFormat.class);
    MultipleInputs.addInputPath(multiple, new Path(b.toURI()), TextInputFormat.class);
    assertEquals(1300, CrawlJob.inputBytes(multiple));
  }

  @Test
  public void aLocalJobsBufferFollowsItsInputUnlessTheUserSetIt() throws Exception {
    File input = dir("in", (int) (3 * MB));
    Job sized = CrawlJob.create(LocalJobFixtures.localConf(), "test");
    FileInputFormat.addInputPath(sized, new Path(input.toURI()));
    CrawlJob.sizeSortBuffer(sized);
    long heapMb = Runtime.getRuntime().maxMemory() >> 20;
    assertEquals(
        CrawlJob.sortBufferMb(3 * MB, heapMb, Runtime.getRuntime().availableProcessors()),
        sized.getConfiguration().getInt(MRJobConfig.IO_SORT_MB, -1));

    Configuration user = LocalJobFixtures.localConf();
    user.setInt(MRJobConfig.IO_SORT_MB, 77);
    Job kept = CrawlJob.create(user, "test");
    FileInputFormat.addInputPath(kept, new Path(input.toURI()));
    CrawlJob.sizeSortBuffer(kept);
    assertEquals(77, kept.getConfiguration().getInt(MRJobConfig.IO_SORT_MB, -1));
  }

  /** A directory holding one file of {@code bytes} bytes. */
  private File dir(String name, int bytes) throws Exception {
    File d = tmp.newFolder(name);
    Files.write(new File(d, "part-00000").toPath(), new byte[bytes]);
    return d;
  }
}
