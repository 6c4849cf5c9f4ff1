package org.trawler.jobs.rank;

import java.io.IOException;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.Settings;
import org.trawler.core.datum.MetadataKeys;
import org.trawler.core.scoring.SelectionScore;
import org.trawler.core.store.DbTransaction;
import org.trawler.core.store.Segment;
import org.trawler.core.store.VersionedDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.layout.CrawlDir;

/**
 * {@code rank <crawl dir>}: PageRank over the pages the crawl knows, into the crawldb ({@link
 * MetadataKeys#PAGE_RANK}), where generate orders by it with scoring.order pagerank or combined.
 * The graph is built from the parse outlinks of the segments (each page's newest parse), not the
 * linkdb: PageRank needs every link a page has, to divide its rank among them, and the linkdb caps
 * inlinks per page (db.max.inlinks), may drop links inside hosts and is not built by every crawl.
 * Three jobs build the graph ({@link PageGraphJobs}), then one job per iteration ({@link
 * RankIteration}) until the L1 change is below the threshold or the iterations run out, then one
 * job ({@link RankWrite}) writes the ranks into a new crawldb version through the one transaction;
 * the crawldb is locked throughout.
 */
public class RankCommand extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(RankCommand.class);

  /** What a rank run did: the graph, the iterations, and whether they converged. */
  public record Result(
      long pages,
      long links,
      long dangling,
      int iterations,
      double change,
      boolean converged,
      long ranked) {
    public String summary(Path crawlDb) {
      return String.format(
          "rank: %d pages, %d links, %d dangling; %d iterations, last L1 change %.3g (%s);"
              + " %d URLs ranked in %s",
          pages,
          links,
          dangling,
          iterations,
          change,
          converged ? "converged" : "stopped at the maximum",
          ranked,
          crawlDb);
    }
  }

  @Override
  public String name() {
    return "rank";
  }

  @Override
  public String synopsis() {
    return "<crawl dir> [-iterations N] [-epsilon E] [-force]";
  }

  @Override
  protected Options options() {
    return new Options()
        .addOption(
            valued("iterations", "N", "at most N iterations (" + RankKeys.MAX_ITERATIONS + ")"))
        .addOption(
            valued("epsilon", "E", "stop once the L1 change is below E (" + RankKeys.EPSILON + ")"))
        .addOption("force", false, "break the crawldb lock left by a job that died");
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {1, 1};
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    Configuration conf = getConf();
    int iterations =
        intOption(
            cmd,
            "iterations",
            Settings.getInt(conf, RankKeys.MAX_ITERATIONS, RankKeys.DEFAULT_MAX_ITERATIONS));
    double epsilon =
        doubleOption(
            cmd, "epsilon", Settings.getDouble(conf, RankKeys.EPSILON, RankKeys.DEFAULT_EPSILON));
    if (iterations < 1) {
      throw new UsageException("-iterations must be at least 1");
    }
    if (!(epsilon > 0)) {
      throw new UsageException("-epsilon must be above 0");
    }
    CrawlDir dir = new CrawlDir(new Path(cmd.getArgList().get(0)));
    Result result =
        rank(dir.crawlDb(), dir.segments(), iterations, epsilon, cmd.hasOption("force"));
    out().println(result.summary(dir.crawlDb()));
    return 0;
  }

  /** {@link #rank(Path, Path, int, double, boolean)} with the iterations and epsilon configured. */
  public Result rank(Path crawlDb, Path segmentsDir, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    return rank(
        crawlDb,
        segmentsDir,
        Settings.getInt(conf, RankKeys.MAX_ITERATIONS, RankKeys.DEFAULT_MAX_ITERATIONS),
        Settings.getDouble(conf, RankKeys.EPSILON, RankKeys.DEFAULT_EPSILON),
        force);
  }

  /** Ranks the pages of {@code crawlDb} from the outlinks of the parsed segments under a dir. */
  public Result rank(
      Path crawlDb, Path segmentsDir, int maxIterations, double epsilon, boolean force)
      throws IOException, UserException {
    Configuration conf = getConf();
    double damping = SelectionScore.damping(conf);
    float internal = internalWeight(conf);
    VersionedDb.currentForReading(conf, crawlDb);
    List<Path> segments = Segment.withPart(conf, segmentsDir, Segment.PARSE_DATA, "parsed");
    try (DbTransaction tx = DbTransaction.begin(conf, crawlDb, "crawldb", force)) {
      Path sources = tx.scratch("sources");
      Counters c = run(PageGraphJobs.bySource(conf, crawlDb, segments, sources));
      long pages = RankCounter.PAGES.valueIn(c);
      if (pages == 0) {
        throw new UserException("no pages to rank in " + crawlDb, UserException.NOTHING_TO_DO);
      }
      Path links = tx.scratch("links");
      Counters t = run(PageGraphJobs.byTarget(conf, sources, links));
      PageRank pr = PageRank.sumOne(damping, pages);
      Path ranks = tx.scratch("ranks-0");
      Counters n = run(PageGraphJobs.nodes(conf, links, ranks, pr));
      long dangling = RankCounter.DANGLING_PAGES.valueIn(n);
      double danglingMass = (double) dangling / pages;
      double change = Double.NaN;
      int iteration = 0;
      while (iteration < maxIterations && !pr.converged(change, epsilon)) {
        iteration++;
        Path next = tx.scratch("ranks-" + iteration);
        Counters it = run(RankIteration.job(conf, ranks, next, pr, danglingMass, iteration));
        ranks.getFileSystem(conf).delete(ranks, true);
        ranks = next;
        change = RankCounter.L1_CHANGE.valueIn(it) * RankCounter.MASS_UNIT;
        danglingMass = RankCounter.DANGLING_MASS.valueIn(it) * RankCounter.MASS_UNIT;
        LOG.info("rank iteration {}: L1 change {}", iteration, change);
      }
      Counters m = run(RankWrite.job(conf, crawlDb, ranks, tx.newVersion(), pr));
      tx.commit();
      return new Result(
          pages,
          RankCounter.LINKS.valueIn(t),
          dangling,
          iteration,
          change,
          pr.converged(change, epsilon),
          RankCounter.URLS_RANKED.valueIn(m));
    }
  }

  static float internalWeight(Configuration conf) {
    return Settings.getFloat(
        conf, RankKeys.LINK_INTERNAL, RankKeys.DEFAULT_LINK_INTERNAL, 0f, Float.MAX_VALUE);
  }

  private Counters run(Job job) throws IOException, UserException {
    runJob(job);
    return job.getCounters();
  }
}
