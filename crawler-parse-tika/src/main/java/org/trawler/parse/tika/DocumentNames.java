package org.trawler.parse.tika;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.trawler.core.net.URLParts;

/** The file name of a document's URL: a type hint for the detector, a title of last resort. */
final class DocumentNames {
  private DocumentNames() {}

  /** The last path segment of {@code url}, percent-decoded; "" when the path ends in a slash. */
  static String fileName(String url) {
    String path = URLParts.path(url);
    if (path == null) {
      return "";
    }
    String name = path.substring(path.lastIndexOf('/') + 1);
    try {
      return URLDecoder.decode(name.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return name; // a stray % in the name
    }
  }
}
