package org.trawler.simweb;

import java.util.List;

/** The languages of a site's pages: the one a page is written in and the one its HTML declares. */
final class PageLanguages {
  private static final long SALT_LANG = 0x4c414e47L;
  private static final long SALT_DECLARED = 0x44434c52L;

  private final List<String> langs;
  private final PageHash hash;

  PageLanguages(List<String> langs, PageHash hash) {
    this.langs = langs;
    this.hash = hash;
  }

  /** The language of page n of a host, or null on a site without languages. */
  String langOf(int host, int page) {
    if (langs.isEmpty()) {
      return null;
    }
    return langs.get((int) Math.floorMod(hash.of(host, page, SALT_LANG), (long) langs.size()));
  }

  /** What page n's {@code <html lang>} says: its language, the template's "en", or null. */
  String declaredLangOf(int host, int page) {
    if (langs.isEmpty()) {
      return "en";
    }
    switch ((int) Math.floorMod(hash.of(host, page, SALT_DECLARED), 3L)) {
      case 0:
        return null;
      case 1:
        return "en";
      default:
        return langOf(host, page);
    }
  }
}
