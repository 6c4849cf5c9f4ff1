package org.trawler.jobs.generate;

import org.trawler.core.net.URLFilter;

/** Test filter: rejects every URL containing "/private/". */
public class RejectingURLFilter implements URLFilter {
  @Override
  public String filter(String url) {
    return url.contains("/private/") ? null : url;
  }
}
