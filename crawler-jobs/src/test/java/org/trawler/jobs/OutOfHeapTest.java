package org.trawler.jobs;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import org.apache.commons.cli.CommandLine;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;

/** A task or a command that runs out of heap ends with one line naming TRAWLER_HEAPSIZE. */
public class OutOfHeapTest {
  @Rule public final TemporaryFolder tmp = new TemporaryFolder();

  /** Stands for a task whose records do not fit in the heap. */
  public static class HeapHungryMapper
      extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable key, Text value, Context context) {
      throw new OutOfMemoryError("Java heap space");
    }
  }

  @Test
  public void aTaskOutOfHeapFailsItsJobWithALineNamingTrawlerHeapsize() throws Exception {
    Configuration conf = CrawlerConfiguration.create();
    conf.set("hadoop.tmp.dir", tmp.newFolder("hadoop").getAbsolutePath());
    conf.setInt("mapreduce.client.completion.pollinterval", 50);
    java.nio.file.Path input = tmp.newFile("in.txt").toPath();
    Files.writeString(input, "one line\n");
    Job job = CrawlJob.create(conf, "out of heap");
    FileInputFormat.addInputPath(job, new Path(input.toString()));
    job.setInputFormatClass(TextInputFormat.class);
    job.setMapperClass(HeapHungryMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    try {
      CrawlJob.run(job);
      fail("the job ran");
    } catch (UserException e) {
      assertTrue(e.getMessage(), e.getMessage().contains("TRAWLER_HEAPSIZE"));
      assertEquals(e.getMessage(), 1, e.getMessage().lines().count());
    }
  }

  @Test
  public void aCommandOutOfHeapSaysSoInOneLine() throws Exception {
    CrawlTool tool =
        new CrawlTool() {
          @Override
          public String name() {
            return "hungry";
          }

          @Override
          public String synopsis() {
            return "";
          }

          @Override
          protected org.apache.commons.cli.Options options() {
            return new org.apache.commons.cli.Options();
          }

          @Override
          protected int[] positionalArity() {
            return new int[] {0, 0};
          }

          @Override
          protected int execute(CommandLine cmd) {
            throw new OutOfMemoryError("Java heap space");
          }
        };
    tool.setConf(CrawlerConfiguration.create());
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream old = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = tool.run(new String[0]);
    } finally {
      System.setErr(old);
    }
    String line = err.toString(StandardCharsets.UTF_8).trim();
    assertEquals(UserException.FAILED, code);
    assertTrue(line, line.startsWith("trawler hungry: ran out of memory"));
    assertTrue(line, line.contains("TRAWLER_HEAPSIZE"));
    assertEquals(line, 1, line.lines().count());
  }
}
