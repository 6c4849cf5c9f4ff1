package org.trawler.core.parse;

import org.trawler.core.net.URLFilter;

/** Test filter: rejects every URL with a /private/ path segment. */
public class RejectPrivateFilter implements URLFilter {
  @Override
  public String filter(String url) {
    return url.contains("/private/") ? null : url;
  }
}
