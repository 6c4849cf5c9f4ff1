package org.trawler.jobs.politeness;

import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.MapFile;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MapFileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.HashPartitioner;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.datum.RobotsTxt;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.KeyGroups;
import org.trawler.core.store.PartCursor;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.VersionedDb;

/**
 * The robots.txt answers of a crawl's sites, kept across rounds and fetch tasks: a {@link
 * VersionedDb} of MapFile&lt;Text site, {@link RobotsTxt}&gt; (site = scheme://host[:port]), by
 * default {@code <crawl>/robots} beside the crawldb. A fetch task looks up the sites of its list
 * one by one ({@link Reader}), never the whole db; the answers it asked for go into the segment's
 * {@value #SEGMENT_PART} part (the sitemap job's tasks write theirs in the same form, {@link
 * #writeAnswers}), and the command merges them in afterwards ({@link #keep}), the newest answer per
 * site winning: one pass over one record per site, no job. The host database (DESIGN §3, hostdb)
 * can take this over.
 */
public final class RobotsDb {
  private static final Logger LOG = LoggerFactory.getLogger(RobotsDb.class);

  /** The segment part of the robots.txt answers a fetch asked for: SequenceFile, site → answer. */
  public static final String SEGMENT_PART = "crawl_robots";

  private static final String DEFAULT_DIR = "robots";
  private static final String SEGMENTS_DIR = "segments";

  private RobotsDb() {}

  /**
   * The robots db of {@code segment}'s fetch: fetcher.robots.db, else {@code <crawl>/robots} when
   * the segment is in {@code <crawl>/segments/}; null (answers kept per task only) otherwise.
   */
  public static Path locate(Configuration conf, Path segment) {
    Path segments = segment.getParent();
    boolean inCrawl = segments != null && segments.getName().equals(SEGMENTS_DIR);
    return inCrawl(conf, inCrawl ? segments.getParent() : null);
  }

  /**
   * The robots db of the crawl directory {@code crawl}: fetcher.robots.db, else {@code
   * <crawl>/robots}; null when neither is known ({@code crawl} null, the key unset).
   */
  public static Path inCrawl(Configuration conf, Path crawl) {
    String configured = conf.getTrimmed(PolitenessKeys.ROBOTS_DB, PolitenessKeys.DEFAULT_ROBOTS_DB);
    if (!configured.isEmpty()) {
      return new Path(configured);
    }
    return crawl == null ? null : new Path(crawl, DEFAULT_DIR);
  }

  /** The key that names a robots db apart from the crawl, for usage lines. */
  public static String configKey() {
    return PolitenessKeys.ROBOTS_DB;
  }

  /**
   * Merges the answers under {@code parent}'s {@value #SEGMENT_PART} (a fetched segment, or a
   * sitemap job's work directory) into {@code db}, in the db's own transaction. A db held by
   * another writer, or one that cannot be written (a full disk), only costs those sites a question
   * again later: a warning, not a failed command (its real output is complete by now). With {@code
   * force} the lock of a writer killed while it kept its answers is broken, as every db writer's
   * -force does.
   */
  public static void keep(Configuration conf, Path db, Path parent, boolean force)
      throws IOException {
    try (DbTransaction tx = DbTransaction.begin(conf, db, "robots db", force)) {
      long sites = merge(conf, db, parent, tx.newVersion());
      tx.commit();
      LOG.info("{}: robots.txt answers of {} site(s) kept", db, sites);
    } catch (UserException | IOException e) {
      LOG.warn("robots.txt answers of {} not kept: {}", parent, e.getMessage());
    }
  }

  /**
   * Writes {@code answers} (site → answer) as the part {@code name} of {@code parent}'s {@value
   * #SEGMENT_PART}, in the form {@link #keep} reads; the part appears whole or not at all.
   */
  public static void writeAnswers(
      Configuration conf, Path parent, String name, SortedMap<String, RobotsTxt> answers)
      throws IOException {
    Path dir = new Path(parent, SEGMENT_PART);
    Path part = new Path(dir, "part-" + name);
    Path scratch = new Path(dir, "." + part.getName() + ".tmp");
    FileSystem fs = dir.getFileSystem(conf);
    try (SequenceFile.Writer writer =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(scratch),
            SequenceFile.Writer.keyClass(Text.class),
            SequenceFile.Writer.valueClass(RobotsTxt.class))) {
      for (Map.Entry<String, RobotsTxt> e : answers.entrySet()) {
        writer.append(new Text(e.getKey()), e.getValue());
      }
    }
    if (!fs.rename(scratch, part)) {
      throw new IOException("cannot rename " + scratch + " to " + part);
    }
  }

  /**
   * Writes the new version {@code out} of {@code db}: its installed version merged with the answers
   * {@code segment}'s fetch asked for, the newest per site; returns the sites written. Every input
   * is sorted by site (each fetch task sorts its output), so this is one streaming pass.
   */
  public static long merge(Configuration conf, Path db, Path segment, Path out)
      throws IOException, UserException {
    List<Path> inputs = new ArrayList<>(PartFiles.list(conf, new Path(segment, SEGMENT_PART)));
    Path installed = VersionedDb.readable(db.getFileSystem(conf), db);
    if (installed != null) {
      inputs.addAll(PartFiles.list(conf, installed));
    }
    long sites = 0;
    try (KeyGroups groups = new KeyGroups();
        MapFile.Writer writer = writer(conf, new Path(out, "part-r-00000"))) {
      for (Path input : inputs) {
        groups.add(PartCursor.open(conf, SEGMENT_PART, input));
      }
      for (KeyGroups.Group group = groups.next(); group != null; group = groups.next()) {
        List<RobotsTxt> answers = new ArrayList<>();
        for (PartCursor.Record record : group.records()) {
          answers.add((RobotsTxt) record.value());
        }
        writer.append(group.key(), newest(answers));
        sites++;
      }
    }
    return sites;
  }

  private static MapFile.Writer writer(Configuration conf, Path file) throws IOException {
    CompressionCodec codec =
        ReflectionUtils.newInstance(
            conf.getClass(
                FileOutputFormat.COMPRESS_CODEC, DefaultCodec.class, CompressionCodec.class),
            conf);
    return new MapFile.Writer(
        conf,
        file,
        MapFile.Writer.keyClass(Text.class),
        MapFile.Writer.valueClass(RobotsTxt.class),
        SequenceFile.Writer.compression(SequenceFile.CompressionType.BLOCK, codec));
  }

  /**
   * The answer asked for last; of two copies of one answer, the one that carries the site's
   * tdmrep.json (asked after robots.txt, it keeps the robots.txt answer's time).
   */
  public static RobotsTxt newest(Iterable<RobotsTxt> answers) {
    RobotsTxt newest = null;
    for (RobotsTxt a : answers) {
      if (newest == null
          || a.getCheckedTime() > newest.getCheckedTime()
          || (a.getCheckedTime() == newest.getCheckedTime()
              && (!a.getTdmRepReason().isEmpty() || newest.getTdmRepReason().isEmpty()))) {
        newest = a;
      }
    }
    return newest;
  }

  /**
   * Looks sites up in the installed version of a robots db, opening it on the first lookup. Fetcher
   * threads share it; lookups are serialized (a MapFile reader is not thread-safe).
   */
  public static final class Reader implements Closeable {
    private final Configuration conf;
    private final Path db;
    private final HashPartitioner<Text, RobotsTxt> partitioner = new HashPartitioner<>();
    private MapFile.Reader[] readers;

    /**
     * @param db the robots db, or null for none
     */
    public Reader(Configuration conf, Path db) {
      this.conf = conf;
      this.db = db;
    }

    /** The site's answer kept in the db, or null. */
    public synchronized RobotsTxt get(String site) throws IOException {
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
