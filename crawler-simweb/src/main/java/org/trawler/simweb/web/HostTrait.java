package org.trawler.simweb.web;

/**
 * What a host of the broad web does that wastes a crawler's budget, each as real sites do it. A
 * host has none, one or several; the {@link BroadWeb} knows every URL each one makes.
 */
public enum HostTrait {
  /** A calendar whose month pages link the previous and next month forever. */
  CALENDAR,
  /** A relative link {@code seg/} on every page: {@code /seg/seg/seg/...} forever. */
  REPEATING_PATH,
  /** Every link to its own pages carries a per-visit id under a parameter name it invented. */
  VISIT_IDS,
  /** A product list whose filters link every combination of facet values. */
  FACETS,
  /** A mirror host (mirror.domain) serves its pages again, at the same paths. */
  MIRRORED,
  /** Every page links a print version of itself: the same text at another URL. */
  PRINT,
  /** Links carry utm_source, utm_medium and utm_campaign. */
  TRACKING,
  /** A path it does not know answers 200 with a "not found" page. */
  SOFT_404,
  /** Asked again sooner than its minimum gap, it answers 429 without Retry-After. */
  RATE_LIMITED,
  /** Asked again sooner than its minimum gap, it answers 503 with a Retry-After. */
  BUSY,
  /** Every answer comes late. */
  SLOW,
  /** Its robots.txt disallows /private/, which its pages link. */
  DISALLOWED
}
