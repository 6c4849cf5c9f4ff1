package org.trawler.jobs.parse;

import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.datum.Content;
import org.trawler.core.net.NetKeys;

/** Test pages and configuration for the parse job tests. */
final class Pages {
  private Pages() {}

  static Content html(String url, String html) {
    Content c = new Content(url, url, html.getBytes(StandardCharsets.UTF_8), "text/html", false);
    c.getHeaders().put("Content-Type", "text/html; charset=utf-8");
    return c;
  }

  static Content html(String url, String html, float score, int depth) {
    Content c = html(url, html);
    c.getMeta().put(Content.META_SCORE, Float.toString(score));
    c.getMeta().put(Content.META_DEPTH, Integer.toString(depth));
    return c;
  }

  /** Parsing without the configured (not yet built) normalizer and filter classes. */
  static void withoutUrlPlugins(Configuration conf) {
    conf.set(NetKeys.NORMALIZER_ORDER, "");
    conf.set(NetKeys.FILTER_ORDER, "");
  }
}
