package org.trawler.core.net;

import org.trawler.core.plugin.Plugin;
import org.trawler.core.plugin.Plugins;

/**
 * Accepts or rejects a URL. An extension point: implementations are made by {@link Plugins} (a
 * no-argument constructor, then {@link Plugin#configure}).
 */
public interface URLFilter extends Plugin {
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
