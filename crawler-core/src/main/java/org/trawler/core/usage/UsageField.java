package org.trawler.core.usage;

/**
 * The normalised fields of what a page's owner allows, as the parser records them in the parse
 * metadata (each with {@code <name>.from}: where the value came from). Flags read "yes" or "no";
 * {@link #TDM_POLICY} holds a URL.
 */
public enum UsageField {
  /** Content-Signal search, Content-Usage search: building a search index, showing results. */
  SEARCH("usage.search", true),
  /** Content-Signal ai-train, Content-Usage train-ai (and train-genai=n): training AI models. */
  AI_TRAIN("usage.ai-train", true),
  /** Content-Signal ai-input: feeding an AI model at answer time (RAG, grounding). */
  AI_INPUT("usage.ai-input", true),
  /** TDMRep tdm-reservation: 1 means text and data mining rights are reserved. */
  TDM_RESERVED("tdm.reserved", false),
  /** TDMRep tdm-policy: where the owner's licensing terms are. */
  TDM_POLICY("tdm.policy", false),
  ROBOTS_NOINDEX("robots.noindex", false),
  ROBOTS_NOFOLLOW("robots.nofollow", false),
  ROBOTS_NOSNIPPET("robots.nosnippet", false),
  ROBOTS_NOARCHIVE("robots.noarchive", false),
  /**
   * robots unavailable_after: the instant (ISO-8601, UTC) after which the page must leave the
   * index.
   */
  ROBOTS_UNAVAILABLE_AFTER("robots.unavailable_after", false),
  /** robots max-snippet: the longest snippet in characters; 0 is nosnippet, -1 no limit. */
  ROBOTS_MAX_SNIPPET("robots.max-snippet", false);

  /** The value of a flag. */
  public static final String YES = "yes";

  public static final String NO = "no";

  /** Suffix of the metadata key naming where a field's value came from. */
  public static final String FROM_SUFFIX = ".from";

  private final String key;
  private final boolean permission;

  UsageField(String key, boolean permission) {
    this.key = key;
    this.permission = permission;
  }

  /** The parse metadata key (also the index field and the JSON Lines / WAT / Parquet name). */
  public String key() {
    return key;
  }

  /** The metadata key naming the value's source, e.g. "usage.ai-train.from". */
  public String fromKey() {
    return key + FROM_SUFFIX;
  }

  /**
   * The value that restricts us: "no" for a permission (usage.*), "yes" for a reservation or a
   * robots directive; null for the fields that hold a value rather than a flag (tdm.policy,
   * unavailable_after, max-snippet).
   */
  public String restrictive() {
    if (this == TDM_POLICY || this == ROBOTS_UNAVAILABLE_AFTER || this == ROBOTS_MAX_SNIPPET) {
      return null;
    }
    return permission ? NO : YES;
  }

  /**
   * Of two different values of this field, the one that restricts us more: the restrictive flag,
   * the earlier unavailable_after, the shorter max-snippet (-1, no limit, the least); for
   * tdm.policy, which restricts nothing itself, the first.
   */
  public String stricter(String first, String second) {
    switch (this) {
      case TDM_POLICY:
        return first;
      case ROBOTS_UNAVAILABLE_AFTER:
        return java.time.Instant.parse(second).isBefore(java.time.Instant.parse(first))
            ? second
            : first;
      case ROBOTS_MAX_SNIPPET:
        long a = Long.parseLong(first);
        long b = Long.parseLong(second);
        return a < 0 || (b >= 0 && b < a) ? second : first;
      default:
        return second.equals(restrictive()) ? second : first;
    }
  }

  /** The field of a usage name as {@code export.require.usage} takes it ("ai-train"), or null. */
  public static UsageField ofUsage(String usage) {
    for (UsageField f : values()) {
      if (f.permission && f.key.equals("usage." + usage)) {
        return f;
      }
    }
    return null;
  }
}
