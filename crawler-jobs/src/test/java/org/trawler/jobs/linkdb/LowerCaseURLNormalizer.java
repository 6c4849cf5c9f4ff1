package org.trawler.jobs.linkdb;

import java.net.MalformedURLException;
import java.util.Locale;
import org.trawler.core.net.URLNormalizer;

/** Test normalizer: lower-cases the URL, and refuses ones without a scheme. */
public class LowerCaseURLNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) throws MalformedURLException {
    if (!url.contains("://")) {
      throw new MalformedURLException("no scheme: " + url);
    }
    return url.toLowerCase(Locale.ROOT);
  }
}
