package org.trawler.jobs.inject;

import org.trawler.core.net.URLFilter;

/**
 * Test filter: accepts http and https URLs only (the real filters are configured in
 * trawler-default.xml).
 */
public class HttpOnlyURLFilter implements URLFilter {
  @Override
  public String filter(String url) {
    return url.startsWith("http://") || url.startsWith("https://") ? url : null;
  }
}
