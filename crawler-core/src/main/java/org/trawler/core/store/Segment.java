package org.trawler.core.store;

import java.io.IOException;
import java.text.SimpleDateFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TimeZone;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;

/** A segment's directory layout: one fetch round's lists and results. */
public final class Segment {
  /** SequenceFile&lt;Text, CrawlDatum&gt;, one file per fetch task. */
  public static final String CRAWL_GENERATE = "crawl_generate";

  /** MapFile&lt;Text, CrawlDatum&gt;: fetch status. */
  public static final String CRAWL_FETCH = "crawl_fetch";

  /** MapFile&lt;Text, Content&gt;. */
  public static final String CONTENT = "content";

  /**
   * MapFile&lt;Text, HttpTranscript&gt;: request and response heads as sent and received, IP
   * address (fetcher.store.http.headers).
   */
  public static final String HTTP_TRANSCRIPT = "http_transcript";

  /** WARC files the fetch task wrote as pages arrived (fetcher.store.warc). */
  public static final String WARC = "warc";

  /** SequenceFile&lt;Text, CrawlDatum&gt;: linked and signature datums. */
  public static final String CRAWL_PARSE = "crawl_parse";

  /** MapFile&lt;Text, ParseData&gt;. */
  public static final String PARSE_DATA = "parse_data";

  /** MapFile&lt;Text, ParseText&gt;. */
  public static final String PARSE_TEXT = "parse_text";

  /**
   * Work directories of the jobs writing into a segment; the leading _ hides them from input
   * listings.
   */
  private static final String WORK_PREFIX = "_work-";

  /**
   * FileOutputCommitter's scratch directory, left in the segment by fetches and parses that wrote
   * there directly.
   */
  private static final String SCRATCH = "_temporary";

  private static final Logger LOG = LoggerFactory.getLogger(Segment.class);

  private Segment() {}

  /**
   * A new, not yet existing segment directory under {@code segmentsDir}, named yyyyMMddHHmmss
   * (UTC).
   */
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

  /**
   * The segments under {@code dir} that have {@code part}, in name order (the order they were
   * generated); the others are skipped with a log line. No such directory is an error, and so (exit
   * 1) is a directory without one segment that is {@code state} ("fetched", "parsed").
   */
  public static List<Path> withPart(Configuration conf, Path dir, String part, String state)
      throws IOException, UserException {
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir) || !fs.getFileStatus(dir).isDirectory()) {
      throw new UserException("no segments directory at " + dir);
    }
    FileStatus[] children =
        fs.listStatus(dir, p -> !p.getName().startsWith(".") && !p.getName().startsWith("_"));
    Arrays.sort(children);
    List<Path> segments = new ArrayList<>();
    for (FileStatus st : children) {
      if (!st.isDirectory()) {
        continue;
      }
      if (hasPart(conf, st.getPath(), part)) {
        segments.add(st.getPath());
      } else {
        LOG.info("skipping segment {}: not {} (it has no {})", st.getPath(), state, part);
      }
    }
    if (segments.isEmpty()) {
      throw new UserException(
          "no " + state + " segment under " + dir + " (none has " + part + ")",
          UserException.NOTHING_TO_DO);
    }
    return segments;
  }

  public static boolean hasPart(Configuration conf, Path segment, String part) throws IOException {
    return segment.getFileSystem(conf).exists(new Path(segment, part));
  }

  /**
   * A fresh output directory inside {@code segment} for one job (fetch, parse): hidden from
   * readers, on the segment's file system. Jobs must not share an output directory: every
   * FileOutputCommitter keeps its attempts in {@code <output>/_temporary}, and on YARN a finished
   * job's application master may delete that directory again while it shuts down, seconds after the
   * client saw the job succeed, wiping the next job's files in progress.
   */
  public static Path newWorkDir(Path segment, String job) {
    return new Path(segment, WORK_PREFIX + job + "-" + UUID.randomUUID());
  }

  /**
   * The segment a job writes into: the parent of its work directory, or the output itself when it
   * is the segment.
   */
  public static Path ofOutput(Path output) {
    return output.getName().startsWith(WORK_PREFIX) ? output.getParent() : output;
  }

  /**
   * Moves the parts a job wrote into {@code workDir} (those it has of {@code parts}) into the
   * segment by rename (all or none), then removes the work directory.
   */
  public static void installParts(Configuration conf, Path workDir, Path segment, String... parts)
      throws IOException {
    FileSystem fs = segment.getFileSystem(conf);
    Map<Path, Path> moves = new LinkedHashMap<>();
    for (String part : parts) {
      Path from = new Path(workDir, part);
      if (fs.exists(from)) {
        moves.put(from, new Path(segment, part));
      }
    }
    DurableFiles durable = DurableFiles.of(conf);
    for (Path part : moves.keySet()) {
      durable.syncTree(fs, part);
    }
    FileMoves.allOrNone(fs, moves);
    durable.syncDirectory(fs, segment);
    fs.delete(workDir, true);
  }

  /**
   * Removes what a killed fetch or parse left in the segment: its work directory, or the
   * committer's scratch directory of a run that wrote into the segment itself (with committer
   * algorithm 1 the next job would merge the dead run's committed tasks into its own output).
   */
  public static void removeScratch(Configuration conf, Path segment) throws IOException {
    FileSystem fs = segment.getFileSystem(conf);
    if (!fs.exists(segment)) {
      return;
    }
    for (FileStatus st : fs.listStatus(segment)) {
      String name = st.getPath().getName();
      if (name.equals(SCRATCH) || name.startsWith(WORK_PREFIX)) {
        LOG.warn("removing {}: left by a fetch or parse that did not finish", st.getPath());
        fs.delete(st.getPath(), true);
      }
    }
  }
}
