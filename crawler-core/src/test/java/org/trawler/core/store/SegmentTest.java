package org.trawler.core.store;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.junit.rules.TemporaryFolder;
import org.trawler.core.UserException;

public class SegmentTest {
  @Rule public TemporaryFolder tmp = new TemporaryFolder();

  private Configuration conf;
  private FileSystem fs;
  private Path segments;

  @Before
  public void setUp() throws Exception {
    conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    segments = new Path(tmp.getRoot().getAbsolutePath(), "segments");
    fs = segments.getFileSystem(conf);
  }

  private Path segment(String name, String... parts) throws Exception {
    Path segment = new Path(segments, name);
    fs.mkdirs(segment);
    for (String part : parts) {
      fs.mkdirs(new Path(segment, part));
    }
    return segment;
  }

  @Test
  public void segmentsWithThePartComeInTheOrderTheyWereGenerated() throws Exception {
    Path third = segment("20240103000000", Segment.CRAWL_GENERATE, Segment.CRAWL_FETCH);
    segment("20240102000000", Segment.CRAWL_GENERATE);
    Path first = segment("20240101000000", Segment.CRAWL_GENERATE, Segment.CRAWL_FETCH);
    segment("_work-fetch-x", Segment.CRAWL_FETCH);
    fs.create(new Path(segments, "notes.txt")).close();
    List<Path> fetched = Segment.withPart(conf, segments, Segment.CRAWL_FETCH, "fetched");
    assertEquals(List.of(fs.makeQualified(first), fs.makeQualified(third)), fetched);
  }

  @Test
  public void noSegmentInTheStateIsNothingToDo() throws Exception {
    segment("20240101000000", Segment.CRAWL_GENERATE);
    try {
      Segment.withPart(conf, segments, Segment.PARSE_DATA, "parsed");
      fail();
    } catch (UserException e) {
      assertEquals(UserException.NOTHING_TO_DO, e.exitCode());
      assertTrue(e.getMessage(), e.getMessage().startsWith("no parsed segment under " + segments));
    }
  }

  @Test
  public void aMissingDirectoryIsAFailure() {
    try {
      Segment.withPart(conf, segments, Segment.CRAWL_FETCH, "fetched");
      fail();
    } catch (Exception e) {
      assertTrue(e.getMessage(), e.getMessage().startsWith("no segments directory at "));
      assertEquals(UserException.FAILED, ((UserException) e).exitCode());
    }
  }

  @Test
  public void theSegmentOfAJobsWorkDirectoryIsItsParent() {
    Path segment = new Path(segments, "20240101000000");
    assertEquals(segment, Segment.ofOutput(Segment.newWorkDir(segment, "fetch")));
    assertEquals(segment, Segment.ofOutput(segment));
  }
}
