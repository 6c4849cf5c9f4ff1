package org.trawler.core.scoring;

import java.util.function.DoubleBinaryOperator;
import org.apache.hadoop.io.Text;

/**
 * A value a scoring filter passes from a parsed page to its outlinks, in their linked datums'
 * metadata under {@code key}, with the filter's own rule for what a URL's links pass on together
 * and how that meets the URL's value: {@code merge} of two links' values (or of a combined link's
 * and one more), and of the links' value with the crawldb entry's. The parse task that combines its
 * pages' links to one URL and updatedb apply the rules of {@link ScoringFilters#LINKED_SCORES}
 * without the job's filters: the rule travels with the value, whatever scoring.filters says. OPIC's
 * shares need none: they are the linked datums' scores, summed.
 */
public record LinkedScore(Text key, DoubleBinaryOperator merge) {

  /** What two values pass on together under this filter's rule. */
  public float merge(float a, float b) {
    return (float) merge.applyAsDouble(a, b);
  }
}
