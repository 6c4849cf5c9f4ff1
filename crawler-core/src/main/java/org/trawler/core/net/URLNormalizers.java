package org.trawler.core.net;

import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.plugin.PluginNames;
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
  private final List<URLNormalizer> given;
  private final Map<String, List<URLNormalizer>> byScope = new ConcurrentHashMap<>();

  /** The modules' short names, read once for all the scopes' members. */
  private final PluginNames names;

  public URLNormalizers(Configuration conf) {
    this(conf, List.of());
  }

  /**
   * @param given members a task built already: a configured class one of them is of is taken from
   *     here, not created again (a view of the hostdb a task read once in setup(), say)
   */
  public URLNormalizers(Configuration conf, List<URLNormalizer> given) {
    this.conf = conf;
    this.given = List.copyOf(given);
    this.names = new PluginNames(conf);
  }

  /**
   * The normalizers of {@code conf}, those of {@code scope} created at once: a misconfigured class
   * is a BadSettingException here, before a job, not at the first URL.
   */
  public static URLNormalizers forScope(Configuration conf, String scope) {
    return forScope(conf, scope, List.of());
  }

  /** As {@link #forScope(Configuration, String)}, taking the members {@code given} as they are. */
  public static URLNormalizers forScope(
      Configuration conf, String scope, List<URLNormalizer> given) {
    URLNormalizers normalizers = new URLNormalizers(conf, given);
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
    List<URLNormalizer> list = new ArrayList<>();
    for (String name : Plugins.splitNames(order)) {
      list.add(givenOr(key, name));
    }
    return Collections.unmodifiableList(list);
  }

  /** The member the task gave of the class {@code name} stands for, else a new one. */
  private URLNormalizer givenOr(String key, String name) {
    Class<? extends URLNormalizer> c = Plugins.classOf(conf, names, key, name, URLNormalizer.class);
    for (URLNormalizer member : given) {
      if (member.getClass() == c) {
        return member;
      }
    }
    return Plugins.create(conf, key, c);
  }
}
