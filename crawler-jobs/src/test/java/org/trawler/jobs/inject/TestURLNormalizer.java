package org.trawler.jobs.inject;

import java.net.MalformedURLException;
import org.trawler.core.net.URLNormalizer;

/**
 * Test normalizer: lower-cases "HTTP://", drops URLs containing "/drop/", encodes spaces as %20;
 * throws on "/bug/" (a normalizer bug) and fails the task on "/crash/".
 */
public class TestURLNormalizer implements URLNormalizer {
  @Override
  public String normalize(String url, String scope) throws MalformedURLException {
    if (url.contains("/drop/")) {
      return null;
    }
    if (url.contains("/bug/")) {
      throw new IllegalStateException("normalizer bug");
    }
    if (url.contains("/crash/")) {
      throw new AssertionError("simulated task crash");
    }
    if (url.startsWith("nourl")) {
      throw new MalformedURLException("no protocol: " + url);
    }
    String result = url.startsWith("HTTP://") ? "http://" + url.substring(7) : url;
    return result.replace(" ", "%20");
  }
}
