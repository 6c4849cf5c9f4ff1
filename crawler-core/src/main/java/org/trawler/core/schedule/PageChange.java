package org.trawler.core.schedule;

/** What a fetch found out about a page's content compared with the previous fetch. */
public enum PageChange {
  /** The signature differs from the previous one. */
  CHANGED,
  /** Same signature, or the server answered 304 Not Modified. */
  UNCHANGED,
  /** Nothing to compare: first fetch, no signature, a redirect. */
  UNKNOWN
}
