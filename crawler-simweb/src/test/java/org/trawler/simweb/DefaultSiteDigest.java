package org.trawler.simweb;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/** A digest of everything a site serves and its link graph: equal digests, equal sites. */
final class DefaultSiteDigest {
  private DefaultSiteDigest() {}

  static String of(SiteModel web) throws Exception {
    SiteResponses responses = new SiteResponses(web);
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (String url : web.allUrls()) {
      int host = web.hostIndex(url.substring(7, url.indexOf(':', 7)));
      String path = url.substring(url.indexOf('/', 8));
      SiteResponses.Response r = responses.get(host, path, null);
      sha.update(
          (url + " " + r.status() + " " + r.headers() + "\n").getBytes(StandardCharsets.UTF_8));
      sha.update(r.body());
      sha.update(String.join(" ", web.outlinksOf(url)).getBytes(StandardCharsets.UTF_8));
    }
    sha.update(web.linkDepths().toString().getBytes(StandardCharsets.UTF_8));
    for (int h = 0; h < web.hosts(); h++) {
      sha.update(responses.get(h, "/robots.txt", null).body());
      sha.update(responses.get(h, "/", null).body());
    }
    return HexFormat.of().formatHex(sha.digest());
  }
}
