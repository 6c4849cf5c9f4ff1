package org.trawler.jobs.linkdb;

import org.trawler.core.net.URLFilter;

/** Test filter: rejects URLs with a /private/ path. */
public class NoPrivateURLFilter implements URLFilter {
  @Override
  public String filter(String url) {
    return url.contains("/private/") ? null : url;
  }
}
