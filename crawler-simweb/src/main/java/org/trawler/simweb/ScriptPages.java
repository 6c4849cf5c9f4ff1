package org.trawler.simweb;

import static org.trawler.simweb.PageHash.unit;
import static org.trawler.simweb.SiteModel.SCRIPT_DATA_SUFFIX;
import static org.trawler.simweb.SiteModel.UNKNOWN_PAGE;

import java.util.ArrayList;
import java.util.List;
import org.trawler.simweb.SiteModel.Kind;
import org.trawler.simweb.SiteModel.Page;

/**
 * A site's script pages: jsPct of its OK HTML pages carry their nav bar and a script that writes
 * the rest of their links and a sentence from the JSON served beside them (/p/N.json), as a
 * single-page app does.
 */
final class ScriptPages {
  private static final long SALT_SCRIPT = 0x53435250L;

  private final SiteModel site;
  private final PageHash hash;

  ScriptPages(SiteModel site, PageHash hash) {
    this.site = site;
    this.hash = hash;
  }

  boolean isScriptPage(int host, int page) {
    return site.jsPct() > 0
        && page >= 0
        && page < site.pagesPerHost()
        && site.kindOf(host, page) == Kind.OK
        && site.docType(host, page) == null
        && unit(hash.of(host, page, SALT_SCRIPT)) * 100 < site.jsPct();
  }

  /** The links only a script page's script writes (after its nav bar); none for another page. */
  List<String> scriptLinks(int host, int page) {
    if (!isScriptPage(host, page)) {
      return List.of();
    }
    List<Page> links = site.links(host, page);
    List<String> urls = new ArrayList<>();
    for (Page target : links.subList(site.navBar(host, page).size(), links.size())) {
      urls.add(site.pageUrl(target.host(), target.page()));
    }
    return urls;
  }

  String scriptWord(int host, int page) {
    return "scriptword" + host + "x" + page;
  }

  /** The script page whose data a path is (/p/N.json), or UNKNOWN_PAGE. */
  int scriptPageAt(int host, String path) {
    if (site.jsPct() <= 0 || path == null || !path.endsWith(SCRIPT_DATA_SUFFIX)) {
      return UNKNOWN_PAGE;
    }
    String html = path.substring(0, path.length() - SCRIPT_DATA_SUFFIX.length()) + ".html";
    int page = site.pageAt(host, html);
    return isScriptPage(host, page) ? page : UNKNOWN_PAGE;
  }

  /** The path of a script page's data: /p/N.json beside /p/N.html. */
  String scriptDataPath(int host, int page) {
    String html = site.pathOf(host, page);
    return html.substring(0, html.length() - ".html".length()) + SCRIPT_DATA_SUFFIX;
  }
}
