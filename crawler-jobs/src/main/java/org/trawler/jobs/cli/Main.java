package org.trawler.jobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;
import org.trawler.core.conf.NearestNames;
import org.trawler.jobs.Command;
import org.trawler.jobs.CommandSet;
import org.trawler.jobs.CrawlTool;
import org.trawler.jobs.crawl.CheckCommand;
import org.trawler.jobs.crawl.ConfCommand;
import org.trawler.jobs.crawl.RunCommand;
import org.trawler.jobs.crawl.URLCheckCommand;
import org.trawler.jobs.dedup.DeduplicationJob;
import org.trawler.jobs.fetch.Fetcher;
import org.trawler.jobs.generate.Generator;
import org.trawler.jobs.hadoopinternals.HadoopDefaults;
import org.trawler.jobs.hostdb.HostDb;
import org.trawler.jobs.index.IndexJob;
import org.trawler.jobs.index.SearchCommand;
import org.trawler.jobs.inject.Injector;
import org.trawler.jobs.linkdb.LinkDb;
import org.trawler.jobs.parse.ParseSegment;
import org.trawler.jobs.rank.RankCommand;
import org.trawler.jobs.rank.host.HostRank;
import org.trawler.jobs.read.CrawlDbReader;
import org.trawler.jobs.read.HostDbReader;
import org.trawler.jobs.read.LinkDbReader;
import org.trawler.jobs.read.SegmentReader;
import org.trawler.jobs.sitemap.SitemapJob;
import org.trawler.jobs.update.UpdateDb;
import org.trawler.jobs.warc.UrlIndex;
import org.trawler.jobs.warc.WarcExport;

/** The one entry point: {@code <command> args...} runs that command's tool through ToolRunner. */
public final class Main {

  /** The commands of the job jar, in the order of a crawl. */
  static final List<Command> JOB_COMMANDS =
      List.of(
          new Command("inject", "add seed URLs to a crawldb", Injector::new),
          new Command(
              "generate", "select due URLs into a new segment's fetch lists", Generator::new),
          new Command("fetch", "fetch a segment's fetch lists politely", Fetcher::new),
          new Command(
              "parse", "parse a fetched segment: text, links, signatures", ParseSegment::new),
          new Command("updatedb", "merge fetch and parse results into the crawldb", UpdateDb::new),
          new Command(
              "updatehostdb", "update the host database from a crawldb and segments", HostDb::new),
          new Command("sitemap", "read the sites' sitemaps into the crawldb", SitemapJob::new),
          new Command(
              "invertlinks", "build the linkdb (inlinks and anchors) from segments", LinkDb::new),
          new Command(
              "hostrank",
              "rank hosts by harmonic centrality and PageRank into the host database",
              HostRank::new),
          new Command(
              "dedup", "mark pages with duplicate content in the crawldb", DeduplicationJob::new),
          new Command(
              "rank",
              "PageRank of the crawl's pages into the crawldb, for generate's order",
              RankCommand::new),
          new Command(
              "index", "index the pages of segments (Lucene by default, or Solr)", IndexJob::new),
          new Command("search", "search an index made by index", SearchCommand::new),
          new Command("warc", "write segments' fetches as WARC files (and CDXJ)", WarcExport::new),
          new Command(
              "urlindex", "a Parquet URL index of WARC files, as Common Crawl's", UrlIndex::new),
          new Command("readdb", "crawldb statistics, dumps and lookups", CrawlDbReader::new),
          new Command("readseg", "list and dump segments", SegmentReader::new),
          new Command(
              "readhostdb", "host database statistics, dumps and lookups", HostDbReader::new),
          new Command(
              "readlinkdb", "a page's inlinks and anchors, or all of them", LinkDbReader::new),
          new Command(
              "check",
              "fetch and parse one URL now, showing what the crawl would record",
              CheckCommand::new),
          new Command(
              "urlcheck",
              "normalize and filter URLs from stdin, naming the rejecting rule",
              URLCheckCommand::new),
          new Command("run", "inject, then run whole crawl rounds", RunCommand::new),
          new Command(
              "conf",
              "the settings in effect: value, where it came from, what it does",
              ConfCommand::new));

  /**
   * Hadoop's generic options that take a value; ToolRunner only sees them before the first
   * argument.
   */
  private static final Set<String> GENERIC_WITH_VALUE =
      Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokenCacheFile");

  private Main() {}

  public static void main(String[] args) throws Exception {
    ConfDirsFirst.install();
    System.exit(run(args));
  }

  /** Runs a command line and returns its exit code. */
  public static int run(String[] args) throws Exception {
    HadoopDefaults.registerFirst();
    return run(CrawlerConfiguration.create(), args);
  }

  /** Runs a command line with the given configuration and returns its exit code. */
  public static int run(Configuration conf, String[] args) throws Exception {
    return run(conf, args, System.out, System.err);
  }

  /** Runs a command line with the given configuration, printing to {@code out} and {@code err}. */
  public static int run(Configuration conf, String[] args, PrintStream out, PrintStream err)
      throws Exception {
    if (args.length == 0
        || args[0].equals("-h")
        || args[0].equals("--help")
        || args[0].equals("help")) {
      err.print(commandList());
      return args.length == 0 ? UserException.USAGE : 0;
    }
    Command command = find(args[0]);
    if (command == null) {
      err.println(unknownCommand(args));
      return UserException.USAGE;
    }
    CrawlTool tool = command.tool().get().printTo(out, err).checkSettingsFirst();
    return ToolRunner.run(
        conf, tool, genericOptionsFirst(Arrays.copyOfRange(args, 1, args.length)));
  }

  /**
   * The one line for a command line whose first word is no command: the nearest names, the run line
   * for Nutch's crawl script, or where the list of commands is.
   */
  static String unknownCommand(String[] args) {
    String line = "trawler: unknown command '" + args[0] + "'";
    String nutch = NutchCrawlScript.hint(args);
    if (!nutch.isEmpty()) {
      return line + nutch;
    }
    String nearest =
        NearestNames.didYouMean(args[0], commands().stream().map(Command::name).toList(), "");
    return line
        + (nearest.isEmpty() ? " (bin/crawl with no arguments lists the commands)" : nearest);
  }

  /**
   * Every command on this classpath: the job jar's, then those other modules add (see {@link
   * CommandSet}).
   */
  public static List<Command> commands() {
    List<Command> all = new ArrayList<>(JOB_COMMANDS);
    for (CommandSet set : ServiceLoader.load(CommandSet.class)) {
      all.addAll(set.commands());
    }
    return all;
  }

  /** The command of that name, or null. */
  static Command find(String name) {
    for (Command c : commands()) {
      if (c.name().equals(name)) {
        return c;
      }
    }
    return null;
  }

  /** Moves Hadoop's generic options in front, so that {@code -D k=v} may come anywhere. */
  static String[] genericOptionsFirst(String[] args) {
    List<String> generic = new ArrayList<>();
    List<String> other = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (GENERIC_WITH_VALUE.contains(a) && i + 1 < args.length) {
        generic.add(a);
        generic.add(args[++i]);
      } else if (a.startsWith("-D") && a.length() > 2) {
        generic.add(a);
      } else {
        other.add(a);
      }
    }
    generic.addAll(other);
    return generic.toArray(new String[0]);
  }

  static String commandList() {
    return commandList(commands());
  }

  /** The usage line and one line per command, from the names and descriptions alone. */
  static String commandList(List<Command> commands) {
    StringBuilder sb =
        new StringBuilder("usage: bin/crawl <command> [options] [-D key=value ...]\n\ncommands:\n");
    for (Command c : commands) {
      sb.append(String.format("  %-12s %s%n", c.name(), c.description()));
    }
    sb.append("\nRun bin/crawl <command> without arguments for its usage.\n");
    return sb.toString();
  }
}
