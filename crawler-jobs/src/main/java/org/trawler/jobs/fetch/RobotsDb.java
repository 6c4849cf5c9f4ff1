package org.trawler.jobs.fetch;

import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.HashPartitioner;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;

/**
 * The robots.txt answers of a crawl's sites, kept across rounds and fetch tasks: a {@link
 * VersionedDb} of MapFile&lt;Text site, {@link RobotsTxt}&gt; (site = scheme://host[:port]), by
 * default {@code <crawl>/robots} beside the crawldb. A fetch task looks up the sites of its list
 * one by one ({@link Reader}), never the whole db; the answers it asked for go into the segment's
 * {@value #SEGMENT_PART} part, and the fetch command merges them in afterwards ({@link #mergeJob}),
 * the newest answer per site winning. The host database (DESIGN §3, hostdb) can take this over.
 */
final class RobotsDb {
  /** The segment part of the robots.txt answers a fetch asked for: SequenceFile, site → answer. */
  static final String SEGMENT_PART = "crawl_robots";

  private static final String DEFAULT_DIR = "robots";
  private static final String SEGMENTS_DIR = "segments";

  private RobotsDb() {}

  /**
   * The robots db of {@code segment}'s fetch: fetcher.robots.db, else {@code <crawl>/robots} when
   * the segment is in {@code <crawl>/segments/}; null (answers kept per task only) otherwise.
   */
  static Path locate(Configuration conf, Path segment) {
    String configured = conf.getTrimmed(FetcherKeys.ROBOTS_DB, FetcherKeys.DEFAULT_ROBOTS_DB);
    if (!configured.isEmpty()) {
      return new Path(configured);
    }
    Path segments = segment.getParent();
    if (segments == null || !segments.getName().equals(SEGMENTS_DIR)) {
      return null;
    }
    Path crawl = segments.getParent();
    return crawl == null ? null : new Path(crawl, DEFAULT_DIR);
  }

  /**
   * The job writing the new version {@code out} of {@code db}: its installed version and the
   * answers of {@code segment}, the newest per site.
   */
  static Job mergeJob(Configuration conf, Path db, Path segment, Path out) throws IOException {
    Job job = CrawlJob.create(conf, "robots " + db + " + " + segment.getName());
    FileInputFormat.addInputPath(job, new Path(segment, SEGMENT_PART));
    Path installed = VersionedDb.readable(db.getFileSystem(conf), db);
    if (installed != null) {
      FileInputFormat.addInputPath(job, installed);
    }
    job.setInputFormatClass(SequenceFileInputFormat.class);
    job.setMapperClass(Mapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(RobotsTxt.class);
    job.setCombinerClass(NewestReducer.class);
    job.setReducerClass(NewestReducer.class);
    job.setNumReduceTasks(1); // one record per site: small, and one part to look sites up in
    CrawlJob.setMapFileOutput(job, out, RobotsTxt.class);
    return job;
  }

  /** The answer asked for last. */
  static RobotsTxt newest(Iterable<RobotsTxt> answers) {
    RobotsTxt newest = null;
    for (RobotsTxt a : answers) {
      if (newest == null || a.getCheckedTime() >= newest.getCheckedTime()) {
        newest = RobotsTxt.copyOf(a);
      }
    }
    return newest;
  }

  /** Keeps the newest answer per site. */
  public static class NewestReducer extends Reducer<Text, RobotsTxt, Text, RobotsTxt> {
    @Override
    protected void reduce(Text site, Iterable<RobotsTxt> answers, Context context)
        throws IOException, InterruptedException {
      context.write(site, newest(answers));
    }
  }

  /**
   * Looks sites up in the installed version of a robots db, opening it on the first lookup. Fetcher
   * threads share it; lookups are serialized (a MapFile reader is not thread-safe).
   */
  static final class Reader implements Closeable {
    private final Configuration conf;
    private final Path db;
    private final HashPartitioner<Text, RobotsTxt> partitioner = new HashPartitioner<>();
    private MapFile.Reader[] readers;

    /**
     * @param db the robots db, or null for none
     */
    Reader(Configuration conf, Path db) {
      this.conf = conf;
      this.db = db;
    }

    /** The site's answer kept in the db, or null. */
    synchronized RobotsTxt get(String site) throws IOException {
      if (readers == null) {
        readers = open();
      }
      if (readers.length == 0) {
        return null;
      }
      RobotsTxt answer = new RobotsTxt();
      return (RobotsTxt) MapFileOutputFormat.getEntry(readers, partitioner, new Text(site), answer);
    }

    private MapFile.Reader[] open() throws IOException {
      if (db == null) {
        return new MapFile.Reader[0];
      }
      FileSystem fs = db.getFileSystem(conf);
      Path installed = VersionedDb.readable(fs, db);
      return installed == null
          ? new MapFile.Reader[0]
          : MapFileOutputFormat.getReaders(installed, conf);
    }

    @Override
    public synchronized void close() throws IOException {
      if (readers != null) {
        for (MapFile.Reader r : readers) {
          r.close();
        }
      }
    }
  }
}
