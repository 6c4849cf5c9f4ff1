package org.trawler.core.usage;

/** Where a site owner's signal was read; recorded as {@code <field>.from}. */
public enum UsageSource {
  /** A robots.txt group naming one of our agents (http.robots.agents). */
  ROBOTS_TXT_AGENT("robots.txt:agent"),
  /** The robots.txt group for {@code *} (or lines outside any group). */
  ROBOTS_TXT_ANY("robots.txt:*"),
  /** The site's /.well-known/tdmrep.json. */
  TDMREP("tdmrep.json"),
  /** An HTTP response header (X-Robots-Tag, Content-Usage, tdm-reservation, tdm-policy). */
  HEADER("header"),
  /** A {@code <meta>} tag (robots, one of our agents, tdm-reservation, tdm-policy). */
  META("meta");

  private final String label;

  UsageSource(String label) {
    this.label = label;
  }

  /** What {@code <field>.from} says. */
  public String label() {
    return label;
  }
}
