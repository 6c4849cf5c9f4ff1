package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.trawler.core.conf.NearestNames;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.generate.GeneratorKeys;
import org.trawler.simweb.SimWebCommand;
import org.trawler.simweb.web.WebShape;

/**
 * {@code bench}: measures the crawl against simweb. The word after it names the benchmark, each a
 * {@link BenchMode} of its own ({@code bench cycle}, {@code bench vs-wget}, ...); {@code bench}
 * alone, or with options only, is {@code bench cycle}. The older flag forms ({@code bench --broad},
 * {@code bench --db-urls N}, ...) stay as aliases: scripts and the figures' commands use them.
 */
public class BenchCommand extends CrawlTool {
  static final String MAP_INPUT = taskCounter(TaskCounter.MAP_INPUT_RECORDS);
  static final String MAP_OUTPUT = taskCounter(TaskCounter.MAP_OUTPUT_RECORDS);
  static final String REDUCE_OUTPUT = taskCounter(TaskCounter.REDUCE_OUTPUT_RECORDS);

  /** The profile that measures document parsing instead of a crawl: the old form of bench docs. */
  static final String DOCS_PROFILE = "docs";

  /** The subcommands, in the order bench's usage lists them. */
  static final List<Supplier<BenchMode>> MODES =
      List.of(
          BenchCycle::new,
          BenchVsWget::new,
          BenchParseFilters::new,
          BenchBroad::new,
          BenchSoak::new,
          BenchDb::new,
          BenchLinkDb::new,
          BenchRank::new,
          BenchDocs::new,
          BenchMainContent::new,
          BenchRender::new,
          BenchDatasets::new);

  /**
   * An old flag form: {@code --flag} (with its value as the subcommand's argument, when it takes
   * one) stands for {@code bench subcommand}.
   */
  record Alias(String flag, String subcommand) {}

  /** The old forms, in the order the old bench tried them when a command line had several. */
  static final List<Alias> ALIASES =
      List.of(
          new Alias("main-content", "main-content"),
          new Alias("broad", "broad"),
          new Alias("soak", "soak"),
          new Alias("parse-filters", "parse-filters"),
          new Alias("vs-wget", "vs-wget"),
          new Alias("render", "render"),
          new Alias("linkdb-urls", "linkdb"),
          new Alias("db-urls", "db"));

  /** The old form of bench db's --sites. */
  private static final String DB_SITES = "db-sites";

  static final String BROAD_SYNOPSIS =
      "[--sites S] [--pages P] [--seed N] [--rounds R] [--topN N] [--threads N]"
          + " [--delay-s S] [--max-count N] [--backoff-s S] [--features-off] [--unlimited]"
          + " [--topics K --focus TOPIC] [--orders opic,pagerank,pagerank-hosts [--rank-every N]]";

  /** Hadoop's own counter in a tool's results(). */
  private static String taskCounter(TaskCounter counter) {
    return JobCounter.resultKey(TaskCounter.class.getName(), counter.name());
  }

  @Override
  public String name() {
    return "bench";
  }

  @Override
  public String synopsis() {
    List<String> names = new ArrayList<>();
    MODES.forEach(m -> names.add(m.get().subcommand()));
    return "[" + String.join("|", names) + "] [options]";
  }

  @Override
  protected int[] positionalArity() {
    return new int[] {0, -1};
  }

  /**
   * The options of the old flag forms: every subcommand's (the first definition of a name kept:
   * broad's --sites S, not db's --sites flag, which is --db-sites there) and the flags that choose
   * the benchmark.
   */
  @Override
  protected Options options() {
    Options o = aliasOptions();
    for (Supplier<BenchMode> mode : MODES) {
      for (Option option : mode.get().options().getOptions()) {
        if (!o.hasLongOption(option.getLongOpt())) {
          o.addOption(option);
        }
      }
    }
    return o;
  }

  /** The flags of the old forms that name a benchmark. */
  private static Options aliasOptions() {
    Options o = new Options();
    for (Alias a : ALIASES) {
      String argument = find(a.subcommand()).argument();
      o.addOption(
          argument == null
              ? flag(a.flag(), "bench " + a.subcommand())
              : valued(a.flag(), argument, "bench " + a.subcommand() + " " + argument));
    }
    o.addOption(flag(DB_SITES, "with --db-urls: bench db N --sites"));
    o.addOption(valued("profile", "docs", "--profile docs: bench docs"));
    return o;
  }

  /**
   * A command line that starts with a word is a subcommand's: its options are the subcommand's to
   * parse, so they are kept as they are, as arguments.
   */
  @Override
  protected CommandLine parse(String[] args) throws UsageException {
    if (args.length > 0 && !args[0].startsWith("-")) {
      CommandLine.Builder words = new CommandLine.Builder();
      Arrays.stream(args).forEach(words::addArg);
      return words.build();
    }
    return super.parse(args);
  }

  @Override
  protected int execute(CommandLine cmd) throws Exception {
    List<String> args = new ArrayList<>();
    BenchMode mode;
    if (cmd.getOptions().length == 0 && !cmd.getArgList().isEmpty()) {
      mode = named(cmd.getArgList().get(0));
      args.addAll(cmd.getArgList().subList(1, cmd.getArgList().size()));
    } else {
      if (!cmd.getArgList().isEmpty()) {
        String word = cmd.getArgList().get(0);
        throw new UsageException(
            isSubcommand(word)
                ? "the subcommand comes first: bin/crawl bench " + word + " [options]"
                : unknown(word));
      }
      mode = aliased(cmd, args);
    }
    mode.setConf(getConf());
    mode.printTo(out(), err());
    return mode.run(args.toArray(new String[0]));
  }

  /**
   * The subcommand an old flag form stands for, its arguments added to {@code args}: the flag's
   * value first, then every other option as typed (one the subcommand does not take is its usage
   * error).
   */
  static BenchMode aliased(CommandLine cmd, List<String> args) throws UsageException {
    Alias alias = null;
    for (Alias a : ALIASES) {
      if (cmd.hasOption(a.flag())) {
        alias = a;
        break;
      }
    }
    boolean docs = alias == null && DOCS_PROFILE.equals(cmd.getOptionValue("profile"));
    BenchMode mode = named(alias != null ? alias.subcommand() : docs ? "docs" : "cycle");
    if (alias != null && mode.argument() != null) {
      args.add(cmd.getOptionValue(alias.flag()));
    }
    for (Option o : cmd.getOptions()) {
      String key = o.getLongOpt();
      if ((alias != null && key.equals(alias.flag())) || (docs && key.equals("profile"))) {
        continue;
      }
      args.add(key.equals(DB_SITES) && mode instanceof BenchDb ? "--sites" : "--" + key);
      if (o.hasArg()) {
        args.addAll(Arrays.asList(o.getValues()));
      }
    }
    return mode;
  }

  /** The subcommand called {@code word}; a usage error naming the known ones otherwise. */
  static BenchMode named(String word) throws UsageException {
    BenchMode m = find(word);
    if (m == null) {
      throw new UsageException(unknown(word));
    }
    return m;
  }

  /** The subcommand called {@code word}, or null. */
  private static BenchMode find(String word) {
    for (Supplier<BenchMode> mode : MODES) {
      BenchMode m = mode.get();
      if (m.subcommand().equals(word)) {
        return m;
      }
    }
    return null;
  }

  private static boolean isSubcommand(String word) {
    return find(word) != null;
  }

  private static String unknown(String word) {
    List<String> names = new ArrayList<>();
    MODES.forEach(m -> names.add(m.get().subcommand()));
    String near = NearestNames.didYouMean(word, names, "");
    return "unknown subcommand "
        + word
        + (near.isEmpty() ? " (one of " + String.join(", ", names) + ")" : near);
  }

  /** The usage: every subcommand with its options, then the old forms. */
  @Override
  public String usage() {
    StringWriter text = new StringWriter();
    PrintWriter pw = new PrintWriter(text);
    pw.println("usage: bin/crawl bench " + synopsis());
    pw.println("  bench alone, or with options only, is bench cycle.");
    HelpFormatter help = new HelpFormatter();
    help.setLongOptPrefix("--");
    for (Supplier<BenchMode> supplier : MODES) {
      BenchMode mode = supplier.get();
      pw.println();
      pw.println("bin/crawl bench " + mode.synopsis());
      pw.println("  " + mode.summary());
      help.printOptions(pw, 100, mode.options(), 4, 2);
    }
    pw.println();
    pw.println("Old forms, still taken: bench --FLAG [options] is the subcommand it names");
    help.printOptions(pw, 100, aliasOptions(), 4, 2);
    pw.println("  -h                      print this usage");
    pw.println(
        "  (Hadoop options -D key=value, -conf <file>, -fs <uri>, -jt <host:port> are accepted too)");
    pw.flush();
    return text.toString();
  }

  private static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }

  /** bench broad's options: BroadBench's own, kept here where the broad crawl's are added. */
  static void broadOptions(Options o) {
    o.addOption(BenchMode.shape("pages", "about " + WebShape.DEFAULT.pages() + " real pages"));
    o.addOption(BenchMode.shape("rounds", "6"));
    o.addOption(BenchMode.shape("topN", "1000"));
    o.addOption(BenchMode.shape("threads", "50"));
    o.addOption(BenchMode.shape("delay-s", "0.5"));
    o.addOption(
        valued(
            "sites",
            "S",
            "registered domains of the web (default " + WebShape.DEFAULT.sites() + ")"));
    o.addOption(valued("seed", "N", "seed of the web (default 1)"));
    o.addOption(valued("max-count", "N", GeneratorKeys.MAX_COUNT + " (default 50)"));
    o.addOption(
        valued(
            "backoff-s",
            "S",
            "a request to a host within S seconds of its 429 or 503 is a re-ask"
                + " (default 60, the backoff a crawler starts with)"));
    o.addOption(
        Option.builder()
            .longOpt("features-off")
            .desc("crawl again with every broad-crawl feature switched off, side by side")
            .build());
    o.addOption(
        Option.builder()
            .longOpt("unlimited")
            .desc(
                "recall: a budget above the web's real pages (topN "
                    + BroadBench.UNLIMITED_TOP_N
                    + ", up to "
                    + BroadBench.UNLIMITED_ROUNDS
                    + " rounds, until nothing is due); realPagesLost must be 0")
            .build());
    o.addOption(
        valued(
            "orders",
            "LIST",
            "crawl once per order, side by side: opic, pagerank (rank every --rank-every rounds),"
                + " pagerank-hosts (the same with host budgets by centrality); default one crawl"
                + " by the crawl's own order"));
    o.addOption(valued("rank-every", "N", "with --orders: rank after every N rounds (default 1)"));
    BroadBench.addOptions(o);
  }

  /** bench broad: the broad-crawl budget and politeness on the default web. */
  static BroadBench.Settings broadSettings(CommandLine cmd) throws UsageException {
    WebShape shape = SimWebCommand.webShape(cmd);
    boolean unlimited = cmd.hasOption("unlimited");
    BroadBench.Settings s =
        new BroadBench.Settings(
            shape,
            intOption(cmd, "rounds", unlimited ? BroadBench.UNLIMITED_ROUNDS : 6),
            longOption(cmd, "topN", unlimited ? BroadBench.UNLIMITED_TOP_N : 1000),
            intOption(cmd, "threads", 50),
            doubleOption(cmd, "delay-s", 0.5),
            intOption(cmd, "max-count", 50),
            longOption(cmd, "backoff-s", BroadBench.DEFAULT_BACKOFF_SECONDS),
            cmd.hasOption("features-off"),
            cmd.hasOption("orders")
                ? BroadBench.Order.parse(cmd.getOptionValue("orders"))
                : List.of(),
            intOption(cmd, "rank-every", 1));
    if (s.rounds() < 1
        || s.rankEvery() < 1
        || s.topN() < 1
        || s.threads() < 1
        || s.delaySeconds() < 0
        || s.backoffSeconds() < 0) {
      throw new UsageException(
          "--rounds, --rank-every, --topN and --threads must be at least 1; --delay-s and"
              + " --backoff-s not negative");
    }
    return s;
  }

  /** What a benchmark hands back: a table for people, bench.json for scripts. */
  interface Report {
    /** The benchmark JVM's peak resident set over the whole run, bytes (-1 if unknown). */
    void peakRss(long bytes);

    void print(PrintStream out);

    void writeJson(JsonOutput json) throws IOException;
  }
}
