package org.trawler.jobs.dedup;

import java.io.IOException;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlJob;
import org.trawler.jobs.CrawlTool;

/**
 * {@code dedup <crawldb>}: marks all but one page per content signature db_duplicate (keeping the
 * highest score, then the shortest URL, then the smallest). Job 1 groups fetched pages by signature
 * and writes the losers, marked; job 2 merges those marks into the crawldb by URL. The new version
 * is installed under the crawldb lock; with no duplicates the crawldb is left as it is.
 */
public class DeduplicationJob extends CrawlTool {

  /** What a dedup run found. */
  public record Result(long candidates, long marked) {
    public String summary(Path crawlDb) {
      return String.format(
          "dedup: %d documents marked duplicate among %d fetched with a signature in %s",
          marked, candidates, crawlDb);
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
    VersionedDb.currentForReading(conf, crawlDb);
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      Path marks = tx.scratch("marks");
      Job find = CrawlJob.create(conf, "dedup " + crawlDb + ": find duplicates");
      CrawlJob.addCrawlDbInput(find, crawlDb);
      find.setMapperClass(SignatureMapper.class);
      find.setMapOutputKeyClass(BytesWritable.class);
      find.setMapOutputValueClass(DedupCandidate.class);
      find.setReducerClass(DuplicateReducer.class);
      find.setOutputFormatClass(SequenceFileOutputFormat.class);
      find.setOutputKeyClass(Text.class);
      find.setOutputValueClass(CrawlDatum.class);
      FileOutputFormat.setOutputPath(find, marks);
      runJob(find);
      Counters c = find.getCounters();
      Result result =
          new Result(
              DedupCounter.DOCUMENTS_WITH_SIGNATURE.valueIn(c),
              DedupCounter.DOCUMENTS_MARKED_DUPLICATE.valueIn(c));
      if (result.marked() == 0) {
        return result;
      }
      Job mark = CrawlJob.create(conf, "dedup " + crawlDb + ": mark duplicates");
      CrawlJob.addCrawlDbInput(mark, crawlDb);
      FileInputFormat.addInputPath(mark, marks);
      mark.setMapperClass(Mapper.class); // entries and marks are both (url, datum) already
      mark.setMapOutputKeyClass(Text.class);
      mark.setMapOutputValueClass(CrawlDatum.class);
      mark.setReducerClass(MarkReducer.class);
      CrawlJob.setCrawlDbOutput(mark, tx.newVersion());
      runJob(mark);
      tx.commit();
      return result;
    }
  }

  /** crawldb (url → datum) to (signature → candidate) for fetched pages with a signature. */
  public static class SignatureMapper
      extends Mapper<Text, CrawlDatum, BytesWritable, DedupCandidate> {
    private final BytesWritable signature = new BytesWritable();
    private final DedupCandidate candidate = new DedupCandidate();

    @Override
    protected void map(Text url, CrawlDatum datum, Context context)
        throws IOException, InterruptedException {
      if (!DuplicateChoice.isCandidate(datum)) {
        return;
      }
      DedupCounter.DOCUMENTS_WITH_SIGNATURE.in(context).increment(1);
      byte[] sig = datum.getSignature();
      signature.set(sig, 0, sig.length);
      candidate.set(url.toString(), datum);
      context.write(signature, candidate);
    }
  }

  /** The pages of one signature: keeps the best, writes every other one marked db_duplicate. */
  public static class DuplicateReducer
      extends Reducer<BytesWritable, DedupCandidate, Text, CrawlDatum> {
    private final Text url = new Text();

    @Override
    protected void reduce(
        BytesWritable signature, Iterable<DedupCandidate> candidates, Context context)
        throws IOException, InterruptedException {
      DedupCandidate kept = null;
      for (DedupCandidate c : candidates) {
        if (kept == null) {
          kept = c.copy();
        } else if (DuplicateChoice.compare(c, kept) < 0) {
          mark(kept, context);
          kept = c.copy();
        } else {
          mark(c, context);
        }
      }
    }

    private void mark(DedupCandidate duplicate, Context context)
        throws IOException, InterruptedException {
      url.set(duplicate.getUrl());
      context.write(url, DuplicateChoice.markedDuplicate(duplicate.getDatum()));
      DedupCounter.DOCUMENTS_MARKED_DUPLICATE.in(context).increment(1);
    }
  }

  /**
   * A URL's crawldb entry and its duplicate mark, if any: writes the mark, else the entry as it
   * was.
   */
  public static class MarkReducer extends Reducer<Text, CrawlDatum, Text, CrawlDatum> {
    @Override
    protected void reduce(Text url, Iterable<CrawlDatum> values, Context context)
        throws IOException, InterruptedException {
      CrawlDatum chosen = null;
      for (CrawlDatum d : values) {
        if (DuplicateChoice.replaces(d, chosen)) {
          chosen = new CrawlDatum(d);
        }
      }
      context.write(url, chosen);
    }
  }
}
