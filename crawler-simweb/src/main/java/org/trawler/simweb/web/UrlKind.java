package org.trawler.simweb.web;

/** What a requested URL of the broad web is, as the site model judges it. */
public enum UrlKind {
  /** A real page at its own URL. */
  REAL,
  /** A real page at another URL: a mirror host, a print version, a visit id, tracking. */
  DUPLICATE,
  /** A URL of a calendar, a repeating path or a facet grid. */
  TRAP,
  /** An unknown path answered 200 with a "not found" page. */
  SOFT_404,
  /** An unknown path answered 404. */
  DEAD,
  /** A bare domain's redirect to its www host. */
  REDIRECT,
  /** robots.txt. */
  ROBOTS_TXT,
  /** A path the host's robots.txt disallows. */
  DISALLOWED,
  /** A host name the web does not have. */
  UNKNOWN_HOST,
  /** /.well-known/tdmrep.json, asked with robots.txt: a 404, as on most sites (no reservation). */
  TDMREP_JSON
}
