package org.trawler.core.net;

/**
 * Configuration keys of URL normalizing and filtering, with their defaults. The orders, rule files
 * and dropped parameters have none here: unset, they mean no normalizers, filters, rules or
 * parameters; trawler-default.xml sets them.
 */
public final class NetKeys {
  /** Comma-separated normalizer class names, applied in order. */
  public static final String NORMALIZER_ORDER = "urlnormalizer.order";

  /**
   * Prefix of the per-scope override of {@link #NORMALIZER_ORDER}:
   * urlnormalizer.order.&lt;scope&gt;.
   */
  public static final String NORMALIZER_ORDER_SCOPE_PREFIX = "urlnormalizer.order.";

  /** Comma-separated filter class names; a URL must pass all of them. */
  public static final String FILTER_ORDER = "urlfilter.order";

  /** Rule file of the regex normalizer (regex-normalize.xml). */
  public static final String REGEX_NORMALIZER_FILE = "urlnormalizer.regex.file";

  /** Rule file of the host normalizer (host-normalize.txt). */
  public static final String HOST_NORMALIZER_FILE = "urlnormalizer.host.file";

  /** Query parameters (session ids) the querystring normalizer removes, case-insensitive. */
  public static final String QUERYSTRING_DROP = "urlnormalizer.querystring.drop";

  /** Rule file of the regex filter (regex-urlfilter.txt). */
  public static final String REGEX_FILTER_FILE = "urlfilter.regex.file";

  /** Rule file of the prefix filter (prefix-urlfilter.txt). */
  public static final String PREFIX_FILTER_FILE = "urlfilter.prefix.file";

  /** Rule file of the suffix filter (suffix-urlfilter.txt). */
  public static final String SUFFIX_FILTER_FILE = "urlfilter.suffix.file";

  /** Rule file of the domain filter (domain-urlfilter.txt). */
  public static final String DOMAIN_FILTER_FILE = "urlfilter.domain.file";

  /** Maximum number of path segments the depth filter accepts; -1 = no limit. */
  public static final String DEPTH_FILTER_MAX = "urlfilter.depth.max";

  public static final int DEFAULT_DEPTH_FILTER_MAX = -1;

  /**
   * The installed hostdb version whose learned irrelevant parameters the learned normalizer drops;
   * generate, fetch and parse set it for their tasks to the crawl's hostdb. Empty = none.
   */
  public static final String LEARNED_HOSTDB = "urlnormalizer.learned.hostdb";

  /** Longest URL the trap filter accepts, in characters; -1 = no limit. */
  public static final String TRAP_LENGTH_MAX = "urlfilter.trap.length.max";

  public static final int DEFAULT_TRAP_LENGTH_MAX = 2048;

  /** Most path segments the trap filter accepts; -1 = no limit. */
  public static final String TRAP_DEPTH_MAX = "urlfilter.trap.depth.max";

  public static final int DEFAULT_TRAP_DEPTH_MAX = 20;

  /** Most query parameters the trap filter accepts; -1 = no limit. */
  public static final String TRAP_PARAMS_MAX = "urlfilter.trap.params.max";

  public static final int DEFAULT_TRAP_PARAMS_MAX = 12;

  /** The trap filter rejects a path with one segment repeated this often or more; -1 = never. */
  public static final String TRAP_REPEATS = "urlfilter.trap.repeats";

  public static final int DEFAULT_TRAP_REPEATS = 3;

  /** Drop links whose target is on another host than their source (parse and redirects). */
  public static final String IGNORE_EXTERNAL_LINKS = "db.ignore.external.links";

  public static final boolean DEFAULT_IGNORE_EXTERNAL_LINKS = false;

  /** Drop links whose target is on the same host as their source. */
  public static final String IGNORE_INTERNAL_LINKS = "db.ignore.internal.links";

  public static final boolean DEFAULT_IGNORE_INTERNAL_LINKS = false;

  /**
   * Host names pinned to addresses, as curl --resolve does: {@code name:address,...} (an IPv6
   * address in brackets). Pinned names are never looked up in DNS; the address policy still judges
   * the address. Read here, below the protocols, because host names are resolved by net's {@link
   * HostAddresses} as well as by the HTTP client.
   */
  public static final String RESOLVE = "http.resolve";

  /**
   * A file (a Hadoop path) of more pinned names, one {@code name address} per line; empty = none.
   */
  public static final String RESOLVE_FILE = "http.resolve.file";

  private NetKeys() {}
}
