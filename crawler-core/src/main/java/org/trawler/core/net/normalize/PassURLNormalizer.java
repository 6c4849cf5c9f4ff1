package org.trawler.core.net.normalize;

import org.trawler.core.net.URLNormalizer;

/** Leaves the URL as it is: for a scope that must see URLs exactly as given. */
public class PassURLNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) {
    return url;
  }
}
