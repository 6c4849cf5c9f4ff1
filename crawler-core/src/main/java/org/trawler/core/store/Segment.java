package org.trawler.core.store;

import java.io.IOException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.TimeZone;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;

/** A segment's directory layout (DESIGN §3): one fetch round's lists and results. */
public final class Segment {
  /** SequenceFile&lt;Text, CrawlDatum&gt;, one file per fetch task. */
  public static final String CRAWL_GENERATE = "crawl_generate";
  /** MapFile&lt;Text, CrawlDatum&gt;: fetch status. */
  public static final String CRAWL_FETCH = "crawl_fetch";
  /** MapFile&lt;Text, Content&gt;. */
  public static final String CONTENT = "content";
  /** SequenceFile&lt;Text, CrawlDatum&gt;: linked and signature datums. */
  public static final String CRAWL_PARSE = "crawl_parse";
  /** MapFile&lt;Text, ParseData&gt;. */
  public static final String PARSE_DATA = "parse_data";
  /** MapFile&lt;Text, ParseText&gt;. */
  public static final String PARSE_TEXT = "parse_text";

  /** FileOutputCommitter's scratch directory under a job's output (the segment, for fetch and parse). */
  private static final String SCRATCH = "_temporary";
  private static final Logger LOG = LoggerFactory.getLogger(Segment.class);

  private Segment() {}

  /** A new, not yet existing segment directory under {@code segmentsDir}, named yyyyMMddHHmmss (UTC). */
  public static Path newSegment(Configuration conf, Path segmentsDir) throws IOException {
    FileSystem fs = segmentsDir.getFileSystem(conf);
    SimpleDateFormat format = new SimpleDateFormat("yyyyMMddHHmmss");
    format.setTimeZone(TimeZone.getTimeZone("UTC"));
    long time = System.currentTimeMillis();
    Path segment;
    do {
      segment = new Path(segmentsDir, format.format(new Date(time)));
      time += 1000; // two generates in one second get consecutive names
    } while (fs.exists(segment));
    return segment;
  }

  /** Fails with one clear line unless {@code segment} is a directory with the given part. */
  public static void requirePart(Configuration conf, Path segment, String part, String hint)
      throws IOException, UserException {
    FileSystem fs = segment.getFileSystem(conf);
    if (!fs.exists(segment) || !fs.getFileStatus(segment).isDirectory()) {
      throw new UserException("no segment at " + segment);
    }
    if (!fs.exists(new Path(segment, part))) {
      throw new UserException(segment + " has no " + part + (hint == null ? "" : ": " + hint));
    }
  }

  public static boolean hasPart(Configuration conf, Path segment, String part) throws IOException {
    return segment.getFileSystem(conf).exists(new Path(segment, part));
  }

  /**
   * Removes the output committer's scratch directory a killed fetch or parse left in the segment:
   * with committer algorithm 1 the next job would merge the dead run's committed tasks into its own.
   */
  public static void removeScratch(Configuration conf, Path segment) throws IOException {
    Path scratch = new Path(segment, SCRATCH);
    FileSystem fs = scratch.getFileSystem(conf);
    if (fs.exists(scratch)) {
      LOG.warn("removing {}: left by a fetch or parse that did not finish", scratch);
      fs.delete(scratch, true);
    }
  }
}
