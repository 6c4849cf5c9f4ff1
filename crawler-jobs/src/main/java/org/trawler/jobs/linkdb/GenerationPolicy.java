package org.trawler.jobs.linkdb;

import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.conf.Settings;

/**
 * When invertlinks merges the linkdb's generations into a new base instead of adding one more
 * generation: at most {@code maxGenerations} stay beside the base (so a reader opens a bounded
 * number of parts), and they may not outgrow {@code maxRatio} of the base (so a merge rewrites the
 * base only once the new links are worth it, and the rewrites of a growing linkdb stay a geometric
 * series).
 */
record GenerationPolicy(int maxGenerations, double maxRatio) {

  static GenerationPolicy fromConf(Configuration conf) {
    int max = Settings.getInt(conf, LinkDbKeys.MAX_GENERATIONS, LinkDbKeys.DEFAULT_MAX_GENERATIONS);
    if (max < 0) {
      throw new BadSettingException(LinkDbKeys.MAX_GENERATIONS, "must be at least 0, not " + max);
    }
    double ratio =
        Settings.getDouble(
            conf, LinkDbKeys.MAX_GENERATION_RATIO, LinkDbKeys.DEFAULT_MAX_GENERATION_RATIO);
    if (!(ratio >= 0)) {
      throw new BadSettingException(
          LinkDbKeys.MAX_GENERATION_RATIO, "must be at least 0, not " + ratio);
    }
    return new GenerationPolicy(max, ratio);
  }

  /**
   * True when this invertlinks should merge the {@code generations} installed beside a base of
   * {@code baseBytes} (holding {@code generationBytes} together) and the new links into a new base;
   * false when it should add the new links as one more generation.
   */
  boolean mergeIntoBase(int generations, long baseBytes, long generationBytes) {
    return generations >= maxGenerations || generationBytes > maxRatio * baseBytes;
  }
}
