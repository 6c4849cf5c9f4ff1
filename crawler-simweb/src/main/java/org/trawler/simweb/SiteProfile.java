package org.trawler.simweb;

import java.util.Locale;

/**
 * Named site shapes for simweb and bench. DEFAULT is simweb's own defaults; APIDOCS is a reference
 * documentation site: 50–200 kB pages, each with a 100-link nav bar at top and bottom and a 400-row
 * member table that links every member and, again, its type, so about 500 distinct URLs and 1 300
 * links per page, few of them to other hosts. DOCS is documentation as it is published: counted on
 * two real trees (the Python 3.6 docs, Sphinx, 510 pages; a Javadoc tree, 578 pages), a page links
 * 20-21 distinct URLs at the median and 28-35 on average (fragments dropped), and is 16-35 kB at
 * the median, 22-64 kB on average (docs/BENCHMARKS.md): about 530 pages of 35-95 kB with 30
 * outlinks and a few site-wide links.
 */
public enum SiteProfile {
  DEFAULT(10, 100, 10, 0, 10, 0, 20, SiteModel.Layout.PROSE),
  APIDOCS(4, 600, 400, 100, 50, 200, 2, SiteModel.Layout.REFERENCE),
  DOCS(3, 530, 30, 6, 35, 95, 2, SiteModel.Layout.PROSE);

  private final int hosts;
  private final int pages;
  private final int outlinks;
  private final int navLinks;
  private final int pageKb;
  private final int maxPageKb;
  private final double crossHostPct;
  private final SiteModel.Layout layout;

  SiteProfile(
      int hosts,
      int pages,
      int outlinks,
      int navLinks,
      int pageKb,
      int maxPageKb,
      double crossHostPct,
      SiteModel.Layout layout) {
    this.hosts = hosts;
    this.pages = pages;
    this.outlinks = outlinks;
    this.navLinks = navLinks;
    this.pageKb = pageKb;
    this.maxPageKb = maxPageKb;
    this.crossHostPct = crossHostPct;
    this.layout = layout;
  }

  /** The profile of a command-line name (any case); IllegalArgumentException names the choices. */
  public static SiteProfile named(String name) {
    for (SiteProfile p : values()) {
      if (p.cliName().equals(name.toLowerCase(Locale.ROOT))) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "unknown profile " + name + ": use default, apidocs or docs");
  }

  /** The name on the command line and in bench.json. */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public int hosts() {
    return hosts;
  }

  public int pages() {
    return pages;
  }

  public int outlinks() {
    return outlinks;
  }

  public int navLinks() {
    return navLinks;
  }

  public int pageKb() {
    return pageKb;
  }

  public int maxPageKb() {
    return maxPageKb;
  }

  public double crossHostPct() {
    return crossHostPct;
  }

  public SiteModel.Layout layout() {
    return layout;
  }
}
