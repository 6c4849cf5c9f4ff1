package org.trawler.jobs.layout;

import org.apache.hadoop.fs.Path;
import org.trawler.jobs.hostdb.HostDb;

/**
 * A crawl directory as {@code run} lays it out: {@code crawldb/}, {@code segments/}, {@code
 * linkdb/}.
 */
public record CrawlDir(Path root) {
  public Path crawlDb() {
    return new Path(root, "crawldb");
  }

  public Path segments() {
    return new Path(root, "segments");
  }

  public Path linkDb() {
    return new Path(root, "linkdb");
  }

  public Path hostDb() {
    return HostDb.beside(crawlDb());
  }
}
