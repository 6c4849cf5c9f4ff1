package org.trawler.core.parse;

import org.trawler.core.net.URLNormalizer;

/** Test normalizer: drops the query, so that URLs differing only in it become one. */
public class DropQueryNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) {
    int q = url.indexOf('?');
    return q < 0 ? url : url.substring(0, q);
  }
}
