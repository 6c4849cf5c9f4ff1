package org.trawler.simweb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.apache.commons.cli.CommandLine;
import org.trawler.jobs.UsageException;

/**
 * {@code bench datasets CRAWL}: what the WARC, WAT, WET, Markdown and Parquet outputs of a crawl
 * already made cost per 100 000 pages and per page ({@link DatasetBenchmark}). CRAWL is a crawl
 * directory, e.g. the {@code crawl} folder a {@code bench cycle --dir DIR} keeps.
 */
final class BenchDatasets extends BenchMode {

  BenchDatasets() {
    super("CRAWL");
  }

  @Override
  String subcommand() {
    return "datasets";
  }

  @Override
  String summary() {
    return "WARC, WAT, WET, Markdown and the Parquet URL index of a crawl: CPU and bytes per page";
  }

  @Override
  String modeSynopsis() {
    return "[--json FILE] [--dir DIR]";
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    Path crawl = Paths.get(argumentValue(cmd)).toAbsolutePath();
    if (!Files.isDirectory(crawl.resolve("segments"))) {
      throw new UsageException("no crawl at " + crawl + " (it has no segments directory)");
    }
    DatasetBenchmark bench = new DatasetBenchmark(getConf(), meter, out());
    DatasetBenchmark.Report report = bench.run(hadoopPath(crawl), hadoopPath(dir));
    bench.print(report);
    DatasetBenchmark.writeJson(report, meter.processRssPeakBytes(), json);
    written(json);
    return 0;
  }

  private static org.apache.hadoop.fs.Path hadoopPath(Path local) {
    return new org.apache.hadoop.fs.Path(local.toString());
  }
}
