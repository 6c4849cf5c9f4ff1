package org.trawler.jobs.crawl;

import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * Runs the steps of one round of {@code run}, first noting each in run.json ({@link RoundLog}) with
 * the round's number and, once generate made it, its segment: what {@code status} shows while the
 * step runs, and what a stopped run's leftovers are found by.
 */
final class LoggedSteps implements CrawlRound.StepRunner {
  private final RoundLog log;
  private final int round;
  private final int lastRound;

  /** The round's segment, null until generate made it. */
  private Path segment;

  LoggedSteps(RoundLog log, int round, int lastRound) {
    this.log = log;
    this.round = round;
    this.lastRound = lastRound;
  }

  @Override
  public Map<String, Long> run(String step, CrawlRound.Step work) throws Exception {
    log.running(round, lastRound, step, segment);
    return work.run();
  }

  @Override
  public void generated(Path s) throws IOException {
    segment = s;
  }
}
