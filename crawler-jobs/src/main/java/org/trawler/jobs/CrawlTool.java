package org.trawler.jobs;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.DefaultParser;
import org.apache.commons.cli.HelpFormatter;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.commons.cli.ParseException;
import org.apache.commons.cli.UnrecognizedOptionException;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.CounterGroup;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.Tool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.trawler.core.UserException;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.KnownSettings;
import org.trawler.core.conf.NearestNames;
import org.trawler.core.store.Segment;
import org.trawler.jobs.hadoopinternals.LocalTaskFailure;

/**
 * Base of every command: turns the ways a command can end into exit codes (0 success, 1 nothing to
 * do, 2 usage, 3 failure). A usage error prints the usage (exit 2); a bad setting ({@link
 * BadSettingException}) prints one line and exits 2 too, without the usage; a {@link UserException}
 * or an I/O failure prints one line (its exit code, or 3); anything else is a bug and keeps its
 * stack trace.
 */
public abstract class CrawlTool extends Configured implements Tool {
  private static final Logger LOG = LoggerFactory.getLogger(CrawlTool.class);

  private final Map<String, Long> results = new LinkedHashMap<>();
  private PrintStream out;
  private PrintStream err;
  private boolean checkSettings;

  /** The command name, as typed after bin/crawl. */
  public abstract String name();

  /** One-line synopsis of the arguments, e.g. {@code <crawldb> <url_dir>}. */
  public abstract String synopsis();

  /** The command's options (may be empty). */
  protected Options options() {
    return new Options();
  }

  /** Does the work once the arguments are known good enough to start. */
  protected abstract int execute(CommandLine cmd) throws Exception;

  /** How many positional arguments the command takes: {min, max} (max -1 = unbounded). */
  protected abstract int[] positionalArity();

  @Override
  public final int run(String[] args) throws Exception {
    results.clear();
    if (asksForHelp(args)) {
      out().print(usage());
      return 0;
    }
    try {
      CommandLine cmd = parse(args);
      if (checkSettings) {
        for (String warning : KnownSettings.load().check(getConf())) {
          err().println("trawler " + name() + ": warning: " + warning);
        }
      }
      return execute(cmd);
    } catch (UsageException e) {
      err().println("trawler " + name() + ": " + e.getMessage());
      err().print(usage());
      return UserException.USAGE;
    } catch (BadSettingException e) {
      LOG.debug("{}: bad setting", name(), e);
      err().println("trawler " + name() + ": " + e.getMessage());
      return UserException.USAGE;
    } catch (UserException e) {
      LOG.debug("{} failed", name(), e);
      err().println("trawler " + name() + ": " + e.getMessage());
      return e.exitCode();
    } catch (IOException e) {
      LOG.warn("{} failed", name(), e);
      err().println("trawler " + name() + ": " + e.getMessage());
      return UserException.FAILED;
    } catch (OutOfMemoryError e) {
      LOG.debug("{} ran out of heap", name(), e);
      err().println("trawler " + name() + ": " + LocalTaskFailure.outOfHeap());
      return UserException.FAILED;
    }
  }

  /** Where the command prints its report: the stream it was given, else standard output. */
  public PrintStream out() {
    return out != null ? out : System.out;
  }

  /**
   * Where the command prints its one-line errors and notes: the stream it was given, else standard
   * error.
   */
  public PrintStream err() {
    return err != null ? err : System.err;
  }

  /**
   * Makes the command check its configuration before it runs (see {@link KnownSettings#check}): the
   * command a user typed does, the commands it runs in turn (run's inject, generate...) need not.
   */
  public CrawlTool checkSettingsFirst() {
    this.checkSettings = true;
    return this;
  }

  /** Makes the command print to these streams (a caller in the same JVM: run, demo, a test). */
  public CrawlTool printTo(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
    return this;
  }

  /**
   * What the last run produced, for callers in the same JVM (run, bench): the counters of its jobs
   * as "group/name" → value, plus anything the tool added with {@link #result}.
   */
  public Map<String, Long> results() {
    return Collections.unmodifiableMap(results);
  }

  /** Key in {@link #results()}: how many jobs the last run ran. */
  public static final String JOBS = "trawler/jobs";

  /** Key in {@link #results()}: their summed wall time from submission to completion, ms. */
  public static final String JOB_MILLIS = "trawler/job_millis";

  /** Runs a job to completion (see {@link CrawlJob#run}) and records its counters and wall time. */
  protected void runJob(Job job) throws IOException, UserException {
    long start = System.nanoTime();
    CrawlJob.run(job);
    results.merge(JOBS, 1L, Long::sum);
    results.merge(JOB_MILLIS, (System.nanoTime() - start) / 1_000_000, Long::sum);
    recordCounters(job);
  }

  /** Adds every counter of a finished job to {@link #results()} (summing over the tool's jobs). */
  protected void recordCounters(Job job) throws IOException {
    for (CounterGroup group : job.getCounters()) {
      for (Counter c : group) {
        results.merge(JobCounter.resultKey(group.getName(), c.getName()), c.getValue(), Long::sum);
      }
    }
  }

  /** Records one figure in {@link #results()}. */
  protected void result(String key, long value) {
    results.put(key, value);
  }

  /** True when the arguments hold {@code -h} or {@code --help} (before a {@code --}). */
  static boolean asksForHelp(String[] args) {
    for (String a : args) {
      if (a.equals("--")) {
        return false;
      }
      if (a.equals("-h") || a.equals("--help") || a.equals("-help")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Parses the options and checks the number of positional arguments. Every option is accepted as
   * {@code -name} and {@code --name}, and only by its whole name.
   */
  protected CommandLine parse(String[] args) throws UsageException {
    Options options = eitherDash(options());
    CommandLine cmd;
    try {
      cmd = DefaultParser.builder().setAllowPartialMatching(false).build().parse(options, args);
    } catch (UnrecognizedOptionException e) {
      String typed = e.getOption().replaceFirst("^--?", "").replaceFirst("=.*", "");
      throw new UsageException(
          "unknown option "
              + e.getOption()
              + NearestNames.didYouMean(typed, optionNames(options), "-"));
    } catch (ParseException e) {
      throw new UsageException(e.getMessage());
    }
    int n = cmd.getArgList().size();
    int[] arity = positionalArity();
    if (n < arity[0] || (arity[1] >= 0 && n > arity[1])) {
      throw new UsageException(
          n < arity[0] ? "missing arguments" : "too many arguments: " + cmd.getArgList());
    }
    return cmd;
  }

  /**
   * The same options, each known by its whole name only, so that commons-cli takes both {@code
   * -topN} and {@code --topN} for it (a single-dash word that is no short option is read as a long
   * one).
   */
  static Options eitherDash(Options options) {
    Options both = new Options();
    for (Option o : options.getOptions()) {
      Option.Builder b =
          Option.builder()
              .longOpt(o.getLongOpt() != null ? o.getLongOpt() : o.getOpt())
              .desc(o.getDescription())
              .required(o.isRequired());
      if (o.hasArg()) {
        b.hasArg().argName(o.getArgName());
        if (o.hasArgs()) {
          b.hasArgs();
        }
        if (o.hasOptionalArg()) {
          b.optionalArg(true);
        }
      }
      both.addOption(b.build());
    }
    return both;
  }

  private static List<String> optionNames(Options options) {
    List<String> names = new ArrayList<>();
    for (Option o : options.getOptions()) {
      names.add(o.getKey());
    }
    return names;
  }

  /** The usage text: synopsis and options. */
  public String usage() {
    StringWriter out = new StringWriter();
    PrintWriter pw = new PrintWriter(out);
    pw.println("usage: bin/crawl " + name() + " " + synopsis());
    if (!options().getOptions().isEmpty()) {
      HelpFormatter help = new HelpFormatter();
      // One spelling in the docs: the one the synopsis uses (Nutch's -topN, or run's --topN).
      help.setLongOptPrefix(synopsis().contains("--") ? "--" : "-");
      help.printOptions(pw, 100, eitherDash(options()), 2, 2);
    }
    pw.println("  -h                      print this usage");
    pw.println(
        "  (Hadoop options -D key=value, -conf <file>, -fs <uri>, -jt <host:port> are accepted too)");
    pw.flush();
    return out.toString();
  }

  /**
   * The segments a command names: its positional arguments from {@code first} on, then the segments
   * under {@code -dir} that have {@code part} ({@code state} says what that part means in
   * messages).
   */
  protected List<Path> segmentArgs(CommandLine cmd, int first, String part, String state)
      throws IOException, UserException, UsageException {
    List<String> args = cmd.getArgList();
    List<Path> segments = new ArrayList<>();
    for (String s : args.subList(first, args.size())) {
      segments.add(new Path(s));
    }
    if (cmd.hasOption("dir")) {
      segments.addAll(
          Segment.withPart(getConf(), new Path(cmd.getOptionValue("dir")), part, state));
    } else if (segments.isEmpty()) {
      throw new UsageException("name at least one segment, or a segments directory with -dir");
    }
    return segments;
  }

  /** An option with one value, {@code -name ARG} (or {@code --name ARG}). */
  protected static Option valued(String name, String argName, String description) {
    return Option.builder().longOpt(name).hasArg().argName(argName).desc(description).build();
  }

  /**
   * A usage error unless exactly one of {@code names} was given: "give exactly one of -a, -b and
   * -c".
   */
  protected static void exactlyOne(CommandLine cmd, String... names) throws UsageException {
    int given = 0;
    for (String name : names) {
      given += cmd.hasOption(name) ? 1 : 0;
    }
    if (given != 1) {
      List<String> dashed = new ArrayList<>();
      for (String name : names) {
        dashed.add("-" + name);
      }
      String last = dashed.remove(dashed.size() - 1);
      throw new UsageException("give exactly one of " + String.join(", ", dashed) + " and " + last);
    }
  }

  /** Parses an integer option, turning a bad number into a usage error. */
  protected static int intOption(CommandLine cmd, String opt, int defaultValue)
      throws UsageException {
    return numberOption(cmd, opt, defaultValue, Integer::valueOf, "a whole number");
  }

  /** Parses a long option, turning a bad number into a usage error. */
  protected static long longOption(CommandLine cmd, String opt, long defaultValue)
      throws UsageException {
    return numberOption(cmd, opt, defaultValue, Long::valueOf, "a whole number");
  }

  /** Parses a floating-point option, turning a bad number into a usage error. */
  protected static double doubleOption(CommandLine cmd, String opt, double defaultValue)
      throws UsageException {
    return numberOption(cmd, opt, defaultValue, Double::valueOf, "a number");
  }

  private static <T> T numberOption(
      CommandLine cmd,
      String opt,
      T defaultValue,
      java.util.function.Function<String, T> parser,
      String what)
      throws UsageException {
    String v = cmd.getOptionValue(opt);
    if (v == null) {
      return defaultValue;
    }
    try {
      return parser.apply(v.trim());
    } catch (NumberFormatException e) {
      throw new UsageException("-" + opt + " takes " + what + ", not '" + v + "'");
    }
  }
}
