package org.trawler.jobs.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.trawler.core.UserException;
import org.trawler.core.datum.CrawlDatum;
import org.trawler.core.datum.CrawlStatus;
import org.trawler.core.store.PartFiles;
import org.trawler.core.store.CrawlDb;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.Main;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.generate.SkipReason;
import org.trawler.jobs.update.CrawlDbUpdater;
import org.trawler.jobs.inject.SeedFiles;

/**
 * {@code run}: inject, then per round generate → fetch → parse → updatedb → invertlinks, all in
 * this JVM, one summary line per round; stops early when nothing is due.
 */
public class Crawl extends CrawlTool {

  private PrintStream out = System.out;
  /** The current round's job counters, "group/name" → value, summed over its steps. */
  private final Map<String, Long> counters = new LinkedHashMap<>();

  @Override
  public String name() {
    return "run";
  }

  @Override
  public String synopsis() {
    return "<url_dir> <crawl_dir> <rounds> [--topN N] [--threads N] [--numFetchers N] [--time-limit-fetch MIN] "
        + "[--adddays D]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {3, 3};
  }

  @Override
  protected Options options() {
    Options o = new Options();
    o.addOption(Option.builder().longOpt("topN").hasArg().argName("N").desc("at most N URLs per round").build());
    o.addOption(Option.builder().longOpt("threads").hasArg().argName("N").desc("fetcher threads").build());
    o.addOption(Option.builder().longOpt("numFetchers").hasArg().argName("N")
        .desc("fetch lists (fetch tasks) per round").build());
    o.addOption(Option.builder().longOpt("time-limit-fetch").hasArg().argName("MIN")
        .desc("stop each fetch after MIN minutes").build());
    o.addOption(Option.builder().longOpt("adddays").hasArg().argName("D")
        .desc("generate as if D days later (re-fetch pages due by then)").build());
    return o;
  }

  /** Where the per-round summary lines go (stdout by default). */
  public void setOut(PrintStream out) {
    this.out = out;
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = cmd.getArgList();
    Path urlDir = new Path(args.get(0));
    Path crawlDir = new Path(args.get(1));
    int rounds;
    try {
      rounds = Integer.parseInt(args.get(2));
    } catch (NumberFormatException e) {
      throw new UsageException("rounds must be a whole number, not '" + args.get(2) + "'");
    }
    if (rounds < 1) {
      throw new UsageException("rounds must be at least 1");
    }
    // Checked before inject, so a bad option or path fails in one line and leaves no crawl behind.
    for (String opt : new String[] {"topN", "threads", "numFetchers"}) {
      if (cmd.hasOption(opt) && longOption(cmd, opt, 1) < 1) {
        throw new UsageException("--" + opt + " must be at least 1, not " + cmd.getOptionValue(opt));
      }
    }
    longOption(cmd, "adddays", 0);
    doubleOption(cmd, "time-limit-fetch", 0);
    SeedFiles.list(getConf(), urlDir);
    FileSystem crawlFs = crawlDir.getFileSystem(getConf());
    if (crawlFs.exists(crawlDir) && !crawlFs.getFileStatus(crawlDir).isDirectory()) {
      throw new UserException(crawlDir + " is a file, not a crawl directory");
    }
    List<String> generateOpts = new ArrayList<>();
    addOpt(cmd, "topN", "-topN", generateOpts);
    addOpt(cmd, "numFetchers", "-numFetchers", generateOpts);
    addOpt(cmd, "adddays", "-adddays", generateOpts);
    List<String> fetchOpts = new ArrayList<>();
    addOpt(cmd, "threads", "-threads", fetchOpts);
    Configuration conf = getConf();
    if (cmd.hasOption("time-limit-fetch")) {
      conf.set("fetcher.timelimit.mins", cmd.getOptionValue("time-limit-fetch"));
    }

    Path crawlDb = new Path(crawlDir, "crawldb");
    Path segments = new Path(crawlDir, "segments");
    Path linkDb = new Path(crawlDir, "linkdb");

    long t0 = System.nanoTime();
    step("inject", crawlDb.toString(), urlDir.toString());
    long dbSize = PartFiles.count(conf, CrawlDb.currentForReading(conf, crawlDb), new Text(), new CrawlDatum());
    out.printf("inject: crawldb %d URLs; %.1f s%n", dbSize, seconds(t0));

    for (int round = 1; round <= rounds; round++) {
      Map<String, Double> times = new LinkedHashMap<>();
      counters.clear();
      long start = System.nanoTime();
      List<String> gen = new ArrayList<>(List.of(crawlDb.toString(), segments.toString()));
      gen.addAll(generateOpts);
      List<Path> before = listSegments(conf, segments);
      int rc = runStep("generate", gen.toArray(new String[0]));
      times.put("generate", seconds(start));
      if (rc == UserException.NOTHING_TO_DO) {
        out.printf("round %d: nothing due, stopping%n", round);
        break;
      }
      if (rc != 0) {
        throw new UserException("generate failed in round " + round + " (exit " + rc + ")");
      }
      Path segment = newest(conf, segments, before);
      String seg = segment.toString();

      List<String> fetch = new ArrayList<>(List.of(seg));
      fetch.addAll(fetchOpts);
      timed(times, "fetch", fetch.toArray(new String[0]));
      if (!conf.getBoolean("fetcher.parse", false)) {
        timed(times, "parse", seg);
      }
      timed(times, "updatedb", crawlDb.toString(), seg);
      timed(times, "invertlinks", linkDb.toString(), seg);
      out.println(summary(round, times, seconds(start)));
    }
    out.printf("crawl data in %s (crawldb, segments, linkdb); see: bin/crawl readdb %s -stats%n", crawlDir, crawlDb);
    return 0;
  }

  private static void addOpt(CommandLine cmd, String opt, String flag, List<String> into) {
    if (cmd.hasOption(opt)) {
      into.add(flag);
      into.add(cmd.getOptionValue(opt));
    }
  }

  private void timed(Map<String, Double> times, String command, String... args) throws Exception {
    long start = System.nanoTime();
    step(command, args);
    times.put(command, seconds(start));
  }

  private void step(String command, String... args) throws Exception {
    int rc = runStep(command, args);
    if (rc != 0) {
      throw new UserException(command + " failed (exit " + rc + ")", rc == UserException.USAGE ? UserException.FAILED : rc);
    }
  }

  /**
   * Runs one command and adds its job counters to the round's; its own stdout report is left out
   * (the round's summary line says it).
   */
  private int runStep(String command, String... args) throws Exception {
    PrintStream saved = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    CrawlTool tool = Main.newTool(command, getConf());
    try {
      return tool.run(args);
    } finally {
      System.setOut(saved);
      tool.results().forEach((k, v) -> counters.merge(k, v, Long::sum));
    }
  }

  private static List<Path> listSegments(Configuration conf, Path segments) throws IOException {
    List<Path> list = new ArrayList<>();
    FileSystem fs = segments.getFileSystem(conf);
    if (fs.exists(segments)) {
      for (FileStatus st : fs.listStatus(segments)) {
        if (st.isDirectory()) {
          list.add(st.getPath());
        }
      }
    }
    return list;
  }

  private static Path newest(Configuration conf, Path segments, List<Path> before) throws IOException, UserException {
    Path newest = null;
    for (Path p : listSegments(conf, segments)) {
      if (!before.contains(p) && (newest == null || p.getName().compareTo(newest.getName()) > 0)) {
        newest = p;
      }
    }
    if (newest == null) {
      throw new UserException("generate reported success but wrote no segment under " + segments);
    }
    return newest;
  }

  /** The round's summary line, from the counters its jobs left (no crawl data is read again). */
  private String summary(int round, Map<String, Double> times, double total) {
    long dbSize = 0;
    for (Map.Entry<String, Long> e : counters.entrySet()) {
      if (e.getKey().startsWith(CrawlDbUpdater.STATUS_COUNTERS + "/")) {
        dbSize += e.getValue();
      }
    }
    StringBuilder sb = new StringBuilder();
    sb.append(String.format("round %d: generated %d; fetched ok %d, redirect %d, gone %d, retry %d, notmodified %d; "
            + "new %d; crawldb %d (unfetched %d)", round, counter(SkipReason.GROUP, SkipReason.SELECTED),
        fetched(CrawlStatus.FETCH_SUCCESS),
        fetched(CrawlStatus.FETCH_REDIR_PERM) + fetched(CrawlStatus.FETCH_REDIR_TEMP),
        fetched(CrawlStatus.FETCH_GONE), fetched(CrawlStatus.FETCH_RETRY), fetched(CrawlStatus.FETCH_NOTMODIFIED),
        counter(CrawlDbUpdater.COUNTERS, CrawlDbUpdater.URLS_NEW), dbSize,
        counter(CrawlDbUpdater.STATUS_COUNTERS, CrawlStatus.name(CrawlStatus.DB_UNFETCHED))));
    sb.append(String.format("; %.1f s (", total));
    String sep = "";
    for (Map.Entry<String, Double> e : times.entrySet()) {
      sb.append(sep).append(String.format("%s %.1f", e.getKey(), e.getValue()));
      sep = ", ";
    }
    return sb.append(")").toString();
  }

  private long counter(String group, String name) {
    return counters.getOrDefault(group + "/" + name, 0L);
  }

  private long fetched(byte status) {
    return counter(Fetcher.COUNTERS, CrawlStatus.name(status));
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
