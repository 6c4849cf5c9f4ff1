package org.trawler.core.net;

/** Configuration keys of URL normalizing and filtering. */
public final class NetKeys {
  /** Comma-separated normalizer class names, applied in order. */
  public static final String NORMALIZER_ORDER = "urlnormalizer.order";
  /** Prefix of the per-scope override of {@link #NORMALIZER_ORDER}: urlnormalizer.order.&lt;scope&gt;. */
  public static final String NORMALIZER_ORDER_SCOPE_PREFIX = "urlnormalizer.order.";
  /** Comma-separated filter class names; a URL must pass all of them. */
  public static final String FILTER_ORDER = "urlfilter.order";

  private NetKeys() {}
}
