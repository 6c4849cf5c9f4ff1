package org.trawler.jobs.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Nutch users type Nutch's crawl script: {@code bin/crawl [-i] [-D k=v] [-s <seed dir>] <crawl dir>
 * <rounds>}. Trawler's loop is the {@code run} command; this names the {@code run} line that does
 * the same, so the one line a user gets for "unknown command" tells them what to type.
 */
public final class NutchCrawlScript {
  private NutchCrawlScript() {}

  /**
   * The hint for a command line that is not a Trawler command, or "" when it does not look like the
   * crawl loop: the bare word {@code crawl}, or Nutch's script form.
   */
  public static String hint(String[] args) {
    if (args.length == 0) {
      return "";
    }
    String run = runLine(args);
    if (run != null) {
      return "; Nutch's crawl script is Trawler's run command: " + run;
    }
    if (args[0].equals("crawl")) {
      return "; the crawl loop is the run command: bin/crawl run <url_dir> <crawl_dir> <rounds>";
    }
    return "";
  }

  /**
   * The {@code bin/crawl run} line for Nutch's script form, or null when {@code args} is not in it:
   * {@code -s} names the seeds, {@code -i} asks for an index, {@code -D k=v} passes through, and
   * two words remain (the crawl directory and the number of rounds).
   */
  public static String runLine(String[] args) {
    String seeds = null;
    boolean index = false;
    List<String> options = new ArrayList<>();
    List<String> words = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String same = SAME_OPTION.get(a);
      if (a.equals("-i") || a.equals("--index")) {
        index = true;
      } else if (a.equals("--hostdb")) {
        options.add("-hostdb");
      } else if (a.equals("--sitemaps-from-hostdb")) {
        options.add("-sitemaps");
      } else if (a.equals("-s")
          || a.equals("-D")
          || a.equals("-w")
          || a.equals("--wait")
          || same != null) {
        if (++i == args.length) {
          return null;
        }
        if (a.equals("-s")) {
          seeds = args[i];
        } else if (a.equals("-D")) {
          options.add("-D " + args[i]);
        } else if (same != null) {
          options.add(same + " " + args[i]);
        } // -w: Trawler's run does not wait between rounds
      } else if (a.startsWith("-")) {
        return null;
      } else {
        words.add(a);
      }
    }
    if (seeds == null || words.size() != 2 || !words.get(1).matches("\\d+")) {
      return null;
    }
    String crawl = words.get(0);
    StringBuilder line = new StringBuilder("bin/crawl run ");
    line.append(seeds).append(' ').append(crawl).append(' ').append(words.get(1));
    if (index) {
      line.append(" -index ").append(crawl).append("/index");
    }
    for (String o : options) {
      line.append(' ').append(o);
    }
    return line.toString();
  }

  /** The script's valued options and the run option that means the same. */
  private static final Map<String, String> SAME_OPTION =
      Map.of(
          "--num-threads", "-threads",
          "--num-fetchers", "-numFetchers",
          "--size-fetchlist", "-topN",
          "--time-limit-fetch", "-time-limit-fetch");
}
