package org.trawler.simweb.bench;

import java.nio.file.Path;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

/**
 * {@code bench docs}: PDF and DOCX parsed per CPU second, the crawl's parser against Tika alone
 * ({@link DocumentBenchmark}).
 */
final class BenchDocs extends BenchMode {

  @Override
  String subcommand() {
    return "docs";
  }

  @Override
  String summary() {
    return "PDF and DOCX parsed per CPU second, the crawl's parser against Tika alone";
  }

  @Override
  String modeSynopsis() {
    return "[--documents N] [--rounds R] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(option("documents", "N", "documents of each type (default 200)"));
    o.addOption(option("rounds", "R", "passes over the documents (default 5)"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    List<DocumentBenchmark.Figures> figures =
        new DocumentBenchmark(getConf(), CrawlParser::new, out())
            .run(intOption(cmd, "documents", 200), intOption(cmd, "rounds", 5));
    DocumentBenchmark.writeJson(figures, meter.processRssPeakBytes(), json);
    written(json);
    return 0;
  }
}
