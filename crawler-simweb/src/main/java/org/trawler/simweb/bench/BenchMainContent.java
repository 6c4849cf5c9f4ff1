package org.trawler.simweb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.jobs.UsageException;

/**
 * {@code bench main-content DIR}: the real pages of a corpus parsed in main-content mode, scored
 * against their expected text ({@link MainContentBenchmark}); exit 1 when DIR holds no page.
 */
final class BenchMainContent extends BenchMode {

  BenchMainContent() {
    super("DIR");
  }

  @Override
  String subcommand() {
    return "main-content";
  }

  @Override
  String summary() {
    return "main-content extraction of a corpus of real pages against their expected text";
  }

  @Override
  String modeSynopsis() {
    return "[--json FILE]";
  }

  @Override
  boolean usesWorkDir() {
    return false;
  }

  @Override
  Options modeOptions() {
    return new Options();
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    Path corpus = Paths.get(argumentValue(cmd));
    if (!Files.isDirectory(corpus)) {
      throw new UsageException("no directory " + corpus);
    }
    List<Path> pages = MainContentBenchmark.pages(corpus);
    if (pages.isEmpty()) {
      out()
          .println(
              "bench: no page in "
                  + corpus
                  + " (a directory per page with source.html and expected.html or expected.txt)");
      return 1;
    }
    List<MainContentBenchmark.Figures> figures =
        new MainContentBenchmark(getConf(), out()).run(pages);
    MainContentBenchmark.writeJson(corpus, figures, meter.processRssPeakBytes(), json);
    written(json);
    return 0;
  }
}
