package org.trawler.jobs.sitemap;

import org.trawler.jobs.JobCounter;

/** The sitemap job's Hadoop counters (group {@value #GROUP}): one per outcome of a sitemap file. */
public enum SitemapCounter implements JobCounter {
  /** Sites listed to read (the listing pass). */
  SITES,
  /** Sites left out: their host fails, and generate skips it now (generate.host.*). */
  SITES_SKIPPED,
  /** Sites left out: an earlier run of the same crawl read them. */
  SITES_DONE,
  /** Sitemaps that could not be fetched (404, timeout, robots.txt disallows them, ...). */
  NOT_FETCHED,
  /** Sitemap files parsed. */
  PARSED,
  /** Sitemap indexes among them. */
  INDEXES,
  /** URLs taken from sitemaps. */
  URLS,
  /** URLs new to the crawldb. */
  ADDED,
  /** Files whose URLs were cut at sitemap.max.urls. */
  TOO_MANY_URLS,
  /** Files larger than sitemap.size.max, fetched or decompressed (a gzip bomb). */
  TOO_LARGE,
  /** Files neither XML, text, RSS nor Atom (e.g. a wrong content type). */
  UNKNOWN_FORMAT,
  /** Files that could not be parsed: broken XML, a truncated gzip, a DOCTYPE (XML bomb). */
  UNPARSABLE,
  /** Sitemaps in an index deeper than sitemap.index.max.depth. */
  TOO_DEEP,
  /** Sitemap URLs of another host that host's robots.txt does not name (sitemap.strict). */
  CROSS_HOST_REFUSED,
  /** Sitemap URLs a normalizer or filter refused. */
  URLS_REJECTED,
  /** Files not decompressed and parsed within sitemap.parse.timeout. */
  PARSE_TIMEOUT;

  public static final String GROUP = "sitemap";

  @Override
  public String group() {
    return GROUP;
  }
}
