package org.trawler.simweb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** simweb's HTML pages without a server: the bytes of a site's OK pages, for bench. */
public final class PageSamples {
  private PageSamples() {}

  /**
   * The OK HTML pages of the site of {@code profile}, host by host, at most {@code count}: each a
   * {@link DocumentSamples.Sample} of URL, Content-Type and bytes.
   */
  public static List<DocumentSamples.Sample> of(SiteProfile profile, int count) {
    SiteModel site = SiteModel.builder().profile(profile).port(8080).build();
    SiteResponses responses = new SiteResponses(site);
    List<DocumentSamples.Sample> samples = new ArrayList<>();
    for (int h = 0; h < site.hosts() && samples.size() < count; h++) {
      for (int p = 0; p < site.pagesPerHost() && samples.size() < count; p++) {
        if (site.kindOf(h, p) == SiteModel.Kind.OK && site.docType(h, p) == null) {
          byte[] html = responses.render(h, p).getBytes(StandardCharsets.UTF_8);
          samples.add(
              new DocumentSamples.Sample(site.pageUrl(h, p), "text/html; charset=utf-8", html));
        }
      }
    }
    return samples;
  }
}
