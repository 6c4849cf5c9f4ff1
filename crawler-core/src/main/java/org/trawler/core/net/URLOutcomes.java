package org.trawler.core.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.conf.BadSettingException;
import org.trawler.core.plugin.Plugins;

/**
 * What normalizing and filtering made of URLs, remembered across the pages of a task: most links of
 * a site's pages (nav bars, indexes, type columns) point to the same few thousand URLs, and the
 * regular expressions are the dearest part of a link. Bounded; safe for several threads.
 */
public final class URLOutcomes {
  /** The outcome of a rejected URL: no accepted URL is empty. */
  public static final String REJECTED = "";

  /** URLs remembered by default, at most (about 10 MB). */
  public static final int DEFAULT_MAX_URLS = 50_000;

  /** Outlink chains remembered by a JVM at once (a job's, a test's, a user's second setting). */
  private static final int MAX_SHARED_CHAINS = 4;

  /** Where the crawler's own normalizers and filters live: their settings are known. */
  private static final String BUILT_IN_PACKAGE = URLOutcomes.class.getPackageName() + ".";

  /**
   * The outcomes of each outlink chain (by {@link #outlinkChainKey}) that parsers of this JVM use:
   * the map tasks of a local parse job and the fetch rounds of one crawl share them.
   */
  private static final Map<String, URLOutcomes> SHARED =
      new LinkedHashMap<>(MAX_SHARED_CHAINS * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, URLOutcomes> eldest) {
          return size() > MAX_SHARED_CHAINS;
        }
      };

  private final Map<String, String> outcomes = new ConcurrentHashMap<>();
  private final int maxUrls;

  public URLOutcomes(int maxUrls) {
    this.maxUrls = maxUrls;
  }

  /**
   * The outcomes of the outlink chain (URLResolver.crawlable, the outlink-scope normalizers, the
   * filters) that {@code conf} sets up, shared with every other caller in this JVM whose chain is
   * the same: the same member classes, the same {@code urlnormalizer.*} and {@code urlfilter.*}
   * settings and the same rule file contents. A chain with a class of its own (whose settings are
   * not known) gets outcomes of its own.
   */
  public static URLOutcomes forOutlinks(Configuration conf) {
    String key = outlinkChainKey(conf);
    if (key == null) {
      return new URLOutcomes(DEFAULT_MAX_URLS);
    }
    synchronized (SHARED) {
      return SHARED.computeIfAbsent(key, k -> new URLOutcomes(DEFAULT_MAX_URLS));
    }
  }

  /**
   * A digest of everything the outlink chain of {@code conf} depends on, or null when a member is
   * not one of the crawler's own classes (or a rule file cannot be read: the chain's members report
   * that themselves).
   */
  static String outlinkChainKey(Configuration conf) {
    String order = conf.get(NetKeys.NORMALIZER_ORDER_SCOPE_PREFIX + URLNormalizers.SCOPE_OUTLINK);
    if (order == null) {
      order = conf.get(NetKeys.NORMALIZER_ORDER, "");
    }
    if (!conf.getTrimmed(NetKeys.LEARNED_HOSTDB, "").isEmpty()) {
      return null; // the hostdb at that path changes from round to round
    }
    for (String name : Plugins.splitNames(order + "," + conf.get(NetKeys.FILTER_ORDER, ""))) {
      if (!name.startsWith(BUILT_IN_PACKAGE)) {
        return null;
      }
    }
    Map<String, String> settings = new TreeMap<>();
    for (Map.Entry<String, String> e : conf) {
      String k = e.getKey();
      if (k.startsWith("urlnormalizer.") || k.startsWith("urlfilter.")) {
        settings.put(k, conf.get(k)); // as the members read it, variables expanded
      }
    }
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (Map.Entry<String, String> s : settings.entrySet()) {
        update(digest, s.getKey());
        update(digest, s.getValue());
        if (s.getKey().endsWith(".file")) {
          try (InputStream in = RuleFile.of(conf, s.getKey()).open()) {
            update(digest, new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        }
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (IOException | BadSettingException e) {
      return null;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  private static void update(MessageDigest digest, String s) {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    digest.update((byte) (bytes.length >>> 24));
    digest.update((byte) (bytes.length >>> 16));
    digest.update((byte) (bytes.length >>> 8));
    digest.update((byte) bytes.length);
    digest.update(bytes);
  }

  /**
   * The URL {@code accept} makes of {@code url} (null from it = {@link #REJECTED}), computed once
   * while remembered; {@code accept} must depend on the URL alone.
   */
  public String of(String url, UnaryOperator<String> accept) {
    String outcome = outcomes.get(url);
    if (outcome == null) {
      String accepted = accept.apply(url);
      outcome = accepted == null ? REJECTED : accepted;
      if (outcomes.size() >= maxUrls) {
        outcomes.clear(); // cheaper than an LRU, and a site's nav bar is back in after one page
      }
      outcomes.put(url, outcome);
    }
    return outcome;
  }
}
