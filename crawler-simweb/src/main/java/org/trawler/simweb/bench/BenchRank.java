package org.trawler.simweb.bench;

import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.core.conf.Settings;
import org.trawler.jobs.UsageException;
import org.trawler.jobs.rank.RankKeys;

/**
 * {@code bench rank N}: {@code rank} on a synthetic power-law graph of about N links, to
 * convergence: iterations, and CPU and wall seconds per iteration and per million links ({@link
 * RankBenchmark}).
 */
final class BenchRank extends BenchMode {

  BenchRank() {
    super(COUNT);
  }

  @Override
  String subcommand() {
    return "rank";
  }

  @Override
  String summary() {
    return "rank to convergence on a synthetic power-law graph of N links";
  }

  @Override
  String modeSynopsis() {
    return "[--epsilon E] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(
        option(
            "epsilon",
            "E",
            "converged once the L1 change is below E (default " + RankKeys.EPSILON + ")"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    long links = countArgument(cmd);
    double epsilon =
        doubleOption(
            cmd,
            "epsilon",
            Settings.getDouble(getConf(), RankKeys.EPSILON, RankKeys.DEFAULT_EPSILON));
    if (!(epsilon > 0)) {
      throw new UsageException("--epsilon must be above 0");
    }
    writeReport(
        new RankBenchmark(getConf(), meter, out())
            .run(new org.apache.hadoop.fs.Path(dir.toString()), links, epsilon),
        json);
    return 0;
  }
}
