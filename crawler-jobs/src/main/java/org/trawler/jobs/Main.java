package org.trawler.jobs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.trawler.core.UserException;
import org.trawler.core.conf.CrawlerConfiguration;

/** The one entry point: {@code <command> args...} runs that command's Tool through ToolRunner. */
public final class Main {

  /** command → {class name, one-line description}. */
  private static final Map<String, String[]> COMMANDS = new LinkedHashMap<>();

  static {
    add("inject", "org.trawler.jobs.inject.Injector", "add seed URLs to a crawldb");
    add("generate", "org.trawler.jobs.generate.Generator", "select due URLs into a new segment's fetch lists");
    add("fetch", "org.trawler.jobs.fetch.Fetcher", "fetch a segment's fetch lists politely");
    add("parse", "org.trawler.jobs.parse.ParseSegment", "parse a fetched segment: text, links, signatures");
    add("updatedb", "org.trawler.jobs.update.CrawlDbUpdater", "merge fetch and parse results into the crawldb");
    add("invertlinks", "org.trawler.jobs.linkdb.LinkDb", "build the linkdb (inlinks and anchors) from segments");
    add("dedup", "org.trawler.jobs.dedup.DeduplicationJob", "mark pages with duplicate content in the crawldb");
    add("readdb", "org.trawler.jobs.tools.CrawlDbReader", "crawldb statistics, dumps and lookups");
    add("readseg", "org.trawler.jobs.tools.SegmentReader", "list and dump segments");
    add("run", "org.trawler.jobs.tools.Crawl", "inject, then run whole crawl rounds");
    add("demo", "org.trawler.jobs.tools.Demo", "crawl a built-in local website for a few rounds");
    add("simweb", "org.trawler.jobs.tools.SimWebServer", "serve a synthetic website on loopback addresses");
    add("bench", "org.trawler.jobs.tools.Benchmark", "measure the crawl cycle against simweb");
  }

  /** Hadoop's generic options that take a value; ToolRunner only sees them before the first argument. */
  private static final Set<String> GENERIC_WITH_VALUE =
      Set.of("-D", "-conf", "-fs", "-jt", "-files", "-libjars", "-archives", "-tokenCacheFile");

  private Main() {}

  private static void add(String command, String className, String description) {
    COMMANDS.put(command, new String[] {className, description});
  }

  public static void main(String[] args) throws Exception {
    System.exit(run(args));
  }

  /** Runs a command line and returns its exit code. */
  public static int run(String[] args) throws Exception {
    return run(CrawlerConfiguration.create(), args);
  }

  /** Runs a command line with the given configuration and returns its exit code. */
  public static int run(Configuration conf, String[] args) throws Exception {
    if (args.length == 0 || args[0].equals("-h") || args[0].equals("--help") || args[0].equals("help")) {
      System.err.print(commandList());
      return args.length == 0 ? UserException.USAGE : 0;
    }
    Tool tool = newTool(args[0]);
    if (tool == null) {
      System.err.println("trawler: unknown command '" + args[0] + "'");
      System.err.print(commandList());
      return UserException.USAGE;
    }
    String[] rest = new String[args.length - 1];
    System.arraycopy(args, 1, rest, 0, rest.length);
    return ToolRunner.run(conf, tool, genericOptionsFirst(rest));
  }

  /** The Tool for a command name, or null when there is no such command. */
  public static Tool newTool(String command) {
    String[] entry = COMMANDS.get(command);
    if (entry == null) {
      return null;
    }
    try {
      return (Tool) Class.forName(entry[0]).getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      return null;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + entry[0], e);
    }
  }

  /** The command's tool with a copy of {@code conf}, for running one command inside another (run, demo). */
  public static CrawlTool newTool(String command, Configuration conf) throws UserException {
    Tool tool = newTool(command);
    if (!(tool instanceof CrawlTool)) {
      throw new UserException("command " + command + " is not available in this build");
    }
    tool.setConf(new Configuration(conf));
    return (CrawlTool) tool;
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
    StringBuilder sb = new StringBuilder("usage: bin/crawl <command> [options] [-D key=value ...]\n\ncommands:\n");
    for (Map.Entry<String, String[]> e : COMMANDS.entrySet()) {
      boolean available = newTool(e.getKey()) != null;
      sb.append(String.format("  %-12s %s%s%n", e.getKey(), e.getValue()[1], available ? "" : " (not built yet)"));
    }
    sb.append("\nRun bin/crawl <command> without arguments for its usage.\n");
    return sb.toString();
  }
}
