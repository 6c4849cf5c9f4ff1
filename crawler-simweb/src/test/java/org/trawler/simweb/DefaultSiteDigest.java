package org.trawler.simweb;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;

/**
 * A digest of everything a site serves and its link graph: equal digests, equal sites. The pages'
 * JSON-LD blocks (added after the digest was first taken) are left out, so that the digest still
 * shows every word and link is as it was.
 */
final class DefaultSiteDigest {
  private DefaultSiteDigest() {}

  private static final java.util.regex.Pattern JSON_LD =
      java.util.regex.Pattern.compile("<script type=\"application/ld\\+json\">[^<]*</script>\n");

  private static byte[] withoutJsonLd(byte[] body) {
    String html = new String(body, StandardCharsets.UTF_8);
    return JSON_LD.matcher(html).replaceFirst("").getBytes(StandardCharsets.UTF_8);
  }

  /** The body as it was before pages had JSON-LD: unzipped, the block left out, zipped again. */
  private static byte[] body(SiteResponses.Response r) throws java.io.IOException {
    if (!r.headers().getOrDefault("Content-Type", "").startsWith("text/html")) {
      return r.body();
    }
    if (!"gzip".equals(r.headers().get("Content-Encoding"))) {
      return withoutJsonLd(r.body());
    }
    byte[] plain;
    try (java.util.zip.GZIPInputStream in =
        new java.util.zip.GZIPInputStream(new java.io.ByteArrayInputStream(r.body()))) {
      plain = in.readAllBytes();
    }
    return SiteResponses.gzipped(new SiteResponses.Response(200, Map.of(), withoutJsonLd(plain)))
        .body();
  }

  static String of(SiteModel web) throws Exception {
    SiteResponses responses = new SiteResponses(web);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (String url : web.allUrls()) {
      int host = web.hostIndex(url.substring(7, url.indexOf(':', 7)));
      String path = url.substring(url.indexOf('/', 8));
      SiteResponses.Response r = responses.get(host, path, null);
      sha.update(
          (url + " " + r.status() + " " + r.headers() + "\n").getBytes(StandardCharsets.UTF_8));
      sha.update(body(r));
      sha.update(String.join(" ", web.outlinksOf(url)).getBytes(StandardCharsets.UTF_8));
    }
    sha.update(web.linkDepths().toString().getBytes(StandardCharsets.UTF_8));
    for (int h = 0; h < web.hosts(); h++) {
      sha.update(responses.get(h, "/robots.txt", null).body());
      sha.update(body(responses.get(h, "/", null)));
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
