package org.trawler.simweb.bench;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileUtil;
import org.trawler.core.io.JsonOutput;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.politeness.PolitenessKeys;
import org.trawler.simweb.SiteProfile;

/**
 * One subcommand of {@code bench} ({@code bin/crawl bench <subcommand>}): its own options, and the
 * options every subcommand shares defined here once: {@code --json FILE} (the figures, bench.json
 * by default) and {@code --dir DIR} (a new or empty work directory, kept; by default a temporary
 * one removed after), and the site's shape ({@code --hosts}, {@code --pages}...) that several
 * subcommands take, each with its own default.
 */
abstract class BenchMode extends CrawlTool {

  /** The shape options several subcommands take: name → {argument, what it is}. */
  private static final Map<String, String[]> SHAPE =
      Map.ofEntries(
          Map.entry(
              "profile", new String[] {"NAME", "simweb's site shape: default, apidocs or docs"}),
          Map.entry("hosts", new String[] {"H", "simweb hosts"}),
          Map.entry("pages", new String[] {"P", "pages per host"}),
          Map.entry("outlinks", new String[] {"K", "links per page"}),
          Map.entry("latency-ms", new String[] {"MS", "server delay before every response"}),
          Map.entry("page-kb", new String[] {"KB", "page size in kB"}),
          Map.entry("delay-s", new String[] {"S", PolitenessKeys.SERVER_DELAY + ", seconds"}),
          Map.entry("threads", new String[] {"N", "fetcher threads"}),
          Map.entry("rounds", new String[] {"R", "crawl rounds"}),
          Map.entry("topN", new String[] {"N", "at most N URLs per round"}));

  /** The one positional argument of most subcommands: a count (pages, URLs, links). */
  static final String COUNT = "N";

  /** The name of the subcommand's one positional argument, or null when it takes none. */
  private final String argument;

  final PhaseMeter meter = new PhaseMeter();

  /** A subcommand without a positional argument. */
  BenchMode() {
    this(null);
  }

  /**
   * A subcommand taking one positional argument named {@code argument} (N, MINUTES, DIR, CRAWL),
   * first in its synopsis.
   */
  BenchMode(String argument) {
    this.argument = argument;
  }

  /** The name of the subcommand's one positional argument; null when it takes none. */
  final String argument() {
    return argument;
  }

  /** The word after bench: cycle, vs-wget... */
  abstract String subcommand();

  /** One line for bench's own usage: what the subcommand measures. */
  abstract String summary();

  /** The subcommand's own options, without the shared --json and --dir; none by default. */
  Options modeOptions() {
    return new Options();
  }

  /** The one positional argument when {@link #argument()} names one, else none. */
  @Override
  protected final int[] positionalArity() {
    return argument() == null ? new int[] {0, 0} : new int[] {1, 1};
  }

  /** Runs the benchmark, its figures into {@code json}, its files under {@code dir}. */
  abstract int run(CommandLine cmd, Path dir, Path json) throws Exception;

  /** Whether the subcommand works in a directory (--dir, else a temporary one). */
  boolean usesWorkDir() {
    return true;
  }

  /** The subcommand's options, after its word and its {@link #argument()}. */
  abstract String modeSynopsis();

  /** bench: its lines read "trawler bench: ...", as every command's do. */
  @Override
  public final String name() {
    return "bench";
  }

  @Override
  public final String synopsis() {
    return subcommand() + " " + (argument() == null ? "" : argument() + " ") + modeSynopsis();
  }

  @Override
  protected final Options options() {
    Options o = modeOptions();
    o.addOption(valued("json", "FILE", "write the figures to FILE (default bench.json)"));
    if (usesWorkDir()) {
      o.addOption(
          valued(
              "dir",
              "DIR",
              "a new or empty work directory, kept (default a temporary one, removed after)"));
    }
    return o;
  }

  @Override
  protected final int execute(CommandLine cmd) throws Exception {
    Path json = Paths.get(cmd.getOptionValue("json", "bench.json")).toAbsolutePath();
    if (!usesWorkDir()) {
      return run(cmd, null, json);
    }
    boolean tempDir = !cmd.hasOption("dir");
    Path dir =
        tempDir
            ? Files.createTempDirectory("trawler-bench")
            : Paths.get(cmd.getOptionValue("dir")).toAbsolutePath();
    if (!tempDir) {
      refuseUsedDir(dir);
    }
    Files.createDirectories(dir);
    try {
      return run(cmd, dir, json);
    } finally {
      if (tempDir) {
        FileUtil.fullyDelete(dir.toFile());
      }
    }
  }

  /**
   * Refuses a work directory with anything in it: a bench would count an earlier run's crawl, logs
   * or wget mirror as its own.
   */
  private static void refuseUsedDir(Path dir) throws IOException, UsageException {
    if (Files.isRegularFile(dir)) {
      throw new UsageException("--dir " + dir + " is a file: give a new or empty directory");
    }
    if (Files.isDirectory(dir)) {
      try (var entries = Files.list(dir)) {
        if (entries.findAny().isPresent()) {
          throw new UsageException(
              "--dir "
                  + dir
                  + " is not empty: give a new or empty directory (a bench would count what an"
                  + " earlier run left there)");
        }
      }
    }
  }

  /** A shape option, defined once here, with this subcommand's default in its description. */
  static Option shape(String name, String defaultValue) {
    String[] s = SHAPE.get(name);
    return valued(name, s[0], s[1] + " (default " + defaultValue + ")");
  }

  /** A value option of this subcommand's own. */
  static Option option(String name, String argName, String description) {
    return valued(name, argName, description);
  }

  /** A flag of this subcommand's own. */
  static Option flag(String name, String description) {
    return Option.builder().longOpt(name).desc(description).build();
  }

  /** The one positional argument as typed (a DIR, a CRAWL). */
  String argumentValue(CommandLine cmd) {
    return cmd.getArgList().get(0);
  }

  /** The one positional argument, a whole number at least 1 (an N). */
  long countArgument(CommandLine cmd) throws UsageException {
    String v = argumentValue(cmd);
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(argument() + " takes a whole number, not '" + v + "'");
    }
    if (n < 1) {
      throw new UsageException(argument() + " must be at least 1");
    }
    return n;
  }

  /** The one positional argument, a number (MINUTES), whose range the subcommand checks. */
  double numberArgument(CommandLine cmd) throws UsageException {
    String v = argumentValue(cmd);
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException(argument() + " takes a number, not '" + v + "'");
    }
  }

  static SiteProfile profile(CommandLine cmd) throws UsageException {
    try {
      return SiteProfile.named(cmd.getOptionValue("profile", "default"));
    } catch (IllegalArgumentException e) {
      throw new UsageException(e.getMessage());
    }
  }

  /** Prints a report, writes it to {@code json} and says where. */
  void writeReport(BenchCommand.Report report, Path json) throws IOException {
    report.peakRss(meter.processRssPeakBytes());
    report.print(out());
    try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
      report.writeJson(new JsonOutput(w));
      w.write('\n');
    }
    written(json);
  }

  /** The last line of every subcommand. */
  void written(Path json) {
    out().println("bench: figures written to " + json);
  }
}
