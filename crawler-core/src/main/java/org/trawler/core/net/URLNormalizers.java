package org.trawler.core.net;

import java.net.MalformedURLException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.plugin.Plugins;

/**
 * The composite normalizer: applies the normalizers configured for the scope ({@code
 * urlnormalizer.order.<scope>}, else {@code urlnormalizer.order}) in order.
 */
public class URLNormalizers implements URLNormalizer {
  public static final String SCOPE_DEFAULT = "default";
  public static final String SCOPE_INJECT = "inject";
  public static final String SCOPE_GENERATE = "generate";
  public static final String SCOPE_FETCHER = "fetcher";
  public static final String SCOPE_OUTLINK = "outlink";
  public static final String SCOPE_LINKDB = "linkdb";
  public static final String SCOPE_SITEMAP = "sitemap";

  /** Every scope a crawl step normalizes in. */
  public static final List<String> SCOPES =
      List.of(
          SCOPE_DEFAULT,
          SCOPE_INJECT,
          SCOPE_GENERATE,
          SCOPE_FETCHER,
          SCOPE_OUTLINK,
          SCOPE_LINKDB,
          SCOPE_SITEMAP);

  private final Configuration conf;
  private final Map<String, List<URLNormalizer>> byScope = new ConcurrentHashMap<>();

  public URLNormalizers(Configuration conf) {
    this.conf = conf;
  }

  /**
   * The normalizers of {@code conf}, those of {@code scope} created at once: a misconfigured class
   * is a BadSettingException here, before a job, not at the first URL.
   */
  public static URLNormalizers forScope(Configuration conf, String scope) {
    URLNormalizers normalizers = new URLNormalizers(conf);
    normalizers.normalizersFor(scope);
    return normalizers;
  }

  @Override
  public String normalize(String url, String scope) throws MalformedURLException {
    String result = url;
    for (URLNormalizer n : normalizersFor(scope)) {
      result = n.normalize(result, scope);
      if (result == null) {
        return null;
      }
    }
    return result;
  }

  /** The members for a scope, created on first use. */
  public List<URLNormalizer> normalizersFor(String scope) {
    return byScope.computeIfAbsent(scope == null ? SCOPE_DEFAULT : scope, this::create);
  }

  private List<URLNormalizer> create(String scope) {
    String key = NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + scope;
    String order = conf.get(key);
    if (order == null) {
      key = NetKeys.NORMALIZER_ORDER;
      order = conf.get(key, "");
    }
    return Collections.unmodifiableList(Plugins.createAll(conf, key, order, URLNormalizer.class));
  }
}
