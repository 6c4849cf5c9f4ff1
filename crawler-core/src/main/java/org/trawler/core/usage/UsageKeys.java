package org.trawler.core.usage;

/** Configuration keys of what site owners allow, shared by the exports (index writers, WARC). */
public final class UsageKeys {
  /**
   * Usages a page's owner must not have refused for the page to be exported, comma-separated
   * (search, ai-train, ai-input); empty = export every page whatever its owner said.
   */
  public static final String REQUIRE_USAGE = "export.require.usage";

  public static final String DEFAULT_REQUIRE_USAGE = "";

  private UsageKeys() {}
}
