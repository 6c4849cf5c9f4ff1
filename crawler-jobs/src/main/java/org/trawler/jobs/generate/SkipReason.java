package org.trawler.jobs.generate;

import java.util.Locale;
import org.trawler.jobs.JobCounter;
import org.trawler.jobs.hostdb.HostSkip;

/**
 * Why generate left a crawldb URL out of the segment; each is a counter of generate's,
 * skipped_&lt;reason&gt;.
 */
public enum SkipReason implements JobCounter {
  NOT_DUE("not due"),
  DUPLICATE("duplicate"),
  ORPHAN("orphan"),
  GENERATE_MARKED("generate-marked"),
  TOO_DEEP("too deep"),
  FILTERED("filtered"),
  MALFORMED("malformed"),
  HOST_CAP("host cap"),
  HOST_FAILING("host failing"),
  /** The hostdb shows the host backed off after 429/503 answers: its URLs wait, still due. */
  HOST_BACKOFF("host backed off"),
  /**
   * The URL carries a query parameter learned irrelevant on its host (it was found before the
   * learning): its twin without the parameter is fetched instead; the URL stays in the crawldb.
   */
  DUPLICATE_PARAM("duplicate parameter"),
  /** The URL's template is a trap learned on its host, and its budget for this round is spent. */
  TRAP_PATTERN("trap pattern"),
  /**
   * The URL's host was learned to mirror another host (its pages are copies of that host's at the
   * same paths): the original's URLs are fetched instead; the URL stays in the crawldb, due.
   */
  MIRROR_HOST("mirror host"),
  /**
   * The URL's host is a name whose www. host serves its pages, and names of this crawl redirect to
   * their www. host (learned from the hostdb): its twin on the www. host is fetched instead; the
   * URL stays in the crawldb, due.
   */
  WWW_TWIN("www twin"),
  TOP_N("topN");

  /** Generate's reason for a URL the hostdb's knowledge keeps out. */
  public static SkipReason of(HostSkip skip) {
    return switch (skip) {
      case HOST_FAILING -> HOST_FAILING;
      case HOST_BACKOFF -> HOST_BACKOFF;
      case DUPLICATE_PARAM -> DUPLICATE_PARAM;
      case MIRROR_HOST -> MIRROR_HOST;
      case TRAP_PATTERN -> TRAP_PATTERN;
      case WWW_TWIN -> WWW_TWIN;
    };
  }

  private final String label;
  private final String counterName = "skipped_" + name().toLowerCase(Locale.ROOT);

  SkipReason(String label) {
    this.label = label;
  }

  @Override
  public String group() {
    return GenerateCounter.GROUP;
  }

  /** The counter name, e.g. skipped_not_due. */
  @Override
  public String counterName() {
    return counterName;
  }

  /** How the summary line names it. */
  public String label() {
    return label;
  }
}
