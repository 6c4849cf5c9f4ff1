package org.trawler.jobs.linkdb;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.Settings;

/**
 * What invertlinks does with the linkdb's generations besides inverting its segments, as in a
 * size-tiered LSM tree: the generations are merged into a new base once they exceed {@code
 * maxRatio} of the base's bytes (so the base is rewritten only when the new links are worth it, and
 * the rewrites of a growing linkdb form a geometric series); before that, when {@code
 * maxGenerations} are there, the newest ones are merged into one generation, each with the older
 * ones no larger than what is merged so far (so a link is rewritten about log2 times, not once per
 * round), and a reader never opens more than {@code maxGenerations} besides the base.
 */
record GenerationPolicy(int maxGenerations, double maxRatio) {

  /**
   * What one invertlinks does: {@code intoBase}, merge the whole linkdb and the new links into a
   * new base; else merge the {@code newest} newest generations (0 = none) with the new links into
   * one new generation.
   */
  record Plan(boolean intoBase, int newest) {
    static final Plan ADD = new Plan(false, 0);
    static final Plan INTO_BASE = new Plan(true, 0);
  }

  static GenerationPolicy fromConf(Configuration conf) {
    int max =
        Settings.getInt(
            conf,
            LinkDbKeys.MAX_GENERATIONS,
            LinkDbKeys.DEFAULT_MAX_GENERATIONS,
            0,
            Integer.MAX_VALUE);
    double ratio =
        Settings.getDouble(
            conf,
            LinkDbKeys.MAX_GENERATION_RATIO,
            LinkDbKeys.DEFAULT_MAX_GENERATION_RATIO,
            0,
            Double.MAX_VALUE);
    return new GenerationPolicy(max, ratio);
  }

  /**
   * The plan for a linkdb whose base holds {@code baseBytes} and whose generations hold {@code
   * generationBytes}, oldest first.
   */
  Plan plan(long baseBytes, List<Long> generationBytes) {
    long total = generationBytes.stream().mapToLong(Long::longValue).sum();
    if (maxGenerations == 0 || total > maxRatio * baseBytes) {
      return Plan.INTO_BASE;
    }
    int count = generationBytes.size();
    if (count < maxGenerations) {
      return Plan.ADD;
    }
    // the fewest newest ones that make room for the new generation, then every older one that is
    // no larger than them together
    int first = maxGenerations - 1;
    long merged = 0;
    for (int i = first; i < count; i++) {
      merged += generationBytes.get(i);
    }
    while (first > 0 && generationBytes.get(first - 1) <= merged) {
      first--;
      merged += generationBytes.get(first);
    }
    return new Plan(false, count - first);
  }
}
