package org.trawler.jobs.parse;

import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.store.Segment;
import org.trawler.jobs.LocalJobFixtures;

public class ParseOutputFormatTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  @Test
  public void aParsedSegmentIsRefusedWhenTheJobWritesIntoItsWorkDirectory() throws Exception {
    Configuration conf = LocalJobFixtures.localConf();
    Path segment = new Path(tmp.getRoot().getAbsolutePath(), "20240101000000");
    segment.getFileSystem(conf).mkdirs(new Path(segment, Segment.PARSE_DATA));
    Job job = Job.getInstance(conf);
    FileOutputFormat.setOutputPath(job, Segment.newWorkDir(segment, "parse"));
    try {
      new ParseOutputFormat().checkOutputSpecs(job);
      fail("parsed twice");
    } catch (FileAlreadyExistsException e) {
      assertTrue(e.getMessage(), e.getMessage().contains(Segment.PARSE_DATA + " already exists"));
    }
  }
}
