package org.trawler.jobs.crawl;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.ShutdownHookManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.protocol.ProtocolKeys;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.fetch.FetchStop;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.fetch.FetcherKeys;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.index.IndexWriters;
import org.trawler.jobs.inject.InjectResult;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.layout.CrawlDir;
import org.trawler.jobs.sitemap.SitemapJob;

/**
 * {@code run}: inject, then per round generate → fetch → parse → updatedb → invertlinks (→ index
 * with --index), all in this JVM ({@link CrawlRound}), one summary line per round; stops early when
 * nothing is due.
 */
public class RunCommand extends CrawlTool {
  private static final Logger LOG = LoggerFactory.getLogger(RunCommand.class);

  /** --hostdb: each round updates the host database (else only once one exists or is needed). */
  private boolean updateHostDb;

  /** --sitemaps: read the sitemaps of new sites after inject and after each round. */
  private boolean sitemaps;

  /** The first Ctrl-C's request to stop after the round, while run runs; null when not run. */
  private FetchStop stop;

  @Override
  public String name() {
    return "run";
  }

  @Override
  public String synopsis() {
    return "<url_dir> <crawl_dir> <rounds> [--topN N] [--threads N] [--numFetchers N] [--time-limit-fetch MIN] "
        + "[--adddays D] [--index <index>] [--hostdb] [--sitemaps]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {3, 3};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(valued("topN", "N", "at most N URLs per round"));
    o.addOption(valued("threads", "N", "fetcher threads"));
    o.addOption(valued("numFetchers", "N", "fetch lists (fetch tasks) per round"));
    o.addOption(valued("time-limit-fetch", "MIN", "stop each fetch after MIN minutes"));
    o.addOption(valued("adddays", "D", "generate as if D days later (re-fetch pages due by then)"));
    o.addOption(
        valued(
            "index",
            "index",
            "index each round's pages into this index (deleting the pages that went away)"));
    o.addOption(
        Option.builder()
            .longOpt("hostdb")
            .desc(
                "update the host database (crawl_dir/hostdb) each round (done anyway once it exists or"
                    + " a host answered 429/503); generate skips failing and backed-off hosts")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("sitemaps")
            .desc(
                "read the sitemaps of new sites into the crawldb after inject and after each round")
            .build());
    return o;
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = cmd.getArgList();
    int rounds;
    try {
      rounds = Integer.parseInt(args.get(2));
    } catch (NumberFormatException e) {
      throw new UsageException("rounds must be a whole number, not '" + args.get(2) + "'");
    }
    if (rounds < 1) {
      throw new UsageException("rounds must be at least 1");
    }
    for (String opt : new String[] {"topN", "threads", "numFetchers"}) {
      if (cmd.hasOption(opt) && longOption(cmd, opt, 1) < 1) {
        throw new UsageException(
            "--" + opt + " must be at least 1, not " + cmd.getOptionValue(opt));
      }
    }
    Generator.Settings generate =
        new Generator.Settings(
            longOption(cmd, "topN", 0),
            intOption(cmd, "numFetchers", 0),
            longOption(cmd, "adddays", 0),
            false);
    doubleOption(cmd, "time-limit-fetch", 0);
    Configuration conf = getConf();
    if (cmd.hasOption("time-limit-fetch")) {
      conf.set(FetcherKeys.TIMELIMIT_MINS, cmd.getOptionValue("time-limit-fetch"));
    }
    if (cmd.hasOption("threads")) {
      conf.set(ProtocolKeys.FETCHER_THREADS, cmd.getOptionValue("threads"));
    }
    Path index = cmd.hasOption("index") ? new Path(cmd.getOptionValue("index")) : null;
    updateHostDb = cmd.hasOption("hostdb");
    sitemaps = cmd.hasOption("sitemaps");
    try (FetchStop stop = FetchStop.onSignals(conf, err(), "the crawldb updated")) {
      this.stop = stop;
      crawl(new Path(args.get(0)), new CrawlDir(new Path(args.get(1))), rounds, generate, index);
      return stop.requested() ? Fetcher.INTERRUPTED : 0;
    }
  }

  /**
   * With --sitemaps: reads the sitemaps of the sites not listed under {@code done}, and lists them
   * there.
   */
  private void readSitemaps(CrawlDir crawl, Path done) throws Exception {
    if (!sitemaps) {
      return;
    }
    SitemapJob job = new SitemapJob();
    job.setConf(new Configuration(getConf()));
    SitemapJob.Result r = job.run(crawl.crawlDb(), crawl.hostDb(), null, 10, false, done);
    if (r.sites() > 0) {
      out().println(r.summary(crawl.crawlDb()));
    }
  }

  /**
   * Injects the seeds under {@code urlDir}, then runs up to {@code rounds} rounds, printing a line
   * after each; returns the rounds that ran (fewer when nothing was due).
   */
  public int crawl(Path urlDir, CrawlDir crawl, int rounds, Generator.Settings generate)
      throws Exception {
    return crawl(urlDir, crawl, rounds, generate, null);
  }

  /** The same, each round's pages indexed into {@code index} (null: no index). */
  public int crawl(Path urlDir, CrawlDir crawl, int rounds, Generator.Settings generate, Path index)
      throws Exception {
    // inject checks the seeds before it writes anything; the crawl directory is checked here.
    FileSystem fs = crawl.root().getFileSystem(getConf());
    if (fs.exists(crawl.root()) && !fs.getFileStatus(crawl.root()).isDirectory()) {
      throw new UserException(crawl.root() + " is a file, not a crawl directory");
    }
    long start = System.nanoTime();
    Injector injector = new Injector();
    injector.setConf(new Configuration(getConf()));
    InjectResult injected = injector.inject(crawl.crawlDb(), urlDir, false);
    out()
        .printf(
            "inject: %d seeds, %d new; crawldb %d URLs; %.1f s%n",
            injected.injected,
            injected.newUrls,
            injected.dbSize,
            (System.nanoTime() - start) / 1e9);

    CrawlRound round = new CrawlRound(getConf(), crawl, generate);
    if (index != null) {
      IndexWriters.check(getConf()); // an unknown writer fails before the first round
      round = round.indexingInto(index);
    }
    if (updateHostDb) {
      round = round.updatingHostDb();
    }
    // the sites whose sitemaps this crawl read, for the next rounds to leave out
    Path sitemapSites = new Path(crawl.root(), "sitemap-sites-" + UUID.randomUUID());
    int ran = 0;
    RoundLog log = new RoundLog(getConf(), crawl.root());
    Path unfetched = log.unfetchedSegmentOfStoppedRun();
    if (unfetched != null && fs.delete(unfetched, true)) {
      out()
          .printf(
              "run: removed segment %s, generated by the stopped run and never fetched%n",
              unfetched.getName());
    }
    // a rerun on the same crawl goes on numbering its rounds
    int first = log.lastRound() + 1;
    int last = first + rounds - 1;
    // a second Ctrl-C ends the JVM: run.json then says "stopped", not "running"; before Hadoop
    // closes its file systems
    Runnable stopped =
        () -> {
          try {
            log.stopped();
          } catch (IOException | RuntimeException e) {
            LOG.warn("{}: could not record the stop: {}", log.runFile(), e.toString());
          }
        };
    ShutdownHookManager.get().addShutdownHook(stopped, FileSystem.SHUTDOWN_HOOK_PRIORITY + 1);
    try {
      readSitemaps(crawl, sitemapSites);
      for (int n = first; n <= last; n++) {
        Optional<CrawlRound.Result> result = round.run(n, new LoggedSteps(log, n, last));
        if (result.isEmpty()) {
          out().printf("round %d: nothing due, stopping%n", n);
          break;
        }
        out().println(result.get().summary());
        log.append(result.get());
        ran++;
        if (stop != null && stop.requested()) {
          CrawlRound.Result r = result.get();
          out()
              .printf(
                  "interrupted: round %d kept the %d URLs it fetched (segment %s) and updated the"
                      + " crawldb;%s rerun the same command to continue%n",
                  n,
                  r.fetchedUrls(),
                  r.segment().getName(),
                  r.haltedUrls() == 0 ? "" : " " + r.notFetched() + " stay due;");
          break;
        }
        readSitemaps(crawl, sitemapSites);
      }
    } finally {
      fs.delete(sitemapSites, true);
      if (!ShutdownHookManager.get().isShutdownInProgress()) {
        ShutdownHookManager.get().removeShutdownHook(stopped);
      }
    }
    log.finished(first - 1 + ran, last);
    out()
        .printf(
            "crawl data in %s (crawldb, segments, linkdb); see: bin/crawl readdb %s -stats%n",
            crawl.root(), crawl.crawlDb());
    if (index != null) {
      out().printf("index in %s; search it: bin/crawl search %s '<query>'%n", index, index);
    }
    return ran;
  }
}
