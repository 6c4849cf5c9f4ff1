package org.trawler.simweb.bench;

import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code bench broad}: a Nutch user's broad crawl of simweb's web ({@link BroadBench}). Its options
 * and settings are BroadBench's own, kept in {@link BenchCommand#broadOptions} and {@link
 * BenchCommand#broadSettings}; this class only runs it.
 */
final class BenchBroad extends BenchMode {

  @Override
  String subcommand() {
    return "broad";
  }

  @Override
  String summary() {
    return "a broad crawl of simweb --profile web with a budget, judged from the server's log";
  }

  @Override
  String modeSynopsis() {
    return BenchCommand.BROAD_SYNOPSIS + " [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    BenchCommand.broadOptions(o);
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    BroadBench.Settings broad = BenchCommand.broadSettings(cmd);
    List<BroadBench.Run> runs =
        new BroadBench(getConf(), out()).run(broad, BroadBench.focus(cmd, broad), dir);
    BroadBench.print(runs, broad.backoffSeconds(), out());
    BroadBench.writeJson(broad, runs, meter.processRssPeakBytes(), json);
    written(json);
    return 0;
  }
}
