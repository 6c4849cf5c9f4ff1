package org.trawler.core.net;

/**
 * Accepts or rejects a URL. Implementations are created by reflection with a no-argument
 * constructor; those that need configuration implement {@link org.apache.hadoop.conf.Configurable}.
 */
public interface URLFilter {
  /** The URL (possibly rewritten) when accepted, null when rejected. */
  String filter(String url);

  /**
   * The rule by which this filter rejects {@code url} (e.g. a rule file line), for people reading
   * urlcheck and check output; "" when it has no rule to name. Asked only after a rejection.
   */
  default String rejectingRule(String url) {
    return "";
  }
}
