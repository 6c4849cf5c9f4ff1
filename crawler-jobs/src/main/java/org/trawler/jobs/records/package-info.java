/**
 * Records one phase writes and another reads, below both so neither phase imports the other: the
 * meta refresh record parse writes to crawl_parse and updatedb reads as a redirect ({@link
 * org.trawler.jobs.records.RefreshRecord}), and the one rule for merging a URL's linked datums that
 * a parse task and updatedb both apply ({@link org.trawler.jobs.records.IncomingLinks}).
 */
package org.trawler.jobs.records;
