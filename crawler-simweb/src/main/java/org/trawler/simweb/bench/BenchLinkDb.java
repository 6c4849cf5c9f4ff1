package org.trawler.simweb.bench;

import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code bench linkdb N}: invertlinks of R small segments into a synthetic linkdb of N URLs,
 * merging every time and in generations ({@link LinkDbBenchmark}).
 */
final class BenchLinkDb extends BenchMode {

  /** Rounds of the linkdb benchmark: past the eighth, where the generations are merged. */
  private static final int ROUNDS = 10;

  BenchLinkDb() {
    super(COUNT);
  }

  @Override
  String subcommand() {
    return "linkdb";
  }

  @Override
  String summary() {
    return "invertlinks into a synthetic linkdb of N URLs";
  }

  @Override
  String modeSynopsis() {
    return "[--rounds R] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(shape("rounds", "" + ROUNDS));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    long urls = countArgument(cmd);
    writeReport(
        new LinkDbBenchmark(getConf(), meter, out())
            .run(
                new org.apache.hadoop.fs.Path(dir.toString()),
                urls,
                intOption(cmd, "rounds", ROUNDS)),
        json);
    return 0;
  }
}
