package org.trawler.simweb.bench;

import java.nio.file.Path;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;
import org.trawler.jobs.UsageException;

/**
 * {@code bench soak MINUTES}: a faulty simweb crawled for MINUTES (or --rounds), checking that
 * pages/s, heap, threads, open files and temp disk stay flat ({@link SoakRun}); exit 1 when not.
 */
final class BenchSoak extends BenchMode {

  BenchSoak() {
    super("MINUTES");
  }

  @Override
  String subcommand() {
    return "soak";
  }

  @Override
  String summary() {
    return "a faulty simweb crawled for MINUTES; exit 1 unless pages/s, heap, threads, files stay flat";
  }

  @Override
  String modeSynopsis() {
    return "[--rounds R] [--hosts H] [--pages P] [--topN N] [--threads N] [--latency-ms MS]"
        + " [--delay-s S] [--json FILE] [--dir DIR]";
  }

  @Override
  Options modeOptions() {
    Options o = new Options();
    o.addOption(shape("rounds", "until MINUTES are up"));
    o.addOption(shape("hosts", "2000"));
    o.addOption(shape("pages", "200"));
    o.addOption(shape("topN", "2000"));
    o.addOption(shape("threads", "50"));
    o.addOption(shape("latency-ms", "20"));
    o.addOption(shape("delay-s", "0.5"));
    return o;
  }

  @Override
  int run(CommandLine cmd, Path dir, Path json) throws Exception {
    SoakReport soak = new SoakRun(getConf(), out()).run(settings(cmd), dir);
    writeReport(soak, json);
    return soak.passed() ? 0 : 1;
  }

  /**
   * The soak's settings: 2000 hosts of 200 pages, 2000 URLs a round, one per host. A round then
   * takes 20-40 s on two cores (many rounds in half an hour, each fetch long enough to measure),
   * and 90 rounds fetch about 160 000 of the site's 400 000 URLs: the crawl never runs dry.
   */
  private SoakRun.Settings settings(CommandLine cmd) throws UsageException {
    double minutes = numberArgument(cmd);
    SoakRun.Settings s =
        new SoakRun.Settings(
            intOption(cmd, "hosts", 2000),
            intOption(cmd, "pages", 200),
            intOption(cmd, "threads", 50),
            longOption(cmd, "topN", 2000),
            minutes,
            intOption(cmd, "rounds", Integer.MAX_VALUE),
            intOption(cmd, "latency-ms", 20),
            doubleOption(cmd, "delay-s", 0.5),
            SoakRun.faultMix());
    if (minutes <= 0
        || s.hosts() < 1
        || s.pages() < 1
        || s.threads() < 1
        || s.topN() < 1
        || s.maxRounds() < 1) {
      throw new UsageException(
          "MINUTES must be above 0; --hosts, --pages, --threads, --topN and --rounds at least 1");
    }
    return s;
  }
}
