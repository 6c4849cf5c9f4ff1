package org.trawler.simweb.bench;

import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.jobs.UsageException;
import org.trawler.simweb.SiteProfile;

/**
 * {@code bench vs-wget}: a simweb site crawled to the end by {@code run} in its own JVM and by one
 * {@code wget -r} per host side by side ({@link WgetComparison}); exit 3 when the crawl failed.
 */
final class BenchVsWget extends BenchMode {

  @Override
  String subcommand() {
    return "vs-wget";
  }

  @Override
  String summary() {
    return "a simweb site crawled to the end by run and by wget -r, side by side";
  }

  @Override
  String modeSynopsis() {
    return "[--profile P] [--hosts H] [--pages P] [--outlinks K] [--threads N] [--rounds R]"
        + " [--wget PATH] [--crawl-opts OPTS] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(shape("profile", "docs"));
    o.addOption(shape("hosts", "3"));
    o.addOption(shape("pages", "the profile's"));
    o.addOption(shape("outlinks", "the profile's"));
    o.addOption(shape("threads", "30"));
    o.addOption(shape("rounds", "at most 50"));
    o.addOption(option("wget", "PATH", "the wget program (default wget on the PATH)"));
    o.addOption(
        option(
            "crawl-opts",
            "OPTS",
            "JVM options for the crawl's JVM (its TRAWLER_OPTS), e.g. a flight recording"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    boolean crawled = new WgetComparison(getConf(), out()).run(settings(cmd), dir, json);
    return crawled ? 0 : 3;
  }

  /**
   * The docs profile's pages on 3 hosts, crawled by 30 threads, by default: real documentation
   * trees link 20-35 distinct URLs a page, not apidocs' 500 (docs/BENCHMARKS.md); --profile apidocs
   * is the link-heavy worst case.
   */
  private static WgetComparison.Settings settings(CommandLine cmd) throws UsageException {
    SiteProfile profile = cmd.hasOption("profile") ? profile(cmd) : SiteProfile.DOCS;
    WgetComparison.Settings s =
        new WgetComparison.Settings(
            profile,
            intOption(cmd, "hosts", 3),
            intOption(cmd, "pages", profile.pages()),
            intOption(cmd, "outlinks", 0),
            intOption(cmd, "threads", 30),
            intOption(cmd, "rounds", 50),
            cmd.getOptionValue("wget", "wget"),
            cmd.getOptionValue("crawl-opts", ""));
    if (s.hosts() < 1 || s.pages() < 1 || s.threads() < 1 || s.maxRounds() < 1) {
      throw new UsageException("--hosts, --pages, --threads and --rounds must be at least 1");
    }
    return s;
  }
}
