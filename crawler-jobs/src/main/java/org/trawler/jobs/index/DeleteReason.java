package org.trawler.jobs.index;

import java.util.Locale;
import org.trawler.jobs.JobCounter;

/** Why a page leaves the index; counted as {@code deleted_<reason>} in group index. */
public enum DeleteReason implements JobCounter {
  /** The page is gone (404, 410, robots denied, retries exhausted). */
  GONE,
  /** The URL redirects: its target is indexed under its own URL. */
  REDIRECT,
  /** dedup marked it a duplicate of another page. */
  DUPLICATE,
  /** The page asks not to be indexed (meta robots or X-Robots-Tag noindex). */
  NOINDEX,
  /** The page names another URL as its canonical (rel=canonical): only that one is indexed. */
  NOT_CANONICAL,
  /** Its owner refused a usage export.require.usage requires (e.g. ai-train=no). */
  USAGE_REFUSED,
  /** The page's robots unavailable_after date has passed (meta robots or X-Robots-Tag). */
  UNAVAILABLE_AFTER;

  @Override
  public String group() {
    return IndexCounter.GROUP;
  }

  @Override
  public String counterName() {
    return "deleted_" + name().toLowerCase(Locale.ROOT);
  }
}
