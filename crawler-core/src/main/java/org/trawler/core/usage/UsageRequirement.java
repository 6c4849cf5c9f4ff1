package org.trawler.core.usage;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * The usages an export requires ({@code export.require.usage}): a page whose owner refused one of
 * them (a "no", or for ai-train a TDM reservation) is left out. A page whose owner said nothing is
 * exported: silence is no refusal.
 */
public final class UsageRequirement {
  /** No requirement: every page goes out. */
  public static final UsageRequirement NONE =
      new UsageRequirement(EnumSet.noneOf(UsageField.class));

  private final Set<UsageField> required;

  private UsageRequirement(Set<UsageField> required) {
    this.required = required;
  }

  /** The requirement {@code conf} sets; an unknown usage name fails here with the known ones. */
  public static UsageRequirement fromConf(Configuration conf) {
    return of(conf.getTrimmed(UsageKeys.REQUIRE_USAGE, UsageKeys.DEFAULT_REQUIRE_USAGE));
  }

  /** The requirement of a comma-separated list such as "ai-train,ai-input". */
  public static UsageRequirement of(String list) {
    Set<UsageField> required = EnumSet.noneOf(UsageField.class);
    for (String name : list.split(",")) {
      if (name.isBlank()) {
        continue;
      }
      UsageField f = UsageField.ofUsage(name.trim());
      if (f == null) {
        List<String> known = new ArrayList<>();
        for (UsageField u : UsageField.values()) {
          if (u.key().startsWith("usage.")) {
            known.add(u.key().substring("usage.".length()));
          }
        }
        throw new IllegalArgumentException(
            UsageKeys.REQUIRE_USAGE
                + ": unknown usage '"
                + name.trim()
                + "' (one of "
                + known
                + ")");
      }
      required.add(f);
    }
    return required.isEmpty() ? NONE : new UsageRequirement(required);
  }

  public boolean isNone() {
    return required.isEmpty();
  }

  /** The first required usage the page's owner refused, per its parse metadata; null if none. */
  public UsageField refused(Map<String, String> parseMeta) {
    if (required.isEmpty()) {
      return null;
    }
    SiteSignals signals = SiteSignals.readFrom(parseMeta);
    for (UsageField f : required) {
      if (signals.refuses(f)) {
        return f;
      }
    }
    return null;
  }
}
