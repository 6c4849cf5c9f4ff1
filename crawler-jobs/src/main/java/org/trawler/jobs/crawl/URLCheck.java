package org.trawler.jobs.crawl;

import java.net.MalformedURLException;
import org.apache.hadoop.conf.Configuration;
import org.trawler.core.net.URLFilters;
import org.trawler.core.net.URLNormalizer;
import org.trawler.core.net.URLNormalizers;

/**
 * What the crawl does with one URL in a scope: the scope's normalizers one by one, then the
 * filters, naming the member (and its rule) that rejected it. The same members the jobs use, so the
 * answer is the crawl's.
 */
public final class URLCheck {
  private final String scope;
  private final URLNormalizers normalizers;
  private final URLFilters filters;

  public URLCheck(Configuration conf, String scope) {
    this.scope = scope;
    this.normalizers = URLNormalizers.forScope(conf, scope);
    this.filters = new URLFilters(conf);
  }

  /** The verdict on {@code url}. */
  public Result check(String url) {
    String current = url;
    for (URLNormalizer n : normalizers.normalizersFor(scope)) {
      try {
        current = n.normalize(current, scope);
      } catch (MalformedURLException e) {
        return new Result(url, null, n.getClass().getSimpleName(), "malformed: " + e.getMessage());
      }
      if (current == null) {
        return new Result(url, null, n.getClass().getSimpleName(), "");
      }
    }
    URLFilters.Verdict verdict = filters.verdict(current);
    return verdict.accepted()
        ? new Result(url, verdict.url(), "", "")
        : new Result(url, current, verdict.filter(), verdict.rule());
  }

  /**
   * One URL's verdict: the URL the normalizers made of it (null when one rejected it) and, when it
   * was rejected, the normalizer or filter that did and its rule ("" when it names none).
   */
  public record Result(String input, String normalized, String rejectedBy, String rule) {
    public boolean accepted() {
      return rejectedBy.isEmpty();
    }

    /** The normalized, filtered URL, or null when it was rejected. */
    public String url() {
      return accepted() ? normalized : null;
    }

    /** "accept <url>" or "reject <by>[ (<rule>)]". */
    public String describe() {
      return accepted()
          ? "accept " + normalized
          : "reject " + rejectedBy + (rule.isEmpty() ? "" : " (" + rule + ")");
    }
  }
}
