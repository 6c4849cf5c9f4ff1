package org.trawler.jobs.dedup;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.MultipleInputs;
import org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;

/**
 * {@code dedup <crawldb>}: marks all but one page per content signature db_duplicate (keeping the
 * page that names no other canonical, then the highest score, then the shortest URL, then the
 * smallest), and every page within dedup.near.distance bits of a better-ranked page's fingerprint;
 * a duplicate's {@code duplicateOf} names the best-ranked page it is a copy of or near. Job 1 reads
 * the crawldb once and shuffles both steps' groups together under tagged keys: pages by signature
 * (each loser's URL written with the kept page) and pages by each band of their fingerprint ({@link
 * NearDuplicates}: each page near a better one written with that one); job 2 merges those matches
 * into the crawldb by URL, and un-marks earlier marks that no longer hold (every run judges them
 * again). The new version is installed under the crawldb lock; with nothing to mark or un-mark the
 * crawldb is left as it is.
 */
public class DeduplicationJob extends CrawlTool {

  /**
   * What a dedup run found: the exact step's figures, then the near step's (-1 distance: off), and
   * the new crawldb's URLs per status (empty when the crawldb was left as it was).
   */
  public record Result(
      long candidates,
      long marked,
      int distance,
      long withFingerprint,
      long nearPairs,
      long urlsMarked,
      long unmarked,
      long bucketsCut,
      Map<String, Long> perStatus) {
    public String summary(Path crawlDb) {
      String exact =
          String.format(
              "dedup: %d documents marked duplicate among %d fetched with a signature in %s",
              marked, candidates, crawlDb);
      String near =
          distance < 0
              ? ""
              : String.format(
                  "; near duplicates (within %d bits): %d pairs among %d pages with a"
                      + " fingerprint, %d buckets cut",
                  distance, nearPairs, withFingerprint, bucketsCut);
      return exact
          + near
          + String.format("; %d URLs marked with duplicateOf, %d un-marked", urlsMarked, unmarked);
    }
  }

  @Override
  public String name() {
    return "dedup";
  }

  @Override
  public String synopsis() {
    return "<crawldb> [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption("force", false, "break the crawldb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Path crawlDb = new Path(cmd.getArgList().get(0));
    out().println(dedup(crawlDb, cmd.hasOption("force")).summary(crawlDb));
    return 0;
  }

  /** Marks the duplicates of {@code crawlDb} and installs the new version if any were found. */
  public Result dedup(Path crawlDb, boolean force) throws IOException, UserException {
    Configuration conf = getConf();
    int distance = distance(conf);
    if (distance >= 0) {
      new NearDuplicates(distance); // a bad distance fails here, before a job starts
      // a bucket of one page has no pair to compare; this fails before a job starts
      Settings.getInt(
          conf, DedupKeys.NEAR_BUCKET_MAX, DedupKeys.DEFAULT_NEAR_BUCKET_MAX, 2, Integer.MAX_VALUE);
    }
    VersionedDb.currentForReading(conf, crawlDb);
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      Path matches = tx.scratch("matches");
      Counters c = find(crawlDb, matches);
      boolean nearStep = distance >= 0;
      long marked = DedupCounter.DOCUMENTS_MARKED_DUPLICATE.valueIn(c);
      long pairs = NearDuplicateCounter.NEAR_DUPLICATE_PAIRS.valueIn(c);
      // with the near step off, earlier marks stay as they are: nothing to merge but new ones
      long markedBefore = nearStep ? DedupCounter.DOCUMENTS_MARKED_BEFORE.valueIn(c) : 0;
      Counters m = null;
      if (marked > 0 || pairs > 0 || markedBefore > 0) {
        m = merge(crawlDb, matches, tx.newVersion());
        tx.commit();
      }
      return new Result(
          DedupCounter.DOCUMENTS_WITH_SIGNATURE.valueIn(c),
          marked,
          distance,
          NearDuplicateCounter.PAGES_WITH_FINGERPRINT.valueIn(c),
          pairs,
          m == null ? 0 : DedupCounter.URLS_MARKED.valueIn(m),
          m == null ? 0 : DedupCounter.URLS_UNMARKED.valueIn(m),
          NearDuplicateCounter.BUCKETS_CUT.valueIn(c),
          perStatus(m));
    }
  }

  /** The URLs per status the merge wrote, or none when it did not run. */
  private static Map<String, Long> perStatus(Counters merged) {
    Map<String, Long> perStatus = new TreeMap<>();
    if (merged != null) {
      for (Counter c : merged.getGroup(DedupCounter.STATUS_GROUP)) {
        perStatus.put(c.getName(), c.getValue());
      }
    }
    return perStatus;
  }

  /**
   * Job 1, one pass over the crawldb and one shuffle for both steps: groups of one signature and
   * buckets of one fingerprint band side by side, under tagged keys. Writes, for each page that is
   * a copy of or near a better-ranked one, (its URL, that page).
   */
  private Counters find(Path crawlDb, Path out) throws IOException, UserException {
    Job job = CrawlJob.create(getConf(), "dedup " + crawlDb + ": find duplicates");
    CrawlJob.addCrawlDbInput(job, crawlDb);
    job.setMapperClass(GroupMapper.class);
    job.setMapOutputKeyClass(BytesWritable.class);
    job.setMapOutputValueClass(DedupCandidate.class);
    job.setReducerClass(GroupReducer.class);
    job.setOutputFormatClass(SequenceFileOutputFormat.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(DedupCandidate.class);
    FileOutputFormat.setOutputPath(job, out);
    runJob(job);
    return job.getCounters();
  }

  /** Job 2: the crawldb with job 1's matches merged in, into {@code out}. */
  private Counters merge(Path crawlDb, Path matches, Path out) throws IOException, UserException {
    Configuration conf = getConf();
    Job job = CrawlJob.create(conf, "dedup " + crawlDb + ": mark duplicates");
    MultipleInputs.addInputPath(
        job,
        CrawlJob.crawlDbVersion(conf, crawlDb),
        SequenceFileInputFormat.class,
        EntryMapper.class);
    // the matches are (url, the better page) already
    MultipleInputs.addInputPath(job, matches, SequenceFileInputFormat.class, Mapper.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(DedupCandidate.class);
    job.setReducerClass(MarkReducer.class);
    CrawlJob.setCrawlDbOutput(job, out);
    runJob(job);
    return job.getCounters();
  }

  /** A group key's first byte for a signature's group (so no signature meets a band's bits). */
  static final byte SIGNATURE_GROUP = 0;

  /** A group key's first byte for a bucket of the near step. */
  static final byte BAND_GROUP = 1;

  /** The length of a bucket's key: the tag, the band's number, its 64 bits. */
  static final int BUCKET_KEY_LENGTH = 2 + Long.BYTES;

  /** The key of a signature's group: the tag, then the signature. */
  static byte[] signatureKey(byte[] signature) {
    byte[] key = new byte[1 + signature.length];
    key[0] = SIGNATURE_GROUP;
    System.arraycopy(signature, 0, key, 1, signature.length);
    return key;
  }

  /** The key of a bucket, into {@code key}: the tag, the band's number, then its bits. */
  static byte[] bucketKey(byte[] key, int band, long bits) {
    key[0] = BAND_GROUP;
    key[1] = (byte) band;
    for (int i = 0; i < Long.BYTES; i++) {
      key[2 + i] = (byte) (bits >>> (8 * (Long.BYTES - 1 - i)));
    }
    return key;
  }

  private static int distance(Configuration conf) {
    return Settings.getInt(conf, DedupKeys.NEAR_DISTANCE, DedupKeys.DEFAULT_NEAR_DISTANCE);
  }

  /**
   * crawldb (url → datum) to (signature group → the page's ranking and signature) for fetched pages
   * with a signature and pages an earlier run marked, whose marks are judged again; with the near
   * step on, also to (bucket → the page's ranking) for each band of each near candidate's
   * fingerprint.
   */
  public static class GroupMapper extends Mapper<Text, CrawlDatum, BytesWritable, DedupCandidate> {
    private final BytesWritable group = new BytesWritable();
    private final byte[] bucket = new byte[BUCKET_KEY_LENGTH];
    private final DedupCandidate candidate = new DedupCandidate();
    private NearDuplicates near;

    @Override
    protected void setup(Context context) {
      int distance = distance(context.getConfiguration());
      near = distance >= 0 ? new NearDuplicates(distance) : null;
    }

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      if (DuplicateChoice.isCandidate(datum)) {
        DedupCounter.DOCUMENTS_WITH_SIGNATURE.in(context).increment(1);
        if (DuplicateChoice.wasMarked(datum)) {
          DedupCounter.DOCUMENTS_MARKED_BEFORE.in(context).increment(1);
        }
        byte[] key = signatureKey(datum.getSignature());
        group.set(key, 0, key.length);
        candidate.set(url.toString(), DuplicateChoice.exactRanking(datum));
        context.write(group, candidate);
      }
      if (near == null || !DuplicateChoice.isNearCandidate(datum)) {
        return;
      }
      NearDuplicateCounter.PAGES_WITH_FINGERPRINT.in(context).increment(1);
      long fingerprint = DuplicateChoice.fingerprint(datum);
      candidate.set(url.toString(), DuplicateChoice.ranking(datum));
      for (int band = 0; band < near.bands(); band++) {
        group.set(bucketKey(bucket, band, near.bandBits(fingerprint, band)), 0, bucket.length);
        context.write(group, candidate);
      }
    }
  }

  /**
   * One group: the pages of one signature, all copies of the best of them, or of one bucket, where
   * a page may be near a better one; writes each copy's or near page's URL with that better page.
   */
  public static class GroupReducer
      extends Reducer<BytesWritable, DedupCandidate, Text, DedupCandidate> {
    private static final Logger LOG = LoggerFactory.getLogger(GroupReducer.class);
    private final Text url = new Text();
    private NearDuplicates near;
    private int bucketMax;

    @Override
    protected void setup(Context context) {
      int distance = distance(context.getConfiguration());
      near = distance >= 0 ? new NearDuplicates(distance) : null;
      bucketMax =
          Settings.getInt(
              context.getConfiguration(),
              DedupKeys.NEAR_BUCKET_MAX,
              DedupKeys.DEFAULT_NEAR_BUCKET_MAX);
    }

    @Override
    protected void reduce(BytesWritable group, Iterable<DedupCandidate> pages, Context context)
        throws IOException, InterruptedException {
      if (group.getBytes()[0] == SIGNATURE_GROUP) {
        copies(pages, context);
      } else {
        nearPages(group.getBytes()[1], pages, context);
      }
    }

    /**
     * The pages of one signature: keeps the best, writes every other one's URL with the kept page.
     * Holds the group's URLs until the best is known (a group is the copies of one content).
     */
    private void copies(Iterable<DedupCandidate> candidates, Context context)
        throws IOException, InterruptedException {
      DedupCandidate kept = null;
      List<String> others = new ArrayList<>();
      for (DedupCandidate c : candidates) {
        if (kept == null) {
          kept = c.copy();
        } else if (DuplicateChoice.compare(c, kept) < 0) {
          others.add(kept.getUrl());
          kept = c.copy();
        } else {
          others.add(c.getUrl());
        }
      }
      for (String duplicate : others) {
        url.set(duplicate);
        context.write(url, kept);
      }
      DedupCounter.DOCUMENTS_MARKED_DUPLICATE.in(context).increment(others.size());
    }

    /**
     * The pages of one bucket of {@code band}: its best-ranked dedup.near.bucket.max (the bucket
     * counted as cut when it had more), compared pairwise; writes each page near a better one with
     * the best such page.
     */
    private void nearPages(int band, Iterable<DedupCandidate> pages, Context context)
        throws IOException, InterruptedException {
      // worst-ranked first, so that a full bucket drops its worst page
      PriorityQueue<DedupCandidate> kept =
          new PriorityQueue<>((a, b) -> DuplicateChoice.compare(b, a));
      long seen = 0;
      for (DedupCandidate page : pages) {
        seen++;
        if (kept.size() < bucketMax) {
          kept.add(page.copy());
        } else if (DuplicateChoice.compare(page, kept.peek()) < 0) {
          kept.poll();
          kept.add(page.copy());
        }
      }
      if (seen > bucketMax) {
        NearDuplicateCounter.BUCKETS_CUT.in(context).increment(1);
        LOG.warn(
            "near-duplicate bucket of {} pages cut to its best {} ({}), from {}",
            seen,
            bucketMax,
            DedupKeys.NEAR_BUCKET_MAX,
            kept.isEmpty() ? "-" : kept.peek().getUrl());
      }
      List<DedupCandidate> bestFirst = new ArrayList<>(kept);
      bestFirst.sort(DuplicateChoice::compare);
      NearDuplicates.BucketMatches found = near.inBucket(bestFirst, band);
      NearDuplicateCounter.NEAR_DUPLICATE_PAIRS.in(context).increment(found.pairs());
      for (NearDuplicates.Match match : found.matches()) {
        url.set(match.duplicate());
        context.write(url, match.kept());
      }
    }
  }

  /**
   * crawldb (url → datum) to (url → candidate of that URL): beside it, job 1's matches (url → a
   * better copy or near page) arrive under the same URL.
   */
  public static class EntryMapper extends Mapper<Text, CrawlDatum, Text, DedupCandidate> {
    private final DedupCandidate candidate = new DedupCandidate();

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      candidate.set(url.toString(), datum);
      context.write(url, candidate);
    }
  }

  /**
   * A URL's crawldb entry and the better pages it is a copy of or near, if any: writes the entry
   * marked db_duplicate with {@code duplicateOf} the best-ranked of them, else the entry as it was
   * (an earlier mark that no longer holds lifted when the near step ran).
   */
  public static class MarkReducer extends Reducer<Text, DedupCandidate, Text, CrawlDatum> {
    private boolean nearStep;

    @Override
    protected void setup(Context context) {
      nearStep = distance(context.getConfiguration()) >= 0;
    }

    @Override
    protected void reduce(Text url, Iterable<DedupCandidate> values, Context context)
        throws IOException, InterruptedException {
      String self = url.toString();
      CrawlDatum entry = null;
      DedupCandidate best = null;
      for (DedupCandidate v : values) {
        if (v.getUrl().equals(self)) {
          entry = new CrawlDatum(v.getDatum());
        } else if (best == null || DuplicateChoice.compare(v, best) < 0) {
          best = v.copy();
        } else if (v.getUrl().equals(best.getUrl()) && v.getDatum().getSignature() != null) {
          // the exact step's match of the page the near step matched too: an exact copy
          best.getDatum().setSignature(v.getDatum().getSignature());
        }
      }
      if (entry == null) {
        return; // matches of a URL the crawldb no longer has: nothing to mark
      }
      DuplicateChoice.Merged merged = DuplicateChoice.merge(entry, best, nearStep);
      if (merged.outcome() == DuplicateChoice.Outcome.MARKED) {
        DedupCounter.URLS_MARKED.in(context).increment(1);
      } else if (merged.outcome() == DuplicateChoice.Outcome.UNMARKED) {
        DedupCounter.URLS_UNMARKED.in(context).increment(1);
      }
      context.getCounter(DedupCounter.STATUS_GROUP, merged.entry().statusLabel()).increment(1);
      context.write(url, merged.entry());
    }
  }
}
