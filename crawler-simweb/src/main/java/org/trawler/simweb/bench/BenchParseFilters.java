package org.trawler.simweb.bench;

import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code bench parse-filters N}: N pages of a profile parsed per CPU second without parse filters,
 * with the default chain and with each filter alone ({@link FilterBenchmark}).
 */
final class BenchParseFilters extends BenchMode {

  BenchParseFilters() {
    super(COUNT);
  }

  @Override
  String subcommand() {
    return "parse-filters";
  }

  @Override
  String summary() {
    return "N pages parsed per CPU second without filters, with the chain, with each filter alone";
  }

  @Override
  String modeSynopsis() {
    return "[--profile default|apidocs|docs] [--rounds R] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(shape("profile", "default"));
    o.addOption(option("rounds", "R", "passes over the pages (default 5)"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    int pages = (int) countArgument(cmd);
    List<FilterBenchmark.Figures> figures =
        new FilterBenchmark(getConf(), out()).run(profile(cmd), pages, intOption(cmd, "rounds", 5));
    FilterBenchmark.writeJson(
        cmd.getOptionValue("profile", "default"), figures, meter.processRssPeakBytes(), json);
    written(json);
    return 0;
  }
}
