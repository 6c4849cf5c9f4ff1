package org.trawler.simweb;

import java.util.ArrayList;
import java.util.List;

/** simweb's documents without a server: the bytes of a site's documents of one type, for bench. */
public final class DocumentSamples {
  private DocumentSamples() {}

  /**
   * The first {@code count} documents of {@code type} (fewer if the site is too small) of a site
   * where every OK page is a document, without its 5 MB PDF: each a {@link Sample} of URL and
   * bytes.
   */
  public static List<Sample> of(SiteModel.DocType type, int count, long seed) {
    SiteModel site =
        SiteModel.builder()
            .hosts(1)
            .pages(Math.max(60, count * SiteModel.DocType.values().length * 3))
            .outlinks(3)
            .port(8080)
            .seed(seed)
            .redirectPct(0)
            .notFoundPct(0)
            .errorPct(0)
            .disallowPct(0)
            .docsPct(100)
            .build();
    SiteResponses responses = new SiteResponses(site);
    List<Sample> samples = new ArrayList<>();
    for (int p = 0; p < site.pagesPerHost() && samples.size() < count; p++) {
      if (site.docType(0, p) == type && !site.isBigPdf(0, p)) {
        samples.add(
            new Sample(site.pageUrl(0, p), site.servedType(0, p), responses.document(0, p)));
      }
    }
    return samples;
  }

  /** A document: its URL, the Content-Type it is served with, and its bytes. */
  public record Sample(String url, String contentType, byte[] bytes) {}
}
