package org.trawler.jobs.index;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.trawler.core.net.URLParts;

/**
 * The words of a URL's path, for search: {@code /manual/Tasks/copy.html} gives "manual Tasks copy",
 * {@code /docs/getting-started/HelloWorld_2.md} gives "docs getting started Hello World 2". The
 * last segment's extension says how the page was made, not what it is about, and is left out.
 */
final class URLWords {
  /** A file name extension: a dot and up to five letters or digits at the end. */
  private static final Pattern EXTENSION = Pattern.compile("\\.[A-Za-z0-9]{1,5}$");

  /** camelCase and PascalCase joins, as file names of generated documentation use them. */
  private static final Pattern CAMEL = Pattern.compile("(?<=\\p{Ll})(?=\\p{Lu})");

  private URLWords() {}

  /** The path's words separated by single spaces; null when it has none. */
  static String of(String url) {
    String path = URLParts.path(url);
    if (path == null || path.isEmpty()) {
      return null;
    }
    path = EXTENSION.matcher(decode(path)).replaceFirst("");
    String words = CAMEL.matcher(path).replaceAll(" ").replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    return words.isEmpty() ? null : words;
  }

  private static String decode(String path) {
    try {
      return URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return path; // a stray % in a crawled URL: its words are still words
    }
  }
}
