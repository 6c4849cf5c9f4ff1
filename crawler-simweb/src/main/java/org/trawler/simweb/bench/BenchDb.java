package org.trawler.simweb.bench;

import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code bench db N}: generate and updatedb timed on a synthetic crawldb of N URLs ({@link
 * CrawlDbBenchmark}); with {@code --sites}, the sitemap job's site listing and readdb -stats on 10
 * URLs a host ({@link SiteListBenchmark}).
 */
final class BenchDb extends BenchMode {

  BenchDb() {
    super(COUNT);
  }

  @Override
  String subcommand() {
    return "db";
  }

  @Override
  String summary() {
    return "generate and updatedb on a synthetic crawldb of N URLs";
  }

  @Override
  String modeSynopsis() {
    return "[--sites] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(
        flag(
            "sites", "10 URLs a host; list the sitemap job's sites and run readdb -stats instead"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    long urls = countArgument(cmd);
    org.apache.hadoop.fs.Path hadoopDir = new org.apache.hadoop.fs.Path(dir.toString());
    BenchCommand.Report report =
        cmd.hasOption("sites")
            ? new SiteListBenchmark(getConf(), meter, out()).run(hadoopDir, urls)
            : new CrawlDbBenchmark(getConf(), meter, out()).run(hadoopDir, urls);
    writeReport(report, json);
    return 0;
  }
}
